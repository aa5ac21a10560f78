import { sql } from 'kysely';
import { deleteReportRow } from '../../../src/server/reports/repos/reports';
import { describeEachDatabase } from '../helpers/databases';
import { STROMA_ASSESSOR, loggedInUser } from '../helpers/factories';
import { useTestServer, type TestServer } from '../helpers/test-server';
import { createReport, listOf } from '../helpers/reports';

/** Copies of a real report under other addresses, written as the report repository writes them. */
async function reportsAt(server: TestServer, cookie: string, addresses: string[]): Promise<Map<string, number>> {
  const { report_id } = await createReport(server, cookie);
  const row = await server.db.selectFrom('reports').selectAll().where('id', '=', report_id).executeTakeFirstOrThrow();
  await server.db.deleteFrom('reports').where('id', '=', report_id).execute();
  const { id: _id, ...copy } = row;
  const ids = new Map<string, number>();
  for (const [i, name] of addresses.entries()) {
    const postcode = name.split(', ').at(-1)!;
    const { id } = await server.db
      .insertInto('reports')
      .values({
        ...copy,
        slug: `search-slug-${i}-abcdefghijkl`,
        name,
        search_text: `${name} ${postcode.replace(/\s/g, '')} 0240-2821-7050-219${i}`.toLowerCase(),
        created_at: row.created_at + i,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(name, id);
  }
  return ids;
}

const found = async (server: TestServer, cookie: string, search: string) =>
  (await listOf(server, cookie, { mode: 'preliminary', search })).reports_list.map((r) => r.name).sort();

describeEachDatabase('report search index', (dialect) => {
  const server = useTestServer(dialect);
  const MARY = '28 St Mary Street, Cardiff, CF10 1AB';
  const QUEEN = '3 Queen Street, Cardiff, CF10 2BU';
  const HIGH = '7 High Street, Leeds, LS1 4AP';

  it('finds reports by part of a postcode, a street or a reference, in any case', async () => {
    const { cookie } = await loggedInUser(server(), STROMA_ASSESSOR);
    await reportsAt(server(), cookie, [MARY, QUEEN, HIGH]);
    expect(await found(server(), cookie, 'CF10')).toEqual([MARY, QUEEN]);
    expect(await found(server(), cookie, 'f10 1')).toEqual([MARY]);
    expect(await found(server(), cookie, 'cf101ab')).toEqual([MARY]);
    expect(await found(server(), cookie, 'mary st')).toEqual([MARY]);
    expect(await found(server(), cookie, 'Street, Cardiff')).toEqual([MARY, QUEEN]);
    expect(await found(server(), cookie, '7050-2192')).toEqual([HIGH]);
    // Shorter than the index's three characters: still found.
    expect(await found(server(), cookie, 'ls')).toEqual([HIGH]);
    expect(await found(server(), cookie, 'x"y')).toEqual([]);
    expect(await found(server(), cookie, 'cf10 9')).toEqual([]);
  });

  it("finds only the assessor's own reports", async () => {
    const mine = await loggedInUser(server(), STROMA_ASSESSOR);
    const theirs = await loggedInUser(server(), STROMA_ASSESSOR);
    await reportsAt(server(), theirs.cookie, [QUEEN]);
    expect(await found(server(), mine.cookie, 'queen street')).toEqual([]);
    expect(await found(server(), theirs.cookie, 'queen street')).toEqual([QUEEN]);
  });

  it('follows a report renamed, deleted or erased with its assessor', async () => {
    const { cookie, id: userId } = await loggedInUser(server(), STROMA_ASSESSOR);
    const ids = await reportsAt(server(), cookie, [MARY, QUEEN, HIGH]);
    const renamed = '30 St Mary Street, Cardiff, CF10 1AB';
    await server()
      .db.updateTable('reports')
      .set({ name: renamed, search_text: `${renamed} cf101ab`.toLowerCase() })
      .where('id', '=', ids.get(MARY)!)
      .execute();
    expect(await found(server(), cookie, '28 st mary')).toEqual([]);
    expect(await found(server(), cookie, '30 st mary')).toEqual([renamed]);

    await deleteReportRow(server().db, ids.get(QUEEN)!);
    expect(await found(server(), cookie, 'cf10')).toEqual([renamed]);

    await server().db.deleteFrom('users').where('id', '=', userId).execute();
    const other = await loggedInUser(server(), STROMA_ASSESSOR);
    await reportsAt(server(), other.cookie, [HIGH]);
    expect(await found(server(), other.cookie, 'high street')).toEqual([HIGH]);
    expect(await found(server(), other.cookie, 'cf10')).toEqual([]);
    // SQLite's index is kept beside the table: it must hold exactly the rows left (this throws otherwise).
    if (dialect === 'sqlite')
      await sql`insert into reports_search(reports_search, rank) values ('integrity-check', 1)`.execute(server().db);
  });
});
