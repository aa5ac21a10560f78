import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { EMAIL_TEMPLATE_MAX, LINK_PLACEHOLDER } from '../../../shared/constants';
import { useSaveEmailTemplateMutation } from './api';
import { CheckSettingsDialog } from './check-settings-dialog';
import { NO_LINK_WARNING, TEMPLATE_TOO_LONG } from './messages';
import { useNotify } from '../../components/notice';
import { errorMessage } from '../../lib/errors';
import './settings-form.css';
import { SaveCancelRow } from '../../components/save-cancel-row';

/** The text assessors send their customers with a report's link; (LINK) marks where the link goes. */
export function EmailTemplateForm({ template }: { template: string }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const id = useId();
  const [text, setText] = useState(template);
  const [tooLong, setTooLong] = useState(false);
  const [save, { isLoading }] = useSaveEmailTemplateMutation();
  const over = text.length > EMAIL_TEMPLATE_MAX;
  // A blank template is not warned about: the server answers the default text for it.
  const noLink = text.trim() !== '' && !text.includes(LINK_PLACEHOLDER);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    if (over) return setTooLong(true);
    const result = await save({ email_template: text });
    // Save errors are not handled: the app goes on to /home whatever the answer; the notice says which it was.
    notify(result.error ? `Email template not saved: ${errorMessage(result.error)}` : 'Email template saved', {
      path: '/home',
      failed: Boolean(result.error),
    });
    void navigate('/home');
  };

  return (
    <form className="template-form" onSubmit={(event) => void submit(event)} noValidate>
      <label className="branding-label" htmlFor={id}>
        Email to your customers
      </label>
      <p id={`${id}-hint`} className="branding-hint">
        Write <strong>(LINK)</strong> where the report&apos;s link should go; it is filled in when you share a report.
      </p>
      {/* The limit is told, not enforced while typing, so a pasted text can be trimmed in place. */}
      <textarea
        id={id}
        rows={11}
        value={text}
        aria-describedby={noLink ? `${id}-hint ${id}-nolink ${id}-count` : `${id}-hint ${id}-count`}
        aria-invalid={over}
        onChange={(event) => setText(event.target.value)}
      />
      {noLink ? (
        <p id={`${id}-nolink`} className="template-warning">
          <span aria-hidden="true">⚠</span> {NO_LINK_WARNING}
        </p>
      ) : null}
      <p id={`${id}-count`} className={over ? 'template-count over' : 'template-count'}>
        {text.length} / {EMAIL_TEMPLATE_MAX} characters
      </p>
      <SaveCancelRow saving={isLoading} onCancel={() => void navigate('/home')} />
      {tooLong ? <CheckSettingsDialog check={TEMPLATE_TOO_LONG} onClose={() => setTooLong(false)} /> : null}
    </form>
  );
}
