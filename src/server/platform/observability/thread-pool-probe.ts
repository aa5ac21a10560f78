import { pbkdf2 } from 'node:crypto';

/**
 * A probe of libuv's thread pool, which password hashing (argon2), file reads and zlib share: a
 * one-iteration pbkdf2 is microseconds of work, so when it waits longer than `withinMs` every
 * thread is held by something else and logins and downloads are waiting too. /api/health cannot
 * see this (it answers from the event loop), so readiness asks. One probe is out at a time: while
 * it waits, later askers read its age rather than queue more work behind the same jam.
 */
let outstanding: { since: number; done: Promise<void> } | null = null;

export async function threadPoolSaturated(withinMs = 1000): Promise<boolean> {
  if (!outstanding) {
    const since = Date.now();
    const done = new Promise<void>((resolve) =>
      pbkdf2('', '', 1, 1, 'sha256', () => {
        outstanding = null;
        resolve();
      }),
    );
    outstanding = { since, done };
  }
  const left = outstanding.since + withinMs - Date.now();
  if (left <= 0) return true;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), left)));
  try {
    return await Promise.race([outstanding.done.then(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}
