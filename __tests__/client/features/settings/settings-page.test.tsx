import { act, screen, waitFor, within } from '@testing-library/react';
import SettingsPage from '../../../../src/client/features/settings/settings-page';
import { fail } from '../../helpers/msw';
import { Landing, renderApp, renderWithProviders } from '../../helpers/render';
import { NoticeRegion } from '../../../../src/client/components/notice';
import { findNotice, LandingWithNotice } from '../../helpers/notice';
import { shellHandlers, signedIn } from '../../helpers/session';
import { server } from '../../helpers/msw';
import { ACME, brandingOf, DEFAULT_BRANDING, fakeSocket, settingsServer } from './settings-server';

function openSettings(socket?: ReturnType<typeof fakeSocket>) {
  return renderWithProviders(
    <>
      <SettingsPage />
      <NoticeRegion />
    </>,
    {
      route: '/settings',
      preloadedState: signedIn(),
      socket: socket?.factory,
      otherRoutes: {
        '/': <Landing name="login" />,
        '/home': <LandingWithNotice name="home" />,
        '/branding/new': <Landing name="new branding" />,
        '/branding/:brandingId': <Landing name="edit branding" />,
      },
    },
  );
}

const brandingList = () => screen.findByRole('list', { name: 'Your brandings' });
const rowOf = (name: string) => screen.getByText(name).closest('li') as HTMLElement;
const namesShown = async () =>
  within(await brandingList())
    .getAllByRole('listitem')
    .map((row) => row.querySelector('.branding-row-name')?.firstChild?.textContent);

describe('the Branding settings list', () => {
  it('shows the built-in default first, read-only, then the brandings in the order the server gave', async () => {
    // Not alphabetical as sent on purpose: the server sorts (case-insensitively); the page keeps its order.
    settingsServer({
      brandings: [
        DEFAULT_BRANDING,
        brandingOf({ id: '3', company_name: 'acme' }),
        brandingOf({ id: '4', company_name: 'Zed' }),
        brandingOf({ id: '5', company_name: 'Beta' }),
      ],
    });
    openSettings();
    expect(screen.getByRole('heading', { level: 1, name: 'Branding' })).toBeInTheDocument();
    expect(await namesShown()).toEqual(['EPCplus', 'acme', 'Zed', 'Beta']);

    const builtIn = rowOf('EPCplus');
    expect(within(builtIn).getByText('Default')).toBeInTheDocument();
    expect(within(builtIn).queryByRole('button')).not.toBeInTheDocument();
    expect(within(builtIn).queryByRole('link')).not.toBeInTheDocument();
    expect(within(rowOf('Zed')).getByRole('link', { name: 'Edit Zed' })).toHaveAttribute('href', '/branding/4');
    expect(within(rowOf('Zed')).getByRole('button', { name: 'Delete Zed' })).toBeInTheDocument();
  });

  it('shows each branding’s logo, or says it has none', async () => {
    settingsServer();
    openSettings();
    await brandingList();
    expect(within(rowOf('Acme Energy')).getByRole('img', { name: 'Acme Energy logo' })).toHaveAttribute('src', ACME.image_url);
    expect(within(rowOf('beta homes')).getByText('No logo')).toBeInTheDocument();
  });

  it("goes to the form for a new branding from 'Create new branding'", async () => {
    settingsServer();
    const { user } = openSettings();
    await user.click(await screen.findByRole('link', { name: 'Create new branding' }));
    expect(await screen.findByRole('heading', { name: 'landed on new branding' })).toBeInTheDocument();
  });

  it('asks before deleting, naming the brand; Cancel keeps it and sends nothing', async () => {
    const { sent } = settingsServer();
    const { user } = openSettings();
    await user.click(await screen.findByRole('button', { name: 'Delete Acme Energy' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm delete branding' });
    expect(dialog).toHaveTextContent('Delete the branding Acme Energy?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Acme Energy')).toBeInTheDocument();
    expect(sent.brandings).toEqual([]);
  });

  it('deletes on OK and reloads the list without it', async () => {
    const { sent } = settingsServer();
    const { user } = openSettings();
    await user.click(await screen.findByRole('button', { name: 'Delete Acme Energy' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByText('Acme Energy')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent.brandings).toEqual([{ action: 'delete', id: '7' }]);
    expect(sent.brandingLoads).toBe(2);
    expect(await namesShown()).toEqual(['EPCplus', 'beta homes']);
    await findNotice('Branding deleted');
  });

  it('closes the dialog and carries on when the server refuses a delete', async () => {
    settingsServer({ saveBranding: () => fail(404, 'No such branding') });
    const { user } = openSettings();
    await user.click(await screen.findByRole('button', { name: 'Delete Acme Energy' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Acme Energy')).toBeInTheDocument();
    await findNotice('Branding not deleted: No such branding');
  });

  it('updates when another tab changes the brandings (a settingsUpdate push)', async () => {
    const socket = fakeSocket();
    const { state } = settingsServer();
    openSettings(socket);
    expect(await namesShown()).toEqual(['EPCplus', 'Acme Energy', 'beta homes']);
    state.brandings = [...state.brandings, brandingOf({ id: '20', company_name: 'Zenith Surveys' })];
    await waitFor(() => expect(socket.connected()).toBe(true));
    act(() => socket.push('settingsUpdate', { what: 'brandings' }));
    expect(await screen.findByText('Zenith Surveys')).toBeInTheDocument();
  });

  it('goes to / when the server refuses to load the brandings', async () => {
    settingsServer({ loadBrandings: () => fail(401, 'Please log in.') });
    openSettings();
    expect(await screen.findByRole('heading', { name: 'landed on login' })).toBeInTheDocument();
  });

  it('goes to / when the server refuses to load the email template', async () => {
    settingsServer({ loadTemplate: () => fail(400, 'Could not load your settings') });
    openSettings();
    expect(await screen.findByRole('heading', { name: 'landed on login' })).toBeInTheDocument();
  });
});

describe('the settings routes in the app', () => {
  it('opens /settings inside the shell, and a branding from it at /branding/{id}', async () => {
    server.use(...shellHandlers().handlers);
    settingsServer();
    const { user, router } = renderApp({ route: '/settings', preloadedState: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Branding' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'App' })).toBeInTheDocument();
    await user.click(await screen.findByRole('link', { name: 'Edit Acme Energy' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Branding' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Company name')).toHaveValue('Acme Energy');
    expect(router.state.location.pathname).toBe('/branding/7');
  });
});
