import { fireEvent, screen, within } from '@testing-library/react';
import { fail } from '../../helpers/msw';
import { findNotice } from '../../helpers/notice';
import { checkDialog, openBranding, saveButton } from './render-branding';
import { ACME, BETA } from './settings-server';

describe('a new branding', () => {
  it('saves the trimmed company name, the default colour and no logo, then goes to /settings', async () => {
    const { user, sent } = openBranding();
    expect(screen.getByRole('heading', { level: 1, name: 'New Branding' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'No logo' })).toBeChecked();
    expect(screen.getByLabelText('Colour hex code')).toHaveValue('#2360b1');
    await user.type(screen.getByLabelText('Company name'), '  Beta Homes  ');
    await user.click(saveButton());
    expect(await screen.findByRole('heading', { name: 'landed on settings' })).toBeInTheDocument();
    expect(sent.brandings).toEqual([{ action: 'new', company_name: 'Beta Homes', overprint_colour: '#2360b1', image: '' }]);
    await findNotice('Branding saved');
  });

  it('takes the colour from the picker or from a typed hex code', async () => {
    const { user, sent } = openBranding();
    await user.type(screen.getByLabelText('Company name'), 'Beta Homes');
    fireEvent.input(screen.getByLabelText('Colour'), { target: { value: '#00ff00' } });
    expect(screen.getByLabelText('Colour hex code')).toHaveValue('#00ff00');
    await user.clear(screen.getByLabelText('Colour hex code'));
    await user.type(screen.getByLabelText('Colour hex code'), '#AA33CC');
    expect(screen.getByLabelText('Colour')).toHaveValue('#aa33cc');
    await user.click(saveButton());
    await screen.findByRole('heading', { name: 'landed on settings' });
    expect(sent.brandings[0]).toMatchObject({ overprint_colour: '#aa33cc' });
  });

  it("refuses a blank company name in a 'Please check settings' dialog", async () => {
    const { user, sent } = openBranding();
    await user.type(screen.getByLabelText('Company name'), '   ');
    await user.click(saveButton());
    const dialog = checkDialog();
    expect(dialog).toHaveTextContent('You must specify a company name, you can use your own name if you are not a registered company.');
    expect(dialog).toHaveTextContent('Please add a company name and then resave.');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent.brandings).toEqual([]);
  });

  it('offers no existing logo to keep', () => {
    openBranding();
    expect(screen.getByRole('radio', { name: 'Upload a new logo' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Keep the existing logo' })).not.toBeInTheDocument();
  });

  it('goes to /settings on Cancel, saving nothing', async () => {
    const { user, sent } = openBranding();
    await user.type(screen.getByLabelText('Company name'), 'Beta Homes');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'landed on settings' })).toBeInTheDocument();
    expect(sent.brandings).toEqual([]);
  });

  it('goes on to /settings even when the server refuses the save, saying it was not saved', async () => {
    const { user } = openBranding(undefined, { saveBranding: () => fail(400, 'Colour must be a hex colour such as #2360b1') });
    await user.type(screen.getByLabelText('Company name'), 'Beta Homes');
    await user.click(saveButton());
    expect(await screen.findByRole('heading', { name: 'landed on settings' })).toBeInTheDocument();
    await findNotice('Branding not saved: Colour must be a hex colour such as #2360b1');
    expect(screen.queryByText('Branding saved')).not.toBeInTheDocument();
  });
});

describe('editing a branding', () => {
  it('loads it, with its existing logo chosen, and saves an update with the same logo key', async () => {
    const { user, sent } = openBranding('7');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Branding' })).toBeInTheDocument();
    expect(screen.getByText('Loading your branding')).toBeInTheDocument();
    const name = await screen.findByLabelText('Company name');
    expect(name).toHaveValue('Acme Energy');
    expect(screen.getByLabelText('Colour')).toHaveValue('#aa3300');
    expect(screen.getByRole('radio', { name: 'Keep the existing logo' })).toBeChecked();
    expect(screen.getByRole('img', { name: 'The existing logo' })).toHaveAttribute('src', ACME.image_url);

    await user.clear(name);
    await user.type(name, 'Acme Energy Ltd');
    await user.click(saveButton());
    expect(await screen.findByRole('heading', { name: 'landed on settings' })).toBeInTheDocument();
    expect(sent.brandings).toEqual([
      { action: 'update', id: '7', company_name: 'Acme Energy Ltd', overprint_colour: '#aa3300', image: 'logos/acme.png' },
    ]);
  });

  it('removes the logo when No logo is chosen', async () => {
    const { user, sent } = openBranding('7');
    await user.click(await screen.findByRole('radio', { name: 'No logo' }));
    await user.click(saveButton());
    await screen.findByRole('heading', { name: 'landed on settings' });
    expect(sent.brandings[0]).toMatchObject({ action: 'update', id: '7', image: '' });
  });

  it('offers no existing logo for a branding that has none', async () => {
    openBranding(BETA.id);
    expect(await screen.findByLabelText('Company name')).toHaveValue('beta homes');
    expect(screen.getByRole('radio', { name: 'No logo' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: 'Keep the existing logo' })).not.toBeInTheDocument();
  });

  it('goes to / for an id that is not one of the brandings', async () => {
    openBranding('404');
    expect(await screen.findByRole('heading', { name: 'landed on login' })).toBeInTheDocument();
  });

  it('goes to / for the read-only default branding', async () => {
    openBranding('EPCplus');
    expect(await screen.findByRole('heading', { name: 'landed on login' })).toBeInTheDocument();
  });

  it('goes to / when the server refuses to load the brandings', async () => {
    openBranding('7', { loadBrandings: () => fail(401, 'Please log in.') });
    expect(await screen.findByRole('heading', { name: 'landed on login' })).toBeInTheDocument();
  });
});
