import type { ListQuery } from './list';

/** Pages a process keeps, each a few KB: a few MB in all, the least recently asked going first. */
const LIST_CACHE_PAGES = 500;

/**
 * Pages of the report lists this process answered, each with the version of its user's lists
 * (migration 012) it was read at. Lists are asked again far more often than they change (every
 * push, focus or reconnect refetches each open list), and the version comes with the session's
 * own query, so an unchanged page is answered without reading the list again, on any process,
 * while a page of a user whose reports were written since is read afresh.
 *
 * A page is read after its request's version was read, so it is never older than its version;
 * it may be newer (a write landed in between), which the next request, with the new version,
 * reads again. A user's versions only grow. Kept answers are shared between requests: nothing
 * may change one.
 */
export function listCache<Answer>(size = LIST_CACHE_PAGES) {
  const pages = new Map<string, { version: number; answer: Answer }>();
  return {
    /** A kept page at once (no promise to wait for: most calls end here), else the page read and kept. */
    answer(q: ListQuery, version: number, read: () => Promise<Answer>): Answer | Promise<Answer> {
      // Only the last field is free text, so the spaces cannot run two keys together.
      const key = `${q.userId} ${q.mode} ${q.deleted ? 1 : 0} ${q.page} ${q.search}`;
      const kept = pages.get(key);
      // A Map iterates in insertion order: re-inserting marks a page the most recently asked.
      pages.delete(key);
      if (kept?.version === version) {
        pages.set(key, kept);
        return kept.answer;
      }
      return read().then((answer) => {
        // A request that began at a later version may have kept the page meanwhile: the later stays.
        const meanwhile = pages.get(key);
        if (!meanwhile || meanwhile.version < version) {
          pages.delete(key);
          pages.set(key, { version, answer });
        }
        if (pages.size > size) pages.delete(pages.keys().next().value!);
        return answer;
      });
    },
  };
}
