import { screen } from '@testing-library/react';
import { chooseType, next, openWizard, stepHeading, uploadFile } from './render-wizard';
import { ADDRESSES, wizardServer } from './wizard-server';

const NONE_FOUND = "Unfortunately we couldn't find the council tax details for this property";

async function toCouncilTax(options: Parameters<typeof wizardServer>[0] = {}) {
  const sent = wizardServer(options);
  const rendered = openWizard();
  await chooseType(rendered.user);
  await uploadFile(rendered.user, /Lodged EPC XML/);
  await rendered.user.click(next());
  await stepHeading('Council Tax');
  return { ...rendered, sent };
}

describe('Council Tax step', () => {
  it('lists the entries for the postcode with their bands', async () => {
    await toCouncilTax();
    for (const { address, band } of ADDRESSES) {
      expect(screen.getByRole('button', { name: `${address} Band ${band}` })).toBeInTheDocument();
    }
    expect(screen.queryByText(NONE_FOUND)).not.toBeInTheDocument();
  });

  it('says none were found and asks for the band by hand, which goes with a blank address', async () => {
    const { user, sent } = await toCouncilTax({ followup: () => ({ success: true, message: 'Survey read', ctax: { addresses: [] } }) });
    expect(screen.getByText(NONE_FOUND)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Band [A-H]$/ }).map((b) => b.textContent)).toEqual([
      'A',
      'B',
      'C',
      'D',
      'E',
      'F',
      'G',
      'H',
    ]);
    await user.click(screen.getByRole('button', { name: 'Band D' }));

    await stepHeading('Branding');
    await user.click(await screen.findByRole('button', { name: 'EPCplus' }));
    await stepHeading('Your report is being created');
    expect(sent.created[0]).toMatchObject({ cTaxPropertyAddress: '', manualCTaxBand: 'D' });
  });

  it('treats a follow-up without council tax data as none found', async () => {
    await toCouncilTax({ followup: () => ({ success: true, message: 'Survey read' }) });
    expect(screen.getByText(NONE_FOUND)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Band A' })).toBeInTheDocument();
  });

  it("offers the band pick for a 'Property not listed', and the list again", async () => {
    const { user, sent } = await toCouncilTax();
    await user.click(screen.getByRole('button', { name: 'Property not listed' }));
    expect(screen.queryByText(NONE_FOUND)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /1 Acacia Avenue/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back to the address list' }));
    await user.click(screen.getByRole('button', { name: 'Property not listed' }));
    await user.click(screen.getByRole('button', { name: 'Band B' }));
    await stepHeading('Branding');
    await user.click(await screen.findByRole('button', { name: 'Acme Energy' }));
    await stepHeading('Your report is being created');
    expect(sent.created[0]).toMatchObject({ cTaxPropertyAddress: '', manualCTaxBand: 'B', selectedBranding: 'b-7' });
  });

  it('shows the brandings as cards with colour, logo and company name', async () => {
    const { user } = await toCouncilTax();
    await user.click(screen.getByRole('button', { name: /1 Acacia Avenue/ }));
    const acme = await screen.findByRole('button', { name: 'Acme Energy' });
    expect(acme.querySelector('img')).toHaveAttribute('src', 'https://files.example/logo-7.png');
    expect(acme.querySelector('.branding-swatch')).toHaveStyle({ background: '#aa3300' });
    expect(screen.getByRole('button', { name: 'EPCplus' }).querySelector('img')).toBeNull();
  });
});
