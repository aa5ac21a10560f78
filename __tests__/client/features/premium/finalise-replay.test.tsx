import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { devToolsOptions } from '../../../../src/client/lib/redact';
import { setupStore, type RootState } from '../../../../src/client/app/store';
import { loggedOut } from '../../../../src/client/features/session';
import { measureEdited, readableDrafts } from '../../../../src/client/features/premium/finalise-draft-slice';
import { silentSocket } from '../../helpers/render';
import { server } from '../../helpers/msw';
import { finaliseServer } from './fixtures';
import { openFinalise } from './render-finalise';

/** What support gets from the assessor: the DevTools export, after redaction, as JSON. */
const exportState = (state: RootState): Partial<RootState> =>
  JSON.parse(JSON.stringify(devToolsOptions.stateSanitizer(state))) as RootState;

describe('the finalise screen’s draft in the store', () => {
  it('replays from an exported state with the network off: the same corrections, plans left out, custom plan and remarks', async () => {
    finaliseServer();
    const assessor = openFinalise(7);
    const { user } = assessor;
    const points = await screen.findByRole('textbox', { name: 'EPC points for Loft insulation' });
    await user.clear(points);
    await user.type(points, '7');
    await user.click(screen.getByRole('checkbox', { name: 'Include “Largest cut in CO2” in the report' }));
    await user.click(screen.getByRole('switch', { name: 'Add a custom plan of your own' }));
    await user.click(
      within(screen.getByRole('group', { name: /Measures in the custom plan/ })).getByRole('checkbox', { name: 'Floor insulation' }),
    );
    await user.click(screen.getByRole('textbox', { name: 'Your remarks for the owner' }));
    await user.paste('Start with the loft.');
    const seen = screen.getAllByRole('article').map((card) => card.textContent);
    const exported = exportState(assessor.store.getState());
    assessor.unmount();

    const asked: string[] = [];
    server.use(
      http.all('*', ({ request }) => {
        asked.push(request.url);
        return HttpResponse.error();
      }),
    );
    openFinalise(7, exported);
    expect(await screen.findByRole('textbox', { name: 'Your remarks for the owner' })).toHaveValue('Start with the loft.');
    expect(screen.getByRole('textbox', { name: 'EPC points for Loft insulation' })).toHaveValue('7');
    expect(screen.getByRole('checkbox', { name: 'Include “Largest cut in CO2” in the report' })).not.toBeChecked();
    expect(screen.getAllByRole('article').map((card) => card.textContent)).toEqual(seen);
    expect(asked.filter((url) => url.includes('/api/unprocessedpremiumreport'))).toEqual([]);
  });

  it('forgets every draft on logout, so the next user of the browser finds none', () => {
    const { store } = setupStore({ persist: false, socket: silentSocket });
    store.dispatch(measureEdited({ reportId: 7, code: 'A', fields: { epc: '5', eir: '5', cost: '£100' } }));
    expect(Object.keys(store.getState().finaliseDrafts.byReport)).toEqual(['7']);
    store.dispatch(loggedOut());
    expect(store.getState().finaliseDrafts.byReport).toEqual({});
  });

  it('drops a stored draft that does not read as one and keeps the others', () => {
    const good = { fields: {}, excludedPlans: ['highestEpc'], customOn: false, customName: null, customCodes: [], remarks: 'Kept' };
    expect(readableDrafts({ byReport: { 7: good, 8: { ...good, excludedPlans: ['no such plan'] }, 9: 'junk' } })).toEqual({
      byReport: { 7: good },
    });
    expect(readableDrafts(null)).toEqual({ byReport: {} });
  });
});
