import { Link } from 'react-router-dom';

export function BackToLogin() {
  return (
    <div className="auth-links">
      <p>
        <Link to="/">Back to login</Link>
      </p>
    </div>
  );
}
