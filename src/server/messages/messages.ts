import sanitizeHtml from 'sanitize-html';
import { inTransaction, type Db } from '../platform/db/database';
import type { MessagesTable } from '../platform/db/schema';
import {
  insertMessage,
  insertPrivacyPolicy,
  insertTerms,
  oldestUnansweredMessage,
  termsAcceptedTo,
  termsPublishedAfter,
} from './repos/messages';

/** Operators write terms and messages as HTML; only formatting and links survive. */
const cleanHtml = (html: string) =>
  sanitizeHtml(html, {
    allowedTags: sanitizeHtml.defaults.allowedTags,
    allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
    allowedSchemes: ['https', 'http', 'mailto'],
  });

/** The column's width (varchar(200)). */
const TITLE_MAX = 200;

export interface MessageOption {
  label: string;
  value: string;
}

export function messageOptions(row: Pick<MessagesTable, 'options'>): MessageOption[] {
  return JSON.parse(row.options) as MessageOption[];
}

/** Terms published after the user last accepted, and the oldest message they have not answered. */
export async function pendingForUser(db: Db, userId: number) {
  const terms = await termsPublishedAfter(db, await termsAcceptedTo(db, userId));
  const row = await oldestUnansweredMessage(db, userId);
  const message = row
    ? {
        id: row.id,
        title: row.title,
        message_html: row.message_html,
        options: messageOptions(row).map((o) => ({ type: 'button' as const, ...o })),
      }
    : null;
  return { terms, message };
}

/** A title and cleaned body worth publishing, or an error saying what is wrong: nothing is published then. */
function publishable(title: string, html: string) {
  const cleanTitle = title.trim();
  if (!cleanTitle || cleanTitle.length > TITLE_MAX) throw new Error(`The title must be 1 to ${TITLE_MAX} characters`);
  const body = cleanHtml(html);
  if (!body.trim()) throw new Error('The HTML file has no text to publish');
  return { title: cleanTitle, body };
}

export async function publishTerms(db: Db, title: string, html: string, now = Date.now()) {
  const terms = publishable(title, html);
  await insertTerms(db, terms.title, terms.body, now);
}

export async function postMessage(db: Db, title: string, html: string, options: MessageOption[], now = Date.now()) {
  return insertMessage(db, { title, message_html: cleanHtml(html), options: JSON.stringify(options), created_at: now });
}

/** The privacy policy shown at /privacy, cleaned as terms are; users are not asked to accept it. */
export async function publishPrivacyPolicy(db: Db, title: string, html: string, now = Date.now()) {
  const policy = publishable(title, html);
  await insertPrivacyPolicy(db, policy.title, policy.body, now);
}

/**
 * The terms and the privacy policy together (either may be left out): both are checked before
 * either is stored, and stored in one transaction, so a bad file publishes nothing.
 */
export async function publishPolicies(
  db: Db,
  given: { terms?: { title: string; html: string }; privacy?: { title: string; html: string } },
  now = Date.now(),
) {
  const terms = given.terms && publishable(given.terms.title, given.terms.html);
  const privacy = given.privacy && publishable(given.privacy.title, given.privacy.html);
  await inTransaction(db, async (tx) => {
    if (terms) await insertTerms(tx, terms.title, terms.body, now);
    if (privacy) await insertPrivacyPolicy(tx, privacy.title, privacy.body, now);
  });
}
