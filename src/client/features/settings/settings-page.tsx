import { useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Spinner } from '../../components/spinner';
import { useBrandingList, useEmailTemplateQuery } from './api';
import { BrandingList } from './branding-list';
import { EmailTemplateForm } from './email-template-form';
import './settings-page.css';

/** /settings: the user's brandings and the email template. A load the server refuses goes to /. */
export default function SettingsPage() {
  const navigate = useNavigate();
  const id = useId();
  const { brandings, isError: brandingsFailed } = useBrandingList();
  // Fresh on every visit: the editor starts from the template as saved, even from another tab.
  const template = useEmailTemplateQuery(undefined, { refetchOnMountOrArgChange: true });
  // Held once loaded, so a push refetching the template does not wipe what the user is typing;
  // only an answer from this visit counts, not a cached one from before.
  const [openedAt] = useState(Date.now);
  const [initialTemplate, setInitialTemplate] = useState<string>();
  const failed = (brandingsFailed && !brandings) || (template.isError && initialTemplate === undefined);

  const fresh = !template.isFetching && template.isSuccess && (template.fulfilledTimeStamp ?? 0) >= openedAt;
  if (fresh && initialTemplate === undefined) setInitialTemplate(template.data);

  useEffect(() => {
    if (failed) void navigate('/', { replace: true });
  }, [failed, navigate]);

  return (
    <div className="settings-page">
      <h1>Branding</h1>
      <p className="settings-intro">Brand your reports with your company name, colour and logo, and keep the email you send with them.</p>

      <section className="settings-panel" aria-labelledby={`${id}-brandings`}>
        <div className="settings-panel-head">
          <h2 id={`${id}-brandings`}>Your brandings</h2>
          <Link className="button" to="/branding/new">
            Create new branding
          </Link>
        </div>
        {brandings ? <BrandingList brandings={brandings} /> : <Spinner label="Loading your brandings" />}
      </section>

      <section className="settings-panel" aria-labelledby={`${id}-template`}>
        <h2 id={`${id}-template`}>Email template</h2>
        {initialTemplate === undefined ? <Spinner label="Loading your email template" /> : <EmailTemplateForm template={initialTemplate} />}
      </section>
    </div>
  );
}
