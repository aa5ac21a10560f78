import { screen, within } from '@testing-library/react';
import { ADDRESSES, wizardServer, xmlFile } from './wizard-server';
import { chooseType, next, openWizard, stepHeading } from './render-wizard';

const WARNINGS = [
  {
    rule: 'potential-not-reached',
    message: "The certificate's potential energy rating is C 72, but its improvements, done in order, reach D 60: the report uses D 60.",
  },
  {
    rule: 'placeholder-description',
    message: 'Step 3\'s description ("Improvement desc") is a placeholder: the report shows it as "Suggested improvement".',
  },
];

const answering = (warnings: typeof WARNINGS | undefined) =>
  wizardServer({
    followup: (body) => ({
      success: true as const,
      message: body.which_one === 'A' ? 'Survey of 1 Acacia Avenue, LS1 4AB read' : 'RdSAP survey matches',
      ...(body.which_one === 'A' ? { ctax: { addresses: ADDRESSES }, ...(warnings ? { warnings } : {}) } : {}),
    }),
  });

describe('the survey check at the upload step', () => {
  it("lists the check's warnings under the file's message, read out as a status, and Next still goes on", async () => {
    answering(WARNINGS);
    const { user } = openWizard();
    await chooseType(user);
    await user.upload(screen.getByLabelText('Lodged EPC XML file'), xmlFile());

    const found = await screen.findByRole('status', {
      name: 'Please check 2 things in this file. You can go on: the report deals with them as said here.',
    });
    expect(
      within(found)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(WARNINGS.map((w) => w.message));
    expect(screen.getByText(/Uploaded survey.xml/)).toBeInTheDocument();
    expect(screen.getByText('Survey of 1 Acacia Avenue, LS1 4AB read')).toBeInTheDocument();

    expect(next()).toBeEnabled();
    await user.click(next());
    expect(await stepHeading(/council tax/i)).toBeInTheDocument();
  });

  it('says "one thing" for a single warning', async () => {
    answering(WARNINGS.slice(0, 1));
    const { user } = openWizard();
    await chooseType(user);
    await user.upload(screen.getByLabelText('Lodged EPC XML file'), xmlFile());
    const found = await screen.findByRole('status', { name: /^Please check one thing in this file\. .* deals with it as said here\.$/ });
    expect(within(found).getByRole('listitem')).toHaveTextContent(WARNINGS[0].message);
  });

  it.each([
    ['the check found nothing', []],
    ['the answer carries no warnings (an older server)', undefined],
  ])('shows no warning list when %s', async (_, warnings) => {
    answering(warnings);
    const { user } = openWizard();
    await chooseType(user);
    await user.upload(screen.getByLabelText('Lodged EPC XML file'), xmlFile());
    expect(await screen.findByText(/Uploaded survey.xml/)).toBeInTheDocument();
    expect(screen.queryByText(/Please check/)).not.toBeInTheDocument();
    // The upload's own status is the only one.
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(next()).toBeEnabled();
  });

  it('forgets the warnings of a file replaced by another', async () => {
    const sent = answering(WARNINGS);
    const { user } = openWizard();
    await chooseType(user);
    await user.upload(screen.getByLabelText('Lodged EPC XML file'), xmlFile());
    expect(await screen.findByRole('status', { name: /Please check 2 things/ })).toBeInTheDocument();
    answering([]);
    await user.upload(screen.getByLabelText('Lodged EPC XML file'), xmlFile('second.xml'));
    expect(await screen.findByText(/Uploaded second.xml/)).toBeInTheDocument();
    expect(screen.queryByText(/Please check/)).not.toBeInTheDocument();
    expect(sent.followups.length).toBe(1);
  });
});
