import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '../../../shared/constants';
import type { ResponseOf } from '../../../shared/api/define';
import type { login } from '../../../shared/api/access';
import { errorMessage } from '../../app/errors';
import { useLoginMutation } from './api';
import { FormField } from '../../components/form-field';

/** The error the server gives once an account is locked after repeated failures (HTTP 429). */
const LOCKED_OUT = 'TOO_MANY_FAILED';

interface Props {
  initialUsername: string;
  postSignup: boolean;
  onLoggedIn: (session: ResponseOf<typeof login>) => void;
}

function LoginError({ error }: { error: unknown }) {
  const message = errorMessage(error);
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

/** Username (the email) and password; login has no client-side rules, the server answers for both. */
export function LoginCard({ initialUsername, postSignup, onLoggedIn }: Props) {
  const [username, setUsername] = useState(initialUsername);
  const [password, setPassword] = useState('');
  const [login, { isLoading, error }] = useLoginMutation();

  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      onLoggedIn(await login({ username, password }).unwrap());
    } catch {
      // The failure is shown from the mutation's state.
    }
  }

  return (
    <section className="auth-card login-card" aria-labelledby="login-heading">
      <h1 id="login-heading">Assessor login</h1>
      {postSignup && (
        <p className="auth-notice" role="status">
          Thank you for registering with {PRODUCT_NAME}! Please login below to begin
        </p>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <FormField className="auth-field" label="Email">
          {(control) => (
            <input
              {...control}
              name="username"
              type="text"
              inputMode="email"
              autoComplete="username"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
            />
          )}
        </FormField>
        <FormField className="auth-field" label="Password">
          {(control) => (
            <input
              {...control}
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </FormField>
        <div className="auth-actions">
          <button type="submit" className="auth-button" disabled={isLoading}>
            {isLoading ? 'Wait...' : 'Login'}
          </button>
          {error && !isLoading && <LoginError error={error} />}
        </div>
      </form>
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
