import type { Db } from '../../../src/server/platform/db/database';
import { insertUser } from '../../../src/server/access/repos/users';
import { insertReport } from '../../../src/server/reports/repos/reports';
import { insertPurchase } from '../../../src/server/payments/repos/purchases';
import { recordReferralEntry } from '../../../src/server/earnings/repos/referral-fees';
import { BUYER, PAYMENT_METHOD, PURCHASE_STATUS, REPORT_STATUS, REPORT_TYPE } from '../../../src/shared/states';
import { userRow } from '../helpers/operator-cli';

let serial = 0;

/** An assessor straight into the database, for commands run against a DATA_DIR of the test's own. */
export async function seedAssessor(db: Db, email: string, name = 'Ann Assessor'): Promise<number> {
  return insertUser(db, userRow({ email, name }));
}

interface SeedOptions {
  at: number;
  address: string;
  ref?: string;
  pence?: number;
}

/**
 * What a fulfilled owner's purchase leaves behind, written with the repositories the fulfilment
 * uses: the assessor's report, the paid purchase, and the fee on the ledger, made at `at`.
 */
export async function seedEarning(db: Db, userId: number, opts: SeedOptions) {
  const seeded = await seedPaidPurchase(db, userId, opts);
  await recordReferralEntry(db, { userId, purchaseId: seeded.purchaseId, kind: 'fee', amountPence: opts.pence ?? 2500, at: opts.at });
  return seeded;
}

/** The report and paid purchase of an owner's purchase, without its fee. */
export async function seedPaidPurchase(db: Db, userId: number, opts: SeedOptions) {
  const n = ++serial;
  const reportId = await insertReport(db, {
    user_id: userId,
    slug: `seeded-${process.pid}-${n}`,
    type: REPORT_TYPE.preliminary,
    status: REPORT_STATUS.ready,
    name: opts.address,
    search_text: opts.address.toLowerCase(),
    assessor_ref: opts.ref ?? `REF-${n}`,
    current_epc: 55,
    current_epc_band: 'D',
    survey: '{}',
    measures: '[]',
    xml1_key: `xml/seeded-${n}.xml`,
    created_at: opts.at,
    updated_at: opts.at,
  });
  const purchaseId = await insertPurchase(db, {
    report_id: reportId,
    assessor_id: userId,
    buyer: BUYER.owner,
    method: PAYMENT_METHOD.card,
    status: PURCHASE_STATUS.paid,
    amount_pence: 9900,
    currency: 'gbp',
    full_price_pence: 9900,
    referral_pence: opts.pence ?? 2500,
    created_at: opts.at,
    paid_at: opts.at,
  });
  return { reportId, purchaseId };
}

/**
 * Tries to delete a user, answering the database's refusal ('' when it deleted them). Compared by
 * message: the SQLite driver's error class is not this test file's Error once another file loaded it.
 */
export const whyNotDeleted = (db: Db, userId: number): Promise<string> =>
  db
    .deleteFrom('users')
    .where('id', '=', userId)
    .execute()
    .then(
      () => '',
      (err: unknown) => String((err as { message?: unknown }).message),
    );
