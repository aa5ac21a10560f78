import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '../../../shared/constants';
import { LINK_NOTICE, type LinkNotice } from '../../../shared/states';
import type { ResponseOf } from '../../../shared/api/define';
import type { login } from '../../../shared/api/access';
import { ACCESS_ERRORS } from '../../../shared/api/access-errors';
import { errorMessage } from '../../lib/errors';
import { useLoginMutation } from './api';
import { FormField } from '../../components/form-field';
import { LinkNoticeText } from './link-notice';
import { ResendConfirmation } from './resend-confirmation';

/** The error the server gives once an account is locked after repeated failures (HTTP 429). */
const LOCKED_OUT = 'TOO_MANY_FAILED';
const MISSING_EMAIL = 'Enter your email address';
const MISSING_PASSWORD = 'Enter your password';

interface Props {
  initialUsername: string;
  postSignup: boolean;
  /** Set when an emailed link that did not work sent the user here. */
  notice?: LinkNotice;
  onLoggedIn: (session: ResponseOf<typeof login>) => void;
}

function LoginError({ message }: { message: string }) {
  return (
    <p className="auth-error" role="alert">
      {message === LOCKED_OUT ? (
        <>
          Please wait 30 minutes before trying to login again. If you have forgotten your password, reset it{' '}
          <Link to="/forgotpassword">here</Link>.
        </>
      ) : (
        message
      )}
    </p>
  );
}

interface Missing {
  username?: string;
  password?: string;
}

/**
 * Username (the email) and password. The server judges them; only a field left empty is caught
 * here (the issue asks that an empty form says what is missing rather than asking the server).
 */
export function LoginCard({ initialUsername, postSignup, notice, onLoggedIn }: Props) {
  const [username, setUsername] = useState(initialUsername);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<Missing>({});
  const usernameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const [login, { isLoading, error }] = useLoginMutation();
  const serverMessage = error && !isLoading ? errorMessage(error) : null;
  const offerResend = serverMessage === ACCESS_ERRORS.emailNotConfirmed || notice === LINK_NOTICE.confirmInvalid;

  function askForEmail() {
    setMissing((m) => ({ ...m, username: MISSING_EMAIL }));
    usernameInput.current?.focus();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const nowMissing: Missing = {
      username: username.trim() ? undefined : MISSING_EMAIL,
      password: password ? undefined : MISSING_PASSWORD,
    };
    setMissing(nowMissing);
    if (nowMissing.username || nowMissing.password) {
      (nowMissing.username ? usernameInput : passwordInput).current?.focus();
      return;
    }
    try {
      onLoggedIn(await login({ username, password }).unwrap());
    } catch {
      // The failure is shown from the mutation's state.
    }
  }

  return (
    <section className="auth-card login-card" aria-labelledby="login-heading">
      <h1 id="login-heading">Assessor login</h1>
      {notice ? (
        <LinkNoticeText notice={notice} />
      ) : (
        postSignup && (
          <p className="auth-notice" role="status">
            Thank you for registering with {PRODUCT_NAME}! Please login below to begin
          </p>
        )
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <FormField className="auth-field" label="Email" error={missing.username}>
          {(control) => (
            <input
              {...control}
              ref={usernameInput}
              name="username"
              type="text"
              inputMode="email"
              autoComplete="username"
              value={username}
              onChange={(e) => {
                setUsername(e.target.value);
                setMissing((m) => ({ ...m, username: undefined }));
              }}
            />
          )}
        </FormField>
        <FormField className="auth-field" label="Password" error={missing.password}>
          {(control) => (
            <input
              {...control}
              ref={passwordInput}
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                setMissing((m) => ({ ...m, password: undefined }));
              }}
            />
          )}
        </FormField>
        <div className="auth-actions">
          <button type="submit" className="auth-button" disabled={isLoading}>
            {isLoading ? 'Wait...' : 'Login'}
          </button>
          {serverMessage && <LoginError message={serverMessage} />}
        </div>
      </form>
      {offerResend && <ResendConfirmation email={username} onMissingEmail={askForEmail} />}
      <div className="auth-links">
        <p>
          <Link to="/forgotpassword">Forgot password?</Link>
        </p>
        <p>
          Have an invite code? <Link to="/signup">Register for an account</Link>
        </p>
      </div>
    </section>
  );
}
