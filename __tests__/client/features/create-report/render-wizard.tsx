import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import CreateReportPage from '../../../../src/client/features/create-report/create-report-page';
import type { RootState } from '../../../../src/client/app/store';
import { Landing, renderWithProviders } from '../../helpers/render';
import { signedIn } from '../../helpers/session';
import { xmlFile } from './wizard-server';

/** The wizard at an address, as a logged-in surveyor opens it. */
export function openWizard(route = '/uploadXml', preloadedState: Partial<RootState> = signedIn()) {
  return renderWithProviders(<CreateReportPage />, {
    route,
    path: '/uploadXml/:presetReportType?',
    preloadedState,
    otherRoutes: { '/reports': <Landing name="reports" />, '/settings': <Landing name="settings" /> },
  });
}

export const next = () => screen.getByRole('button', { name: 'Next' });
export const stepHeading = (name: string | RegExp) => screen.findByRole('heading', { level: 2, name });

/** Report Type (Preliminary unless told) and on to the LIG step. */
export async function chooseType(user: UserEvent, type: 'Preliminary Report' | 'Premium Report' = 'Preliminary Report') {
  await user.click(await screen.findByRole('radio', { name: type }));
  await user.click(next());
  await stepHeading(/LIG/);
}

/** Picks a survey file on the current upload step and waits for the server to accept it. */
export async function uploadFile(user: UserEvent, label: RegExp, name = 'survey.xml') {
  await user.upload(screen.getByLabelText(label), xmlFile(name));
  await screen.findByText(`Uploaded ${name}`, { exact: false });
}
