import { act, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import CreateReportPage from '../../../../src/client/features/create-report/create-report-page';
import { setupStore } from '../../../../src/client/app/store';
import { INTERRUPTED_UPLOAD, stepChosen, uploadStarted } from '../../../../src/client/features/create-report/wizard-slice';
import { loggedOut } from '../../../../src/client/features/session/session-slice';
import { answer, fail, server } from '../../helpers/msw';
import { buyPremiumCheckoutInit } from '../../../../src/shared/api/payments';
import { silentSocket } from '../../helpers/render';
import { signedIn } from '../../helpers/session';
import { chooseType, next, openWizard, stepHeading, uploadFile } from './render-wizard';
import { ManualXhr } from './manual-xhr';
import { gate, wizardServer, xmlFile } from './wizard-server';

describe('survey file uploads', () => {
  it('shows the percent sent as it goes, then checking, then success', async () => {
    const real = window.XMLHttpRequest;
    window.XMLHttpRequest = ManualXhr as unknown as typeof XMLHttpRequest;
    try {
      const followupGate = gate();
      wizardServer({ followupGate });
      const { user } = openWizard();
      await chooseType(user);
      const file = xmlFile();
      await user.upload(screen.getByLabelText('Lodged EPC XML file'), file);
      await waitFor(() => expect(ManualXhr.last?.body).toBe(file));
      expect(ManualXhr.last).toMatchObject({ method: 'PUT', url: 'http://localhost/api/uploads/token-1' });
      expect(ManualXhr.last.headers['Content-Type']).toBe('application/octet-stream');

      act(() => ManualXhr.last.upload.onprogress?.({ lengthComputable: true, loaded: 420, total: 1000 }));
      expect(screen.getByText('Uploading survey.xml: 42%')).toBeInTheDocument();
      expect(screen.getByRole('progressbar')).toHaveAttribute('value', '42');
      expect(screen.getByLabelText('Lodged EPC XML file')).toBeDisabled();

      act(() => {
        ManualXhr.last.status = 200;
        ManualXhr.last.onload?.();
      });
      expect(await screen.findByText('Checking survey.xml...')).toBeInTheDocument();
      followupGate.open();
      expect(await screen.findByText(/Uploaded survey.xml/)).toBeInTheDocument();
      expect(next()).toBeEnabled();
    } finally {
      window.XMLHttpRequest = real;
    }
  });

  it("shows the follow-up's refusal with the file name, and Reset returns to waiting", async () => {
    wizardServer({ followup: () => fail(400, 'This is not an EPC lodgement XML: no energy ratings found') });
    const { user } = openWizard();
    await chooseType(user);
    await user.upload(screen.getByLabelText('Lodged EPC XML file'), xmlFile('notes.xml'));

    expect(await screen.findByText('Failed notes.xml')).toBeInTheDocument();
    expect(screen.getByText('This is not an EPC lodgement XML: no energy ratings found')).toBeInTheDocument();
    expect(next()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByText('Waiting for a file')).toBeInTheDocument();
    expect(screen.queryByText('Failed notes.xml')).not.toBeInTheDocument();
  });

  it('shows why the file could not be sent when the PUT is refused', async () => {
    wizardServer({ put: () => HttpResponse.json({ success: false, error: 'This upload link has expired' }, { status: 403 }) });
    const { user } = openWizard();
    await chooseType(user);
    await user.upload(screen.getByLabelText('Lodged EPC XML file'), xmlFile());
    expect(await screen.findByText('Failed survey.xml')).toBeInTheDocument();
    expect(screen.getByText('This upload link has expired')).toBeInTheDocument();
  });

  it('refuses a file that is not .xml without sending it', async () => {
    const sent = wizardServer();
    const { user } = renderWithoutAccept();
    await chooseType(user);
    await user.upload(screen.getByLabelText('Lodged EPC XML file'), xmlFile('survey.pdf'));
    expect(await screen.findByText('Please choose the survey file ending in .xml.')).toBeInTheDocument();
    expect(sent.uploads).toBe(0);
  });

  async function toPayment(options: Parameters<typeof wizardServer>[0]) {
    const sent = wizardServer(options);
    const bought: unknown[] = [];
    server.use(
      answer(buyPremiumCheckoutInit, ({ body }) => {
        bought.push(body);
        return { success: true as const, rid: 77 };
      }),
    );
    const { user } = openWizard('/uploadXml/premium');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await uploadFile(user, /Lodged EPC XML/);
    await user.click(next());
    await user.click(await screen.findByRole('button', { name: /1 Acacia Avenue/ }));
    await user.click(await screen.findByRole('button', { name: 'Acme Energy' }));
    expect(await stepHeading('Payment')).toBeInTheDocument();
    return { sent, bought, user };
  }

  it('buys a Premium report with a free credit and offers to edit it', async () => {
    const { sent, bought, user } = await toPayment({ credits: 1 });
    expect(screen.getByText('You have 1 free premium credit.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use one of my free premium credits' }));
    expect(await screen.findByRole('link', { name: 'Edit Premium Report' })).toHaveAttribute('href', '/pending/77');
    expect(screen.getByRole('button', { name: 'Create another report' })).toBeInTheDocument();
    expect(bought).toEqual([
      expect.objectContaining({ useCredit: true, selectedBranding: expect.any(String), originals: { xml1: 'survey.xml', xml2: '' } }),
    ]);
    expect(sent.created).toEqual([]);
  });

  it('says beside the credit button why a purchase with a credit was refused, and stays on Payment', async () => {
    const { user } = await toPayment({ credits: 1 });
    server.use(answer(buyPremiumCheckoutInit, () => fail(400, 'You have no premium credits left.')));
    await user.click(screen.getByRole('button', { name: 'Use one of my free premium credits' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have no premium credits left.');
    expect(screen.getByRole('heading', { name: 'Payment' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use one of my free premium credits' })).toBeEnabled();
  });

  it('says card payment is not set up and, with no credits, offers the Preliminary report instead', async () => {
    const { sent, user } = await toPayment({ credits: 0, cardPayments: false });
    expect(screen.getByRole('note')).toHaveTextContent('Card payment is not set up on this server');
    expect(screen.queryByRole('button', { name: /Pay by card/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create a Preliminary Report instead' }));
    await user.click(await screen.findByRole('button', { name: 'Acme Energy' }));
    expect(await stepHeading('Your report is being created')).toBeInTheDocument();
    expect(sent.created).toHaveLength(1);
  });
});

/** user-event drops files the accept attribute refuses; this opens the wizard with that check off. */
function renderWithoutAccept() {
  const rendered = openWizard();
  return { ...rendered, user: rendered.user.setup({ applyAccept: false }) };
}

describe('the wizard across a reload', () => {
  async function persistedPage() {
    const { store, persistor } = setupStore({ preloadedState: signedIn(), socket: silentSocket });
    await waitFor(() => expect(persistor!.getState().bootstrapped).toBe(true));
    const page = render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/uploadXml']}>
          <Routes>
            <Route path="/uploadXml/:presetReportType?" element={<CreateReportPage />} />
          </Routes>
        </MemoryRouter>
      </Provider>,
    );
    return { store, persistor: persistor!, page };
  }

  it('comes back at the same step with the uploaded file and the council tax list', async () => {
    wizardServer();
    const first = await persistedPage();
    const user = userEvent.setup();
    await chooseType(user);
    await uploadFile(user, /Lodged EPC XML/);
    await user.click(next());
    await stepHeading('Council Tax');
    await first.persistor.flush();
    first.page.unmount();

    await persistedPage();
    expect(await stepHeading('Council Tax')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /3 Acacia Avenue, Leeds/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /LIG/ }));
    expect(await screen.findByText(/Uploaded survey.xml/)).toBeInTheDocument();
  });

  it('shows an upload cut off by the reload as failed, with a Reset', async () => {
    wizardServer();
    const first = await persistedPage();
    act(() => {
      first.store.dispatch(stepChosen('uploadLig'));
      first.store.dispatch(uploadStarted({ which: 'A', attempt: 'x', originalName: 'survey.xml' }));
    });
    await first.persistor.flush();
    first.page.unmount();

    await persistedPage();
    expect(await screen.findByText('Failed survey.xml')).toBeInTheDocument();
    expect(screen.getByText(INTERRUPTED_UPLOAD)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset' })).toBeInTheDocument();
  });

  it('forgets the wizard on logout, so the next user of the browser starts afresh', () => {
    const { store } = setupStore({ preloadedState: signedIn(), persist: false, socket: silentSocket });
    store.dispatch(uploadStarted({ which: 'A', attempt: 'x', originalName: 'survey.xml' }));
    store.dispatch(loggedOut());
    expect(store.getState().wizard.files.A.originalName).toBe('');
  });
});
