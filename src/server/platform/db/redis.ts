import type { FastifyBaseLogger } from 'fastify';
import { Redis, type Command, type RedisOptions } from 'ioredis';

/** The longest a request waits on one Redis command (a rate-limit count) before it counts in the process. */
const COMMAND_TIMEOUT_MS = 500;
const CONNECT_TIMEOUT_MS = 1000;
/** How long a starting process waits for Redis before it serves without it (it joins once Redis answers). */
const START_WAIT_MS = 2000;

/**
 * socket.io's Redis adapter publishes without awaiting or catching (its dist/index.js), so a
 * publish that fails as Redis goes away would be an unhandled rejection. Every command's promise
 * is marked handled here; callers that await one still get its error.
 */
class RedisClient extends Redis {
  override sendCommand(command: Command, stream?: Parameters<Redis['sendCommand']>[1]): unknown {
    command.promise.catch(() => {});
    return super.sendCommand(command, stream);
  }
}

/** The connections a process keeps to the shared Redis (REDIS_URL). */
export interface SharedRedis {
  /** Rate-limit counts, published pushes and pings. Fails at once while Redis is down (no queue). */
  commands: Redis;
  /** Subscriptions: pushes and ended sessions from other processes. */
  subscriber: Redis;
  /**
   * Both connections are up. While not, callers do not wait on Redis: rate limits count in the
   * process and pushes reach this process's own sockets, until Redis answers again.
   */
  isUp(): boolean;
  /** Resolves when Redis answers within COMMAND_TIMEOUT_MS; rejects at once while it is known down. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<SharedRedis> {
  const base: RedisOptions = {
    connectTimeout: CONNECT_TIMEOUT_MS,
    // Reconnects for ever, at most every 2 s (ioredis's default strategy).
    retryStrategy: (attempt) => Math.min(attempt * 50, 2000),
  };
  const commands = new RedisClient(url, {
    ...base,
    commandTimeout: COMMAND_TIMEOUT_MS,
    // While disconnected a command fails at once instead of queueing; one in flight when the
    // connection drops fails at the first reconnection attempt rather than being sent again.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
  });
  // No request waits on the subscriber: its subscriptions queue until Redis answers, and ioredis
  // renews them after every reconnection (autoResubscribe).
  const subscriber = new RedisClient(url, { ...base, enableOfflineQueue: true, maxRetriesPerRequest: null });

  const isUp = () => commands.status === 'ready' && subscriber.status === 'ready';
  let down = false;
  // ioredis emits an error on every failed reconnection attempt: one line per outage is enough.
  const onError = (err: Error) => {
    if (down) return;
    down = true;
    log.error({ err }, 'Redis is not reachable: rate limits count in each process and pushes stay in their process until it answers');
  };
  const onReady = () => {
    if (!down || !isUp()) return;
    down = false;
    log.info('Redis answers again: rate limits and pushes are shared again');
  };
  for (const client of [commands, subscriber]) {
    client.on('error', onError);
    client.on('ready', onReady);
  }

  const bothReady = Promise.all(
    [commands, subscriber].map((c) => new Promise((resolve) => (c.status === 'ready' ? resolve(c) : c.once('ready', resolve)))),
  );
  await Promise.race([bothReady, new Promise((resolve) => setTimeout(resolve, START_WAIT_MS).unref())]);
  if (!isUp()) log.warn('Redis did not answer at start: this process serves without it until it does');

  return {
    commands,
    subscriber,
    isUp,
    async ping() {
      if (!isUp()) throw new Error('Redis is not connected');
      await commands.ping();
    },
    async close() {
      subscriber.disconnect();
      // quit lets commands already sent finish (within the command timeout); one reconnecting has none.
      if (commands.status === 'ready') await commands.quit().catch(() => commands.disconnect());
      else commands.disconnect();
    },
  };
}
