import type { Server as HttpServer } from 'node:http';
import { Server, type DefaultEventsMap } from 'socket.io';
import type { FastifyBaseLogger } from 'fastify';
import { PUSH_EVENTS, type PushEvent, type PushPayloads } from '../../../shared/events';
import { SOCKET_PING_INTERVAL_MS } from '../../../shared/constants';
import { SESSION_COOKIE, type SessionStore } from '../http/sessions';
import type { SharedRedis } from '../db/redis';
import { endedSessionsIn, SESSIONS_ENDED_CHANNEL } from './sessions-ended';

export interface Realtime {
  /** Sends an event to every open tab of one user, if they may still use the app (else closes those tabs' sockets). */
  push<E extends PushEvent>(userId: number, event: E, payload: PushPayloads[E]): void;
  /** Closes this process's sockets whose session has ended or whose user may no longer use the app. */
  sweep(): Promise<void>;
  close(): Promise<void>;
  /** Sockets open on this process (metrics). */
  connectionCount(): number;
  /** Resolves when Redis answers, if push goes through it (readiness); rejects at once while it is known down. */
  ping(): Promise<'ok' | 'not used'>;
}

const roomOf = (userId: number) => `user:${userId}`;
const sessionRoomOf = (tokenHash: string) => `session:${tokenHash}`;
/**
 * Sessions ended by a server process, or by the CLI while Redis carries its message, close their
 * sockets at once; anything else (a row deleted by hand, the CLI without Redis or while it is
 * away) is noticed within this time.
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
  /** Where browsers connect; null for a worker, which only sends pushes (through Redis) and answers no socket. */
  server: HttpServer | null;
  sessions: SessionStore;
  publicUrl: string;
  /** Shares pushes and closed sessions with the other server processes; null: one process. */
  redis: SharedRedis | null;
  log: FastifyBaseLogger;
}): Promise<Realtime> {
  const allowedOrigin = new URL(opts.publicUrl).origin;
  const io = new Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketSession>(opts.server ?? undefined, {
    pingInterval: SOCKET_PING_INTERVAL_MS,
    serveClient: false,
    allowRequest: (req, done) => {
      const origin = req.headers.origin;
      const host = req.headers.host;
      const ok = !origin || origin === allowedOrigin || origin === `http://${host}` || origin === `https://${host}`;
      done(ok ? null : 'Origin not allowed', ok);
    },
  });
  const { redis } = opts;
  if (redis) {
    // Several server processes share pushes through Redis pub/sub.
    const { createAdapter } = await import('@socket.io/redis-adapter');
    io.adapter(createAdapter(redis.commands, redis.subscriber));
    void redis.subscriber.subscribe(SESSIONS_ENDED_CHANNEL);
    redis.subscriber.on('message', (channel: string, message: string) => {
      if (channel !== SESSIONS_ENDED_CHANNEL) return;
      const hashes = endedSessionsIn(message);
      if (hashes?.length) io.local.in(hashes.map(sessionRoomOf)).disconnectSockets(true);
    });
  }
  /**
   * Every process through Redis while it is up; this process alone while it is known down, rather
   * than publishing into a connection that is away (the adapter would hand even this process's own
   * sockets their events only once Redis echoed them back).
   */
  const everyProcess = () => (redis?.isUp() ? io : io.local);
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
  const disconnectEverywhere = (rooms: string[]) => {
    io.local.in(rooms).disconnectSockets(true);
    if (redis?.isUp()) io.in(rooms).disconnectSockets(true);
  };
  // Here at once, and through the adapter, so a logout on one server closes the session's sockets on every server.
  opts.sessions.onEnded((tokenHashes) => disconnectEverywhere(tokenHashes.map(sessionRoomOf)));

  /**
   * This process's sockets of the user are checked first, as the sweep checks them: one whose
   * session has ended or whose user lost the right to the app (the CLI without Redis, which the
   * sweep would notice only later) is closed rather than pushed to. Other processes' sockets of
   * such a user were closed by the CLI's message through Redis, and while Redis is away no push
   * reaches them.
   */
  async function deliver<E extends PushEvent>(userId: number, event: E, payload: PushPayloads[E]) {
    const room = roomOf(userId);
    const namespace = io.of('/');
    const here = [...(namespace.adapter.rooms.get(room) ?? [])].flatMap((id) => namespace.sockets.get(id) ?? []);
    if (here.length) {
      const live = await opts.sessions.stillLive([...new Set(here.map((s) => s.data.tokenHash))]);
      for (const socket of here) if (!live.has(socket.data.tokenHash)) socket.disconnect(true);
    } else if (!redis) return;
    everyProcess().to(room).emit(PUSH_EVENTS[event], payload);
  }

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
      deliver(userId, event, payload).catch((err: unknown) => opts.log.error({ err, userId, event }, 'push failed'));
    },
    sweep,
    connectionCount: () => io.of('/').sockets.size,
    async ping() {
      if (!redis) return 'not used';
      await redis.ping();
      return 'ok';
    },
    // The HTTP server is Fastify's to close, and the Redis connections the app's; here only the sockets end.
    close() {
      clearInterval(sweeper);
      // Transports closed, not sockets disconnected: socket.io clients reconnect (to another
      // process behind the balancer) after a transport close, never after a server's disconnect.
      // A worker's io has no engine: it never took a socket.
      io.engine?.close();
      return Promise.resolve();
    },
  };
}
