import { fireEvent, screen, within } from '@testing-library/react';
import SettingsPage from '../../../../src/client/features/settings/settings-page';
import { fail } from '../../helpers/msw';
import { Landing, renderWithProviders } from '../../helpers/render';
import { findNotice, LandingWithNotice } from '../../helpers/notice';
import { signedIn } from '../../helpers/session';
import { settingsServer, TEMPLATE } from './settings-server';

function openTemplate(options: Parameters<typeof settingsServer>[0] = {}) {
  const server = settingsServer(options);
  const rendered = renderWithProviders(<SettingsPage />, {
    route: '/settings',
    preloadedState: signedIn(),
    otherRoutes: { '/home': <LandingWithNotice name="home" />, '/': <Landing name="login" /> },
  });
  return { ...server, ...rendered };
}

const NO_LINK = 'Your email has no (LINK): the owner will not get the report link.';
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
    await findNotice('Email template saved');
  });

  it('goes on to /home even when the server refuses the save, saying it was not saved', async () => {
    const { user } = openTemplate({ saveTemplate: () => fail(400, 'Email template must be 1000 characters long or shorter.') });
    await user.type(await templateBox(), '!');
    await user.click(saveButton());
    expect(await screen.findByRole('heading', { name: 'landed on home' })).toBeInTheDocument();
    await findNotice('Email template not saved: Email template must be 1000 characters long or shorter.');
  });

  it("starts from the server's default text for a user who has written none, with (LINK) in it", async () => {
    const offered = 'Dear homeowner,\n\nYou can open it here: (LINK)\n\nKind regards,\nAnn Smith';
    openTemplate({ template: offered });
    expect(await templateBox()).toHaveValue(offered);
    expect(screen.queryByText(NO_LINK)).not.toBeInTheDocument();
  });

  it('warns beside the field while the text has no (LINK), and stops once it has', async () => {
    const { user } = openTemplate();
    const box = await templateBox();
    await user.clear(box);
    await user.type(box, 'Dear customer, your report is ready.');
    expect(screen.getByText(NO_LINK)).toBeInTheDocument();
    expect(box).toHaveAccessibleDescription(new RegExp(NO_LINK.replace(/[()]/g, '\\$&')));
    await user.type(box, ' (LINK)');
    expect(screen.queryByText(NO_LINK)).not.toBeInTheDocument();
    expect(box).not.toHaveAccessibleDescription(/has no \(LINK\)/);
  });

  it('goes to /home on Cancel, saving nothing', async () => {
    const { user, sent } = openTemplate();
    await user.type(await templateBox(), ' more');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'landed on home' })).toBeInTheDocument();
    expect(sent.templates).toEqual([]);
    expect(screen.queryByText('Email template saved')).not.toBeInTheDocument();
  });
});
