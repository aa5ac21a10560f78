import type { Server as HttpServer } from 'node:http';
import { Server, type DefaultEventsMap } from 'socket.io';
import type { FastifyBaseLogger } from 'fastify';
import { PUSH_EVENTS, type PushEvent, type PushPayloads } from '../../shared/events';
import { SOCKET_PING_INTERVAL_MS } from '../../shared/constants';
import { SESSION_COOKIE, type SessionStore } from '../access/sessions';

export interface Realtime {
  /** Sends an event to every open tab of one user. */
  push<E extends PushEvent>(userId: number, event: E, payload: PushPayloads[E]): void;
  /** Closes this process's sockets whose session has ended or whose user may no longer use the app. */
  sweep(): Promise<void>;
  close(): Promise<void>;
  /** Sockets open on this process (metrics). */
  connectionCount(): number;
  /** Resolves when Redis answers, if push goes through it (readiness). */
  ping(): Promise<'ok' | 'not used'>;
}

const roomOf = (userId: number) => `user:${userId}`;
const sessionRoomOf = (tokenHash: string) => `session:${tokenHash}`;
/**
 * A role changed or a user removed by the operator's CLI (another process, sharing only the
 * database) is noticed within this time; sessions ended by this server close their sockets at once.
 */
const SWEEP_EVERY_MS = 5000;

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

/** Who a socket is: set once its session cookie has been checked. */
interface SocketSession {
  userId: number;
  tokenHash: string;
}

/**
 * socket.io on the API's own HTTP server. A connection is accepted only with a live session
 * cookie from our own origin, and the server alone puts it in its user's room.
 */
export async function startRealtime(opts: {
  server: HttpServer;
  sessions: SessionStore;
  publicUrl: string;
  redisUrl: string | null;
  log: FastifyBaseLogger;
}): Promise<Realtime> {
  const allowedOrigin = new URL(opts.publicUrl).origin;
  const io = new Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketSession>(opts.server, {
    pingInterval: SOCKET_PING_INTERVAL_MS,
    serveClient: false,
    allowRequest: (req, done) => {
      const origin = req.headers.origin;
      const host = req.headers.host;
      const ok = !origin || origin === allowedOrigin || origin === `http://${host}` || origin === `https://${host}`;
      done(ok ? null : 'Origin not allowed', ok);
    },
  });
  let closeAdapter = async () => {};
  let ping = (): Promise<'ok' | 'not used'> => Promise.resolve('not used');
  if (opts.redisUrl) {
    // Several server processes share pushes through Redis pub/sub.
    const [{ createAdapter }, { createClient }] = await Promise.all([import('@socket.io/redis-adapter'), import('redis')]);
    const pub = createClient({ url: opts.redisUrl });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    ping = async () => {
      await pub.ping();
      return 'ok';
    };
    closeAdapter = async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    };
  }
  io.use((socket, next) => {
    const token = cookieValue(socket.handshake.headers.cookie, SESSION_COOKIE);
    const admit = async () => {
      const session = token ? await opts.sessions.lookup(token).catch(() => null) : null;
      if (!session || session === 'revoked') return next(new Error('Not logged in'));
      socket.data = { userId: session.user.id, tokenHash: session.tokenHash };
      await socket.join([roomOf(session.user.id), sessionRoomOf(session.tokenHash)]);
      next();
    };
    admit().catch((err: unknown) => next(err instanceof Error ? err : new Error('Not logged in')));
  });
  // Through the adapter, so a logout on one server closes the session's sockets on every server.
  opts.sessions.onEnded((tokenHashes) => io.in(tokenHashes.map(sessionRoomOf)).disconnectSockets(true));

  async function sweep() {
    const sockets = [...io.of('/').sockets.values()];
    const hashes = [...new Set(sockets.map((s) => s.data.tokenHash))];
    if (!hashes.length) return;
    const live = await opts.sessions.stillLive(hashes);
    for (const socket of sockets) if (!live.has(socket.data.tokenHash)) socket.disconnect(true);
  }
  const sweeper = setInterval(() => void sweep().catch((err: unknown) => opts.log.error({ err }, 'socket sweep failed')), SWEEP_EVERY_MS);
  sweeper.unref();

  return {
    push(userId, event, payload) {
      io.to(roomOf(userId)).emit(PUSH_EVENTS[event], payload);
    },
    sweep,
    connectionCount: () => io.of('/').sockets.size,
    ping: () => ping(),
    // The HTTP server is Fastify's to close; here only the sockets and the adapter end.
    async close() {
      clearInterval(sweeper);
      // Transports closed, not sockets disconnected: socket.io clients reconnect (to another
      // process behind the balancer) after a transport close, never after a server's disconnect.
      io.engine.close();
      await closeAdapter();
    },
  };
}
