import { Link } from 'react-router-dom';
import { PublicLayout } from './public-layout';

export default function ResetPasswordDonePage() {
  return (
    <PublicLayout>
      <section className="auth-card" aria-labelledby="reset-done-heading">
        <h1 id="reset-done-heading">Password changed</h1>
        <p>Your password has been changed. You can now login with your new password.</p>
        <div className="auth-links">
          <p>
            <Link to="/">Login</Link>
          </p>
        </div>
      </section>
    </PublicLayout>
  );
}
