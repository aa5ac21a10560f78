import { describeEachDatabase } from '../helpers/databases';
import { ok } from '../helpers/answers';
import { loggedInUser, STROMA_ASSESSOR } from '../helpers/factories';
import type { TestServer } from '../helpers/test-server';
import { ABANDONED_CHECKOUT_AGE_MS, sweepAbandonedCheckouts } from '../../../src/server/payments/abandoned-checkouts';
import {
  cardPaymentServer,
  pendingIds,
  premiumCheckout,
  premiumCheckoutBody,
  premiumReportsOf,
  purchasesOf,
  STRIPE_UNREACHABLE,
  useStripeStandIn,
} from './payment-helpers';

const standIn = useStripeStandIn();

const aDayLater = () => Date.now() + ABANDONED_CHECKOUT_AGE_MS + 60_000;

describeEachDatabase('card checkouts nobody finished', (dialect) => {
  let s: TestServer;
  beforeEach(async () => {
    s = await cardPaymentServer(dialect, standIn);
  });
  afterEach(() => s.close());

  const startCardCheckout = async (cookie: string) => {
    const answer = ok(await premiumCheckout(s, cookie, await premiumCheckoutBody(s, cookie, false)));
    return { rid: answer.rid, piId: answer.cs!.split('_secret_')[0] };
  };

  it('are cancelled at Stripe and their waiting reports removed after a day, not before', async () => {
    const user = await loggedInUser(s, STROMA_ASSESSOR);
    const { piId } = await startCardCheckout(user.cookie);

    expect(await sweepAbandonedCheckouts(s.app.deps)).toEqual({ fulfilled: 0, abandoned: 0, kept: 0 });
    expect(await premiumReportsOf(s)).toHaveLength(1);

    expect(await sweepAbandonedCheckouts(s.app.deps, aDayLater())).toEqual({ fulfilled: 0, abandoned: 1, kept: 0 });
    expect(standIn.paymentIntent(piId)).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    expect(await premiumReportsOf(s)).toEqual([]);
    expect(await purchasesOf(s)).toEqual([]);
    // A second run finds nothing left to do.
    expect(await sweepAbandonedCheckouts(s.app.deps, aDayLater())).toEqual({ fulfilled: 0, abandoned: 0, kept: 0 });
  });

  it('fulfils a checkout that was paid but whose webhook never arrived, instead of removing it', async () => {
    const user = await loggedInUser(s, STROMA_ASSESSOR);
    const { rid, piId } = await startCardCheckout(user.cookie);
    standIn.succeed(piId); // paid at Stripe; the event is never delivered

    expect(await sweepAbandonedCheckouts(s.app.deps, aDayLater())).toEqual({ fulfilled: 1, abandoned: 0, kept: 0 });
    expect(await pendingIds(s, user.cookie)).toEqual([rid]);
    expect((await purchasesOf(s))[0]).toMatchObject({ status: 'paid', premium_report_id: rid });
  });

  it('keeps everything when Stripe does not answer, for the next run', async () => {
    const user = await loggedInUser(s, STROMA_ASSESSOR);
    await startCardCheckout(user.cookie);
    const down = await cardPaymentServer(dialect, standIn, { env: STRIPE_UNREACHABLE });
    try {
      // The same database seen by a server whose Stripe is unreachable.
      const deps = { ...down.app.deps, db: s.db };
      expect(await sweepAbandonedCheckouts(deps, aDayLater())).toEqual({ fulfilled: 0, abandoned: 0, kept: 1 });
      expect(await premiumReportsOf(s)).toHaveLength(1);
    } finally {
      await down.close();
    }
  });
});
