import * as sharing from '../../../src/shared/api/sharing';
import { describeEachDatabase } from '../helpers/databases';
import { ok, refused } from '../helpers/answers';
import { readOutbox } from '../helpers/factories';
import { useTestServer, type TestServer } from '../helpers/test-server';
import { sharedReport } from '../sharing/shared-helpers';
import { ALREADY_BOUGHT } from '../../../src/server/payments/owner-checkout';
import {
  cardPaymentServer,
  checkStatus,
  feesOf,
  ownerBrowser,
  premiumReportsOf,
  PRICES,
  purchasesOf,
  recordPushes,
  referralTotal,
  STRIPE_UNREACHABLE,
  usePrices,
  useStripeStandIn,
} from './payment-helpers';

const standIn = useStripeStandIn();

describeEachDatabase('an owner buys a Premium report on the shared link', (dialect) => {
  // Each test gets its own server with card payment on (the stand-in's address is known only once it runs).
  let s: TestServer;
  beforeEach(async () => {
    s = await cardPaymentServer(dialect, standIn);
  });
  afterEach(() => s.close());

  const intentCreates = () => standIn.requests().filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');

  it('opens the card form with the owner price and its discount, making no payment until the owner pays', async () => {
    const { path, reportId } = await sharedReport(s);
    expect(ok(await s.call(sharing.sharedReport, { report_path: path }))).toMatchObject({ report_mode: 'free', premium_purchased: false });
    const createsBefore = intentCreates().length;
    const intentsBefore = standIn.paymentIntents().length;
    const load = ok(await ownerBrowser(s).load(path));
    expect(load).toEqual({
      success: true,
      pk: standIn.publishableKey,
      cost_amount: 9900,
      cost_currency: 'gbp',
      full_price_amount: 14900,
      discount_amount: 5000,
      discount_code: 'SPRING',
    });
    // A page opened and left: nothing at Stripe, nothing kept here.
    expect(intentCreates()).toHaveLength(createsBefore);
    expect(standIn.paymentIntents()).toHaveLength(intentsBefore);
    expect(await purchasesOf(s)).toEqual([]);

    const paid = ok(await ownerBrowser(s).pay(path, { email: 'owner@example.com' }));
    expect(paid).toMatchObject({ cost_amount: 9900, cost_currency: 'gbp', discount_amount: 5000, discount_code: 'SPRING' });
    const intent = standIn.paymentIntent(paid.pi_id)!;
    expect(intent).toMatchObject({ amount: 9900, currency: 'gbp', client_secret: paid.pi_secret, status: 'requires_payment_method' });
    expect(intent.metadata).toMatchObject({ report_id: String(reportId), buyer: 'owner' });
    expect(standIn.paymentIntents()).toHaveLength(intentsBefore + 1);
    const creates = intentCreates().slice(createsBefore);
    expect(creates).toHaveLength(1);
    expect(creates[0].idempotencyKey).toMatch(/^purchase-\d+-\w{24}$/);
  });

  it("gives every browser that pays the report's one open payment: eleven from eleven addresses share one intent, then it is bought", async () => {
    const { path } = await sharedReport(s);
    const intentsBefore = standIn.paymentIntents().length;
    for (let n = 1; n <= 11; n++) ok(await ownerBrowser(s, `203.0.113.${n}`).load(path));
    expect(standIn.paymentIntents()).toHaveLength(intentsBefore);

    const pays = [];
    for (let n = 1; n <= 11; n++) pays.push(await ownerBrowser(s, `203.0.113.${n}`).pay(path, { email: `owner${n}@example.com` }));
    expect(pays.map((l) => l.status)).toEqual(Array(11).fill(200));
    const [first] = pays.map((l) => ok(l));
    expect(new Set(pays.map((l) => ok(l).pi_id))).toEqual(new Set([first.pi_id]));
    expect(new Set(pays.map((l) => ok(l).pi_secret))).toEqual(new Set([first.pi_secret]));
    expect(await purchasesOf(s)).toHaveLength(1);
    // And at once, as a link passed round a family would be paid.
    const together = await Promise.all(
      Array.from({ length: 5 }, (_, n) => ownerBrowser(s, `198.51.100.${n + 1}`).pay(path, { email: 'owner@example.com' })),
    );
    expect(together.map((l) => ok(l).pi_id)).toEqual(Array(5).fill(first.pi_id));
    expect(standIn.paymentIntents().length - intentsBefore).toBe(1);

    standIn.succeed(first.pi_id);
    expect(ok(await checkStatus(s, standIn.paymentIntent(first.pi_id)!)).data.paid).toBe(true);
    expect(ok(await s.call(sharing.sharedReport, { report_path: path })).premium_purchased).toBe(true);
    expect(refused(await ownerBrowser(s).load(path)).error).toBe(ALREADY_BOUGHT);
    expect(refused(await ownerBrowser(s).pay(path, { email: 'late@example.com' })).error).toBe(ALREADY_BOUGHT);
  });

  it('tries a refused card again on the same payment, keeping the details given last', async () => {
    const { path } = await sharedReport(s);
    const browser = ownerBrowser(s);
    const first = await browser.startPayment(path, { email: 'owner@example.com' });
    standIn.fail(first.pi_id, 'Your card was declined.');
    const again = ok(await browser.pay(path, { email: 'other@example.com', priority: 'getToC' }));
    expect(again.pi_id).toBe(first.pi_id);
    expect(await purchasesOf(s)).toEqual([
      expect.objectContaining({ payment_intent_id: first.pi_id, email: 'other@example.com', priority: 'getToC' }),
    ]);
  });

  it('replaces the open payment when its price changes or it was cancelled, cancelling the old intent first', async () => {
    const { path } = await sharedReport(s);
    const owner = { email: 'owner@example.com' };
    const first = await ownerBrowser(s).startPayment(path, owner);
    await usePrices(s, { ...PRICES, ownerDiscount: null });
    expect(ok(await ownerBrowser(s).load(path)).cost_amount).toBe(PRICES.ownerPence);
    const repriced = ok(await ownerBrowser(s).pay(path, owner));
    expect(repriced.pi_id).not.toBe(first.pi_id);
    expect(repriced.cost_amount).toBe(PRICES.ownerPence);
    expect(standIn.paymentIntent(first.pi_id)?.status).toBe('canceled');
    expect(await purchasesOf(s)).toEqual([expect.objectContaining({ payment_intent_id: repriced.pi_id, amount_pence: PRICES.ownerPence })]);

    // Cancelled at Stripe (the abandoned-checkout sweep, the dashboard): the next payment makes a new one.
    await s.app.deps.stripe!.paymentIntents.cancel(repriced.pi_id);
    const renewed = ok(await ownerBrowser(s).pay(path, owner));
    expect(renewed.pi_id).not.toBe(repriced.pi_id);
    expect(await purchasesOf(s)).toEqual([expect.objectContaining({ payment_intent_id: renewed.pi_id })]);
  });

  it('checks the details field by field, making no payment until they are right', async () => {
    const { path } = await sharedReport(s);
    const browser = ownerBrowser(s);
    ok(await browser.load(path));
    const intentsBefore = standIn.paymentIntents().length;
    const bad = refused(await browser.pay(path, { email: 'not-an-email', company: 'x'.repeat(101), priority: 'cheapest' }));
    expect(bad.error).toBe('Please fix problems above.');
    expect(bad.errors?.map((e) => e.key).sort()).toEqual(['company', 'email', 'priority']);
    expect(await purchasesOf(s)).toEqual([]);
    expect(standIn.paymentIntents()).toHaveLength(intentsBefore);

    const { pi_id } = ok(await browser.pay(path, { email: 'owner@example.com', company: 'Home Ltd', priority: 'getToC' }));
    expect((await purchasesOf(s))[0]).toMatchObject({
      email: 'owner@example.com',
      company: 'Home Ltd',
      priority: 'getToC',
      payment_intent_id: pi_id,
    });
  });

  it('fulfils once paid: a pending Premium report for the assessor, the referral fee, a receipt and a note to finalise', async () => {
    const { path, reportId, user } = await sharedReport(s);
    const pushes = recordPushes(s);
    const browser = ownerBrowser(s);
    const { pi_id } = await browser.startPayment(path, { email: 'owner@example.com', priority: 'improveComfort' });
    standIn.succeed(pi_id);

    const status = ok(await checkStatus(s, standIn.paymentIntent(pi_id)!));
    expect(status.data).toMatchObject({ paid: true, short: 'Payment received', email: 'owner@example.com' });
    expect(status.data.long).toContain('within 3 working days');
    expect(status.data.report_name).toMatch(/\S/);

    const [premium] = await premiumReportsOf(s);
    expect(premium).toMatchObject({ user_id: user.id, status: 'Pending', name: status.data.report_name });
    expect((await purchasesOf(s))[0]).toMatchObject({
      status: 'paid',
      premium_report_id: premium.id,
      amount_pence: 9900,
      referral_pence: 2500,
    });
    expect(await referralTotal(s.db, user.id)).toBe(PRICES.referralPence);
    expect(pushes.filter((p) => p.userId === user.id).map((p) => p.event)).toEqual(
      expect.arrayContaining(['pendingUpdate', 'newCommissionPayment']),
    );

    const mails = await readOutbox(s);
    const receipt = mails.find((m) => m.to === 'owner@example.com');
    expect(receipt?.text).toContain('£99.00 (reduced from £149.00 with SPRING voucher code)');
    const notice = mails.find((m) => m.to === user.email && m.subject.startsWith('A Premium Report was bought'));
    expect(notice?.text).toContain(`/pending/${premium.id}`);
    expect(notice?.text).toContain('Make my home warmer');

    // Bought: the page says so, and there is no second payment.
    expect(ok(await s.call(sharing.sharedReport, { report_path: path })).premium_purchased).toBe(true);
    expect(refused(await browser.load(path)).error).toMatch(/already been bought/);
    // Asking again (a reload of /paymentComplete) changes nothing.
    ok(await checkStatus(s, standIn.paymentIntent(pi_id)!));
    expect(await premiumReportsOf(s)).toHaveLength(1);
    expect(await feesOf(s)).toHaveLength(1);
    expect((await readOutbox(s)).length).toBe(mails.length);
    expect(reportId).toBe((await purchasesOf(s))[0].report_id);
  });

  it('answers "not completed" for an unpaid payment, and refuses a wrong secret or an unknown payment, changing nothing', async () => {
    const { path } = await sharedReport(s);
    const { pi_id, pi_secret } = await ownerBrowser(s).startPayment(path, { email: 'owner@example.com' });
    const unpaid = ok(await checkStatus(s, { id: pi_id, client_secret: pi_secret }));
    expect(unpaid.data).toMatchObject({ paid: false, short: 'Payment not completed' });

    standIn.succeed(pi_id);
    expect((await checkStatus(s, { id: pi_id, client_secret: `${pi_id}_secret_guessed` })).status).toBe(404);
    expect((await checkStatus(s, { id: 'pi_doesnotexist', client_secret: 'pi_doesnotexist_secret_x' })).status).toBe(404);
    expect((await checkStatus(s, { id: '../v1/customers', client_secret: 'x' })).status).toBe(404);
    expect(await premiumReportsOf(s)).toHaveLength(0);
    expect((await purchasesOf(s))[0].status).toBe('awaiting_payment');
  });

  it('says plainly when Premium reports are not for sale, and when Stripe cannot be reached at payment', async () => {
    const { path } = await sharedReport(s);
    await usePrices(s, { ...PRICES, ownerPence: 0, ownerDiscount: null });
    expect(refused(await ownerBrowser(s).load(path)).error).toMatch(/not on sale/);

    await usePrices(s);
    const down = await cardPaymentServer(dialect, standIn, { env: STRIPE_UNREACHABLE });
    try {
      const { path: downPath } = await sharedReport(down);
      // The form opens without Stripe's API; paying needs it.
      ok(await ownerBrowser(down).load(downPath));
      const res = await ownerBrowser(down).pay(downPath, { email: 'owner@example.com' });
      expect(res.status).toBe(502);
      expect(refused(res).error).toBe('Card payment is unavailable just now. Please try again in a few minutes.');
    } finally {
      await down.close();
    }
  });
});

describeEachDatabase('the shared link without Stripe keys', (dialect) => {
  const server = useTestServer(dialect);

  it('keeps the booking page and refuses card payment calls with a sentence', async () => {
    const { path } = await sharedReport(server());
    expect(ok(await server().call(sharing.sharedReport, { report_path: path })).report_mode).toBe('questionnaire-free');
    const res = await ownerBrowser(server()).load(path);
    expect(res.status).toBe(400);
    expect(refused(res).error).toBe('Card payment is not set up on this server.');
    const pay = await ownerBrowser(server()).pay(path, { email: 'owner@example.com' });
    expect(refused(pay).error).toBe('Card payment is not set up on this server.');
  });
});
