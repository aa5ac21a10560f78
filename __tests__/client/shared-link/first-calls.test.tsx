import { screen, waitFor } from '@testing-library/react';
import * as sharing from '../../../src/shared/api/sharing';
import * as contractors from '../../../src/shared/api/contractors';
import * as access from '../../../src/shared/api/access';
import { SharedApp } from '../../../src/client/shared-link/shared-app';
import { startFirstCalls } from '../../../src/client/shared-link/first-calls';
import { parseSharedPath } from '../../../src/client/shared-link/location';
import { setupSharedStore } from '../../../src/client/shared-link/store';
import { browser } from '../../../src/client/shared-link/browser';
import { answer, server } from '../helpers/msw';
import { ASSESSOR, REPORT_PATH, renderShared, sharedHandlers } from './render-shared';

jest.spyOn(browser, 'replace').mockImplementation(() => undefined);

/** Every call the page makes, by path, counted as msw receives it. */
function countCalls(): Map<string, number> {
  const calls = new Map<string, number>();
  server.events.on('request:start', ({ request }) => {
    const path = new URL(request.url).pathname;
    calls.set(path, (calls.get(path) ?? 0) + 1);
  });
  return calls;
}
afterEach(() => server.events.removeAllListeners());

/** The page opened as entry.tsx opens it: its first calls started before React renders it. */
async function openEarly(address: string) {
  const url = new URL(address, window.location.origin);
  const calls = countCalls();
  const store = setupSharedStore();
  startFirstCalls(store, parseSharedPath(url.pathname), url.search);
  // The calls are out before React has rendered anything.
  await waitFor(() => expect(calls.size).toBeGreaterThan(0));
  renderShared(`${url.pathname}${url.search}`, <SharedApp />, store);
  return calls;
}

describe('the shared pages ask for their data before React renders them, once', () => {
  it('the landing: its report and the analytics setting, each called once', async () => {
    const sent = sharedHandlers();
    const calls = await openEarly(`/s/${REPORT_PATH}`);
    expect(await screen.findByRole('heading', { name: 'Your Free Report Is Ready!' })).toBeInTheDocument();
    expect(sent.sharedreport).toEqual([{ report_path: REPORT_PATH, initial_mode: 'upsell' }]);
    expect(calls.get(sharing.sharedReport.path)).toBe(1);
    expect(calls.get(access.amplitude.path)).toBe(1);
  });

  it("the plain landing asked for by the address's mode", async () => {
    const sent = sharedHandlers();
    await openEarly(`/s/${REPORT_PATH}?mode=free`);
    expect(await screen.findByRole('link', { name: /Download/ })).toBeInTheDocument();
    expect(sent.sharedreport).toEqual([{ report_path: REPORT_PATH, initial_mode: 'free' }]);
  });

  it('the pay-now page', async () => {
    const sent = sharedHandlers();
    await openEarly(`/s/${REPORT_PATH}/paynow`);
    expect(await screen.findByRole('heading', { name: 'Buy your Premium Report' })).toBeInTheDocument();
    expect(sent.sharedreport).toEqual([{ report_path: REPORT_PATH, initial_mode: 'paynow' }]);
  });

  it('the premium report link', async () => {
    sharedHandlers();
    server.use(
      answer(sharing.sharedPremiumReport, () => ({ success: true as const, pdfUrl: 'https://files.example.test/premium-12.pdf' })),
    );
    const calls = await openEarly(`/s/premium/${REPORT_PATH}`);
    expect(await screen.findByRole('link', { name: /does not download automatically/ })).toBeInTheDocument();
    expect(calls.get(sharing.sharedPremiumReport.path)).toBe(1);
  });

  it('the recommended contractors', async () => {
    sharedHandlers();
    server.use(
      answer(contractors.contractorsMeasures, () => ({
        success: true as const,
        short_title: '1 High Street',
        assessor: ASSESSOR,
        measures: [{ code: 'loft-insulation', name: 'Loft insulation', image: '/measures/loft.svg' }],
      })),
    );
    const calls = await openEarly(`/s/${REPORT_PATH}/c`);
    expect(await screen.findByRole('link', { name: 'Loft insulation' })).toBeInTheDocument();
    expect(calls.get(contractors.contractorsMeasures.path)).toBe(1);
    expect(calls.get(sharing.sharedReport.path)).toBeUndefined();
  });
});
