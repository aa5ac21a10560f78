import * as messages from '../../shared/api/messages';
import type { Deps } from '../deps';
import { badRequest } from '../platform/http/http-error';
import type { Routes } from '../platform/http/route';
import { messageOptions, pendingForUser } from './messages';
import { policiesPublished, policiesStatus } from './policies';
import { acceptTerms, findMessage, insertMessageResponse, newestTermsAt } from './repos/messages';

export function messageRoutes(routes: Routes, deps: Deps): void {
  const { db } = deps;

  routes.publicCall(messages.publishedPolicies, async () => ({
    success: true as const,
    ...policiesPublished(await policiesStatus(db)),
  }));

  routes.userCall(messages.checkMessages, async ({ user }) => {
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

  routes.userCall(messages.answerMessage, async ({ body, user }) => {
    const now = Date.now();
    if (body.type === 'TERMS') {
      const newest = await newestTermsAt(db);
      if (newest === null || body.acceptedTo > newest) throw badRequest('Those terms do not exist.');
      await acceptTerms(db, user.id, body.acceptedTo, now);
      return { success: true as const };
    }
    const message = await findMessage(db, body.id);
    if (!message) throw badRequest('That message does not exist.');
    if (!messageOptions(message).some((o) => o.value === body.response))
      throw badRequest("That answer is not one of the message's options.");
    if (!(await insertMessageResponse(db, user.id, body.id, body.response, now)))
      throw badRequest('You have already answered that message.');
    return { success: true as const };
  });
}
