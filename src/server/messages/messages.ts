import sanitizeHtml from 'sanitize-html';
import type { Db } from '../db/database';
import type { MessagesTable } from '../db/schema';
import {
  insertMessage,
  insertPrivacyPolicy,
  insertTerms,
  oldestUnansweredMessage,
  termsAcceptedTo,
  termsPublishedAfter,
} from './repos/messages';

/** Operators write terms and messages as HTML; only formatting and links survive. */
export const cleanHtml = (html: string) =>
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

export async function publishTerms(db: Db, title: string, html: string, now = Date.now()) {
  await insertTerms(db, title, cleanHtml(html), now);
}

export async function postMessage(db: Db, title: string, html: string, options: MessageOption[], now = Date.now()) {
  return insertMessage(db, { title, message_html: cleanHtml(html), options: JSON.stringify(options), created_at: now });
}

/** The privacy policy shown at /privacy, cleaned as terms are; users are not asked to accept it. */
export async function publishPrivacyPolicy(db: Db, title: string, html: string, now = Date.now()) {
  const cleanTitle = title.trim();
  if (!cleanTitle || cleanTitle.length > TITLE_MAX) throw new Error(`The title must be 1 to ${TITLE_MAX} characters`);
  const body = cleanHtml(html);
  if (!body.trim()) throw new Error('The HTML file has no text to publish');
  await insertPrivacyPolicy(db, cleanTitle, body, now);
}
