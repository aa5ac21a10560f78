import { markMonthPaid, owedForMonth, PayoutRefused } from '../../../src/server/earnings/payouts';
import { addMonths, isMonth, londonMonthOf, londonMonthStart } from '../../../src/shared/rules/london-month';
import { EARNING_STATUS } from '../../../src/shared/states';
import { describeEachDatabase } from '../helpers/databases';
import { readOutbox } from '../helpers/factories';
import { buildTestServer, type TestServer } from '../helpers/test-server';
import { startStripeStandIn, type StripeStandIn } from '../../support/stripe-stand-in';
import { stripeEnv, usePrices } from '../payments/payment-helpers';
import { earningsOf, madeAt, newAssessor, ownerBuysFrom, refund, type Assessor } from './earnings-helpers';

let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(() => standIn.close());

const DAY = 24 * 3600 * 1000;
const thisMonth = () => londonMonthOf(Date.now());
const nextMonth = () => addMonths(thisMonth(), 1);
/** The first moment a month may be paid: when the next one begins. */
const endOf = (month: string) => londonMonthStart(addMonths(month, 1));

describeEachDatabase('paying out referral fees', (dialect) => {
  let s: TestServer;
  beforeEach(async () => {
    s = await buildTestServer({ dialect, env: stripeEnv(standIn) });
    await usePrices(s);
  });
  afterEach(() => s.close());

  /** The operator's command, run once the month has ended. */
  const pay = (month: string, opts: { userId?: number; now?: number } = {}) =>
    markMonthPaid({ db: s.db, mailer: s.app.deps.mailer, publicUrl: s.config.publicUrl }, month, {
      now: isMonth(month) ? endOf(month) : Date.now(),
      ...opts,
    });
  const payoutMails = async (to?: string) =>
    (await readOutbox(s)).filter((m) => m.subject.includes('referral fees') && (to === undefined || m.to === to));
  const monthOf = async (who: Assessor, month: string) => (await earningsOf(s, who)).monthly_breakdown.find((m) => m.month === month);

  it('marks a month paid: each assessor sees Paid and gets one email; marking it again changes nothing and sends nothing', async () => {
    const ann = await newAssessor(s);
    const bob = await newAssessor(s);
    await ownerBuysFrom(s, standIn, ann);
    await ownerBuysFrom(s, standIn, ann);
    await ownerBuysFrom(s, standIn, bob);
    const month = thisMonth();

    expect((await owedForMonth(s.db, month)).map((r) => [r.email, r.amountPence, r.entries, r.status])).toEqual(
      [
        [ann.email, 5000, 2, EARNING_STATUS.unpaid],
        [bob.email, 2500, 1, EARNING_STATUS.unpaid],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    const outcomes = await pay(month);
    expect(outcomes.map((o) => [o.email, o.outcome, o.amountPence]).sort()).toEqual(
      [
        [ann.email, 'paid', 5000],
        [bob.email, 'paid', 2500],
      ].sort(),
    );
    expect(await monthOf(ann, month)).toMatchObject({ total_pence: 5000, payment_status: EARNING_STATUS.paid });
    expect(await monthOf(bob, month)).toMatchObject({ total_pence: 2500, payment_status: EARNING_STATUS.paid });
    const [annMail] = await payoutMails(ann.email);
    expect(annMail.text).toContain('We have paid you £50.00');
    expect(annMail.text).toContain(`${s.config.publicUrl}/earnings`);
    expect(await payoutMails()).toHaveLength(2);

    const before = { ann: await earningsOf(s, ann), payouts: await s.db.selectFrom('payouts').selectAll().orderBy('id').execute() };
    const again = await pay(month, { now: endOf(month) + DAY });
    expect(again.map((o) => o.outcome)).toEqual(['already paid', 'already paid']);
    expect(await payoutMails()).toHaveLength(2);
    expect(await earningsOf(s, ann)).toEqual(before.ann);
    expect(await s.db.selectFrom('payouts').selectAll().orderBy('id').execute()).toEqual(before.payouts);
    expect((await owedForMonth(s.db, month)).map((r) => r.status)).toEqual([EARNING_STATUS.paid, EARNING_STATUS.paid]);
  });

  it('pays one assessor when asked, leaving the others owed', async () => {
    const ann = await newAssessor(s);
    const bob = await newAssessor(s);
    await ownerBuysFrom(s, standIn, ann);
    await ownerBuysFrom(s, standIn, bob);
    const month = thisMonth();
    expect((await pay(month, { userId: ann.id })).map((o) => [o.email, o.outcome])).toEqual([[ann.email, 'paid']]);
    expect((await monthOf(ann, month))?.payment_status).toBe(EARNING_STATUS.paid);
    expect((await monthOf(bob, month))?.payment_status).toBe(EARNING_STATUS.unpaid);
    expect(await payoutMails(bob.email)).toHaveLength(0);
  });

  it('pays the net of a month in which a purchase was refunded before the payout', async () => {
    const ann = await newAssessor(s);
    await ownerBuysFrom(s, standIn, ann);
    const refunded = await ownerBuysFrom(s, standIn, ann);
    await refund(s, standIn, refunded.piId);
    const month = thisMonth();
    expect((await pay(month)).map((o) => o.amountPence)).toEqual([2500]);
    expect(await monthOf(ann, month)).toMatchObject({ total_pence: 2500, payment_status: EARNING_STATUS.paid });
    expect((await payoutMails(ann.email))[0].text).toContain('We have paid you £25.00');
  });

  it("carries a refund after the payout into the next month's total, and nets it against the next fees", async () => {
    const ann = await newAssessor(s);
    await ownerBuysFrom(s, standIn, ann);
    const refunded = await ownerBuysFrom(s, standIn, ann);
    const month = thisMonth();
    await pay(month);
    // The owner is refunded after the month was paid: what was paid stands.
    await refund(s, standIn, refunded.piId);

    const earnings = await earningsOf(s, ann);
    expect(earnings).toMatchObject({ lifetime_earnings_pence: 2500, lifetime_reports: 1 });
    expect(earnings.monthly_breakdown.map((m) => [m.month, m.total_pence, m.payment_status])).toEqual([
      [nextMonth(), -2500, EARNING_STATUS.unpaid],
      [month, 5000, EARNING_STATUS.paid],
    ]);
    expect(earnings.monthly_breakdown[0].entries).toEqual([
      {
        amount_pence: -2500,
        address: refunded.report.name,
        assessor_ref: refunded.report.assessor_ref,
        time: expect.any(Number),
        carried_from: month,
      },
    ]);

    // A negative balance is not paid: nothing is sent, and it stays owed against later fees.
    expect((await pay(nextMonth())).map((o) => [o.outcome, o.amountPence])).toEqual([['nothing to pay', -2500]]);
    expect((await monthOf(ann, nextMonth()))?.payment_status).toBe(EARNING_STATUS.unpaid);
    expect(await payoutMails(ann.email)).toHaveLength(1);

    await ownerBuysFrom(s, standIn, ann);
    await ownerBuysFrom(s, standIn, ann);
    await madeAt(s, ann.id, [endOf(month) + DAY, endOf(month) + 2 * DAY]);
    const [owed] = await owedForMonth(s.db, nextMonth());
    expect(owed).toMatchObject({ amountPence: 2500, carriedPence: -2500, entries: 3, status: EARNING_STATUS.unpaid });
    expect((await pay(nextMonth())).map((o) => [o.outcome, o.amountPence])).toEqual([['paid', 2500]]);
    expect(await monthOf(ann, nextMonth())).toMatchObject({ total_pence: 2500, payment_status: EARNING_STATUS.paid });
    const mails = await payoutMails(ann.email);
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toContain('This includes -£25.00 carried from earlier months.');
  });

  it('refuses a month that has not ended, or one written wrongly, changing nothing', async () => {
    const ann = await newAssessor(s);
    await ownerBuysFrom(s, standIn, ann);
    const before = await earningsOf(s, ann);
    const month = thisMonth();
    await expect(pay(month, { now: endOf(month) - 1 })).rejects.toThrow(`${month} has not ended yet`);
    await expect(pay('2026-13')).rejects.toThrow(PayoutRefused);
    await expect(owedForMonth(s.db, 'March')).rejects.toThrow('The month must be written YYYY-MM');
    expect(await s.db.selectFrom('payouts').selectAll().execute()).toEqual([]);
    expect(await earningsOf(s, ann)).toEqual(before);
    expect(await payoutMails()).toHaveLength(0);
  });
});
