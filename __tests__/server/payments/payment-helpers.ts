import * as payments from '../../../src/shared/api/payments';
import * as premium from '../../../src/shared/api/premium';
import { setPrices, type NewPrices } from '../../../src/server/pricing/prices';
import type { PushEvent, PushPayloads } from '../../../src/shared/events';
import { ok } from '../helpers/answers';
import { uploadSurvey } from '../helpers/reports';
import {
  buildTestServer,
  PUBLIC_URL,
  type ApiResponse,
  type Dialect,
  type TestServer,
  type TestServerOptions,
} from '../helpers/test-server';
import type { Failure, ResponseOf } from '../../../src/shared/api/define';
import { startStripeStandIn, type SignedEvent, type StripeStandIn } from '../../support/stripe-stand-in';
import { STRIPE_WEBHOOK_PATH } from '../../../src/server/payments/routes';
import { ledgerOf } from '../../../src/server/earnings/repos/referral-fees';
import type { Db } from '../../../src/server/platform/db/database';

/** The environment that turns card payment on, against the local stand-in for Stripe's API. */
export const stripeEnv = (standIn: StripeStandIn): Record<string, string> => ({
  STRIPE_SECRET_KEY: standIn.secretKey,
  STRIPE_PUBLISHABLE_KEY: standIn.publishableKey,
  STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
  STRIPE_API_BASE: standIn.url,
});

export const PRICES: NewPrices = {
  tradePence: 4900,
  ownerPence: 14900,
  referralPence: 2500,
  recommendedSellPence: 14900,
  ownerDiscount: { code: 'SPRING', pence: 5000 },
};

export const usePrices = (server: TestServer, prices: NewPrices = PRICES) => setPrices(server.db, prices);

/**
 * The stand-in for Stripe's API, shared by the file's tests: started before the first and closed
 * after the last. Its address and methods are filled in once it runs: read them in tests and hooks.
 */
export function useStripeStandIn(): StripeStandIn {
  const standIn = {} as StripeStandIn;
  beforeAll(async () => {
    Object.assign(standIn, await startStripeStandIn());
  });
  afterAll(() => standIn.close());
  return standIn;
}

/** Stripe's API as a server sees it when it cannot be reached: a closed local port. */
export const STRIPE_UNREACHABLE = { STRIPE_API_BASE: 'http://127.0.0.1:9' };

/** A server with card payment on against the stand-in (its env over the stand-in's) and PRICES set. */
export async function cardPaymentServer(
  dialect: Dialect,
  standIn: StripeStandIn,
  options: Omit<TestServerOptions, 'dialect'> = {},
): Promise<TestServer> {
  const server = await buildTestServer({ ...options, dialect, env: { ...stripeEnv(standIn), ...options.env } });
  try {
    await usePrices(server);
  } catch (err) {
    await server.close();
    throw err;
  }
  return server;
}

/** An owner's browser on the shared link, from its own address (127.0.0.1 unless given). */
export function ownerBrowser(server: TestServer, remoteAddress?: string) {
  const headers = { 'content-type': 'application/json', origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' };
  return {
    async load(reportPath: string, opts: { idempotencyKey?: string } = {}) {
      const res = await server.inject({
        method: 'POST',
        url: payments.prepaymentLoad.path,
        payload: JSON.stringify({ report_path: reportPath, stage: 'load' }),
        headers: { ...headers, ...(opts.idempotencyKey ? { 'idempotency-key': opts.idempotencyKey } : {}) },
        ...(remoteAddress ? { remoteAddress } : {}),
      });
      return res as ApiResponse<ResponseOf<typeof payments.prepaymentLoad> | Failure>;
    },
    /** Pressing Pay: the owner's details, then the payment made (or the open one reused) and its secret answered. */
    pay(reportPath: string, fields: { email: string; company?: string; priority?: string }) {
      return server.call(payments.prepaymentPreStripe, {
        report_path: reportPath,
        stage: 'preStripe',
        company: fields.company ?? '',
        email: fields.email,
        priority: fields.priority,
      });
    },
    /** What a browser does from opening the pay-now page to the card form's confirm: the payment to confirm. */
    async startPayment(reportPath: string, fields: { email: string; company?: string; priority?: string }) {
      ok(await this.load(reportPath));
      return ok(await this.pay(reportPath, fields));
    },
  };
}

export function checkStatus(server: TestServer, intent: { id: string; client_secret: string | null }) {
  return server.call(payments.checkPaymentStatus, {
    payment_intent: intent.id,
    payment_intent_client_secret: intent.client_secret ?? '',
    redirect_status: 'succeeded',
  });
}

/** Delivers a signed event as Stripe does: the raw JSON, its signature, no browser headers. */
export function deliver(server: TestServer, event: Pick<SignedEvent, 'payload' | 'header'>) {
  return server.inject({
    method: 'POST',
    url: STRIPE_WEBHOOK_PATH,
    payload: event.payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': event.header },
  });
}

/** Records every push the server sends, by user. */
export function recordPushes(server: TestServer) {
  const pushes: { userId: number; event: PushEvent; payload: unknown }[] = [];
  const realtime = server.app.deps.realtime;
  const original = realtime.push.bind(realtime);
  realtime.push = <E extends PushEvent>(userId: number, event: E, payload: PushPayloads[E]) => {
    pushes.push({ userId, event, payload });
    original(userId, event, payload);
  };
  return pushes;
}

/** What the wizard sends to buy a Premium report from an uploaded survey. */
export async function premiumCheckoutBody(server: TestServer, cookie: string, useCredit: boolean) {
  const { key } = await uploadSurvey(server, cookie);
  return {
    xml1_key: key,
    xml2_key: '',
    originals: { xml1: 'survey.xml', xml2: '' },
    cTaxPropertyAddress: '',
    manualCTaxBand: 'C' as const,
    selectedBranding: 'EPCplus',
    useCredit,
  };
}

export function premiumCheckout(server: TestServer, cookie: string, body: Awaited<ReturnType<typeof premiumCheckoutBody>>) {
  return server.call(payments.buyPremiumCheckoutInit, body, { cookie });
}

export async function pendingIds(server: TestServer, cookie: string): Promise<number[]> {
  return ok(await server.call(premium.pendingList, undefined, { cookie })).reports_list.map((r) => r.report_id);
}

export const purchasesOf = (server: TestServer) => server.db.selectFrom('purchases').selectAll().orderBy('id').execute();
export const feesOf = (server: TestServer) => server.db.selectFrom('referral_fees').selectAll().orderBy('id').execute();
/** An assessor's referral earnings so far: reversals are entered as negative amounts. */
export const referralTotal = async (db: Db, userId: number) => (await ledgerOf(db, userId)).reduce((n, e) => n + e.amount_pence, 0);
export const premiumReportsOf = (server: TestServer) =>
  server.db.selectFrom('reports').selectAll().where('type', '=', 'premium').orderBy('id').execute();

export { PUBLIC_URL };
