import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { LOGO_MAX_BYTES } from '../../../../src/shared/constants';
import { ManualXhr } from '../create-report/manual-xhr';
import { fail } from '../../helpers/msw';
import { checkDialog, openBranding, saveButton } from './render-branding';
import { gate, logoFile } from './settings-server';

const UNKNOWN_TYPE = 'Unknown image file type, please try .jpg .png .svg .bmp or .gif';
const dropZone = () => screen.getByRole('group', { name: /Drop your logo here/ });
const picker = () => screen.getByLabelText('Choose logo file');

async function chooseNewLogo(user: ReturnType<typeof openBranding>['user'], company = 'Beta Homes') {
  const name = await screen.findByLabelText('Company name');
  if (!(name as HTMLInputElement).value) await user.type(name, company);
  await user.click(screen.getByRole('radio', { name: 'Upload a new logo' }));
}

describe('a new logo', () => {
  it("goes through 'Starting upload...', the percent sent and 'Sending file...' to Uploaded with a tick, and saves its key", async () => {
    const real = window.XMLHttpRequest;
    window.XMLHttpRequest = ManualXhr as unknown as typeof XMLHttpRequest;
    try {
      const uploadGate = gate();
      const followupGate = gate();
      const { user, sent } = openBranding(undefined, { uploadGate, followupGate });
      await chooseNewLogo(user);
      expect(dropZone()).toHaveTextContent('Drop your logo here or choose the file: .jpg .png .svg .bmp or .gif, 1MB or smaller.');
      const file = logoFile('logo.png');
      await user.upload(picker(), file);

      expect(await screen.findByText('Starting upload...')).toBeInTheDocument();
      uploadGate.open();
      await waitFor(() => expect(ManualXhr.last?.body).toBe(file));
      expect(ManualXhr.last).toMatchObject({ method: 'PUT', url: 'http://localhost/api/uploads/logo-1' });
      expect(ManualXhr.last.headers['Content-Type']).toBe('application/octet-stream');

      act(() => ManualXhr.last.upload.onprogress?.({ lengthComputable: true, loaded: 42, total: 100 }));
      expect(screen.getByText('Uploading logo.png: 42%')).toBeInTheDocument();
      expect(screen.getByRole('progressbar')).toHaveAttribute('value', '42');
      act(() => ManualXhr.last.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 }));
      expect(screen.getByText('Sending file...')).toBeInTheDocument();

      act(() => {
        ManualXhr.last.status = 200;
        ManualXhr.last.onload?.();
      });
      await waitFor(() => expect(sent.followups).toHaveLength(1));
      expect(screen.getByText('Sending file...')).toBeInTheDocument();
      followupGate.open();
      expect(await screen.findByText(/Uploaded logo.png/)).toBeInTheDocument();
      expect(screen.getByText('✓')).toBeInTheDocument();
      expect(screen.getByText('Your logo is ready (600 × 240 pixels).')).toBeInTheDocument();
      // The preview is the server's converted PNG, as reports will draw it.
      expect(screen.getByRole('img', { name: 'The new logo' })).toHaveAttribute(
        'src',
        'https://files.example/logos/stored-1-converted.png',
      );

      expect(sent.uploads).toEqual([{ extension: 'png', isLogo: true, size: 64 }]);
      expect(sent.followups).toEqual([{ filename: 'logos/stored-1.png', which_one: 'LOGO' }]);
      await user.click(saveButton());
      await screen.findByRole('heading', { name: 'landed on settings' });
      expect(sent.brandings).toEqual([
        { action: 'new', company_name: 'Beta Homes', overprint_colour: '#2360b1', image: 'logos/stored-1.png' },
      ]);
    } finally {
      window.XMLHttpRequest = real;
    }
  });

  it('sends the bytes as they are, and takes an upper-case extension', async () => {
    const { user, sent } = openBranding();
    await chooseNewLogo(user);
    await user.upload(picker(), logoFile('Company Logo.JPG', 2048));
    expect(await screen.findByText(/Uploaded Company Logo.JPG/)).toBeInTheDocument();
    expect(sent.uploads).toEqual([{ extension: 'jpg', isLogo: true, size: 2048 }]);
    expect(sent.puts).toEqual([{ contentType: 'application/octet-stream', bytes: 2048 }]);
  });

  it('takes a logo dropped on the drop zone', async () => {
    const { user, sent } = openBranding();
    await chooseNewLogo(user);
    fireEvent.drop(dropZone(), { dataTransfer: { files: [logoFile('dropped.svg')] } });
    expect(await screen.findByText(/Uploaded dropped.svg/)).toBeInTheDocument();
    expect(sent.uploads).toEqual([{ extension: 'svg', isLogo: true, size: 64 }]);
  });

  it("shows 'Failed' with the file name, the server's reason and a cross when the follow-up refuses it; Reset starts again", async () => {
    const { user } = openBranding(undefined, { followup: () => fail(400, 'This file is not a PNG image') });
    await chooseNewLogo(user);
    await user.upload(picker(), logoFile('fake.png'));
    expect(await screen.findByText(/Failed fake.png/)).toBeInTheDocument();
    expect(screen.getByText('This file is not a PNG image')).toBeInTheDocument();
    expect(screen.getByText('✗')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.queryByText(/Failed fake.png/)).not.toBeInTheDocument();
    expect(dropZone()).toBeInTheDocument();
  });

  it('keeps the existing logo when a new one is refused at follow-up', async () => {
    const { user, sent } = openBranding('7', { followup: () => fail(400, 'This file is not a PNG image') });
    await chooseNewLogo(user);
    await user.upload(picker(), logoFile('fake.png'));
    await screen.findByText(/Failed fake.png/);
    await user.click(saveButton());
    await screen.findByRole('heading', { name: 'landed on settings' });
    expect(sent.brandings).toEqual([
      { action: 'update', id: '7', company_name: 'Acme Energy', overprint_colour: '#aa3300', image: 'logos/acme.png' },
    ]);
  });

  it('shows why an upload could not start, and then asks for a logo on save', async () => {
    const { user, sent } = openBranding('7', { startUpload: () => fail(429, 'Too many uploads. Please wait a minute.') });
    await chooseNewLogo(user);
    await user.upload(picker(), logoFile('logo.png'));
    expect(await screen.findByText(/Failed logo.png/)).toBeInTheDocument();
    expect(screen.getByText('Too many uploads. Please wait a minute.')).toBeInTheDocument();
    await user.click(saveButton());
    expect(checkDialog()).toHaveTextContent('You asked to use a new logo but did not provide a new logo file or it is still uploading.');
    expect(sent.brandings).toEqual([]);
  });

  it('shows the storage’s refusal of a file over 1MB', async () => {
    const { user } = openBranding(undefined, {
      put: () => HttpResponse.json({ success: false, error: 'Logos must be 1MB or smaller' }, { status: 413 }),
    });
    await chooseNewLogo(user);
    await user.upload(picker(), logoFile('logo.png'));
    expect(await screen.findByText('Logos must be 1MB or smaller')).toBeInTheDocument();
  });

  it('refuses a file over 1MB without sending it', async () => {
    const { user, sent } = openBranding();
    await chooseNewLogo(user);
    await user.upload(picker(), logoFile('huge.png', LOGO_MAX_BYTES + 1));
    expect(await screen.findByText(/Failed huge.png/)).toBeInTheDocument();
    expect(screen.getByText('This file is larger than 1MB. Please choose a smaller logo.')).toBeInTheDocument();
    expect(sent.uploads).toEqual([]);
  });

  it('refuses a file of another type in the dialog, sending nothing, whether picked or dropped', async () => {
    const { user, sent } = openBranding();
    await chooseNewLogo(user);
    // user-event honours the picker's accept list; a person can still pick "All files".
    await user.setup({ applyAccept: false }).upload(picker(), logoFile('logo.tiff'));
    let dialog = checkDialog();
    expect(dialog).toHaveTextContent(UNKNOWN_TYPE);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    fireEvent.drop(dropZone(), { dataTransfer: { files: [logoFile('report.pdf')] } });
    dialog = checkDialog();
    expect(dialog).toHaveTextContent(UNKNOWN_TYPE);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(dropZone()).toBeInTheDocument();
    expect(sent.uploads).toEqual([]);
  });

  it('asks for the logo file when a new logo is chosen but none was given', async () => {
    const { user, sent } = openBranding();
    await chooseNewLogo(user);
    await user.click(saveButton());
    const dialog = checkDialog();
    expect(dialog).toHaveTextContent('You asked to use a new logo but did not provide a new logo file or it is still uploading.');
    expect(dialog).toHaveTextContent('Please provide the logo file or wait for it to finish uploading.');
    expect(sent.brandings).toEqual([]);
  });

  it('asks to wait while the new logo is still uploading', async () => {
    const followupGate = gate();
    const { user, sent } = openBranding(undefined, { followupGate });
    await chooseNewLogo(user);
    await user.upload(picker(), logoFile('logo.png'));
    await screen.findByText('Sending file...');
    await user.click(saveButton());
    expect(checkDialog()).toHaveTextContent('Please provide the logo file or wait for it to finish uploading.');
    await user.click(within(checkDialog()).getByRole('button', { name: 'OK' }));
    followupGate.open();
    await screen.findByText(/Uploaded logo.png/);
    expect(sent.brandings).toEqual([]);
  });
});
