import { LINK_PLACEHOLDER } from '../../shared/constants';

/**
 * What a user who has written no template starts from: a plain note an owner can act on, with
 * the link where it belongs. Signed with the user's name when we know it.
 */
function defaultEmailTemplate(name: string): string {
  const signature = name.trim() ? `Kind regards,\n${name.trim()}` : 'Kind regards';
  return [
    'Dear homeowner,',
    "Thank you for having your home's energy performance assessed. Your free report shows what you could do to make your home warmer and cheaper to run, what each improvement would cost and how much it would raise your EPC rating.",
    `You can open it here: ${LINK_PLACEHOLDER}`,
    signature,
  ].join('\n\n');
}

/** A blank template is no template: the user is offered the default rather than an empty email. */
export const templateOrDefault = (stored: string, name: string) => (stored.trim() ? stored : defaultEmailTemplate(name));
