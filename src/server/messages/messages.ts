import sanitizeHtml from 'sanitize-html';
import type { Db } from '../db/database';
import type { MessagesTable } from '../db/schema';

/** Operators write terms and messages as HTML; only formatting and links survive. */
export const cleanHtml = (html: string) =>
  sanitizeHtml(html, {
    allowedTags: sanitizeHtml.defaults.allowedTags,
    allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
    allowedSchemes: ['https', 'http', 'mailto'],
  });

export interface MessageOption {
  label: string;
  value: string;
}

export function messageOptions(row: Pick<MessagesTable, 'options'>): MessageOption[] {
  return JSON.parse(row.options) as MessageOption[];
}

/** Terms published after the user last accepted, and the oldest message they have not answered. */
export async function pendingForUser(db: Db, userId: number) {
  const accepted = await db.selectFrom('terms_acceptances').select('accepted_to').where('user_id', '=', userId).executeTakeFirst();
  const terms = await db
    .selectFrom('terms')
    .select(['title', 'message_html', 'updated_at'])
    .where('updated_at', '>', accepted?.accepted_to ?? 0)
    .orderBy('updated_at')
    .execute();
  const row = await db
    .selectFrom('messages')
    .selectAll()
    .where('id', 'not in', db.selectFrom('message_responses').select('message_id').where('user_id', '=', userId))
    .orderBy('id')
    .executeTakeFirst();
  const message = row
    ? { id: row.id, title: row.title, message_html: row.message_html, options: messageOptions(row).map((o) => ({ type: 'button' as const, ...o })) }
    : null;
  return { terms, message };
}

export async function publishTerms(db: Db, title: string, html: string, now = Date.now()) {
  await db.insertInto('terms').values({ title, message_html: cleanHtml(html), updated_at: now }).execute();
}

export async function postMessage(db: Db, title: string, html: string, options: MessageOption[], now = Date.now()) {
  const { id } = await db
    .insertInto('messages')
    .values({ title, message_html: cleanHtml(html), options: JSON.stringify(options), created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
