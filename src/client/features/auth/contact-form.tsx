import { useState, type FormEvent } from 'react';
import { CONTACT_MESSAGE_MAX, CONTACT_REPLY_HOURS, CONTACT_SUBJECT, PRODUCT_NAME } from '../../../shared/constants';
import { useContactFormMutation } from './api';
import { FormField } from '../../components/form-field';

/** The enquiry form for local authorities and lenders; the subject is fixed so the team can route it. */
export function ContactForm() {
  const [contactMethod, setContactMethod] = useState('');
  const [message, setMessage] = useState('');
  const [answered, setAnswered] = useState(false);
  const [send, { isLoading }] = useContactFormMutation();

  async function submit(e: FormEvent) {
    e.preventDefault();
    // Whatever the server answers, the enquirer is thanked: the spec leaves contact errors unhandled.
    await send({ subject: CONTACT_SUBJECT, contactMethod, message });
    setAnswered(true);
  }

  if (answered) {
    return (
      <p className="auth-notice" role="status">
        Thank you for contacting {PRODUCT_NAME}, we will be in touch in the next {CONTACT_REPLY_HOURS} hours.
      </p>
    );
  }

  return (
    <form className="contact-form" onSubmit={(event) => void submit(event)} aria-label="Contact us">
      <FormField className="auth-field" label="Your email address or phone number">
        {(control) => (
          <input
            {...control}
            name="contactMethod"
            type="text"
            autoComplete="email"
            required
            value={contactMethod}
            onChange={(e) => setContactMethod(e.target.value)}
          />
        )}
      </FormField>
      <FormField className="auth-field" label="Message">
        {(control) => (
          <textarea
            {...control}
            name="message"
            rows={4}
            required
            maxLength={CONTACT_MESSAGE_MAX}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
        )}
      </FormField>
      <button type="submit" className="auth-button" disabled={isLoading}>
        Send
      </button>
    </form>
  );
}
