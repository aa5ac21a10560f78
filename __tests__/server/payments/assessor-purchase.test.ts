import * as account from '../../../src/shared/api/account';
import * as premium from '../../../src/shared/api/premium';
import { describeEachDatabase } from '../helpers/databases';
import { ok, refused } from '../helpers/answers';
import { loggedInUser, STROMA_ASSESSOR } from '../helpers/factories';
import { listOf } from '../helpers/reports';
import { useTestServer, type TestServer } from '../helpers/test-server';
import { addPremiumCredits } from '../../../src/server/access/repos/users';
import {
  cardPaymentServer,
  deliver,
  pendingIds,
  premiumCheckout,
  premiumCheckoutBody,
  premiumReportsOf,
  purchasesOf,
  recordPushes,
  STRIPE_UNREACHABLE,
  useStripeStandIn,
} from './payment-helpers';

const standIn = useStripeStandIn();

const creditsOf = async (s: TestServer, cookie: string) => ok(await s.call(account.displayVars, undefined, { cookie })).pcc;

describeEachDatabase('an assessor buys a Premium report in the wizard', (dialect) => {
  let s: TestServer;
  beforeEach(async () => {
    s = await cardPaymentServer(dialect, standIn);
  });
  afterEach(() => s.close());

  it('with a credit: spends it and records the pending report together, and pushes the payment complete', async () => {
    const user = await loggedInUser(s, STROMA_ASSESSOR);
    await addPremiumCredits(s.db, user.id, 1);
    const pushes = recordPushes(s);
    const { rid, cs } = ok(await premiumCheckout(s, user.cookie, await premiumCheckoutBody(s, user.cookie, true)));
    expect(cs).toBeUndefined();
    expect(await pendingIds(s, user.cookie)).toEqual([rid]);
    expect(await creditsOf(s, user.cookie)).toBe(0);
    expect(pushes).toContainEqual({ userId: user.id, event: 'premiumReportPaymentComplete', payload: { report_id: rid } });
    expect((await purchasesOf(s))[0]).toMatchObject({ buyer: 'assessor', method: 'credit', status: 'paid', premium_report_id: rid });

    const none = await premiumCheckout(s, user.cookie, await premiumCheckoutBody(s, user.cookie, true));
    expect(none.status).toBe(409);
    expect(refused(none).error).toBe('You have no premium credits left. Please pay by card.');
    expect(await premiumReportsOf(s)).toHaveLength(1);
  });

  it('with one credit and two tabs at once: one report, the other refused; with two credits: two reports', async () => {
    const user = await loggedInUser(s, STROMA_ASSESSOR);
    await addPremiumCredits(s.db, user.id, 1);
    const bodies = [await premiumCheckoutBody(s, user.cookie, true), await premiumCheckoutBody(s, user.cookie, true)];
    const once = await Promise.all(bodies.map((b) => premiumCheckout(s, user.cookie, b)));
    expect(once.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await creditsOf(s, user.cookie)).toBe(0);
    expect(await premiumReportsOf(s)).toHaveLength(1);

    await addPremiumCredits(s.db, user.id, 2);
    const twice = await Promise.all(bodies.map((b) => premiumCheckout(s, user.cookie, b)));
    expect(twice.map((r) => r.status)).toEqual([200, 200]);
    expect(await creditsOf(s, user.cookie)).toBe(0);
    expect(await premiumReportsOf(s)).toHaveLength(3);
  });

  it('opening the payment step gives the card form its key and the trade price, and makes no report, purchase or payment', async () => {
    const user = await loggedInUser(s, STROMA_ASSESSOR);
    const intentsBefore = standIn.paymentIntents().length;
    const vars = ok(await s.call(account.displayVars, undefined, { cookie: user.cookie }));
    expect(vars).toMatchObject({ card_payments: true, stripe_pk: standIn.publishableKey });
    const prices = ok(await s.call(account.gettingStarted, undefined, { cookie: user.cookie }));
    expect(prices.current_premium_price_pence).toBe(4900);
    expect(await premiumReportsOf(s)).toEqual([]);
    expect(await purchasesOf(s)).toEqual([]);
    expect(standIn.paymentIntents()).toHaveLength(intentsBefore);

    // Pay: only now are the report, its purchase and the payment made, for the price the form showed.
    const answer = ok(await premiumCheckout(s, user.cookie, await premiumCheckoutBody(s, user.cookie, false)));
    expect(standIn.paymentIntent(answer.cs!.split('_secret_')[0])).toMatchObject({ amount: prices.current_premium_price_pence });
    expect(await premiumReportsOf(s)).toHaveLength(1);
    expect(await purchasesOf(s)).toHaveLength(1);
  });

  it('by card: the report waits in no list until the payment is fulfilled, then is pending and pushed', async () => {
    const user = await loggedInUser(s, STROMA_ASSESSOR);
    const pushes = recordPushes(s);
    const answer = ok(await premiumCheckout(s, user.cookie, await premiumCheckoutBody(s, user.cookie, false)));
    expect(answer.pk).toBe(standIn.publishableKey);
    const piId = answer.cs!.split('_secret_')[0];
    expect(standIn.paymentIntent(piId)).toMatchObject({
      amount: 4900,
      currency: 'gbp',
      metadata: { report_id: String(answer.rid), buyer: 'assessor' },
    });
    expect(await pendingIds(s, user.cookie)).toEqual([]);
    expect((await listOf(s, user.cookie, { mode: 'premium' })).reports_list).toEqual([]);

    expect((await deliver(s, standIn.succeed(piId))).status).toBe(200);
    expect(await pendingIds(s, user.cookie)).toEqual([answer.rid]);
    expect(pushes).toContainEqual({ userId: user.id, event: 'premiumReportPaymentComplete', payload: { report_id: answer.rid } });
    expect((await purchasesOf(s))[0]).toMatchObject({ method: 'card', status: 'paid', amount_pence: 4900, premium_report_id: answer.rid });
  });

  it("refuses another user's files and leaves nothing behind when Stripe cannot be reached", async () => {
    const owner = await loggedInUser(s, STROMA_ASSESSOR);
    const other = await loggedInUser(s, STROMA_ASSESSOR);
    const body = await premiumCheckoutBody(s, owner.cookie, false);
    expect((await premiumCheckout(s, other.cookie, body)).status).toBe(400);

    const down = await cardPaymentServer(dialect, standIn, { env: STRIPE_UNREACHABLE });
    try {
      const user = await loggedInUser(down, STROMA_ASSESSOR);
      const res = await premiumCheckout(down, user.cookie, await premiumCheckoutBody(down, user.cookie, false));
      expect(res.status).toBe(502);
      expect(await premiumReportsOf(down)).toEqual([]);
      expect(await purchasesOf(down)).toEqual([]);
    } finally {
      await down.close();
    }
  });
});

describeEachDatabase('the wizard without Stripe keys', (dialect) => {
  const server = useTestServer(dialect);

  it('says card payment is not set up, and still takes credits', async () => {
    const user = await loggedInUser(server(), STROMA_ASSESSOR);
    expect(ok(await server().call(account.displayVars, undefined, { cookie: user.cookie }))).toMatchObject({
      card_payments: false,
      stripe_pk: null,
    });
    const card = await premiumCheckout(server(), user.cookie, await premiumCheckoutBody(server(), user.cookie, false));
    expect(refused(card).error).toBe('Card payment is not set up on this server. Please use a premium credit.');
    await addPremiumCredits(server().db, user.id, 1);
    ok(await premiumCheckout(server(), user.cookie, await premiumCheckoutBody(server(), user.cookie, true)));
    expect(ok(await server().call(premium.pendingList, undefined, { cookie: user.cookie })).reports_list).toHaveLength(1);
  });
});
