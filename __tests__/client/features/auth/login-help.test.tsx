import { screen } from '@testing-library/react';
import { renderWithProviders, Landing } from '../../helpers/render';
import { answer, fail, server } from '../../helpers/msw';
import { ACCESS_ERRORS, login, resendConfirmation } from '../../../../src/shared/api/access';
import LoginPage from '../../../../src/client/features/auth/login-page';
import { LINK_NOTICE } from '../../../../src/shared/states';

const openLogin = (state?: unknown) =>
  renderWithProviders(<LoginPage />, { route: { pathname: '/', state }, otherRoutes: { '/start': <Landing name="start" /> } });

beforeEach(() => {
  window.scrollTo = jest.fn();
});

/** Every login the page sends, so a test can see that none was sent. */
function recordLogins() {
  const sent: unknown[] = [];
  server.use(
    answer(login, ({ body }) => {
      sent.push(body);
      return fail(403, ACCESS_ERRORS.emailNotConfirmed);
    }),
  );
  return sent;
}

describe('login with empty fields', () => {
  it('says what is missing beside each empty field, without asking the server', async () => {
    const sent = recordLogins();
    const { user } = openLogin();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter your email address');
    expect(screen.getByLabelText('Email')).toBeInvalid();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it('asks only for the password when the email is given, and a space-only email counts as empty', async () => {
    const sent = recordLogins();
    const { user } = openLogin();
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.queryByText('Enter your email address')).not.toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveFocus();

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), '   ');
    await user.type(screen.getByLabelText('Password'), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Enter your email address')).toBeInTheDocument();
    expect(screen.queryByText('Enter your password')).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('clears the message once the field is typed in and then logs in', async () => {
    const sent = recordLogins();
    const { user } = openLogin();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    expect(screen.queryByText('Enter your email address')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('alert');
    expect(sent).toEqual([{ username: 'ann@example.com', password: 'secret-1' }]);
  });
});

describe('an unconfirmed account at login', () => {
  async function failAsUnconfirmed() {
    recordLogins();
    const view = openLogin();
    await view.user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await view.user.type(screen.getByLabelText('Password'), 'secret-1');
    await view.user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCESS_ERRORS.emailNotConfirmed);
    return view;
  }

  it('offers to send the confirmation email again, to the address typed, and says it was sent', async () => {
    const asked: unknown[] = [];
    server.use(
      answer(resendConfirmation, ({ body }) => {
        asked.push(body);
        return { success: true } as const;
      }),
    );
    const { user } = await failAsUnconfirmed();
    await user.click(screen.getByRole('button', { name: 'Send the confirmation email again' }));
    expect(
      await screen.findByText(
        /If ann@example.com belongs to an account waiting for confirmation, we have sent it a new confirmation email/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/Links in earlier emails no longer work/)).toBeInTheDocument();
    expect(asked).toEqual([{ email: 'ann@example.com' }]);
  });

  it("shows the server's refusal when asked too often", async () => {
    server.use(answer(resendConfirmation, () => fail(429, 'Too many requests from your address. Please try again in 60 seconds.')));
    const { user } = await failAsUnconfirmed();
    await user.click(screen.getByRole('button', { name: 'Send the confirmation email again' }));
    expect(await screen.findByText('Too many requests from your address. Please try again in 60 seconds.')).toBeInTheDocument();
  });

  it('does not offer it for a wrong password', async () => {
    server.use(answer(login, () => fail(401, 'Incorrect email address or password.')));
    const { user } = openLogin();
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email address or password.');
    expect(screen.queryByRole('button', { name: 'Send the confirmation email again' })).not.toBeInTheDocument();
  });
});

describe('arriving from a confirmation link that did not work', () => {
  it('asks for the email address before sending a new confirmation email', async () => {
    const asked: unknown[] = [];
    server.use(
      answer(resendConfirmation, ({ body }) => {
        asked.push(body);
        return { success: true } as const;
      }),
    );
    const { user } = openLogin({ username: null, postSignup: true, notice: LINK_NOTICE.confirmInvalid });
    await user.click(screen.getByRole('button', { name: 'Send the confirmation email again' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter your email address');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(asked).toEqual([]);
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the confirmation email again' }));
    expect(await screen.findByText(/we have sent it a new confirmation email/)).toBeInTheDocument();
    expect(asked).toEqual([{ email: 'ann@example.com' }]);
  });
});
