import * as earnings from '../../../src/shared/api/earnings';
import * as reports from '../../../src/shared/api/reports';
import { londonMonthOf } from '../../../src/shared/rules/london-month';
import { EARNING_STATUS } from '../../../src/shared/states';
import { describeEachDatabase } from '../helpers/databases';
import { ok } from '../helpers/answers';
import { buildTestServer, type TestServer } from '../helpers/test-server';
import { startStripeStandIn, type StripeStandIn } from '../../support/stripe-stand-in';
import { checkStatus, deliver, PRICES, stripeEnv, usePrices } from '../payments/payment-helpers';
import { earningsOf, madeAt, newAssessor, ownerBuysFrom, refund } from './earnings-helpers';
import { whyNotDeleted } from './ledger-factory';

let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(() => standIn.close());

const thisMonth = () => londonMonthOf(Date.now());

describeEachDatabase('My Earnings', (dialect) => {
  let s: TestServer;
  beforeEach(async () => {
    s = await buildTestServer({ dialect, env: stripeEnv(standIn) });
    await usePrices(s);
  });
  afterEach(() => s.close());

  it('is empty for an assessor who has not earned yet, and names the owner price and referral fee in force', async () => {
    const assessor = await newAssessor(s);
    expect(await earningsOf(s, assessor)).toEqual({
      success: true,
      lifetime_earnings_pence: 0,
      lifetime_reports: 0,
      monthly_breakdown: [],
      current_premium_price_pence: PRICES.ownerPence,
      current_upgrade_referral_pence: PRICES.referralPence,
    });
  });

  it("shows an owner's purchase as the referral fee in force, with the report's address and ref, this month, unpaid", async () => {
    const assessor = await newAssessor(s);
    const before = Math.floor(Date.now() / 1000);
    const { report } = await ownerBuysFrom(s, standIn, assessor);
    // The fee is the one in force at the purchase: a later change of prices does not alter it.
    await usePrices(s, { ...PRICES, referralPence: 4000 });

    const earnings = await earningsOf(s, assessor);
    expect(earnings).toMatchObject({ lifetime_earnings_pence: 2500, lifetime_reports: 1, current_upgrade_referral_pence: 4000 });
    expect(earnings.monthly_breakdown).toEqual([
      { month: thisMonth(), total_pence: 2500, payment_status: EARNING_STATUS.unpaid, entries: [expect.any(Object)] },
    ]);
    const [entry] = earnings.monthly_breakdown[0].entries;
    expect(entry).toEqual({ amount_pence: 2500, assessor_ref: report.assessor_ref, address: report.name, time: expect.any(Number) });
    expect(report.name).toMatch(/\S/);
    expect(entry.time).toBeGreaterThanOrEqual(before);
    expect(entry.time).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
  });

  it('counts a payment once however often it is reported: replayed webhooks and the return page add nothing', async () => {
    const assessor = await newAssessor(s);
    const { paid, piId } = await ownerBuysFrom(s, standIn, assessor);
    const first = await earningsOf(s, assessor);
    for (let i = 0; i < 3; i++) expect((await deliver(s, paid)).status).toBe(200);
    ok(await checkStatus(s, standIn.paymentIntent(piId)!));
    expect(await earningsOf(s, assessor)).toEqual(first);
    expect(first.lifetime_earnings_pence).toBe(2500);
  });

  it('takes a refunded purchase off again: the reversal is listed beside the fee and the count drops', async () => {
    const assessor = await newAssessor(s);
    const kept = await ownerBuysFrom(s, standIn, assessor);
    const refunded = await ownerBuysFrom(s, standIn, assessor);
    await refund(s, standIn, refunded.piId);
    await refund(s, standIn, refunded.piId);

    const earnings = await earningsOf(s, assessor);
    expect(earnings).toMatchObject({ lifetime_earnings_pence: 2500, lifetime_reports: 1 });
    const [month] = earnings.monthly_breakdown;
    expect(month).toMatchObject({ month: thisMonth(), total_pence: 2500, payment_status: EARNING_STATUS.unpaid });
    expect(month.entries.map((e) => [e.address, e.amount_pence])).toEqual([
      [kept.report.name, 2500],
      [refunded.report.name, 2500],
      [refunded.report.name, -2500],
    ]);
  });

  it("shows another assessor nothing of it, and nobody's without a session", async () => {
    const earner = await newAssessor(s);
    await ownerBuysFrom(s, standIn, earner);
    const other = await newAssessor(s);
    const theirs = await earningsOf(s, other);
    expect(theirs).toMatchObject({ lifetime_earnings_pence: 0, lifetime_reports: 0, monthly_breakdown: [] });
    expect((await s.call(earnings.agentEarnings)).status).toBe(401);
    expect((await earningsOf(s, earner)).lifetime_earnings_pence).toBe(2500);
  });

  it('groups entries by UK month, newest month first: 00:30 on 1 July in summer time is July, though it is June in UTC', async () => {
    const assessor = await newAssessor(s);
    for (let i = 0; i < 3; i++) await ownerBuysFrom(s, standIn, assessor);
    await madeAt(s, assessor.id, [
      Date.UTC(2025, 5, 30, 22, 59), // 23:59 on 30 June, UK time
      Date.UTC(2025, 5, 30, 23, 30), // 00:30 on 1 July, UK time
      Date.UTC(2025, 11, 31, 23, 30), // 23:30 on 31 December: GMT, still December
    ]);
    const earnings = await earningsOf(s, assessor);
    expect(earnings.monthly_breakdown.map((m) => [m.month, m.total_pence, m.entries.length])).toEqual([
      ['2025-12', 2500, 1],
      ['2025-07', 2500, 1],
      ['2025-06', 2500, 1],
    ]);
    expect(earnings.monthly_breakdown[1].entries[0].time).toBe(Date.UTC(2025, 5, 30, 23, 30) / 1000);
    expect(earnings.lifetime_earnings_pence).toBe(7500);
  });

  it('keeps an earning when its report is deleted for good, and refuses to delete an assessor who has earnings', async () => {
    const assessor = await newAssessor(s);
    const { report } = await ownerBuysFrom(s, standIn, assessor);
    const before = await earningsOf(s, assessor);
    ok(await s.call(reports.reportDelete, { report_id: report.id, delete_mode: 'delete' }, { cookie: assessor.cookie }));
    ok(await s.call(reports.reportDelete, { report_id: report.id, delete_mode: 'perma-delete' }, { cookie: assessor.cookie }));
    expect(await s.db.selectFrom('reports').select('id').where('id', '=', report.id).executeTakeFirst()).toBeUndefined();
    expect(await earningsOf(s, assessor)).toEqual(before);
    expect(before.monthly_breakdown[0].entries[0].address).toBe(report.name);

    expect(await whyNotDeleted(s.db, assessor.id)).toMatch(/foreign key/i);
    expect(await earningsOf(s, assessor)).toEqual(before);
  });
});
