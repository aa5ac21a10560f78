import type { Kysely } from 'kysely';

/**
 * Jobs are claimed by lane (the render kinds, or every other kind), oldest first. The index on
 * (status, run_after) made each claim gather every ready job of every kind and sort them: with
 * 5 000 renders queued on SQLite, a claim for an email cost 0.7 ms of the one connection the web
 * requests share, and a render's as much. On (status, kind, id) a claim reads only its lane's
 * rows, in order (0.1 ms either way at that depth; `npm run bench -- job-claims`). SQLite's
 * planner kept the old index while both stood, so this one replaces it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('jobs_ready').execute();
  await db.schema.createIndex('jobs_claim').on('jobs').columns(['status', 'kind', 'id']).execute();
}
