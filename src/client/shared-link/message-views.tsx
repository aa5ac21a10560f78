import { Spinner } from '../components/spinner';
import { marketingUrl } from '../app/marketing';

export function LoadingView() {
  return (
    <section className="shared-card shared-center">
      <Spinner label="Loading" />
    </section>
  );
}

/** A wrong slug, a deleted report and a missing id all look alike here, as on the server. */
export function InvalidLink() {
  return (
    <section className="shared-card shared-center">
      <h1>Ooops!</h1>
      <p>We&apos;re sorry but it looks like this link is invalid or has expired...</p>
      <p>
        You can still find out how to improve your home: <a href={marketingUrl('questionnaire')}>answer our short questionnaire</a>.
      </p>
    </section>
  );
}

export function NotFound() {
  return (
    <section className="shared-card shared-center">
      <h1>Report not found</h1>
      <p>This link is invalid or the report is no longer available. Please ask your assessor for a new link.</p>
    </section>
  );
}
