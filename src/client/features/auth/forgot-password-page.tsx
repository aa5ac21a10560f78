import { BackToLogin } from './back-to-login';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { RECOVERY_EMAIL_MIN_LENGTH } from '../../../shared/constants';
import { useRecoverPasswordMutation } from './api';
import { FormField } from '../../components/form-field';
import { PublicLayout } from './public-layout';

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [recover, { isLoading }] = useRecoverPasswordMutation();
  const navigate = useNavigate();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (email.trim().length < RECOVERY_EMAIL_MIN_LENGTH) return;
    // The answer is not shown: saying whether an address is registered would tell strangers who has an account.
    await recover({ email });
    void navigate('/forgotpassworddone');
  }

  return (
    <PublicLayout>
      <section className="auth-card" aria-labelledby="forgot-heading">
        <h1 id="forgot-heading">Forgotten your password?</h1>
        <p>Enter the email address you registered with and we will send you a link to reset your password.</p>
        <form onSubmit={(event) => void submit(event)} aria-labelledby="forgot-heading">
          <FormField className="auth-field" label="Email">
            {(c) => (
              <input {...c} name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
            )}
          </FormField>
          <div className="auth-actions">
            <button type="submit" className="auth-button" disabled={isLoading || email.trim().length < RECOVERY_EMAIL_MIN_LENGTH}>
              Recover
            </button>
          </div>
        </form>
        <BackToLogin />
      </section>
    </PublicLayout>
  );
}
