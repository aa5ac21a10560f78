import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database';

/**
 * A number per user that the database moves on with every write of one of the user's reports,
 * so a server process can tell, from the session's own query, whether a page of a list it
 * answered before is still the same (reports/list-cache.ts) without reading the list again.
 * Triggers keep it, so every write counts: the repositories', the jobs' in other processes, the
 * CLI's, and the deletes that cascade from a user's erasure.
 *
 * A row is made for a user only while the user exists: in an erasure the user's row goes first
 * and their reports after it, and a new row would name a user that is gone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('report_list_versions')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into report_list_versions (user_id, version) select distinct user_id, 1 from reports`.execute(db);
  if (isPostgres(db)) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

const moveOn = (row: 'new' | 'old') => sql`insert into report_list_versions (user_id, version)
  select id, 1 from users where id = ${sql.raw(row)}.user_id
  on conflict (user_id) do update set version = report_list_versions.version + 1`;

/** SQLite has one writer at a time: the version moves with the write itself. */
async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create trigger reports_versioned_insert after insert on reports begin ${moveOn('new')}; end`.execute(db);
  await sql`create trigger reports_versioned_delete after delete on reports begin ${moveOn('old')}; end`.execute(db);
  await sql`create trigger reports_versioned_update after update on reports begin
    ${moveOn('new')};
    update report_list_versions set version = version + 1 where user_id = old.user_id and old.user_id <> new.user_id;
  end`.execute(db);
}

/**
 * On PostgreSQL the version moves when the transaction commits (a deferred constraint trigger),
 * not at each write. Moved at each write, the user's version row would be locked from a
 * transaction's first write of the user's reports to its end: a branding change moving many of
 * the user's reports in one statement, and a render setting one of them Ready, could then each
 * hold a report the other waits for, one of them behind the version row: a deadlock. At commit a
 * transaction waits for nothing but other commits' moves. Each commit's move is then seen
 * together with its writes, in commit order, so a version read is never older than the
 * reports read after it.
 */
async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create function reports_versioned() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        ${moveOn('old')};
      else
        ${moveOn('new')};
        if tg_op = 'UPDATE' and old.user_id <> new.user_id then
          ${moveOn('old')};
        end if;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create constraint trigger reports_versioned after insert or delete or update on reports
    deferrable initially deferred for each row execute function reports_versioned()`.execute(db);
}
