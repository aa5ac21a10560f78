import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Generated } from 'kysely';
import { withStatementCache } from '../../../../src/server/platform/db/statement-cache';

interface Tables {
  homes: { id: Generated<number>; postcode: string };
}

function openDb(size?: number) {
  const sqlite = new SQLite(':memory:');
  const cached = withStatementCache(sqlite, size);
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: cached }) });
  return { db, cached };
}

describe('SQLite statement cache', () => {
  it('answers the same queries the same way, prepared once each', async () => {
    const { db, cached } = openDb();
    await sql`create table homes (id integer primary key, postcode text not null)`.execute(db);
    for (const postcode of ['CF10 1AB', 'LS1 4AP', 'CF10 2BU']) await db.insertInto('homes').values({ postcode }).execute();
    const inCardiff = () => db.selectFrom('homes').select('postcode').where('postcode', 'like', 'CF10%').orderBy('id').execute();
    const first = await inCardiff();
    const before = cached.cachedStatements;
    expect(await inCardiff()).toEqual(first);
    expect(first.map((h) => h.postcode)).toEqual(['CF10 1AB', 'CF10 2BU']);
    expect(cached.cachedStatements).toBe(before);
    // A statement kept prepared sees rows written after it was prepared.
    await db.insertInto('homes').values({ postcode: 'CF10 3CD' }).execute();
    expect((await inCardiff()).map((h) => h.postcode)).toEqual(['CF10 1AB', 'CF10 2BU', 'CF10 3CD']);
    const removed = await db.deleteFrom('homes').where('postcode', '=', 'LS1 4AP').executeTakeFirst();
    expect(Number(removed.numDeletedRows)).toBe(1);
    expect(Number((await db.deleteFrom('homes').where('postcode', '=', 'LS1 4AP').executeTakeFirst()).numDeletedRows)).toBe(0);
    await db.destroy();
  });

  it('keeps no more statements than its size, dropping the least recently used', async () => {
    const { db, cached } = openDb(5);
    await sql`create table homes (id integer primary key, postcode text not null)`.execute(db);
    await db.insertInto('homes').values({ postcode: 'CF10 1AB' }).execute();
    const query = (n: number) => sql<{ n: number }>`select count(*) + ${sql.lit(n)} as n from homes`.execute(db);
    for (let n = 0; n < 50; n++) expect((await query(n)).rows).toEqual([{ n: n + 1 }]);
    expect(cached.cachedStatements).toBe(5);
    // Asked again, a dropped statement is prepared anew and answers as before.
    expect((await query(0)).rows).toEqual([{ n: 1 }]);
    expect(cached.cachedStatements).toBe(5);
    await db.destroy();
  });

  it('answers rows as objects named by their columns, as better-sqlite3 would', async () => {
    const { db } = openDb();
    await sql`create table homes (id integer primary key, postcode text not null)`.execute(db);
    const inserted = await db.insertInto('homes').values({ postcode: 'CF10 1AB' }).returning(['id', 'postcode']).execute();
    expect(inserted).toEqual([{ id: 1, postcode: 'CF10 1AB' }]);
    await db.insertInto('homes').values({ postcode: 'LS1 4AP' }).execute();
    expect(await db.selectFrom('homes').selectAll().orderBy('id').execute()).toEqual([
      { id: 1, postcode: 'CF10 1AB' },
      { id: 2, postcode: 'LS1 4AP' },
    ]);
    // Two columns of one name: the last one's value, as better-sqlite3's own objects keep.
    const twice = await sql<{ n: number }>`select 1 as n, 2 as n`.execute(db);
    expect(twice.rows).toEqual([{ n: 2 }]);
    // Names are written into each statement's row function: whatever a name holds, it stays a name.
    const odd = await sql<Record<string, unknown>>`select 1 as "a"" }; throw 1; //", 2 as "back\\slash
line", 3 as "__proto__", 4 as "constructor"`.execute(db);
    expect(odd.rows).toHaveLength(1);
    const [row] = odd.rows;
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.entries(row)).toEqual([
      ['a" }; throw 1; //', 1],
      ['back\\slash\nline', 2],
      ['__proto__', 3],
      ['constructor', 4],
    ]);
    const streamed = [];
    for await (const row of db.selectFrom('homes').select('postcode').orderBy('id').stream()) streamed.push(row);
    expect(streamed).toEqual([{ postcode: 'CF10 1AB' }, { postcode: 'LS1 4AP' }]);
    await db.destroy();
  });
});
