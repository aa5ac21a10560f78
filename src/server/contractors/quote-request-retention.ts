import type { Deps } from '../deps';
import { defineScheduledJob } from '../platform/jobs/define';
import { eraseQuoteRequestContactsBefore } from './repos/quote-requests';

export const ERASE_OLD_QUOTE_CONTACTS = defineScheduledJob('erase_old_quote_contacts');
const DAY_MS = 24 * 3600_000;

/**
 * Once a day, the owner's name, email and phone (and newsletter choice) are erased from quote
 * requests older than QUOTE_REQUEST_RETENTION_DAYS (two years unless set): personal data is kept
 * no longer than it is needed (UK GDPR Article 5(1)(e), storage limitation,
 * https://ico.org.uk/for-organisations/uk-gdpr-guidance-and-resources/data-protection-principles/a-guide-to-the-data-protection-principles/storage-limitation/).
 * What is left (report, improvement, contractors asked, date) holds nobody's details; the
 * per-report daily limit reads only the last day's requests, and earnings do not read them at all.
 */
export async function eraseOldQuoteContacts(deps: Pick<Deps, 'db' | 'config'>, now = Date.now()): Promise<number> {
  return eraseQuoteRequestContactsBefore(deps.db, now - deps.config.quoteRequestRetentionDays * DAY_MS);
}
