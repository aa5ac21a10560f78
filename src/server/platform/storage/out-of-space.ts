/**
 * A write refused because the disk (or the user's quota) is full: the file store's ENOSPC and
 * EDQUOT (https://man7.org/linux/man-pages/man2/write.2.html), SQLite's SQLITE_FULL
 * (https://www.sqlite.org/rescode.html#full) and PostgreSQL's disk_full, SQLSTATE 53100
 * (https://www.postgresql.org/docs/current/errcodes-appendix.html).
 */
const OUT_OF_SPACE_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']);

/** Answered with 507 Insufficient Storage (RFC 4918, section 11.5): nothing the caller sent is at fault. */
export const OUT_OF_SPACE_STATUS = 507;
export const OUT_OF_SPACE_MESSAGE = 'The server has run out of storage space. Please try again later; the operators have been told.';

/** Whether the error, or one it was caused by, says the disk is full. */
export function isOutOfSpace(err: unknown): boolean {
  let current: unknown = err;
  // A few levels of `cause` at most: a driver wraps its error once or twice, never in a loop we must follow.
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && OUT_OF_SPACE_CODES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
