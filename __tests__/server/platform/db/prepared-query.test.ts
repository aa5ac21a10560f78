import { createDb } from '../../../../src/server/platform/db/database';
import { migrateToLatest } from '../../../../src/server/platform/db/migrate';
import { preparedQuery } from '../../../../src/server/platform/db/prepared-query';

async function openDb() {
  const db = createDb({ databaseUrl: ':memory:', dataDir: '/tmp' });
  await migrateToLatest(db);
  const now = Date.now();
  for (const [email, name] of [
    ['ann@example.com', 'Ann'],
    ['bob@example.com', 'Bob'],
    ['cat@example.com', 'Cat'],
  ])
    await db
      .insertInto('users')
      .values({ email, name, phone: '', role: 'surveyor', scheme: 'other', password_hash: 'x', created_at: now, email_confirmed_at: now })
      .execute();
  return db;
}

describe('prepared queries', () => {
  it('run with each call’s values, one compiled query per shape', async () => {
    const db = await openDb();
    let builds = 0;
    const usersNamed = preparedQuery((d, shape: { byEmail: boolean }, v: { name: string; email: string }) => {
      builds++;
      return d
        .selectFrom('users')
        .select('name')
        .$if(shape.byEmail, (q) => q.where('email', '=', v.email))
        .$if(!shape.byEmail, (q) => q.where('name', '=', v.name));
    });
    expect(await usersNamed(db, { byEmail: false }, { name: 'Ann', email: '' })).toEqual([{ name: 'Ann' }]);
    expect(await usersNamed(db, { byEmail: false }, { name: 'Bob', email: '' })).toEqual([{ name: 'Bob' }]);
    expect(await usersNamed(db, { byEmail: true }, { name: '', email: 'cat@example.com' })).toEqual([{ name: 'Cat' }]);
    expect(await usersNamed(db, { byEmail: true }, { name: '', email: 'nobody@example.com' })).toEqual([]);
    expect(builds).toBe(2);
    await db.destroy();
  });

  it('never reads what a transaction open on the connection wrote and has not committed', async () => {
    const db = await openDb();
    const emailOf = preparedQuery((d, _shape: null, v: { name: string }) =>
      d.selectFrom('users').select('email').where('name', '=', v.name),
    );
    let read!: Promise<{ email: string }[]>;
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ name: 'Ann Uncommitted' }).where('name', '=', 'Ann').execute();
        // From the database, not the transaction: it waits for the transaction, which then rolls back.
        read = emailOf(db, null, { name: 'Ann Uncommitted' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await read).toEqual([]);
    expect(await emailOf(db, null, { name: 'Ann' })).toEqual([{ email: 'ann@example.com' }]);
    await db.destroy();
  });

  it('refuses a value used in JavaScript, which would be frozen into every later run', async () => {
    const db = await openDb();
    const shouting = preparedQuery((d, _shape: null, v: { name: string }) =>
      d.selectFrom('users').select('name').where('name', '=', v.name.toUpperCase()),
    );
    await expect(shouting(db, null, { name: 'Ann' })).rejects.toThrow();
    const concatenated = preparedQuery((d, _shape: null, v: { name: string }) =>
      d.selectFrom('users').select('name').where('name', '=', `${v.name}`),
    );
    await expect(concatenated(db, null, { name: 'Ann' })).rejects.toThrow("The prepared query's value 'name' was used in JavaScript");
    await db.destroy();
  });
});
