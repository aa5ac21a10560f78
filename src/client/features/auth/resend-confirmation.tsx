import { errorMessage } from '../../lib/errors';
import { useResendConfirmationMutation } from './api';

interface Props {
  /** The address typed in the login form; the email goes to it. */
  email: string;
  /** Called instead of sending when no address is typed, so the form can ask for one. */
  onMissingEmail: () => void;
}

/**
 * 'Send the confirmation email again' for an account still waiting for confirmation. The server
 * answers every address alike, so the words after sending promise nothing about the account.
 */
export function ResendConfirmation({ email, onMissingEmail }: Props) {
  const [resend, { isLoading, isSuccess, error, originalArgs }] = useResendConfirmationMutation();

  function send() {
    const address = email.trim();
    if (!address) {
      onMissingEmail();
      return;
    }
    void resend({ email: address });
  }

  return (
    <div className="resend-confirmation">
      <button type="button" className="auth-button secondary" onClick={send} disabled={isLoading}>
        {isLoading ? 'Sending...' : 'Send the confirmation email again'}
      </button>
      <div role="status">
        {isSuccess && !isLoading && originalArgs && (
          <p className="auth-notice">
            If {originalArgs.email} belongs to an account waiting for confirmation, we have sent it a new confirmation email. Check your
            spam folder too. Links in earlier emails no longer work.
          </p>
        )}
      </div>
      {error && !isLoading && (
        <p className="auth-error" role="alert">
          {errorMessage(error)}
        </p>
      )}
    </div>
  );
}
