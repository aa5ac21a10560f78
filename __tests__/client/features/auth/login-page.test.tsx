import { screen, within } from '@testing-library/react';
import { renderWithProviders, Landing } from '../../helpers/render';
import { answer, fail, server } from '../../helpers/msw';
import { contactForm, login } from '../../../../src/shared/api/access';
import { CONTACT_SUBJECT } from '../../../../src/shared/constants';
import { loggedIn, sessionSlice } from '../../../../src/client/features/session/session-slice';
import LoginPage from '../../../../src/client/features/auth/login-page';

const routes = {
  '/start': <Landing name="start" />,
  '/home': <Landing name="home" />,
  '/forgotpassword': <Landing name="forgot password" />,
};

function openLogin(state?: unknown, preloadedState?: NonNullable<Parameters<typeof renderWithProviders>[1]>['preloadedState']) {
  return renderWithProviders(<LoginPage />, { route: { pathname: '/', state }, otherRoutes: routes, preloadedState });
}

async function fillAndLogin(user: ReturnType<typeof openLogin>['user']) {
  await user.type(screen.getByLabelText('Email'), 'ann@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret-1');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

const scrollTo = jest.fn();
beforeEach(() => {
  scrollTo.mockClear();
  window.scrollTo = scrollTo;
});

describe('login page', () => {
  it('scrolls to the top and shows the login card, both marketing panels and the public chrome', () => {
    openLogin();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(screen.getByRole('heading', { name: 'Assessor login' })).toBeInTheDocument();
    expect(screen.getByText(/no sign-up fees, no contracts and no payment/)).toBeInTheDocument();
    expect(screen.getByText(/exclusively available to registered accredited energy assessors/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'For local authorities and financial institutions' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgotpassword');
    expect(screen.getByRole('link', { name: 'Register for an account' })).toHaveAttribute('href', '/signup');
    // No marketing site is configured here: the top bar is the product's name alone.
    expect(screen.getByRole('link', { name: 'EPCplus home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('img', { name: 'EPCplus logo' })).toBeInTheDocument();
  });

  it("shows 'Wait...' on a disabled button while logging in, then stores the session and goes to /start", async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const sent: unknown[] = [];
    server.use(
      answer(login, async ({ body }) => {
        sent.push(body);
        await held;
        return { success: true, role: 'surveyor', name: 'Ann Smith' } as const;
      }),
    );
    const { user, store } = openLogin();
    await fillAndLogin(user);
    expect(await screen.findByRole('button', { name: 'Wait...' })).toBeDisabled();
    release();
    expect(await screen.findByText('landed on start')).toBeInTheDocument();
    expect(sent).toEqual([{ username: 'ann@example.com', password: 'secret-1' }]);
    expect(store.getState().session).toMatchObject({ loggedIn: true, role: 'surveyor', name: 'Ann Smith' });
  });

  it('shows the lockout notice with a link to reset the password after too many failures', async () => {
    server.use(answer(login, () => fail(429, 'TOO_MANY_FAILED')));
    const { user } = openLogin();
    await fillAndLogin(user);
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(
      'Please wait 30 minutes before trying to login again. If you have forgotten your password, reset it here.',
    );
    expect(within(notice).getByRole('link', { name: 'here' })).toHaveAttribute('href', '/forgotpassword');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('shows any other error as the server returned it', async () => {
    server.use(answer(login, () => fail(401, 'Incorrect email or password')));
    const { user, store } = openLogin();
    await fillAndLogin(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password');
    expect(store.getState().session.loggedIn).toBe(false);
  });

  it('thanks a newly registered user and pre-fills their username', () => {
    openLogin({ postSignup: true, username: 'ann@example.com' });
    expect(screen.getByText('Thank you for registering with EPCplus! Please login below to begin')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ann@example.com');
  });

  it('does not thank visitors who did not just register', () => {
    openLogin();
    expect(screen.queryByText(/Thank you for registering/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it('sends a visitor who is already logged in to /home', () => {
    // Built by the slice itself so the test follows the session's shape as it grows.
    openLogin(undefined, { session: sessionSlice.reducer(undefined, loggedIn({ role: 'ra', name: 'Bo' })) });
    expect(screen.getByText('landed on home')).toBeInTheDocument();
  });
});

describe('contact form for local authorities and financial institutions', () => {
  const thanks = 'Thank you for contacting EPCplus, we will be in touch in the next 48 hours.';

  async function sendEnquiry(user: ReturnType<typeof openLogin>['user']) {
    await user.type(screen.getByLabelText('Your email address or phone number'), 'council@example.gov.uk');
    await user.type(screen.getByLabelText('Message'), 'We would like to map our housing stock.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
  }

  it('sends the fixed subject with the enquiry and thanks the sender', async () => {
    const sent: unknown[] = [];
    server.use(
      answer(contactForm, ({ body }) => {
        sent.push(body);
        return { success: true } as const;
      }),
    );
    const { user } = openLogin();
    await sendEnquiry(user);
    expect(await screen.findByText(thanks)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Contact us' })).not.toBeInTheDocument();
    expect(sent).toEqual([
      { subject: CONTACT_SUBJECT, contactMethod: 'council@example.gov.uk', message: 'We would like to map our housing stock.' },
    ]);
  });

  it('thanks the sender even when the server refuses the enquiry', async () => {
    server.use(answer(contactForm, () => fail(500, 'Mail server down')));
    const { user } = openLogin();
    await sendEnquiry(user);
    expect(await screen.findByText(thanks)).toBeInTheDocument();
    expect(screen.queryByText('Mail server down')).not.toBeInTheDocument();
  });
});
