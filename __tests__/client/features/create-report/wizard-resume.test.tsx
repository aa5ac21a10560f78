import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import CreateReportPage from '../../../../src/client/features/create-report/create-report-page';
import { initialWizardState, type WizardState } from '../../../../src/client/features/create-report/wizard-slice';
import { Landing, renderApp } from '../../helpers/render';
import { signedIn } from '../../helpers/session';
import { chooseType, next, stepHeading, uploadFile } from './render-wizard';
import { wizardServer, xmlFile } from './wizard-server';

const routes = [
  { path: '/uploadXml/:presetReportType?', element: <CreateReportPage /> },
  { path: '/reports', element: <Landing name="reports" /> },
];

/** The wizard as the app opens it, with a router the test can move about in as the menu would. */
const openAt = (route = '/uploadXml', wizard?: Partial<WizardState>) =>
  renderApp({ route, routes, preloadedState: { ...signedIn(), ...(wizard ? { wizard: { ...initialWizardState, ...wizard } } : {}) } });

const dropZone = () => screen.getByRole('group', { name: /Drop the \.xml file here/ });

describe('the survey upload drop zone', () => {
  it('explains LIG in a line, and takes a survey file dropped on it: name, progress, then the check', async () => {
    const sent = wizardServer();
    const { user } = openAt();
    await chooseType(user);
    expect(screen.getByText('LIG is the lodged EPC XML file your assessment software produces for the EPC register.')).toBeInTheDocument();
    expect(screen.getByText('Waiting for a file')).toBeInTheDocument();

    fireEvent.dragOver(dropZone());
    expect(dropZone()).toHaveClass('file-drop-over');
    fireEvent.drop(dropZone(), { dataTransfer: { files: [xmlFile('dropped.xml')] } });
    expect(await screen.findByText(/Uploaded dropped.xml/)).toBeInTheDocument();
    expect(sent.followups).toEqual([{ filename: 'stored-1.xml', which_one: 'A' }]);
    expect(next()).toBeEnabled();
    // Done, the box offers to take another file in its place.
    expect(screen.getByLabelText('Choose another file')).toBeEnabled();
  });

  it('opens the file chooser from its button, and explains RdSAP in a line for Elmhurst members', async () => {
    wizardServer({ scheme: 'elmhurst' });
    const { user } = openAt();
    await chooseType(user);
    await uploadFile(user, /Choose the LIG file/, 'lig.xml');
    await user.click(next());
    expect(await stepHeading('RdSAP: the Elmhurst survey XML')).toBeInTheDocument();
    expect(
      screen.getByText('RdSAP is the full survey XML from your scheme’s software (Elmhurst), for the same property.'),
    ).toBeInTheDocument();
    await uploadFile(user, /Choose the RdSAP file/, 'rdsap.xml');
    expect(screen.getByText('RdSAP survey matches', { exact: false })).toBeInTheDocument();
  });
});

describe('coming back to Create Report', () => {
  it('names the property in progress after a visit elsewhere; Continue picks it up where it was', async () => {
    wizardServer();
    const { user, router } = openAt();
    await chooseType(user);
    await uploadFile(user, /Lodged EPC XML/);
    await user.click(next());
    await user.click(await screen.findByRole('button', { name: /3 Acacia Avenue, Leeds/ }));
    expect(await stepHeading('Branding')).toBeInTheDocument();

    await act(() => router.navigate('/reports'));
    await act(() => router.navigate('/uploadXml'));
    const panel = await screen.findByRole('region', { name: 'You have a report in progress' });
    expect(panel).toHaveTextContent('For 3 Acacia Avenue, Leeds, from the survey file survey.xml.');
    expect(panel).toHaveTextContent('Survey of 1 Acacia Avenue, LS1 4AB read');
    await user.click(within(panel).getByRole('button', { name: 'Continue' }));
    expect(await stepHeading('Branding')).toBeInTheDocument();
  });

  it('starts over on Start a new report, keeping the type the address asks for', async () => {
    wizardServer();
    const file = {
      state: 'success' as const,
      percent: 100,
      filename: 'k.xml',
      key: 'k.xml',
      message: 'Survey read',
      originalName: 'old.xml',
      attempt: 'a',
    };
    const { user, store } = openAt('/uploadXml/premium', {
      left: true,
      step: 'cTax',
      reportType: 'preliminary',
      files: { A: file, B: initialWizardState.files.B },
    });
    const panel = await screen.findByRole('region', { name: 'You have a report in progress' });
    expect(panel).toHaveTextContent('From the survey file old.xml.');
    await user.click(within(panel).getByRole('button', { name: 'Start a new report' }));
    expect(await stepHeading('Report Type')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Premium Report' })).toBeChecked();
    expect(store.getState().wizard.files.A.originalName).toBe('');
  });

  it('does not ask when no survey file was chosen yet: there is nothing to lose by going on', async () => {
    wizardServer();
    openAt('/uploadXml', { left: true, step: 'uploadLig', reportType: 'preliminary' });
    expect(await stepHeading(/LIG/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });

  it('starts fresh after a report was created, even when the user went elsewhere from the share screen', async () => {
    wizardServer();
    const { user, router } = openAt();
    await chooseType(user);
    await uploadFile(user, /Lodged EPC XML/);
    await user.click(next());
    await user.click(await screen.findByRole('button', { name: /3 Acacia Avenue, Leeds/ }));
    await user.click(await screen.findByRole('button', { name: 'Acme Energy' }));
    expect(await stepHeading('Your report is being created')).toBeInTheDocument();

    await act(() => router.navigate('/reports'));
    await act(() => router.navigate('/uploadXml'));
    expect(await stepHeading('Report Type')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });

  it('starts fresh after a Premium report was bought and left behind', async () => {
    wizardServer();
    const file = {
      state: 'success' as const,
      percent: 100,
      filename: 'k.xml',
      key: 'k.xml',
      message: '',
      originalName: 'old.xml',
      attempt: 'a',
    };
    const { store } = openAt('/uploadXml', {
      left: true,
      step: 'paymentOptions',
      reportType: 'premium',
      files: { A: file, B: initialWizardState.files.B },
      purchase: { stage: 'done', rid: 5 },
    });
    expect(await stepHeading('Report Type')).toBeInTheDocument();
    await waitFor(() => expect(store.getState().wizard.purchase).toBeNull());
  });
});
