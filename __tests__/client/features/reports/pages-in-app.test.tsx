import { screen } from '@testing-library/react';
import { server } from '../../helpers/msw';
import { renderApp } from '../../helpers/render';
import { shellHandlers, signedIn } from '../../helpers/session';
import { wizardServer } from '../create-report/wizard-server';
import { listOf, reportItem, reportsCalls } from './fixtures';

const list = () => reportsCalls(() => listOf([reportItem({ name: '5 Fir Lane, LS5 5FF' })])).handler;

beforeEach(() => {
  server.use(...shellHandlers().handlers, list());
});

describe('report pages in the app', () => {
  it.each([
    ['/reports', 'Report List'],
    ['/deleted', 'Deleted Reports'],
  ])('opens %s inside the shell', async (route, heading) => {
    renderApp({ route, preloadedState: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(await screen.findByText('5 Fir Lane, LS5 5FF')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'App' })).toBeInTheDocument();
  });

  it('opens the Create Report wizard from the menu', async () => {
    wizardServer();
    server.use(list());
    const { user, router } = renderApp({ route: '/reports', preloadedState: signedIn() });
    await screen.findByText('5 Fir Lane, LS5 5FF');
    await user.click(screen.getByRole('link', { name: 'Create Report' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Report' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Report Type' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/uploadXml');
  });
});
