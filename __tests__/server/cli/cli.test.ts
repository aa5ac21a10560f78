import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../../../src/server/platform/db/database';
import { getPrices, pricesHistory } from '../../../src/server/pricing/prices';
import { messageOptions } from '../../../src/server/messages/messages';
import { hasControlCharacter } from '../../../src/server/platform/security/control-characters';
import { runCli, userRow, withDb as withDataDirDb } from '../helpers/operator-cli';

let dataDir: string;

const cli = (...args: string[]) => runCli(dataDir, ...args);
const withDb = <T>(work: (db: Db) => Promise<T>) => withDataDirDb(dataDir, work);
const insertUser = (email: string) =>
  withDb((db) =>
    db
      .insertInto('users')
      .values(userRow({ email, name: 'Cli User' }))
      .execute(),
  );

const lines = (text: string) => text.split('\n').filter((l) => l.trim());

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'epcplus-cli-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('operator CLI (SQLite)', () => {
  it('creates invite codes, one xxxxx-xxxxx per line, stored unused', async () => {
    const res = await cli('invite', 'create', '--count', '3');
    expect(res.code).toBe(0);
    const codes = lines(res.stdout);
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    const stored = await withDb((db) => db.selectFrom('invite_codes').select(['code', 'used_at']).execute());
    expect(stored.map((r) => r.code).sort()).toEqual(codes.map((c) => c.replace('-', '')).sort());
    expect(stored.every((r) => r.used_at === null)).toBe(true);
  });

  it('disabling a user ends every session of theirs at once; an allowed role keeps them', async () => {
    const email = `disable-${process.pid}@example.com`;
    await insertUser(email);
    const userId = await withDb(async (db) => {
      const { id } = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      const now = Date.now();
      await db
        .insertInto('sessions')
        .values([1, 2].map((n) => ({ token_hash: `hash-${n}-${id}`, user_id: id, created_at: now, last_seen_at: now })))
        .execute();
      return id;
    });
    const sessionsLeft = () =>
      withDb(async (db) => (await db.selectFrom('sessions').select('token_hash').where('user_id', '=', userId).execute()).length);

    expect((await cli('user', 'set-role', email, 'ra')).code).toBe(0);
    expect(await sessionsLeft()).toBe(2);
    const res = await cli('user', 'set-role', email, 'disabled');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('logged out everywhere');
    expect(await sessionsLeft()).toBe(0);
    // The user list test below expects only its own user in this shared data folder.
    await withDb((db) => db.deleteFrom('users').where('id', '=', userId).execute());
  });

  it('prints names from users with their control characters escaped, never raw to the terminal', async () => {
    const email = `escape-${process.pid}@example.com`;
    await insertUser(email);
    await withDb((db) => db.updateTable('users').set({ name: 'Eve\u001b[2J\rHidden\u0007' }).where('email', '=', email).execute());
    try {
      const res = await cli('user', 'list');
      expect(res.code).toBe(0);
      // Line breaks are the CLI's own; nothing else below 0x20 (or DEL) reaches the terminal.
      expect(hasControlCharacter(res.stdout.replace(/\n/g, ''))).toBe(false);
      expect(res.stdout).toContain('Eve\\x1b[2J\\rHidden\\x07');
    } finally {
      await withDb((db) => db.deleteFrom('users').where('email', '=', email).execute());
    }
  });

  it('sets the prices in force, keeping every earlier set in the history', async () => {
    const before = (await withDb(pricesHistory)).length;
    const res = await cli('prices', 'set', '--trade', '5000', '--owner', '14900', '--referral', '1250', '--sell', '12000');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('trade £50.00, owner £149.00, referral £12.50, sell £120.00, no owner discount');
    expect(await withDb(getPrices)).toMatchObject({
      tradePence: 5000,
      ownerPence: 14900,
      referralPence: 1250,
      recommendedSellPence: 12000,
      ownerDiscount: null,
    });

    const discounted = await cli(
      'prices',
      'set',
      '--trade',
      '5000',
      '--owner',
      '14900',
      '--referral',
      '1250',
      '--sell',
      '12000',
      '--discount-code',
      'spring',
      '--discount',
      '5000',
    );
    expect(discounted.code).toBe(0);
    expect((await withDb(getPrices)).ownerDiscount).toEqual({ code: 'SPRING', pence: 5000 });
    expect((await withDb(pricesHistory)).length).toBe(before + 2);
    const history = await cli('prices', 'history');
    expect(history.stdout.split('\n')[0]).toContain('owner discount £50.00 (SPRING)');
  });

  it('refuses a price that is not a whole number of pence, or a discount without its code, changing nothing', async () => {
    const before = await withDb(getPrices);
    const res = await cli('prices', 'set', '--trade', 'abc', '--owner', '1', '--referral', '1', '--sell', '2');
    expect(res.code).not.toBe(0);
    expect(res.stderr).toMatch(/--trade.*abc.*whole number/s);
    const half = await cli('prices', 'set', '--trade', '1', '--owner', '100', '--referral', '1', '--sell', '2', '--discount', '50');
    expect(half.code).not.toBe(0);
    expect(half.stderr).toContain('Give --discount-code and --discount together');
    const tooBig = await cli(
      'prices',
      'set',
      '--trade',
      '1',
      '--owner',
      '100',
      '--referral',
      '1',
      '--sell',
      '2',
      '--discount-code',
      'X',
      '--discount',
      '100',
    );
    expect(tooBig.stderr).toContain('less than the owner price');
    expect(await withDb(getPrices)).toEqual(before);
  });

  it('grants premium credits to a user by email, adding to what they have', async () => {
    await insertUser('credits@example.com');
    expect((await cli('credits', 'grant', 'credits@example.com', '3')).code).toBe(0);
    const res = await cli('credits', 'grant', 'CREDITS@example.com', '2');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('now has 5 premium credits');
    const row = await withDb((db) =>
      db.selectFrom('users').select('premium_credits').where('email', '=', 'credits@example.com').executeTakeFirstOrThrow(),
    );
    expect(row.premium_credits).toBe(5);
  });

  it('refuses credits for an unknown email or a count below one', async () => {
    const [unknown, zero] = await Promise.all([
      cli('credits', 'grant', 'nobody@example.com', '3'),
      cli('credits', 'grant', 'credits@example.com', '0'),
    ]);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('No user with the email nobody@example.com');
    expect(zero.code).not.toBe(0);
    expect(zero.stderr).toContain('whole number of at least 1');
  });

  it('publishes terms from an HTML file, without its scripts', async () => {
    const file = join(dataDir, 'terms.html');
    await writeFile(file, '<h1>Terms</h1><p>Be fair.</p><script>alert(1)</script>');
    const res = await cli('terms', 'publish', '--title', 'Terms of use', '--html', file);
    expect(res.code).toBe(0);
    const terms = await withDb((db) => db.selectFrom('terms').selectAll().execute());
    expect(terms).toEqual([expect.objectContaining({ title: 'Terms of use', message_html: '<h1>Terms</h1><p>Be fair.</p>' })]);
  });

  it('posts a message with its answer options', async () => {
    const file = join(dataDir, 'message.html');
    await writeFile(file, '<p>Would you like a demo?</p>');
    const res = await cli('message', 'post', '--title', 'Demo', '--html', file, '--option', 'Yes please=yes', '--option', 'No thanks=no');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('with answers Yes please, No thanks');
    const [row] = await withDb((db) => db.selectFrom('messages').selectAll().execute());
    expect(row).toMatchObject({ title: 'Demo', message_html: '<p>Would you like a demo?</p>' });
    expect(messageOptions(row)).toEqual([
      { label: 'Yes please', value: 'yes' },
      { label: 'No thanks', value: 'no' },
    ]);
  });

  it('refuses a message option that is not LABEL=VALUE', async () => {
    const res = await cli('message', 'post', '--title', 'Bad', '--html', join(dataDir, 'message.html'), '--option', 'no-equals-sign');
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain('LABEL=VALUE');
  });

  it('lists the users', async () => {
    const res = await cli('user', 'list');
    expect(res.code).toBe(0);
    expect(lines(res.stdout)).toEqual([
      expect.stringMatching(/^\d+\tcredits@example\.com\tCli User\tsurveyor\telmhurst\tconfirmed\tlogins 0\tcredits 5$/),
    ]);
  });
});
