import { screen, within } from '@testing-library/react';
import { chooseType, next, openWizard, stepHeading, uploadFile } from './render-wizard';
import { ADDRESSES, gate, SHARE_URL, wizardServer, xmlFile } from './wizard-server';

const stepsBar = () => screen.getByRole('navigation', { name: 'Create Report steps' });

describe('Create Report wizard', () => {
  it('offers Preliminary versus Premium with samples, the trade price and free credits, preselecting from the address', async () => {
    wizardServer({ credits: 3 });
    openWizard('/uploadXml/premium');
    expect(await screen.findByRole('radio', { name: 'Premium Report' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Preliminary Report' })).not.toBeChecked();
    expect(await screen.findByText('£45 trade price, by card or a free premium credit')).toBeInTheDocument();
    expect(screen.getByText('You have 3 free premium credits')).toBeInTheDocument();
    const sample = await screen.findByRole('link', { name: /Sample Preliminary Report/ });
    expect(sample).toHaveAttribute('href', 'https://files.example/sample-preliminary.pdf');
    expect(sample).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: /Sample Premium Report/ })).toHaveAttribute('href', 'https://files.example/sample-premium.pdf');
  });

  it('creates a Preliminary report: upload with progress, council tax address, branding, then the share screen', async () => {
    const putGate = gate();
    const followupGate = gate();
    const sent = wizardServer({ putGate, followupGate });
    const { user } = openWizard('/uploadXml/preliminary');
    expect(await screen.findByRole('radio', { name: 'Preliminary Report' })).toBeChecked();
    await user.click(next());

    expect(await stepHeading('LIG: the lodged EPC XML')).toBeInTheDocument();
    expect(screen.getByText('Waiting for a file')).toBeInTheDocument();
    expect(next()).toBeDisabled();
    const input = screen.getByLabelText('Lodged EPC XML file');
    expect(input).toHaveAttribute('accept', expect.stringContaining('.xml'));
    await user.upload(input, xmlFile('survey.xml'));

    expect(await screen.findByText('Uploading survey.xml: 0%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Uploading survey.xml' })).toHaveAttribute('value', '0');
    expect(input).toBeDisabled();
    putGate.open();
    expect(await screen.findByText('Checking survey.xml...')).toBeInTheDocument();
    expect(input).toBeDisabled();
    followupGate.open();
    expect(await screen.findByText(/Uploaded survey.xml/)).toBeInTheDocument();
    expect(screen.getByText('Survey of 1 Acacia Avenue, LS1 4AB read')).toBeInTheDocument();
    expect(input).toBeEnabled();

    expect(sent.puts).toEqual([
      { url: 'http://localhost/api/uploads/token-1', contentType: 'application/octet-stream', bytes: xmlFile().size },
    ]);
    expect(sent.followups).toEqual([{ filename: 'stored-1.xml', which_one: 'A' }]);

    await user.click(next());
    expect(await stepHeading('Council Tax')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /3 Acacia Avenue, Leeds/ }));

    expect(await stepHeading('Branding')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Acme Energy' }));

    expect(await stepHeading('Your report is being created')).toBeInTheDocument();
    expect(sent.created).toEqual([
      {
        xml1_key: 'stored-1.xml',
        xml2_key: '',
        xml1_original_filename: 'survey.xml',
        xml2_original_filename: '',
        cTaxPropertyAddress: ADDRESSES[1].address,
        selectedBranding: 'b-7',
      },
    ]);
    expect(screen.getByLabelText('Share link')).toHaveValue(SHARE_URL);
    expect(await screen.findByLabelText('Email to your customer')).toHaveValue(`Dear customer,\nYour report: ${SHARE_URL}\nThanks, Ann`);

    // user-event's clipboard cannot be read back under jest-fixed-jsdom (Node's Blob, jsdom's FileReader).
    const copied = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(copied).toHaveBeenLastCalledWith(SHARE_URL);
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy email' }));
    expect(copied).toHaveBeenLastCalledWith(`Dear customer,\nYour report: ${SHARE_URL}\nThanks, Ann`);
    expect(screen.getByRole('link', { name: 'Go to the Report List' })).toHaveAttribute('href', '/reports');

    // The wizard was cleared: another report starts from the beginning.
    await user.click(screen.getByRole('link', { name: 'Create another report' }));
    expect(await stepHeading('Report Type')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Preliminary Report' })).not.toBeChecked();
  });

  it('asks Elmhurst members for the RdSAP file and sends it with the report', async () => {
    const sent = wizardServer({ scheme: 'elmhurst' });
    const { user } = openWizard();
    await chooseType(user);
    expect(within(stepsBar()).getByText('RdSAP')).toBeInTheDocument();
    await uploadFile(user, /Lodged EPC XML/, 'lig.xml');
    await user.click(next());

    expect(await stepHeading('RdSAP: the Elmhurst survey XML')).toBeInTheDocument();
    await uploadFile(user, /RdSAP survey XML/, 'rdsap.xml');
    expect(sent.followups.map((f) => f.which_one)).toEqual(['A', 'B']);
    await user.click(next());

    await user.click(await screen.findByRole('button', { name: /1 Acacia Avenue/ }));
    await user.click(await screen.findByRole('button', { name: 'EPCplus' }));
    await stepHeading('Your report is being created');
    expect(sent.created[0]).toMatchObject({
      xml1_key: 'stored-1.xml',
      xml1_original_filename: 'lig.xml',
      xml2_key: 'stored-2.xml',
      xml2_original_filename: 'rdsap.xml',
      selectedBranding: 'EPCplus',
    });
  });

  it('has no RdSAP step for other schemes', async () => {
    wizardServer({ scheme: 'stroma' });
    const { user } = openWizard();
    await chooseType(user);
    expect(
      within(stepsBar())
        .getAllByRole('listitem')
        .map((li) => li.textContent?.replace(/^✓ | \(done, go back\)$/g, '')),
    ).toEqual(['Report Type', 'LIG', 'Council Tax', 'Branding']);
    await uploadFile(user, /Lodged EPC XML/);
    await user.click(next());
    expect(await stepHeading('Council Tax')).toBeInTheDocument();
  });

  it('goes back to a completed step from the steps bar, but not forward to one not reached', async () => {
    wizardServer();
    const { user } = openWizard();
    await chooseType(user);
    await uploadFile(user, /Lodged EPC XML/);
    await user.click(next());
    await stepHeading('Council Tax');

    expect(within(stepsBar()).queryByRole('button', { name: /Branding/ })).not.toBeInTheDocument();
    expect(within(stepsBar()).getByText('Council Tax').closest('li')).toHaveAttribute('aria-current', 'step');
    await user.click(within(stepsBar()).getByRole('button', { name: /LIG/ }));
    expect(await stepHeading(/LIG/)).toBeInTheDocument();
    expect(screen.getByText(/Uploaded survey.xml/)).toBeInTheDocument();

    await user.click(within(stepsBar()).getByRole('button', { name: /Report Type/ }));
    expect(await screen.findByRole('radio', { name: 'Preliminary Report' })).toBeChecked();
  });

  it('says the server error beside the brandings when the report cannot be created, and stays on Branding', async () => {
    wizardServer({ create: () => ({ status: 400, body: { success: false, error: 'That survey file has expired, upload it again' } }) });
    const { user } = openWizard();
    await chooseType(user);
    await uploadFile(user, /Lodged EPC XML/);
    await user.click(next());
    await user.click(await screen.findByRole('button', { name: /1 Acacia Avenue/ }));
    await user.click(await screen.findByRole('button', { name: 'Acme Energy' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That survey file has expired, upload it again');
    expect(screen.getByRole('heading', { name: 'Branding' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Acme Energy' })).toBeEnabled();
  });
});
