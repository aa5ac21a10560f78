import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { ContactRequestsTable, MessagesTable } from '../../platform/db/schema';

/** Terms, messages to users, their answers, and contact requests from the public: every query of them lives here. */
export type MessageRow = Selectable<MessagesTable>;

export function termsAcceptedTo(db: Db, userId: number): Promise<number> {
  return db
    .selectFrom('terms_acceptances')
    .select('accepted_to')
    .where('user_id', '=', userId)
    .executeTakeFirst()
    .then((r) => r?.accepted_to ?? 0);
}

export function termsPublishedAfter(db: Db, after: number) {
  return db
    .selectFrom('terms')
    .select(['title', 'message_html', 'updated_at'])
    .where('updated_at', '>', after)
    .orderBy('updated_at')
    .execute();
}

/** When the newest terms were published, or null when there are none. */
export async function newestTermsAt(db: Db): Promise<number | null> {
  const newest = await db
    .selectFrom('terms')
    .select((eb) => eb.fn.max('updated_at').as('t'))
    .executeTakeFirst();
  return newest?.t ? Number(newest.t) : null;
}

/** One statement, so two acceptances at once (a double click) cannot both insert. */
export async function acceptTerms(db: Db, userId: number, acceptedTo: number, now: number): Promise<void> {
  await db
    .insertInto('terms_acceptances')
    .values({ user_id: userId, accepted_to: acceptedTo, accepted_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ accepted_to: acceptedTo, accepted_at: now }))
    .execute();
}

export async function insertTerms(db: Db, title: string, messageHtml: string, now: number): Promise<void> {
  await db.insertInto('terms').values({ title, message_html: messageHtml, updated_at: now }).execute();
}

export function findMessage(db: Db, id: number): Promise<MessageRow | undefined> {
  return db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The oldest message the user has not answered. */
export function oldestUnansweredMessage(db: Db, userId: number): Promise<MessageRow | undefined> {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('id', 'not in', db.selectFrom('message_responses').select('message_id').where('user_id', '=', userId))
    .orderBy('id')
    .executeTakeFirst();
}

export async function insertMessage(db: Db, message: Insertable<MessagesTable>): Promise<number> {
  const { id } = await db.insertInto('messages').values(message).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** The first answer stands; false when the user had answered already (the key decides between two at once). */
export async function insertMessageResponse(db: Db, userId: number, messageId: number, response: string, now: number): Promise<boolean> {
  const inserted = await db
    .insertInto('message_responses')
    .values({ user_id: userId, message_id: messageId, response, answered_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'message_id']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function insertContactRequest(db: Db, request: Insertable<ContactRequestsTable>): Promise<void> {
  await db.insertInto('contact_requests').values(request).execute();
}

/** The terms in force: the newest published. */
export function newestTerms(db: Db): Promise<{ title: string; message_html: string; updated_at: number } | undefined> {
  return db
    .selectFrom('terms')
    .select(['title', 'message_html', 'updated_at'])
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function insertPrivacyPolicy(db: Db, title: string, messageHtml: string, now: number): Promise<void> {
  await db.insertInto('privacy_policies').values({ title, message_html: messageHtml, published_at: now }).execute();
}

/** The privacy policy in force: the newest published. */
export function newestPrivacyPolicy(db: Db): Promise<{ title: string; message_html: string; published_at: number } | undefined> {
  return db
    .selectFrom('privacy_policies')
    .select(['title', 'message_html', 'published_at'])
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The title and date of the terms and the privacy policy in force, without their text: null where none is published. */
export async function newestPolicyHeads(db: Db) {
  const [terms, privacy] = await Promise.all([
    db.selectFrom('terms').select(['title', 'updated_at as at']).orderBy('updated_at', 'desc').orderBy('id', 'desc').executeTakeFirst(),
    db
      .selectFrom('privacy_policies')
      .select(['title', 'published_at as at'])
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst(),
  ]);
  const head = (row: { title: string; at: number } | undefined) => (row ? { title: row.title, at: Number(row.at) } : null);
  return { terms: head(terms), privacy: head(privacy) };
}
