import { screen } from '@testing-library/react';
import { pendingList } from '../../../../src/shared/api/premium';
import { answer, server } from '../../helpers/msw';
import { renderApp } from '../../helpers/render';
import { displayVarsOf, shellHandlers, signedIn } from '../../helpers/session';
import { listOf, reportsCalls } from '../reports/fixtures';
import { finaliseServer, pendingItem, pendingOf } from './fixtures';

beforeEach(() => {
  server.use(
    ...shellHandlers({ vars: displayVarsOf({ prc: 1 }) }).handlers,
    answer(pendingList, () => pendingOf([pendingItem({ report_id: 12, name: '12 Yew Walk, LS12 1YY' })])),
    reportsCalls(() => listOf([])).handler,
  );
  finaliseServer();
});

describe('Premium pages in the app', () => {
  it.each([
    ['/pending', 'Pending', '12 Yew Walk, LS12 1YY'],
    ['/pending/12', 'Finalise Premium Report', '7 Elm Street, LS7 1AA'],
    ['/premium', 'Premium Reports', /You have no finalised Premium reports yet/],
  ])('opens %s inside the shell', async (route, heading, text) => {
    renderApp({ route, preloadedState: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'App' })).toBeInTheDocument();
  });

  it('goes from the Pending list to a report’s finalise screen', async () => {
    const { user, router } = renderApp({ route: '/pending', preloadedState: signedIn() });
    await user.click(await screen.findByRole('link', { name: '12 Yew Walk, LS12 1YY' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Finalise Premium Report' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pending/12');
  });
});
