import { StrictMode } from 'react';
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { setupStore } from '../../../../src/client/app/store';
import { renderWithProviders } from '../../helpers/render';
import { answer, fail, server } from '../../helpers/msw';
import { ACCESS_ERRORS, userValidate } from '../../../../src/shared/api/access';
import ConfirmPage from '../../../../src/client/features/auth/confirm-page';
import ConfirmCodePage from '../../../../src/client/features/auth/confirm-code-page';
import LoginPage from '../../../../src/client/features/auth/login-page';

beforeEach(() => {
  window.scrollTo = jest.fn();
});

describe('registration thank-you page', () => {
  it('names the email to verify and mentions the spam folder', () => {
    renderWithProviders(<ConfirmPage />, { route: { pathname: '/confirm', state: { email: 'ann@example.com' } } });
    expect(screen.getByText(/verify that you own/)).toHaveTextContent('ann@example.com');
    expect(screen.getByText(/emailed a confirmation link to/)).toHaveTextContent('ann@example.com');
    expect(screen.getByText(/check your spam folder/)).toBeInTheDocument();
  });

  it('still reads sensibly when opened without an email', () => {
    renderWithProviders(<ConfirmPage />, { route: '/confirm' });
    expect(screen.getByText(/verify that you own your email address/)).toBeInTheDocument();
  });
});

describe('email confirmation link', () => {
  /** StrictMode runs mount effects twice only at the root of the tree, so this page is rendered by hand. */
  function openLink() {
    const { store } = setupStore({ persist: false });
    return render(
      <StrictMode>
        <Provider store={store}>
          <MemoryRouter initialEntries={['/confirm/c0de-123']}>
            <Routes>
              <Route path="/confirm/:code" element={<ConfirmCodePage />} />
              <Route path="/" element={<LoginPage />} />
            </Routes>
          </MemoryRouter>
        </Provider>
      </StrictMode>,
    );
  }

  it('validates the code once, even under StrictMode, and opens login with the username filled in', async () => {
    const codes: string[] = [];
    server.use(
      answer(userValidate, ({ body }) => {
        codes.push(body.code);
        return { success: true, display_username: 'ann@example.com' } as const;
      }),
    );
    openLink();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByText('Thank you for registering with EPCplus! Please login below to begin')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ann@example.com');
    expect(codes).toEqual(['c0de-123']);
  });

  it('opens login without a username when the code is refused, saying the link did not work and offering a new email', async () => {
    server.use(answer(userValidate, () => fail(400, ACCESS_ERRORS.confirmLinkInvalid)));
    openLink();
    expect(
      await screen.findByText('This confirmation link has already been used or is not valid. Log in, or ask for a new confirmation email.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Thank you for registering/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Send the confirmation email again' })).toBeInTheDocument();
  });

  it('says the email is already confirmed when the link was used before, and offers no new email', async () => {
    server.use(answer(userValidate, () => fail(409, ACCESS_ERRORS.alreadyConfirmed)));
    openLink();
    expect(await screen.findByText('Your email address is already confirmed. Log in below.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send the confirmation email again' })).not.toBeInTheDocument();
    expect(screen.queryByText(/not valid/)).not.toBeInTheDocument();
  });
});
