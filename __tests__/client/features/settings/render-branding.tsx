import { screen } from '@testing-library/react';
import BrandingPage from '../../../../src/client/features/settings/branding-page';
import { Landing, renderWithProviders } from '../../helpers/render';
import { LandingWithNotice } from '../../helpers/notice';
import { signedIn } from '../../helpers/session';
import { settingsServer } from './settings-server';

/** The branding form at /branding/new, or at /branding/{id} to edit. */
export function openBranding(id?: string, options: Parameters<typeof settingsServer>[0] = {}) {
  const server = settingsServer(options);
  const rendered = renderWithProviders(<BrandingPage />, {
    route: id === undefined ? '/branding/new' : `/branding/${id}`,
    path: id === undefined ? '/branding/new' : '/branding/:brandingId',
    preloadedState: signedIn(),
    otherRoutes: { '/settings': <LandingWithNotice name="settings" />, '/': <Landing name="login" /> },
  });
  return { ...server, ...rendered };
}

export const saveButton = () => screen.getByRole('button', { name: 'Save' });
export const checkDialog = () => screen.getByRole('dialog', { name: 'Please check settings' });
