import * as sharing from '../../../src/shared/api/sharing';
import * as reports from '../../../src/shared/api/reports';
import * as premium from '../../../src/shared/api/premium';
import { describeEachDatabase } from '../helpers/databases';
import { ok, refused } from '../helpers/answers';
import { readOutbox } from '../helpers/factories';
import type { TestServer } from '../helpers/test-server';
import { sharedReport } from '../sharing/shared-helpers';
import { REPORT_STATUS } from '../../../src/shared/states';
import { ALREADY_BOUGHT, NOT_ON_SALE } from '../../../src/server/payments/owner-checkout';
import {
  cardPaymentServer,
  checkStatus,
  deliver,
  feesOf,
  ownerBrowser,
  premiumReportsOf,
  PRICES,
  purchasesOf,
  referralTotal,
  useStripeStandIn,
} from './payment-helpers';

const standIn = useStripeStandIn();

/** The refunds asked of Stripe for a payment (the stand-in serves every test of the file). */
const refundCallsFor = (intentId: string) =>
  standIn.requests().filter((r) => r.method === 'POST' && r.path === '/v1/refunds' && r.params.payment_intent === intentId);

describeEachDatabase('card payments for Premium reports, and their refunds', (dialect) => {
  // Each test gets its own server with card payment on (the stand-in's address is known only once it runs).
  let s: TestServer;
  beforeEach(async () => {
    s = await cardPaymentServer(dialect, standIn);
  });
  afterEach(() => s.close());

  /** An owner's browser with its payment started and its details given, ready for the card. */
  async function readyToPay(path: string, email: string) {
    const browser = ownerBrowser(s);
    const { pi_id } = await browser.startPayment(path, { email, priority: 'getToC' });
    return { browser, pi_id };
  }

  /**
   * A second payment beside the report's open one, as browsers could start them before a report
   * had one open payment at a time (they may still be paid): the open one is set aside meanwhile.
   */
  async function secondReadyToPay(path: string, email: string) {
    const open = (await purchasesOf(s)).filter((p) => p.status === 'awaiting_payment').map((p) => p.id);
    await s.db.updateTable('purchases').set({ status: 'refunded' }).where('id', 'in', open).execute();
    const second = await readyToPay(path, email);
    await s.db.updateTable('purchases').set({ status: 'awaiting_payment' }).where('id', 'in', open).execute();
    return second;
  }

  /** An owner's payment made and fulfilled, as their return to /paymentComplete does it. */
  async function bought(path: string, email: string) {
    const { pi_id } = await readyToPay(path, email);
    standIn.succeed(pi_id);
    ok(await checkStatus(s, standIn.paymentIntent(pi_id)!));
    return pi_id;
  }

  describe('an owner pays for what can no longer be sold', () => {
    it('tells a second browser the report is bought before its card is charged', async () => {
      const { path } = await sharedReport(s);
      const first = await readyToPay(path, 'first@example.com');
      const second = ownerBrowser(s, '203.0.113.2');
      ok(await second.load(path));

      standIn.succeed(first.pi_id);
      ok(await checkStatus(s, standIn.paymentIntent(first.pi_id)!));

      const late = await second.pay(path, { email: 'second@example.com', priority: 'getToC' });
      expect(late.status).toBe(409);
      expect(refused(late).error).toBe(ALREADY_BOUGHT);
      expect((await purchasesOf(s)).map((p) => [p.status, p.email])).toEqual([['paid', 'first@example.com']]);
    });

    it('refunds in full a second payment that went through, making and earning nothing for it', async () => {
      const { path, reportId, user } = await sharedReport(s);
      const first = await readyToPay(path, 'first@example.com');
      const second = await secondReadyToPay(path, 'second@example.com');
      // Both cards charged before either payment was fulfilled (two phones, the same minute).
      standIn.succeed(first.pi_id);
      standIn.succeed(second.pi_id);

      expect(ok(await checkStatus(s, standIn.paymentIntent(first.pi_id)!)).data).toMatchObject({ paid: true });
      const refunded = ok(await checkStatus(s, standIn.paymentIntent(second.pi_id)!)).data;
      expect(refunded).toMatchObject({ paid: false, short: 'Payment refunded', email: 'second@example.com' });
      expect(refunded.long).toBe(
        'A Premium Report had already been bought for this property. Your payment is refunded in full: it reaches your card within 5 to 10 working days.',
      );

      const mails = await readOutbox(s); // runs the queued jobs, the refund among them
      expect(standIn.refundedIntents()).toContain(second.pi_id);
      expect(standIn.refundedIntents()).not.toContain(first.pi_id);
      const [refundCall] = refundCallsFor(second.pi_id);
      expect(refundCall.idempotencyKey).toMatch(/^refund-purchase-\d+-\w{24}$/);
      const notice = mails.find((m) => m.to === 'second@example.com');
      expect(notice?.subject).toMatch(/being refunded/);
      expect(notice?.text).toContain('£99.00 (reduced from £149.00 with SPRING voucher code)');
      expect(notice?.text).toContain('A Premium Report had already been bought for this property.');
      expect(mails.filter((m) => m.to === 'second@example.com')).toHaveLength(1);

      const [paid, duplicate] = await purchasesOf(s);
      expect(paid).toMatchObject({ status: 'paid', report_id: reportId });
      expect(duplicate).toMatchObject({ status: 'refunded', premium_report_id: null });
      expect(duplicate.refunded_at).not.toBeNull();
      expect(await premiumReportsOf(s)).toHaveLength(1);
      expect(await referralTotal(s.db, user.id)).toBe(PRICES.referralPence);

      // Stripe's own events for it afterwards (the payment, then its refund) change nothing.
      expect((await deliver(s, standIn.event('payment_intent.succeeded', standIn.paymentIntent(second.pi_id)!))).status).toBe(200);
      expect((await deliver(s, standIn.refund(second.pi_id))).status).toBe(200);
      await s.app.deps.jobs.drain();
      expect(refundCallsFor(second.pi_id)).toHaveLength(1);
      expect(standIn.refundedIntents()).not.toContain(first.pi_id);
      expect(await premiumReportsOf(s)).toHaveLength(1);
      expect(await referralTotal(s.db, user.id)).toBe(PRICES.referralPence);
      expect(ok(await s.call(sharing.sharedReport, { report_path: path })).premium_purchased).toBe(true);
    });

    it('of two payments fulfilled at the same moment, makes the Premium report for exactly one', async () => {
      const { path, user } = await sharedReport(s);
      const payments = [await readyToPay(path, 'a@example.com'), await secondReadyToPay(path, 'b@example.com')];
      for (const { pi_id } of payments) standIn.succeed(pi_id);
      const answers = await Promise.all(payments.map(({ pi_id }) => checkStatus(s, standIn.paymentIntent(pi_id)!)));
      expect(answers.map((a) => ok(a).data.short).sort()).toEqual(['Payment received', 'Payment refunded']);
      expect((await purchasesOf(s)).map((p) => p.status).sort()).toEqual(['paid', 'refunded']);
      expect(await premiumReportsOf(s)).toHaveLength(1);
      expect(await referralTotal(s.db, user.id)).toBe(PRICES.referralPence);
    });

    it('sells nothing on the links of an assessor who can no longer use the app, and refunds a payment already under way', async () => {
      const { path, user } = await sharedReport(s);
      const underWay = await readyToPay(path, 'owner@example.com');
      await s.db.updateTable('users').set({ role: 'disabled' }).where('id', '=', user.id).execute();

      const load = await ownerBrowser(s).load(path);
      expect(load.status).toBe(409);
      expect(refused(load).error).toBe(NOT_ON_SALE);

      standIn.succeed(underWay.pi_id);
      const answer = ok(await checkStatus(s, standIn.paymentIntent(underWay.pi_id)!)).data;
      expect(answer).toMatchObject({ paid: false, short: 'Payment refunded' });
      expect(answer.long).toContain('Your assessor can no longer prepare Premium Reports.');
      await s.app.deps.jobs.drain();
      expect(refundCallsFor(underWay.pi_id)).toHaveLength(1);
      expect(await premiumReportsOf(s)).toEqual([]);
      expect(await feesOf(s)).toEqual([]);
    });

    it("takes a refund made meanwhile in Stripe's dashboard as done", async () => {
      const { path } = await sharedReport(s);
      const first = await readyToPay(path, 'first@example.com');
      const second = await secondReadyToPay(path, 'second@example.com');
      standIn.succeed(first.pi_id);
      standIn.succeed(second.pi_id);
      ok(await checkStatus(s, standIn.paymentIntent(first.pi_id)!));
      // The operator refunds the second payment by hand before the refund job runs.
      const byHand = await fetch(`${standIn.url}/v1/refunds`, {
        method: 'POST',
        headers: { authorization: `Bearer ${standIn.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: `payment_intent=${second.pi_id}`,
      });
      expect(byHand.status).toBe(200);
      expect(ok(await checkStatus(s, standIn.paymentIntent(second.pi_id)!)).data.short).toBe('Payment refunded');
      await s.app.deps.jobs.drain();
      const jobs = await s.db.selectFrom('jobs').select(['status', 'attempts']).where('kind', '=', 'refund_payment').execute();
      expect(jobs).toEqual([{ status: 'done', attempts: 1 }]);
    });

    it('refunds a payment completed after its report was erased', async () => {
      const { path, reportId, user } = await sharedReport(s);
      const owner = await readyToPay(path, 'owner@example.com');
      ok(await s.call(reports.reportDelete, { report_id: reportId, delete_mode: 'delete' }, { cookie: user.cookie }));
      ok(await s.call(reports.reportDelete, { report_id: reportId, delete_mode: 'perma-delete' }, { cookie: user.cookie }));

      standIn.succeed(owner.pi_id);
      expect((await deliver(s, standIn.event('payment_intent.succeeded', standIn.paymentIntent(owner.pi_id)!))).status).toBe(200);
      await s.app.deps.jobs.drain();
      expect(standIn.refundedIntents()).toContain(owner.pi_id);
      expect(refundCallsFor(owner.pi_id)).toHaveLength(1);
      expect(await purchasesOf(s)).toEqual([
        expect.objectContaining({
          status: 'refunded',
          report_id: null,
          failure_message: 'Its report was erased before the payment completed.',
        }),
      ]);
      expect(await premiumReportsOf(s)).toEqual([]);
      expect(await feesOf(s)).toEqual([]);
      expect(ok(await checkStatus(s, standIn.paymentIntent(owner.pi_id)!)).data).toMatchObject({ paid: false, short: 'Payment refunded' });
    });
  });

  describe('an owner’s purchase outlives the Preliminary report it was bought from', () => {
    it('still reads as the owner’s after the report is erased, and a refund still takes back the fee', async () => {
      const { path, reportId, user } = await sharedReport(s);
      const pi_id = await bought(path, 'owner@example.com');
      const address = (await premiumReportsOf(s))[0].name;

      ok(await s.call(reports.reportDelete, { report_id: reportId, delete_mode: 'delete' }, { cookie: user.cookie }));
      ok(await s.call(reports.reportDelete, { report_id: reportId, delete_mode: 'perma-delete' }, { cookie: user.cookie }));

      // The Premium report the owner paid for is still theirs to receive.
      const [pending] = ok(await s.call(premium.pendingList, undefined, { cookie: user.cookie })).reports_list;
      expect(pending.pending).toMatchObject({ bought_by: 'owner', buyer_email: 'owner@example.com' });
      expect(await purchasesOf(s)).toEqual([expect.objectContaining({ status: 'paid', report_id: null })]);

      expect((await deliver(s, standIn.refund(pi_id))).status).toBe(200);
      expect(await referralTotal(s.db, user.id)).toBe(0);
      expect((await feesOf(s)).map((f) => [f.kind, f.amount_pence, f.address])).toEqual([
        ['fee', PRICES.referralPence, address],
        ['reversal', -PRICES.referralPence, address],
      ]);
      expect((await purchasesOf(s))[0].status).toBe('refunded');
    });
  });

  describe('a refund of a Premium report already bought', () => {
    const pendingOf = async (cookie: string) =>
      ok(await s.call(premium.pendingList, undefined, { cookie })).reports_list.map((r) => r.pending?.buyer_email);

    it('takes a still-pending report out of the assessor’s queue, and the owner may buy again', async () => {
      const { path, user } = await sharedReport(s);
      const first = await bought(path, 'owner@example.com');
      expect(await pendingOf(user.cookie)).toEqual(['owner@example.com']);

      expect((await deliver(s, standIn.refund(first))).status).toBe(200);
      expect(await pendingOf(user.cookie)).toEqual([]);
      expect(await premiumReportsOf(s)).toEqual([]);
      expect(await referralTotal(s.db, user.id)).toBe(0);
      expect(ok(await s.call(sharing.sharedReport, { report_path: path })).premium_purchased).toBe(false);
      // Delivered again, the refund changes nothing more.
      expect((await deliver(s, standIn.refund(first))).status).toBe(200);
      expect((await feesOf(s)).map((f) => f.kind)).toEqual(['fee', 'reversal']);

      await bought(path, 'owner@example.com');
      expect(await pendingOf(user.cookie)).toEqual(['owner@example.com']);
      expect(await referralTotal(s.db, user.id)).toBe(PRICES.referralPence);
    });

    it('leaves a report the assessor has already finalised', async () => {
      const { path, user } = await sharedReport(s);
      const paid = await bought(path, 'owner@example.com');
      const [premium] = await premiumReportsOf(s);
      await s.db.updateTable('reports').set({ status: REPORT_STATUS.ready }).where('id', '=', premium.id).execute();

      expect((await deliver(s, standIn.refund(paid))).status).toBe(200);
      expect(await premiumReportsOf(s)).toEqual([expect.objectContaining({ id: premium.id, status: REPORT_STATUS.ready })]);
      expect(await referralTotal(s.db, user.id)).toBe(0);
    });
  });
});
