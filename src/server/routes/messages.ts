import * as access from '../../shared/api/access';
import type { Deps } from '../app';
import { badRequest } from '../http/http-error';
import type { Routes } from '../http/route';
import { messageOptions, pendingForUser } from '../services/messages';

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
      await db.deleteFrom('terms_acceptances').where('user_id', '=', user.id).execute();
      await db.insertInto('terms_acceptances').values({ user_id: user.id, accepted_to: body.acceptedTo, accepted_at: now }).execute();
      return { success: true as const };
    }
    const message = await db.selectFrom('messages').selectAll().where('id', '=', body.id).executeTakeFirst();
    if (!message) throw badRequest('That message does not exist.');
    if (!messageOptions(message).some((o) => o.value === body.response)) throw badRequest('That answer is not one of the message\'s options.');
    const answered = await db.selectFrom('message_responses').select('message_id').where('user_id', '=', user.id).where('message_id', '=', body.id).executeTakeFirst();
    if (answered) throw badRequest('You have already answered that message.');
    await db.insertInto('message_responses').values({ user_id: user.id, message_id: body.id, response: body.response, answered_at: now }).execute();
    return { success: true as const };
  });
}
