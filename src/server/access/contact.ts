import type * as access from '../../shared/api/access';
import type { ParsedRequestOf } from '../../shared/api/define';
import type { Deps } from '../deps';
import { insertContactRequest } from '../messages/repos/messages';
import { contactFormMail } from './emails';

/** A contact form message is kept and emailed to the team. */
export async function sendContactRequest(deps: Deps, body: ParsedRequestOf<typeof access.contactForm>): Promise<void> {
  await insertContactRequest(deps.db, {
    subject: body.subject,
    contact_method: body.contactMethod,
    message: body.message,
    created_at: Date.now(),
  });
  await deps.mailer.send(contactFormMail(deps.config.teamEmail, body));
}
