import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { z } from 'zod';
import { API_ORIGIN } from '../../../../src/client/lib/api';
import { renderWithProviders } from '../../helpers/render';
import { answer, fail, server } from '../../helpers/msw';
import { recoverPassword, resetPassword, resetPasswordPrecheck } from '../../../../src/shared/api/access';
import ForgotPasswordPage from '../../../../src/client/features/auth/forgot-password-page';
import ForgotPasswordDonePage from '../../../../src/client/features/auth/forgot-password-done-page';
import ResetPasswordPage from '../../../../src/client/features/auth/reset-password-page';
import ResetPasswordDonePage from '../../../../src/client/features/auth/reset-password-done-page';
import LoginPage from '../../../../src/client/features/auth/login-page';

describe('forgotten password', () => {
  const open = () =>
    renderWithProviders(<ForgotPasswordPage />, {
      route: '/forgotpassword',
      otherRoutes: { '/forgotpassworddone': <ForgotPasswordDonePage /> },
    });

  it('keeps Recover disabled until the email has 6 characters', async () => {
    const { user } = open();
    const recover = screen.getByRole('button', { name: 'Recover' });
    await user.type(screen.getByLabelText('Email'), 'a@b.c');
    expect(recover).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), 'o');
    expect(recover).toBeEnabled();
  });

  it.each([
    ['the address is known', () => ({ success: true }) as const],
    ['the call fails', () => fail(500, 'Mail server down')],
  ])('shows the same confirmation when %s', async (_case, reply) => {
    const sent: string[] = [];
    server.use(
      answer(recoverPassword, ({ body }) => {
        sent.push(body.email);
        return reply();
      }),
    );
    const { user } = open();
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Recover' }));
    expect(
      await screen.findByText(
        'If we have a user registered at that email address, we have sent a link to reset the password. Check your spam folder too.',
      ),
    ).toBeInTheDocument();
    expect(sent).toEqual(['ann@example.com']);
    expect(screen.queryByText('Mail server down')).not.toBeInTheDocument();
  });
});

describe('reset password link', () => {
  const open = () =>
    renderWithProviders(<ResetPasswordPage />, {
      route: '/resetpassword/ann%40example.com/r3set',
      path: '/resetpassword/:username/:code',
      otherRoutes: { '/': <LoginPage />, '/resetpassworddone': <ResetPasswordDonePage /> },
    });

  type Reply = { success: true } | ReturnType<typeof fail>;
  const reply = (r: Reply) => ('status' in r ? HttpResponse.json(r.body, { status: r.status }) : HttpResponse.json(r));

  /**
   * The precheck and the change share one path and differ by the precheck flag, so one handler
   * answers both, each body checked against its own call of the contract.
   */
  function resetLink(answers: { precheck: () => Reply; change?: (body: z.output<typeof resetPassword.request>) => Reply }) {
    const prechecks: unknown[] = [];
    server.use(
      http.post(`${API_ORIGIN}${resetPassword.path}`, async ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        const raw = await request.json();
        if (query.precheck === 'yes') {
          prechecks.push(resetPasswordPrecheck.request.parse(raw));
          return reply(answers.precheck());
        }
        if (!answers.change) throw new Error('the password was changed before the test expected it');
        return reply(answers.change(resetPassword.request.parse(raw)));
      }),
    );
    return prechecks;
  }
  const linkIsValid = (change?: Parameters<typeof resetLink>[0]['change']) => resetLink({ precheck: () => ({ success: true }), change });

  it('checks the link first and returns to login, which says the link is spent and offers a new one', async () => {
    window.scrollTo = jest.fn();
    resetLink({ precheck: () => fail(400, 'This link has expired') });
    open();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('heading', { name: 'Assessor login' })).toBeInTheDocument();
    const notice = screen.getByText(/This password reset link has expired or has already been used\./);
    expect(notice).toHaveTextContent('This password reset link has expired or has already been used. Ask for a new one.');
    expect(within(notice).getByRole('link', { name: 'Ask for a new one' })).toHaveAttribute('href', '/forgotpassword');
  });

  it('enables Change password only when both passwords are filled in and equal', async () => {
    const prechecks = linkIsValid();
    const { user } = open();
    const newPassword = await screen.findByLabelText('New password');
    expect(prechecks).toEqual([{ username: 'ann@example.com', code: 'r3set' }]);
    expect(newPassword).toHaveAccessibleDescription('8 or more characters including one number or symbol');
    const change = screen.getByRole('button', { name: 'Change password' });
    expect(change).toBeDisabled();
    await user.type(newPassword, 'better-pass1');
    expect(change).toBeDisabled();
    await user.type(screen.getByLabelText('Confirm new password'), 'better-pass2');
    expect(change).toBeDisabled();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'better-pass1');
    expect(change).toBeEnabled();
  });

  async function choosePassword(user: ReturnType<typeof open>['user']) {
    await user.type(await screen.findByLabelText('New password'), 'better-pass1');
    await user.type(screen.getByLabelText('Confirm new password'), 'better-pass1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
  }

  it('changes the password and says so', async () => {
    const sent: unknown[] = [];
    linkIsValid((body) => {
      sent.push(body);
      return { success: true };
    });
    const { user } = open();
    await choosePassword(user);
    expect(await screen.findByText(/Your password has been changed/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/');
    expect(sent).toEqual([{ username: 'ann@example.com', code: 'r3set', password: 'better-pass1' }]);
  });

  it("shows the server's reason when the password is refused", async () => {
    linkIsValid(() => fail(400, 'Password must include at least one number or symbol'));
    const { user } = open();
    await choosePassword(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Password must include at least one number or symbol');
    expect(screen.getByRole('button', { name: 'Change password' })).toBeEnabled();
  });
});
