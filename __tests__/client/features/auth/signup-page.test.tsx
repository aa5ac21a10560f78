import { screen } from '@testing-library/react';
import type { z } from 'zod';
import { renderWithProviders } from '../../helpers/render';
import { answer, fail, server } from '../../helpers/msw';
import { publishedPolicies } from '../../../../src/shared/api/messages';
import { signup } from '../../../../src/shared/api/access';
import SignupPage from '../../../../src/client/features/auth/signup-page';
import ConfirmPage from '../../../../src/client/features/auth/confirm-page';

type SignupBody = z.output<typeof signup.request>;

function openSignup() {
  return renderWithProviders(<SignupPage />, { route: '/signup', otherRoutes: { '/confirm': <ConfirmPage /> } });
}
type User = ReturnType<typeof openSignup>['user'];

/** A fresh installation: the operator has published no terms yet. */
const noTermsPublished = () => server.use(answer(publishedPolicies, () => ({ success: true as const, terms: false, privacy: false })));

async function fillForm(user: User, role = 'surveyor', { agree = true } = {}) {
  await user.type(screen.getByLabelText('Invite code'), 'ABCDE-12345');
  await user.type(screen.getByLabelText('Email'), 'ann@example.com');
  await user.type(screen.getByLabelText('Full name'), 'Ann Smith');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), role);
  if (role !== 'estate agent') await user.selectOptions(screen.getByRole('combobox', { name: 'Accreditation scheme' }), 'elmhurst');
  await user.type(screen.getByLabelText('Password'), 'secret-12');
  await user.type(screen.getByLabelText('Confirm password'), 'secret-12');
  if (agree) await user.click(await screen.findByRole('checkbox', { name: 'I agree to the terms and conditions' }));
}

const register = (user: User) => user.click(screen.getByRole('button', { name: 'Register' }));

function recordSignups(reply: (body: SignupBody) => ReturnType<typeof fail> | { success: true; email: string }) {
  const bodies: SignupBody[] = [];
  server.use(
    answer(signup, ({ body }) => {
      bodies.push(body);
      return reply(body);
    }),
  );
  return bodies;
}

describe('sign-up page', () => {
  it('marks the required fields, hints at the password rule and links back to login', async () => {
    openSignup();
    // Shown once the page knows terms are published.
    expect(await screen.findByRole('checkbox', { name: 'I agree to the terms and conditions' })).toBeRequired();
    for (const label of ['Invite code', 'Email', 'Full name', 'Password', 'Confirm password']) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
    expect(screen.getByRole('combobox', { name: 'Role' })).toBeRequired();
    expect(screen.getByLabelText('Phone (optional)')).not.toBeRequired();
    expect(screen.getByLabelText('Invite code')).toHaveAttribute('placeholder', 'xxxxx-xxxxx');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('minlength', '8');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('8 or more characters including one number or symbol');
    expect(screen.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute('href', expect.stringMatching(/terms/));
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/');
  });

  it('offers the three roles and asks for a scheme only from energy and retrofit assessors', async () => {
    const { user } = openSignup();
    const role = screen.getByRole('combobox', { name: 'Role' });
    expect(screen.getByRole('option', { name: 'Energy Assessor' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Retrofit Assessor' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Estate agent' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Accreditation scheme' })).not.toBeInTheDocument();
    await user.selectOptions(role, 'surveyor');
    expect(screen.getByRole('combobox', { name: 'Accreditation scheme' })).toBeInTheDocument();
    await user.selectOptions(role, 'estate agent');
    expect(screen.queryByRole('combobox', { name: 'Accreditation scheme' })).not.toBeInTheDocument();
    await user.selectOptions(role, 'ra');
    expect(screen.getByRole('combobox', { name: 'Accreditation scheme' })).toBeInTheDocument();
  });

  it("sends the invite code normalised, shows 'Working' meanwhile, then tells the user to confirm their email", async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const bodies: SignupBody[] = [];
    server.use(
      answer(signup, async ({ body }) => {
        bodies.push(body);
        await held;
        return { success: true, email: body.email } as const;
      }),
    );
    const { user } = openSignup();
    await fillForm(user);
    await register(user);
    expect(await screen.findByText('Working')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register' })).toBeDisabled();
    release();
    expect(await screen.findByText(/verify that you own/)).toHaveTextContent('ann@example.com');
    expect(screen.getByText(/check your spam folder/)).toBeInTheDocument();
    expect(bodies).toEqual([
      expect.objectContaining({
        inviteCode: 'abcde12345',
        email: 'ann@example.com',
        role: 'surveyor',
        scheme: 'elmhurst',
        termsAgree: true,
      }),
    ]);
  });

  it('sends no scheme for an estate agent', async () => {
    const bodies = recordSignups((b) => ({ success: true, email: b.email }));
    const { user } = openSignup();
    await fillForm(user, 'estate agent');
    await register(user);
    await screen.findByText(/verify that you own/);
    expect(bodies[0]).toMatchObject({ role: 'estate agent', scheme: '' });
  });

  it("shows the server's field errors beside their fields and lets the user try again", async () => {
    recordSignups(() =>
      fail(400, 'Please correct the issues above', [
        { key: 'inviteCode', error: 'That invite code is not valid' },
        { key: 'email', error: 'That email address is already registered' },
      ]),
    );
    const { user } = openSignup();
    await fillForm(user);
    await register(user);
    expect(await screen.findByText('Please correct the issues above')).toBeInTheDocument();
    expect(screen.getByLabelText('Invite code')).toHaveAccessibleDescription('That invite code is not valid');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('That email address is already registered');
    expect(screen.getByLabelText('Email')).toBeInvalid();
    expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
  });

  it('clears the invite code error as soon as the user types in it', async () => {
    recordSignups(() => fail(400, 'Invalid', [{ key: 'inviteCode', error: 'That invite code is not valid' }]));
    const { user } = openSignup();
    await fillForm(user);
    await register(user);
    expect(await screen.findByText('That invite code is not valid')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Invite code'), 'x');
    expect(screen.queryByText('That invite code is not valid')).not.toBeInTheDocument();
  });

  it('shows a general error as the status text', async () => {
    recordSignups(() => fail(409, 'Registration is closed at the moment'));
    const { user } = openSignup();
    await fillForm(user);
    await register(user);
    expect(await screen.findByRole('status')).toHaveTextContent('Registration is closed at the moment');
    expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
  });

  it('asks no one to agree to terms that are not published, and signs up without them', async () => {
    noTermsPublished();
    const bodies = recordSignups((b) => ({ success: true, email: b.email }));
    const { user } = openSignup();
    await fillForm(user, 'surveyor', { agree: false });
    expect(screen.queryByRole('checkbox', { name: /terms/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /terms/ })).not.toBeInTheDocument();
    await register(user);
    expect(await screen.findByText(/verify that you own/)).toHaveTextContent('ann@example.com');
    expect(bodies).toEqual([expect.objectContaining({ termsAgree: false })]);
  });

  it('shows the terms checkbox with its error when the server has terms the page did not know of', async () => {
    noTermsPublished();
    recordSignups(() =>
      fail(400, 'Please correct the issues above', [{ key: 'termsAgree', error: 'You must agree to the terms and conditions' }]),
    );
    const { user } = openSignup();
    await fillForm(user, 'surveyor', { agree: false });
    await register(user);
    const checkbox = await screen.findByRole('checkbox', { name: 'I agree to the terms and conditions' });
    expect(checkbox).toHaveAccessibleDescription('You must agree to the terms and conditions');
    expect(screen.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute('href', '/terms');
  });

  it('catches mismatched passwords before sending anything', async () => {
    const bodies = recordSignups((b) => ({ success: true, email: b.email }));
    const { user } = openSignup();
    await fillForm(user);
    await user.type(screen.getByLabelText('Confirm password'), 'extra');
    await register(user);
    expect(await screen.findByText('Please correct the issues above')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('Passwords do not match');
    expect(bodies).toEqual([]);
  });
});
