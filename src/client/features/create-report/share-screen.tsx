import { useId, useState } from 'react';
import { LINK_PLACEHOLDER } from '../../../shared/constants';
import { Link } from 'react-router-dom';
import { CopyButton } from '../../components/copy-button';
import { Spinner } from '../../components/spinner';
import { useEmailTemplateQuery } from '../settings';
import './share-screen.css';

export interface CreatedReport {
  report_id: number;
  share_url: string;
}

/** The link as the customer will open it, whether the server gave a path or a full address. */
const absolute = (url: string) => new URL(url, window.location.href).href;

/** (LINK) in the user's template stands for the report's share link. */
const fillTemplate = (template: string, link: string) => (template.trim() ? template.replaceAll(LINK_PLACEHOLDER, link) : link);

/** Started from the template; the user may adjust it before copying. */
function EmailDraft({ initial }: { initial: string }) {
  const [text, setText] = useState(initial);
  const id = useId();
  return (
    <div className="share-field">
      <label htmlFor={id}>Email to your customer</label>
      <textarea id={id} rows={8} value={text} onChange={(e) => setText(e.target.value)} />
      <div className="share-field-actions">
        <CopyButton text={text} label="Copy email" />
        <span className="muted">
          Change your template under <Link to="/settings">Branding</Link>.
        </span>
      </div>
    </div>
  );
}

/** After a report is created: its share link and a ready-made email, both to copy. */
export function ShareScreen({ created }: { created: CreatedReport }) {
  const link = absolute(created.share_url);
  const { data: template, isLoading, isError } = useEmailTemplateQuery();
  const id = useId();

  return (
    <section className="wizard-step share-screen panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Your report is being created</h2>
      <p>
        It is in your Report List now and shows <strong>Ready!</strong> there as soon as its PDF is made. Send your customer this link:
      </p>
      <div className="share-field">
        <label htmlFor={`${id}-link`}>Share link</label>
        <div className="share-link-row">
          <input id={`${id}-link`} type="url" readOnly value={link} onFocus={(e) => e.target.select()} />
          <CopyButton text={link} label="Copy link" />
        </div>
      </div>
      {isLoading ? <Spinner label="Loading your email template" /> : null}
      {template !== undefined || isError ? <EmailDraft initial={fillTemplate(template ?? '', link)} /> : null}
      <div className="wizard-actions">
        <Link className="button" to="/reports">
          Go to the Report List
        </Link>
        <Link className="button secondary" to="/uploadXml">
          Create another report
        </Link>
      </div>
    </section>
  );
}
