import { sql } from 'kysely';
import { findSessionWithUser, insertSession } from '../../../../src/server/platform/http/sessions-repo';
import { inTransaction } from '../../../../src/server/platform/db/database';
import { listedReports } from '../../../../src/server/reports/repos/reports';
import { REPORT_TYPE } from '../../../../src/shared/states';
import { isPostgresAvailable } from '../../helpers/postgres';
import { STROMA_ASSESSOR, loggedInUser } from '../../helpers/factories';
import { useTestServer } from '../../helpers/test-server';
import { createReport } from '../../helpers/reports';

const onPostgres = isPostgresAvailable() ? describe : describe.skip;

onPostgres('named statements on PostgreSQL', () => {
  const server = useTestServer('postgres');

  it('parse the session query and an unsearched list once per connection, and give the same rows as before', async () => {
    const { cookie, id: userId } = await loggedInUser(server(), STROMA_ASSESSOR);
    const { report_id } = await createReport(server(), cookie);
    // Its render finishes first: one that set it Ready! between the two reads would make them differ.
    await server().app.deps.jobs.drain();
    const filter = { userId, type: REPORT_TYPE.preliminary, pendingOnly: false, deleted: false, search: '' };

    const { named, pages, searched } = await server()
      .db.connection()
      .execute(async (connection) => {
        const pages = [await listedReports(connection, filter, 1), await listedReports(connection, filter, 1)];
        await findSessionWithUser(connection, 'no such token');
        // A search, and a query no repository prepared, are sent as text each time.
        const searched = await listedReports(connection, { ...filter, search: pages[0].rows[0].name.slice(0, 8) }, 1);
        await connection.selectFrom('users').select('id').where('id', '=', userId).execute();
        const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(connection);
        return { named: rows.map((r) => r.statement), pages, searched };
      });

    expect(pages[1]).toEqual(pages[0]);
    expect(pages[0].rows.map((r) => r.id)).toEqual([report_id]);
    expect(searched.rows.map((r) => r.id)).toEqual([report_id]);
    expect(named).toEqual(expect.arrayContaining([expect.stringContaining('from "sessions"'), expect.stringContaining('from "reports"')]));
    expect(named.filter((s) => s.includes(' like ') || s.startsWith('select "id" from "users"'))).toEqual([]);
  });

  it("read on the pool outside a transaction, and on the transaction's own connection inside one", async () => {
    const { id: userId } = await loggedInUser(server(), STROMA_ASSESSOR);
    const { db } = server();
    const tokenHash = 'a session written in a transaction';
    const seen = await inTransaction(db, async (tx) => {
      await insertSession(tx, tokenHash, userId, Date.now());
      // The prepared session query, within the transaction that wrote the session and beside it.
      return { inside: await findSessionWithUser(tx, tokenHash), beside: await findSessionWithUser(db, tokenHash) };
    });

    expect(seen.inside?.id).toBe(userId);
    expect(seen.beside).toBeUndefined();
    expect((await findSessionWithUser(db, tokenHash))?.id).toBe(userId);
  });
});
