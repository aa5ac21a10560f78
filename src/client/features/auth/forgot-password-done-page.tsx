import { BackToLogin } from './back-to-login';
import { PublicLayout } from './public-layout';

/** The same answer for every address, registered or not. */
export default function ForgotPasswordDonePage() {
  return (
    <PublicLayout>
      <section className="auth-card" aria-labelledby="forgot-done-heading">
        <h1 id="forgot-done-heading">Check your email</h1>
        <p>If we have a user registered at that email address, we have sent a link to reset the password. Check your spam folder too.</p>
        <BackToLogin />
      </section>
    </PublicLayout>
  );
}
