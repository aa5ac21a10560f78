import Stripe from 'stripe';
import { describeEachDatabase } from '../helpers/databases';
import { refused } from '../helpers/answers';
import { readOutbox } from '../helpers/factories';
import type { TestServer } from '../helpers/test-server';
import { sharedReport } from '../sharing/shared-helpers';
import { EVENT_OBJECT_UNREADABLE, EVENT_WITHOUT_OBJECT } from '../../../src/server/payments/routes';
import {
  cardPaymentServer,
  checkStatus,
  deliver,
  feesOf,
  ownerBrowser,
  premiumReportsOf,
  purchasesOf,
  referralTotal,
  useStripeStandIn,
} from './payment-helpers';

const standIn = useStripeStandIn();

/** What the database holds that a payment can change: compared before and after an event that must change nothing. */
async function snapshot(s: TestServer) {
  return {
    purchases: await purchasesOf(s),
    fees: await feesOf(s),
    premium: await premiumReportsOf(s),
    mails: (await readOutbox(s)).length,
  };
}

describeEachDatabase('Stripe webhook', (dialect) => {
  let s: TestServer;
  beforeEach(async () => {
    s = await cardPaymentServer(dialect, standIn);
  });
  afterEach(() => s.close());

  /** An owner's payment started, with their email, not yet paid. */
  async function startedPayment() {
    const link = await sharedReport(s);
    const browser = ownerBrowser(s);
    const { pi_id } = await browser.startPayment(link.path, { email: 'owner@example.com' });
    return { ...link, piId: pi_id };
  }

  it('fulfils a payment delivered 10 times, one after another and all at once, exactly once', async () => {
    const { piId, user } = await startedPayment();
    const event = standIn.succeed(piId);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await deliver(s, event)).status);
    statuses.push(...(await Promise.all(Array.from({ length: 5 }, () => deliver(s, event)))).map((r) => r.status));
    expect(statuses).toEqual(Array(10).fill(200));
    expect(await premiumReportsOf(s)).toHaveLength(1);
    expect(await feesOf(s)).toHaveLength(1);
    expect(await referralTotal(s.db, user.id)).toBe(2500);
    expect((await readOutbox(s)).filter((m) => m.to === 'owner@example.com')).toHaveLength(1);
  });

  it("fulfils once when the webhook and the owner's return arrive together", async () => {
    const { piId } = await startedPayment();
    const event = standIn.succeed(piId);
    const intent = standIn.paymentIntent(piId)!;
    const answers = await Promise.all([deliver(s, event), checkStatus(s, intent), deliver(s, event), checkStatus(s, intent)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(await premiumReportsOf(s)).toHaveLength(1);
    expect(await feesOf(s)).toHaveLength(1);
  });

  it('refuses a forged or stale signature with 400, changing nothing', async () => {
    const { piId } = await startedPayment();
    const before = await snapshot(s);
    const forged = standIn.event(
      'payment_intent.succeeded',
      { ...standIn.paymentIntent(piId)!, status: 'succeeded' },
      { secret: 'whsec_not_ours' },
    );
    const forgedRes = await deliver(s, forged);
    expect(forgedRes.status).toBe(400);
    expect(refused(forgedRes).error).toBe('The Stripe signature does not match.');
    const stale = standIn.event(
      'payment_intent.succeeded',
      { ...standIn.paymentIntent(piId)!, status: 'succeeded' },
      {
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      },
    );
    expect((await deliver(s, stale)).status).toBe(400);
    const genuine = standIn.succeed(piId);
    expect((await deliver(s, { payload: genuine.payload.replace('"amount":9900', '"amount":1'), header: genuine.header })).status).toBe(
      400,
    );
    expect((await deliver(s, { payload: genuine.payload, header: '' })).status).toBe(400);
    expect(await snapshot(s)).toEqual(before);
  });

  it('does not fulfil a payment of the wrong amount, for another report, or unknown to us', async () => {
    const first = await startedPayment();
    const second = await startedPayment();
    const before = await snapshot(s);
    const paid = { ...standIn.paymentIntent(first.piId)!, status: 'succeeded', amount_received: 9900 };

    expect((await deliver(s, standIn.event('payment_intent.succeeded', { ...paid, amount: 100, amount_received: 100 }))).status).toBe(200);
    const otherReport = { ...paid, metadata: { ...paid.metadata, report_id: String(second.reportId) } };
    expect((await deliver(s, standIn.event('payment_intent.succeeded', otherReport))).status).toBe(200);
    expect((await deliver(s, standIn.event('payment_intent.succeeded', { ...paid, id: 'pi_unknown123' }))).status).toBe(200);
    expect((await deliver(s, standIn.event('payment_intent.succeeded', { ...paid, currency: 'eur' }))).status).toBe(200);
    expect(await snapshot(s)).toEqual(before);
  });

  it('records a refused card, then fulfils when a later attempt succeeds', async () => {
    const { piId } = await startedPayment();
    expect((await deliver(s, standIn.fail(piId, 'Your card has insufficient funds.'))).status).toBe(200);
    expect((await purchasesOf(s))[0]).toMatchObject({ status: 'failed', failure_message: 'Your card has insufficient funds.' });
    expect(await premiumReportsOf(s)).toHaveLength(0);
    expect((await deliver(s, standIn.succeed(piId))).status).toBe(200);
    expect((await purchasesOf(s))[0]).toMatchObject({ status: 'paid', failure_message: '' });
  });

  it('reverses the referral fee once when a fulfilled payment is refunded, and lets the owner buy again', async () => {
    const { piId, user, path } = await startedPayment();
    await deliver(s, standIn.succeed(piId));
    expect(await referralTotal(s.db, user.id)).toBe(2500);
    const refund = standIn.refund(piId);
    expect((await deliver(s, refund)).status).toBe(200);
    expect((await deliver(s, refund)).status).toBe(200);
    expect((await purchasesOf(s))[0]).toMatchObject({ status: 'refunded' });
    expect((await feesOf(s)).map((f) => [f.kind, f.amount_pence])).toEqual([
      ['fee', 2500],
      ['reversal', -2500],
    ]);
    expect(await referralTotal(s.db, user.id)).toBe(0);
    expect((await ownerBrowser(s).startPayment(path, { email: 'owner@example.com' })).pi_id).not.toBe(piId);
  });

  it('acknowledges events it has no use for', async () => {
    await startedPayment();
    const before = await snapshot(s);
    expect((await deliver(s, standIn.event('customer.created', { id: 'cus_1', object: 'customer' }))).status).toBe(200);
    expect(await snapshot(s)).toEqual(before);
  });

  it('refuses a signed event whose object is null, missing, not an object or unreadable with 400, logs it, and changes nothing', async () => {
    const lines: string[] = [];
    const logged = await cardPaymentServer(dialect, standIn, {
      env: { LOG_LEVEL: 'warn' },
      log: { stream: { write: (line) => void lines.push(line) } },
    });
    try {
      const signed = (event: unknown) => {
        const payload = JSON.stringify(event);
        const header = new Stripe('sk_test_signer').webhooks.generateTestHeaderString({ payload, secret: standIn.webhookSecret });
        return { payload, header };
      };
      const base = { id: 'evt_null_object', object: 'event', type: 'payment_intent.succeeded', created: Math.floor(Date.now() / 1000) };
      const noObject = [
        { ...base, data: { object: null } },
        { ...base, data: {} },
        { ...base },
        { ...base, data: { object: 'pi_123' } },
        { ...base, data: { object: [] } },
        { ...base, type: 'customer.created', data: { object: null } },
      ];
      for (const event of noObject) {
        const res = await deliver(logged, signed(event));
        expect([res.status, refused(res).error]).toEqual([400, EVENT_WITHOUT_OBJECT]);
      }
      const unreadable = [
        { ...base, data: { object: { id: 'pi_123' } } },
        { ...base, type: 'charge.refunded', data: { object: { id: 'ch_1', payment_intent: 'pi_123' } } },
      ];
      for (const event of unreadable) {
        const res = await deliver(logged, signed(event));
        expect([res.status, refused(res).error]).toEqual([400, EVENT_OBJECT_UNREADABLE]);
      }
      const warnings = lines
        .map((line) => JSON.parse(line) as { msg?: string; eventId?: string })
        .filter((l) => l.msg === 'Stripe webhook event refused');
      expect(warnings).toHaveLength(noObject.length + unreadable.length);
      expect(warnings[0].eventId).toBe('evt_null_object');
      expect(await purchasesOf(logged)).toEqual([]);
    } finally {
      await logged.close();
    }
  });
});
