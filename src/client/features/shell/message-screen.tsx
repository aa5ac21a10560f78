import type { ResponseOf } from '../../../shared/api/define';
import type { checkMessages } from '../../../shared/api/messages';
import { errorMessage } from '../../lib/errors';
import { useAnswerMessageMutation } from './api';
import './message-screen.css';

type Outstanding = ResponseOf<typeof checkMessages>;

/*
 * message_html is written by the operators (cli) and cleaned with sanitize-html on the server
 * before it is stored, so it is shown as HTML here.
 */
function Html({ html }: { html: string }) {
  return <div className="message-body" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** New terms or an announcement the user must answer before the app shows anything else. */
export function MessageScreen({ outstanding }: { outstanding: Outstanding }) {
  const [answer, { isLoading, error }] = useAnswerMessageMutation();
  const failure = error ? (
    <p className="message-error" role="alert">
      {errorMessage(error)}
    </p>
  ) : null;

  if (outstanding.type === 'TERMS') {
    const acceptedTo = outstanding.updated_at ?? Math.max(0, ...outstanding.terms.map((t) => t.updated_at));
    return (
      <section className="message-screen" aria-labelledby="message-screen-title">
        <h1 id="message-screen-title">Please read and accept our updated terms</h1>
        {outstanding.terms.map((terms) => (
          <article key={`${terms.title}-${terms.updated_at}`} className="message-card">
            <h2>{terms.title}</h2>
            <Html html={terms.message_html} />
          </article>
        ))}
        {failure}
        <button
          type="button"
          className="primary"
          disabled={isLoading}
          onClick={() => void answer({ type: 'TERMS', acceptTerms: true, acceptedTo })}
        >
          Accept
        </button>
      </section>
    );
  }

  const message = outstanding.message;
  if (!message) return null;
  return (
    <section className="message-screen" aria-labelledby="message-screen-title">
      <article className="message-card">
        <h1 id="message-screen-title">{message.title}</h1>
        <Html html={message.message_html} />
      </article>
      {failure}
      <div className="message-options">
        {message.options.map((option) => (
          <button
            key={option.value}
            type="button"
            className="primary"
            disabled={isLoading}
            onClick={() => void answer({ type: 'MESSAGE', id: message.id, response: option.value })}
          >
            {option.label}
          </button>
        ))}
      </div>
    </section>
  );
}
