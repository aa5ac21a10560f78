import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, type Migration } from 'kysely';
import { createDb, type Db } from '../../../src/server/platform/db/database';
import { migrateToLatest } from '../../../src/server/platform/db/migrate';
import * as m001 from '../../../src/server/platform/db/migrations/001-access';
import * as m002 from '../../../src/server/platform/db/migrations/002-reports';
import * as m003 from '../../../src/server/platform/db/migrations/003-sharing';
import * as m004 from '../../../src/server/platform/db/migrations/004-default-voucher';
import * as m005 from '../../../src/server/platform/db/migrations/005-address-lockouts';
import * as m006 from '../../../src/server/platform/db/migrations/006-payments';
import { deleteReportRow } from '../../../src/server/reports/repos/reports';
import { describeEachDatabase } from '../helpers/databases';
import { TEST_DATABASE_URL, withSchemaLock } from '../helpers/postgres';
import { seedAssessor, seedEarning, seedPaidPurchase, whyNotDeleted } from './ledger-factory';

/** The database as the release before earnings left it. */
const BEFORE_EARNINGS: Record<string, Migration> = {
  '001-access': m001,
  '002-reports': m002,
  '003-sharing': m003,
  '004-default-voucher': m004,
  '005-address-lockouts': m005,
  '006-payments': m006,
};

describeEachDatabase('the earnings migration', (dialect) => {
  let db: Db;
  let dataDir: string;
  let schema: string | null;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'epcplus-ledger-'));
    schema = dialect === 'postgres' ? `t_${randomBytes(8).toString('hex')}` : null;
    if (schema) await withSchemaLock('shared', (c) => c.query(`CREATE SCHEMA ${schema}`));
    db = createDb({ databaseUrl: schema ? TEST_DATABASE_URL : ':memory:', dataDir, ...(schema ? { pgSchema: schema } : {}) });
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(BEFORE_EARNINGS) },
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    const run = () => migrator.migrateToLatest();
    const { error } = schema ? await withSchemaLock('shared', run) : await run();
    if (error) throw error as Error;
  });
  afterEach(async () => {
    await db.destroy();
    if (schema) await withSchemaLock('exclusive', (c) => c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps the fees and purchases recorded before it, and no delete of a report or user takes them', async () => {
    const userId = await seedAssessor(db, `ledger-${process.pid}@example.com`);
    // Recorded as the release before this one did: no address or ref on the fee itself.
    const at = Date.UTC(2026, 2, 3);
    const { reportId, purchaseId } = await seedPaidPurchase(db, userId, { at, address: '1 Old Road, AB1 2CD', ref: 'RRN-0001' });
    await db
      .insertInto('referral_fees')
      .values({ user_id: userId, purchase_id: purchaseId, kind: 'fee', amount_pence: 2500, created_at: at })
      .execute();
    const purchaseBefore = await db.selectFrom('purchases').selectAll().where('id', '=', purchaseId).executeTakeFirstOrThrow();
    const upgrade = () => migrateToLatest(db);
    await (schema ? withSchemaLock('shared', upgrade) : upgrade());
    // Rebuilt on SQLite (migration 013), the purchase is the same row, id and every field kept.
    expect(await db.selectFrom('purchases').selectAll().where('id', '=', purchaseId).executeTakeFirst()).toEqual(purchaseBefore);

    const fees = () => db.selectFrom('referral_fees').selectAll().execute();
    expect(await fees()).toEqual([
      expect.objectContaining({
        user_id: userId,
        amount_pence: 2500,
        address: '1 Old Road, AB1 2CD',
        assessor_ref: 'RRN-0001',
        payout_id: null,
      }),
    ]);

    // Fees recorded after it go on numbering after the old ones.
    await seedEarning(db, userId, { at: Date.UTC(2026, 2, 4), address: '2 New Road, AB1 2CD' });
    const [oldFee, newFee] = await db.selectFrom('referral_fees').select(['id', 'address']).orderBy('id').execute();
    expect([oldFee.address, newFee.address]).toEqual(['1 Old Road, AB1 2CD', '2 New Road, AB1 2CD']);
    expect(newFee.id).toBeGreaterThan(oldFee.id);

    // The report erased, its purchase stays (a record of the money) without it, and the fee with its purchase.
    await deleteReportRow(db, reportId);
    expect(await db.selectFrom('purchases').selectAll().where('id', '=', purchaseId).executeTakeFirst()).toEqual({
      ...purchaseBefore,
      report_id: null,
    });
    expect((await fees()).find((f) => f.id === oldFee.id)).toMatchObject({
      purchase_id: purchaseId,
      amount_pence: 2500,
      address: '1 Old Road, AB1 2CD',
    });

    expect(await whyNotDeleted(db, userId)).toMatch(/foreign key/i);
    expect(await fees()).toHaveLength(2);

    // A purchase alone (no fee: an assessor's own, or an owner's with no referral) keeps its user too.
    const buyer = await seedAssessor(db, `buyer-${process.pid}@example.com`);
    const bought = await seedPaidPurchase(db, buyer, { at, address: '3 Any Road, AB1 2CD' });
    expect(await whyNotDeleted(db, buyer)).toMatch(/foreign key/i);
    expect(await db.selectFrom('purchases').select('id').where('id', '=', bought.purchaseId).execute()).toHaveLength(1);
  });
});
