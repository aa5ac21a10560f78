import { BackToLogin } from './back-to-login';
import { useLocation } from 'react-router-dom';
import { PRODUCT_NAME } from '../../../shared/constants';
import { PublicLayout } from './public-layout';

/** Sign-up passes the address it registered, so the page can name it. */
export interface ConfirmLocationState {
  email?: string;
}

export default function ConfirmPage() {
  const { email } = (useLocation().state ?? {}) as ConfirmLocationState;
  const address = email ? <strong>{email}</strong> : 'your email address';
  return (
    <PublicLayout>
      <section className="auth-card" aria-labelledby="confirm-heading">
        <h1 id="confirm-heading">Thank you for registering with {PRODUCT_NAME}</h1>
        <p>Before you can login you need to verify that you own {address}.</p>
        <p>We have emailed a confirmation link to {address}. Please open that email and click the link to activate your account.</p>
        <p>If you cannot find the email, please check your spam folder.</p>
        <BackToLogin />
      </section>
    </PublicLayout>
  );
}
