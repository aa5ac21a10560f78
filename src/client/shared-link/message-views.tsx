import { Spinner } from '../components/spinner';
import { marketingUrl } from '../lib/marketing';
import type { AssessorCard } from '../../shared/api/sharing';
import { AssessorContact, assessorDisplayName } from './assessor-brand';
import { ShowBrand } from './brand-context';

export function LoadingView() {
  return (
    <section className="shared-card shared-center">
      <Spinner label="Loading" />
    </section>
  );
}

/**
 * A wrong slug, a deleted report and a missing id look alike here, as on the server; when the id
 * was real the server adds whom to ask for a new link. Never the assessors' login: owners have none.
 */
export function InvalidLink({ assessor }: { assessor?: AssessorCard }) {
  const questionnaire = marketingUrl('questionnaire');
  return (
    <>
      <ShowBrand assessor={assessor} />
      <section className="shared-card shared-center">
        <h1>Ooops!</h1>
        <p>We&apos;re sorry but it looks like this link is invalid or has expired...</p>
        {assessor ? (
          <>
            <p>Please ask {assessorDisplayName(assessor)} for a new link to your report:</p>
            <AssessorContact assessor={assessor} />
          </>
        ) : (
          <p>Please ask the assessor who sent it to you for a new link.</p>
        )}
        {questionnaire && (
          <p>
            You can still find out how to improve your home: <a href={questionnaire}>answer our short questionnaire</a>.
          </p>
        )}
      </section>
    </>
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
