import { act, screen, waitFor } from '@testing-library/react';
import { api } from '../../../../src/client/lib/api';
import { BrandingStep } from '../../../../src/client/features/create-report/branding-step';
import SettingsPage from '../../../../src/client/features/settings/settings-page';
import { renderWithProviders } from '../../helpers/render';
import { signedIn } from '../../helpers/session';
import { brandingOf, fakeSocket, settingsServer, TEMPLATE } from './settings-server';

describe('brandings and the template stay live', () => {
  it("refreshes the Create Report wizard's branding cards when the brandings change", async () => {
    const { state } = settingsServer();
    const { store } = renderWithProviders(<BrandingStep onPick={() => undefined} creating={false} />, {
      route: '/uploadXml',
      preloadedState: signedIn(),
    });
    expect(await screen.findByRole('button', { name: 'Acme Energy' })).toBeInTheDocument();
    state.brandings = [...state.brandings, brandingOf({ id: '20', company_name: 'Zenith Surveys' })];
    // What the push middleware dispatches for a settingsUpdate.
    act(() => void store.dispatch(api.util.invalidateTags(['Branding', 'UserSettings', 'Account'])));
    expect(await screen.findByRole('button', { name: 'Zenith Surveys' })).toBeInTheDocument();
  });

  it('keeps what is being typed in the template when a push refreshes the settings', async () => {
    const socket = fakeSocket();
    const { state, sent } = settingsServer();
    const { user } = renderWithProviders(<SettingsPage />, { route: '/settings', preloadedState: signedIn(), socket: socket.factory });
    const box = await screen.findByLabelText('Email to your customers');
    await user.type(box, ' Regards');
    state.brandings = [...state.brandings, brandingOf({ id: '20', company_name: 'Zenith Surveys' })];
    state.template = 'Changed in another tab';
    await waitFor(() => expect(socket.connected()).toBe(true));
    act(() => socket.push('settingsUpdate', { what: 'usersettings' }));
    expect(await screen.findByText('Zenith Surveys')).toBeInTheDocument();
    await waitFor(() => expect(sent.templateLoads).toBe(2));
    expect(screen.getByLabelText('Email to your customers')).toHaveValue(`${TEMPLATE} Regards`);
  });
});
