import { fireEvent, screen, within } from '@testing-library/react';
import SettingsPage from '../../../src/client/features/settings/settings-page';
import { fail } from '../helpers/msw';
import { Landing, renderWithProviders } from '../helpers/render';
import { signedIn } from '../helpers/session';
import { settingsServer, TEMPLATE } from './settings-server';

function openTemplate(options: Parameters<typeof settingsServer>[0] = {}) {
  const server = settingsServer(options);
  const rendered = renderWithProviders(<SettingsPage />, {
    route: '/settings',
    preloadedState: signedIn(),
    otherRoutes: { '/home': <Landing name="home" />, '/': <Landing name="login" /> },
  });
  return { ...server, ...rendered };
}

const templateBox = () => screen.findByLabelText('Email to your customers');
const saveButton = () => screen.getAllByRole('button', { name: 'Save' })[0];

describe('the email template', () => {
  it('shows the saved template with its character count and how (LINK) is used', async () => {
    openTemplate();
    const box = await templateBox();
    expect(box).toHaveValue(TEMPLATE);
    expect(screen.getByText(`${TEMPLATE.length} / 1000 characters`)).toBeInTheDocument();
    expect(box).toHaveAccessibleDescription(/Write \(LINK\) where the report's link should go/);
  });

  it('counts the characters as they are typed', async () => {
    const { user } = openTemplate({ template: '' });
    await user.type(await templateBox(), 'See (LINK)');
    expect(screen.getByText('10 / 1000 characters')).toBeInTheDocument();
  });

  it("refuses a template over 1000 characters in a 'Please check settings' dialog, sending nothing", async () => {
    const { user, sent } = openTemplate();
    const box = await templateBox();
    fireEvent.change(box, { target: { value: 'x'.repeat(1001) } });
    expect(screen.getByText('1001 / 1000 characters')).toBeInTheDocument();
    await user.click(saveButton());

    const dialog = screen.getByRole('dialog', { name: 'Please check settings' });
    expect(within(dialog).getByText('Email template must be 1000 characters long or shorter.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please provide a shorter version.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(box).toHaveValue('x'.repeat(1001));
    expect(sent.templates).toEqual([]);
  });

  it('saves a template of exactly 1000 characters, then goes to /home', async () => {
    const { user, sent } = openTemplate();
    fireEvent.change(await templateBox(), { target: { value: 'y'.repeat(1000) } });
    await user.click(saveButton());
    expect(await screen.findByRole('heading', { name: 'landed on home' })).toBeInTheDocument();
    expect(sent.templates).toEqual([{ email_template: 'y'.repeat(1000) }]);
  });

  it('saves what was typed and goes to /home', async () => {
    const { user, sent } = openTemplate();
    await user.type(await templateBox(), '{Enter}Call me on 01234 567890');
    await user.click(saveButton());
    expect(await screen.findByRole('heading', { name: 'landed on home' })).toBeInTheDocument();
    expect(sent.templates).toEqual([{ email_template: `${TEMPLATE}\nCall me on 01234 567890` }]);
  });

  it('goes on to /home even when the server refuses the save (SPEC: save errors are not handled)', async () => {
    const { user } = openTemplate({ saveTemplate: () => fail(400, 'Email template must be 1000 characters long or shorter.') });
    await user.type(await templateBox(), '!');
    await user.click(saveButton());
    expect(await screen.findByRole('heading', { name: 'landed on home' })).toBeInTheDocument();
  });

  it('goes to /home on Cancel, saving nothing', async () => {
    const { user, sent } = openTemplate();
    await user.type(await templateBox(), ' more');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'landed on home' })).toBeInTheDocument();
    expect(sent.templates).toEqual([]);
  });
});
