import { fireEvent, screen } from '@testing-library/react';
import AccountPage from '../../../../src/client/features/account/account-page';
import { getAccount, saveAccount } from '../../../../src/shared/api/account';
import type { RequestOf } from '../../../../src/shared/api/define';
import { answer, fail, server } from '../../helpers/msw';
import { Landing, renderWithProviders } from '../../helpers/render';
import { findNotice, LandingWithNotice } from '../../helpers/notice';
import { signedIn } from '../../helpers/session';

const settings = { email: 'ann@example.com', name: 'Ann Smith', phone: '01234 567890', coverage: 'Leeds, Bradford' };

function openAccount(save?: Parameters<typeof answer<typeof saveAccount>>[1]) {
  const sent: RequestOf<typeof saveAccount>[] = [];
  server.use(
    answer(getAccount, () => ({ success: true as const, settings })),
    answer(saveAccount, async (input) => {
      sent.push(input.body);
      return save ? save(input) : { success: true as const };
    }),
  );
  const rendered = renderWithProviders(<AccountPage />, {
    route: '/account',
    preloadedState: signedIn(),
    otherRoutes: { '/home': <LandingWithNotice name="home" />, '/': <Landing name="login" /> },
  });
  return { ...rendered, sent };
}

const saveButton = () => screen.getByRole('button', { name: 'Save' });

describe('My Account', () => {
  it('shows the account with the email not editable', async () => {
    openAccount();
    expect(screen.getByRole('heading', { name: 'My Account' })).toBeInTheDocument();
    expect(screen.getByText('Set your personal data and how you access your account')).toBeInTheDocument();
    const email = await screen.findByLabelText('Email');
    expect(email).toHaveValue('ann@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveAccessibleDescription(/contact support to change/);
    expect(screen.getByLabelText('Full name')).toHaveValue('Ann Smith');
    expect(screen.getByLabelText('Phone')).toHaveValue('01234 567890');
    expect(screen.getByLabelText('EPC areas covered')).toHaveValue('Leeds, Bradford');
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription('8 or more characters including one number or symbol');
  });

  it('counts the characters of the areas covered as they are typed, without blocking past the limit', async () => {
    const { user } = openAccount();
    const coverage = await screen.findByLabelText('EPC areas covered');
    expect(screen.getByText('15 / max 1000 characters')).toBeInTheDocument();
    await user.type(coverage, ', York');
    expect(screen.getByText('21 / max 1000 characters')).toBeInTheDocument();
    fireEvent.change(coverage, { target: { value: 'x'.repeat(1001) } });
    expect(coverage).toHaveValue('x'.repeat(1001));
    expect(screen.getByText('1001 / max 1000 characters')).toBeInTheDocument();
    expect(saveButton()).toBeEnabled();
  });

  it("marks a confirmation that differs 'Dose not match' and disables Save until it matches", async () => {
    const { user } = openAccount();
    await user.type(await screen.findByLabelText('New password'), 'better-pass1');
    await user.type(screen.getByLabelText('Confirm new password'), 'better-pass2');
    expect(screen.getByText('Dose not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm new password')).toHaveAttribute('aria-invalid', 'true');
    expect(saveButton()).toBeDisabled();

    await user.type(screen.getByLabelText('Confirm new password'), '{Backspace}1');
    expect(screen.queryByText('Dose not match')).not.toBeInTheDocument();
    expect(saveButton()).toBeEnabled();
  });

  it("saves, showing 'Working...' meanwhile, then goes to /home", async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const { user, sent } = openAccount(async () => {
      await held;
      return { success: true as const };
    });
    await user.clear(await screen.findByLabelText('Full name'));
    await user.type(screen.getByLabelText('Full name'), 'Ann Jones');
    await user.type(screen.getByLabelText('Current password'), 'old-pass1');
    await user.type(screen.getByLabelText('New password'), 'better-pass1');
    await user.type(screen.getByLabelText('Confirm new password'), 'better-pass1');
    await user.click(saveButton());

    expect(await screen.findByRole('button', { name: 'Working...' })).toBeDisabled();
    release();
    expect(await screen.findByRole('heading', { name: 'landed on home' })).toBeInTheDocument();
    expect(sent).toEqual([
      { name: 'Ann Jones', phone: '01234 567890', coverage: 'Leeds, Bradford', currentPassword: 'old-pass1', newPassword: 'better-pass1' },
    ]);
    await findNotice('Your details were saved');
  });

  it('shows the server’s field errors beside their fields and asks to correct them', async () => {
    const { user } = openAccount(() =>
      fail(400, 'Please correct the fields', [
        { key: 'currentPassword', error: 'Your current password is not right' },
        { key: 'newPassword', error: 'Use at least one number or symbol' },
        { key: 'phone', error: 'That is not a phone number' },
      ]),
    );
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please correct errors and try again.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription('Your current password is not right');
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(/Use at least one number or symbol/);
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription('That is not a phone number');
    expect(screen.getByLabelText('Full name')).toBeValid();
  });

  it('shows a general error as the server wrote it', async () => {
    const { user } = openAccount(() => fail(500, 'Saving is paused for maintenance'));
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saving is paused for maintenance')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'landed on home' })).not.toBeInTheDocument();
  });

  it('goes to /home on Cancel, saving nothing', async () => {
    const { user, sent } = openAccount();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'landed on home' })).toBeInTheDocument();
    expect(sent).toEqual([]);
    expect(screen.queryByText('Your details were saved')).not.toBeInTheDocument();
  });

  it('goes to / when the account cannot be loaded', async () => {
    server.use(answer(getAccount, () => fail(401, 'Please log in.')));
    renderWithProviders(<AccountPage />, { route: '/account', preloadedState: signedIn(), otherRoutes: { '/': <Landing name="login" /> } });
    expect(await screen.findByRole('heading', { name: 'landed on login' })).toBeInTheDocument();
  });
});
