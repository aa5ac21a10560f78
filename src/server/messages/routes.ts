import * as access from '../../shared/api/access';
import type { Deps } from '../deps';
import { badRequest } from '../http/http-error';
import type { Routes } from '../http/route';
import { messageOptions, pendingForUser } from './messages';

export function messageRoutes(routes: Routes, deps: Deps): void {
  const { db } = deps;

  routes.userCall(access.checkMessages, async ({ user }) => {
    const pending = await pendingForUser(db, user.id);
    if (pending.terms.length) {
      const updatedAt = Math.max(...pending.terms.map((t) => t.updated_at));
      return { success: true as const, type: 'TERMS' as const, terms: pending.terms, updated_at: updatedAt, message: null };
    }
    if (pending.message) {
      return { success: true as const, type: 'MESSAGE' as const, terms: [], updated_at: null, message: pending.message };
    }
    return { success: true as const, type: 'NONE' as const, terms: [], updated_at: null, message: null };
  });

  routes.userCall(access.answerMessage, async ({ body, user }) => {
    const now = Date.now();
    if (body.type === 'TERMS') {
      const newest = await db.selectFrom('terms').select((eb) => eb.fn.max('updated_at').as('t')).executeTakeFirst();
      if (!newest?.t || body.acceptedTo > Number(newest.t)) throw badRequest('Those terms do not exist.');
      // One statement, so two acceptances at once (a double click) cannot both insert.
      await db
        .insertInto('terms_acceptances')
        .values({ user_id: user.id, accepted_to: body.acceptedTo, accepted_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ accepted_to: body.acceptedTo, accepted_at: now }))
        .execute();
      return { success: true as const };
    }
    const message = await db.selectFrom('messages').selectAll().where('id', '=', body.id).executeTakeFirst();
    if (!message) throw badRequest('That message does not exist.');
    if (!messageOptions(message).some((o) => o.value === body.response)) throw badRequest('That answer is not one of the message\'s options.');
    // The first answer stands; the key decides between two sent at once.
    const inserted = await db
      .insertInto('message_responses')
      .values({ user_id: user.id, message_id: body.id, response: body.response, answered_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'message_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) throw badRequest('You have already answered that message.');
    return { success: true as const };
  });
}
