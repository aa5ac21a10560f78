import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { PASSWORD_HINT } from '../../../shared/constants';
import { errorMessage } from '../../lib/errors';
import { LINK_NOTICE } from '../../../shared/states';
import { Spinner } from '../../components/spinner';
import type { LoginLocationState } from './login-page';
import { useResetPasswordMutation, useResetPasswordPrecheckMutation } from './api';
import { FormField } from '../../components/form-field';
import { PublicLayout } from './public-layout';

/** The emailed reset link: the link is checked first, so a stale one never shows a form that cannot work. */
export default function ResetPasswordPage() {
  const { username = '', code = '' } = useParams();
  const navigate = useNavigate();
  const [precheck] = useResetPasswordPrecheckMutation();
  const [reset, { isLoading, error }] = useResetPasswordMutation();
  const [linkChecked, setLinkChecked] = useState(false);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  // StrictMode runs mount effects twice; the link needs checking once.
  const checking = useRef(false);

  useEffect(() => {
    if (checking.current) return;
    checking.current = true;
    precheck({ username, code })
      .unwrap()
      .then(
        () => setLinkChecked(true),
        // To login, as the spec says, which then says the link did not work and offers a new one.
        () => navigate('/', { replace: true, state: { notice: LINK_NOTICE.resetInvalid } satisfies LoginLocationState }),
      );
  }, [username, code, precheck, navigate]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      await reset({ username, code, password }).unwrap();
      void navigate('/resetpassworddone');
    } catch {
      // The server's reason is shown from the mutation's state.
    }
  }

  if (!linkChecked) {
    return (
      <PublicLayout>
        <Spinner label="Loading..." />
      </PublicLayout>
    );
  }

  const mismatch = password !== '' && confirm !== '' && password !== confirm;
  const ready = password !== '' && password === confirm;
  return (
    <PublicLayout>
      <section className="auth-card" aria-labelledby="reset-heading">
        <h1 id="reset-heading">Choose a new password</h1>
        <form onSubmit={(event) => void submit(event)} aria-labelledby="reset-heading">
          <FormField className="auth-field" label="New password" hint={PASSWORD_HINT}>
            {(c) => (
              <input
                {...c}
                name="password"
                type="password"
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            )}
          </FormField>
          <FormField className="auth-field" label="Confirm new password" error={mismatch ? 'Passwords do not match' : undefined}>
            {(c) => (
              <input
                {...c}
                name="passwordConfirm"
                type="password"
                autoComplete="new-password"
                value={confirm}
                onChange={(e) => setConfirm(e.target.value)}
              />
            )}
          </FormField>
          <div className="auth-actions">
            <button type="submit" className="auth-button" disabled={!ready || isLoading}>
              Change password
            </button>
            {error && !isLoading && (
              <p className="auth-error" role="alert">
                {errorMessage(error)}
              </p>
            )}
          </div>
        </form>
      </section>
    </PublicLayout>
  );
}
