import type { ReactNode } from 'react';
import type { AssessorCard } from '../../shared/api/sharing';
import { ShowBrand } from './brand-context';
import { Link } from './location';

interface Props {
  assessor: AssessorCard | undefined;
  /** The page one step back and how the link names it ("Back to your free report"). */
  backTo: string;
  backText: string;
  title: string;
  /** The report's short title, so the owner knows which home this is about. */
  subtitle: string;
  children: ReactNode;
}

/** A page on the owner's way to contractors' quotes: the way back, what it is about, then its content. */
export function ContractorsCard({ assessor, backTo, backText, title, subtitle, children }: Props) {
  return (
    <>
      <ShowBrand assessor={assessor} />
      <section className="shared-card">
        <p className="shared-back">
          <Link to={backTo}>← {backText}</Link>
        </p>
        <h1>{title}</h1>
        <p className="shared-subtitle">{subtitle}</p>
        {children}
      </section>
    </>
  );
}
