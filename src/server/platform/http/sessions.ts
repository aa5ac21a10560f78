import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isAllowedRole, type Role } from '../../../shared/constants';
import { randomToken } from '../security/tokens';
import type { Db } from '../db/database';
import { deleteSessions, findSessionsWithRole, findSessionWithUser, insertSession, touchSession } from './sessions-repo';

export const SESSION_COOKIE = 'epcplus_sid';
/** A session ends after 3 idle days, and in any case 30 days after login. */
const SESSION_IDLE_MS = 3 * 24 * 3600_000;
const SESSION_ABSOLUTE_MS = 30 * 24 * 3600_000;
/** last_seen_at is written at most once a minute, not on every call. */
const TOUCH_EVERY_MS = 60_000;

export interface SessionUser {
  id: number;
  email: string;
  name: string;
  /** Only a role allowed in the app: a session of any other role has ended. */
  role: Role;
  scheme: string | null;
  /** The version of the user's report lists when the request began (reports/list-cache.ts). */
  listVersion: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user of this request, if its cookie names a live session. */
    user: SessionUser | null;
    sessionTokenHash: string | null;
    /** The cookie named a session that just ended because its user lost the right to the app. */
    sessionRevoked: boolean;
  }
}

/** What a user whose role was taken away is told, on any call. */
export const ROLE_REVOKED = 'Your account can no longer use the app. Please contact support.';

type EndedListener = (tokenHashes: string[]) => void;

export function sessionStore(db: Db, hash: (t: string) => string) {
  const listeners: EndedListener[] = [];
  /** Deletes sessions and tells the listeners (realtime closes their sockets) which ended. */
  async function endWhere(which: Parameters<typeof deleteSessions>[1]): Promise<void> {
    const hashes = await deleteSessions(db, which);
    if (hashes.length) for (const listener of listeners) listener(hashes);
  }
  return {
    /** Called with the token hashes of sessions as they end (logout, password change, role lost). */
    onEnded(listener: EndedListener) {
      listeners.push(listener);
    },
    async create(userId: number, now = Date.now()): Promise<string> {
      const token = randomToken();
      await insertSession(db, hash(token), userId, now);
      return token;
    },
    async lookup(token: string, now = Date.now()) {
      const tokenHash = hash(token);
      const row = await findSessionWithUser(db, tokenHash);
      if (!row) return null;
      if (now - row.last_seen_at > SESSION_IDLE_MS || now - row.created_at > SESSION_ABSOLUTE_MS) {
        await endWhere({ tokenHash });
        return null;
      }
      // A role taken away (set-role disabled) ends every session of the user at its first use.
      if (!isAllowedRole(row.role)) {
        await endWhere({ userId: row.id });
        return 'revoked' as const;
      }
      if (now - row.last_seen_at > TOUCH_EVERY_MS) {
        await touchSession(db, tokenHash, now);
      }
      const user: SessionUser = {
        id: row.id,
        email: row.email,
        name: row.name,
        role: row.role,
        scheme: row.scheme,
        listVersion: Number(row.list_version),
      };
      return { tokenHash, user };
    },
    end: (tokenHash: string) => endWhere({ tokenHash }),
    /** Ends every session of a user but the one given (a password change keeps the changer logged in). */
    endOthers: (userId: number, keepTokenHash: string | null) => endWhere({ userId, keepTokenHash: keepTokenHash ?? undefined }),
    /**
     * Of the given sessions, those still live and allowed to use the app: the realtime sweep asks,
     * so a role changed or a user deleted by another process (the CLI) closes their sockets too.
     */
    async stillLive(tokenHashes: string[], now = Date.now()): Promise<Set<string>> {
      if (!tokenHashes.length) return new Set();
      const rows = await findSessionsWithRole(db, tokenHashes);
      return new Set(
        rows
          .filter((r) => isAllowedRole(r.role) && now - r.last_seen_at <= SESSION_IDLE_MS && now - r.created_at <= SESSION_ABSOLUTE_MS)
          .map((r) => r.token_hash),
      );
    },
  };
}
export type SessionStore = ReturnType<typeof sessionStore>;

/** Reads the session cookie of every call and sets request.user. */
export function registerSessions(app: FastifyInstance, store: SessionStore, secureCookies: boolean): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);
  app.decorateRequest('sessionRevoked', false);
  app.addHook('onRequest', async (request, reply) => {
    // Only calls act for a user: pages and scripts, which browsers fetch with the cookie too, need no session read.
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    const found = await store.lookup(token);
    if (found === 'revoked') {
      request.sessionRevoked = true;
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookies });
    } else if (found) {
      request.user = found.user;
      request.sessionTokenHash = found.tokenHash;
    }
  });
  app.decorate('sessionCookie', {
    set(reply: FastifyReply, token: string) {
      reply.setCookie(SESSION_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies,
        maxAge: SESSION_ABSOLUTE_MS / 1000,
      });
    },
    clear(reply: FastifyReply) {
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookies });
    },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionCookie: { set(reply: FastifyReply, token: string): void; clear(reply: FastifyReply): void };
  }
}
