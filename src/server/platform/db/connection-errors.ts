/**
 * SQLSTATEs that mean the connection, not the statement, failed
 * (https://www.postgresql.org/docs/current/errcodes-appendix.html): class 08 is "connection
 * exception"; 57P01 admin_shutdown (pg_terminate_backend, a fast shutdown), 57P02
 * crash_shutdown, 57P03 cannot_connect_now (starting up or shutting down), 57P05
 * idle_session_timeout; 53300 too_many_connections.
 */
const CONNECTION_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57P05', '53300']);

/** Node's words for a server that cannot be reached or went away (https://nodejs.org/api/errors.html#common-system-errors). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * pg's own errors for a lost connection carry no code, only these words (pg/lib/client.js,
 * pg-pool/index.js): "Connection terminated unexpectedly", "… due to connection timeout",
 * "timeout exceeded when trying to connect", "Query read timeout", "Client has encountered a
 * connection error and is not queryable".
 */
const PG_LOST_CONNECTION = ['Connection terminated', 'timeout exceeded when trying to connect', 'Query read timeout', 'is not queryable'];

/** Errors that came out of a call to PostgreSQL: a network error elsewhere (file storage, mail) must not read as the database's. */
const fromDatabase = new WeakSet<object>();

/** Records that an error came out of a PostgreSQL call. */
export function markAsDatabaseError(err: unknown): void {
  if (typeof err === 'object' && err !== null) fromDatabase.add(err);
}

/** Rethrows an error of a PostgreSQL call, recording where it came from. */
export function failedAtDatabase(err: unknown): never {
  markAsDatabaseError(err);
  throw err;
}

function isLostConnection(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 4) return false;
  const { code, message, cause, errors } = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (code.startsWith('08') || CONNECTION_SQLSTATES.has(code) || NETWORK_CODES.has(code))) return true;
  if (typeof message === 'string' && PG_LOST_CONNECTION.some((words) => message.includes(words))) return true;
  if (Array.isArray(errors) && errors.some((e) => isLostConnection(e, depth + 1))) return true;
  return isLostConnection(cause, depth + 1);
}

/**
 * Whether a call failed because PostgreSQL could not be reached (stopped, restarting, failing
 * over, the network cut, every connection taken), as opposed to a fault of the statement: such a
 * call is worth trying again in a moment. Looks through causes and the attempts of an
 * AggregateError (Node's connect to each address of a host).
 */
export function isDatabaseUnreachable(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 4) return false;
  // Code that wraps a database error keeps it as the cause.
  return fromDatabase.has(err) ? isLostConnection(err) : isDatabaseUnreachable((err as { cause?: unknown }).cause, depth + 1);
}
