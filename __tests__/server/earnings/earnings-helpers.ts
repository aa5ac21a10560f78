import * as earnings from '../../../src/shared/api/earnings';
import { ok } from '../helpers/answers';
import { loggedInUser, STROMA_ASSESSOR, type TestUser } from '../helpers/factories';
import { createReport } from '../helpers/reports';
import type { TestServer } from '../helpers/test-server';
import type { StripeStandIn } from '../../support/stripe-stand-in';
import { deliver, ownerBrowser } from '../payments/payment-helpers';

export type Assessor = TestUser & { cookie: string };

export const newAssessor = (s: TestServer): Promise<Assessor> => loggedInUser(s, STROMA_ASSESSOR);

/** My Earnings as the assessor's browser loads it. */
export const earningsOf = async (s: TestServer, who: { cookie: string }) =>
  ok(await s.call(earnings.agentEarnings, undefined, { cookie: who.cookie }));

/**
 * An owner opens the assessor's shared link to a new report, pays, and Stripe's webhook arrives:
 * the purchase is fulfilled. Answers the report, what its row says, and the signed event and
 * payment, for replays and refunds.
 */
export async function ownerBuysFrom(s: TestServer, standIn: StripeStandIn, assessor: Assessor) {
  const created = await createReport(s, assessor.cookie);
  await s.app.deps.jobs.drain();
  const path = created.share_url.split('/s/')[1];
  const browser = ownerBrowser(s);
  const { pi_id } = await browser.startPayment(path, { email: 'owner@example.com' });
  const paid = standIn.succeed(pi_id);
  const res = await deliver(s, paid);
  if (res.status !== 200) throw new Error(`the webhook answered ${res.status}`);
  const report = await s.db
    .selectFrom('reports')
    .select(['id', 'name', 'assessor_ref'])
    .where('id', '=', created.report_id)
    .executeTakeFirstOrThrow();
  return { report, piId: pi_id, paid, path };
}

/** Stripe tells us the owner's payment was refunded. */
export async function refund(s: TestServer, standIn: StripeStandIn, piId: string) {
  const res = await deliver(s, standIn.refund(piId));
  if (res.status !== 200) throw new Error(`the refund webhook answered ${res.status}`);
}

/**
 * Sets when the assessor's newest ledger entries were made: purchases happen now, and a test of
 * month boundaries needs them at chosen instants (the fee earned at 00:30 on 1 July, UK time).
 */
export async function madeAt(s: TestServer, userId: number, times: number[]) {
  const rows = await s.db.selectFrom('referral_fees').select('id').where('user_id', '=', userId).orderBy('id', 'desc').execute();
  const newestFirst = rows.slice(0, times.length);
  for (const [i, row] of newestFirst.reverse().entries())
    await s.db.updateTable('referral_fees').set({ created_at: times[i] }).where('id', '=', row.id).execute();
}
