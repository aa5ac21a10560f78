import { Redis } from 'ioredis';

/**
 * Processes that end sessions without a socket server of their own (the operator's CLI disabling
 * a user) name the ended sessions here; every server process closes their sockets at once.
 */
export const SESSIONS_ENDED_CHANNEL = 'epcplus:sessions-ended';

const MAX_SESSIONS_PER_MESSAGE = 10_000;
const MAX_TOKEN_HASH_LENGTH = 200;

/** The token hashes a message on the channel names, or null for a message not of that form. */
export function endedSessionsIn(message: string): string[] | null {
  if (message.length > MAX_SESSIONS_PER_MESSAGE * (MAX_TOKEN_HASH_LENGTH + 3)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length > MAX_SESSIONS_PER_MESSAGE) return null;
  const hashes = parsed.filter((h): h is string => typeof h === 'string' && h.length > 0 && h.length <= MAX_TOKEN_HASH_LENGTH);
  return hashes.length === parsed.length ? hashes : null;
}

/**
 * Tells every server process through Redis that these sessions ended, so their sockets close now
 * rather than at the next sweep. False if Redis did not take the message within about a second
 * (the sweep then closes them within SWEEP_EVERY_MS).
 */
export async function announceEndedSessions(redisUrl: string, tokenHashes: string[]): Promise<boolean> {
  if (!tokenHashes.length) return true;
  const client = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 1000,
    commandTimeout: 1000,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  // The failure is the answer (false); without a listener ioredis would report it as unhandled.
  client.on('error', () => {});
  try {
    await client.connect();
    for (let start = 0; start < tokenHashes.length; start += MAX_SESSIONS_PER_MESSAGE) {
      await client.publish(SESSIONS_ENDED_CHANNEL, JSON.stringify(tokenHashes.slice(start, start + MAX_SESSIONS_PER_MESSAGE)));
    }
    return true;
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}
