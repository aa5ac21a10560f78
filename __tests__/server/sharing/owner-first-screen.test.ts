import * as sharing from '../../../src/shared/api/sharing';
import { findReport, claimPremiumPurchase, insertPremiumCopy } from '../../../src/server/reports/repos/reports';
import { insertPurchase } from '../../../src/server/payments/repos/purchases';
import { setPrices } from '../../../src/server/pricing/prices';
import { figuresOfReport } from '../../../src/server/reports/report-figures';
import { describeEachDatabase } from '../helpers/databases';
import { buildTestServer, type TestServer } from '../helpers/test-server';
import { ok } from '../helpers/answers';
import { sharedReport } from './shared-helpers';
import { finalise, finaliseBody, unprocessed } from '../premium/premium-helpers';
import { PRICES } from '../payments/payment-helpers';

/** Card payment configured (the link's offer needs only the keys; no call reaches Stripe here). */
const CARD_ENV = { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_PUBLISHABLE_KEY: 'pk_test_123' };
/** Friday 22 May 2026, 11:00 in the UK: the Monday after is a bank holiday in every UK nation. */
const PAID_AT = Date.UTC(2026, 4, 22, 10, 0);

const open = async (s: TestServer, report_path: string) => ok(await s.call(sharing.sharedReport, { report_path }));

/** An owner's card purchase of the report's Premium, paid, as the payment's fulfilment records it (fulfilment.ts). */
async function paidByOwner(s: TestServer, reportId: number, assessorId: number) {
  const preliminary = (await findReport(s.db, reportId))!;
  expect(await claimPremiumPurchase(s.db, reportId)).toBe(true);
  const premiumId = await insertPremiumCopy(s.db, preliminary, 'PremiumSlug0123456789ab', PAID_AT);
  await insertPurchase(s.db, {
    report_id: reportId,
    premium_report_id: premiumId,
    assessor_id: assessorId,
    buyer: 'owner',
    method: 'card',
    status: 'paid',
    price_id: null,
    amount_pence: 14900,
    currency: 'gbp',
    full_price_pence: 14900,
    payment_intent_id: 'pi_first_screen',
    owner_session_hash: null,
    email: 'owner@example.com',
    priority: 'getToC',
    created_at: PAID_AT - 60_000,
    paid_at: PAID_AT,
    refunded_at: null,
  });
  return premiumId;
}

describeEachDatabase("the owner's first screen in the shared report answer", (dialect) => {
  let s: TestServer;
  beforeEach(async () => {
    s = await buildTestServer({ dialect, env: CARD_ENV });
  });
  afterEach(() => s.close());

  it("gives the rating the improvements could reach, from the report's settled figures", async () => {
    const { path, reportId } = await sharedReport(s);
    const body = await open(s, path);
    const row = (await findReport(s.db, reportId))!;
    const { survey } = figuresOfReport(row);
    expect(body.current_epc).toBe(row.current_epc);
    expect(body.potential_epc).toBe(survey.energyRating.potential);
    expect(body.potential_epc).toBeGreaterThan(body.current_epc);
  });

  it('names a known accreditation scheme, and nothing for "other" or none', async () => {
    const { path, user } = await sharedReport(s);
    expect((await open(s, path)).assessor_scheme).toBe('stroma');
    await s.db.updateTable('users').set({ scheme: 'elmhurst' }).where('id', '=', user.id).execute();
    expect((await open(s, path)).assessor_scheme).toBe('elmhurst');
    for (const scheme of ['other', null, 'made-up']) {
      await s.db.updateTable('users').set({ scheme }).where('id', '=', user.id).execute();
      expect(await open(s, path)).not.toHaveProperty('assessor_scheme');
    }
  });

  it('gives the owner price in force where the owner can buy by card, with the automatic discount taken off', async () => {
    const { path } = await sharedReport(s);
    // A price below what a card can be charged is not on sale, so no price is shown.
    await setPrices(s.db, { ...PRICES, ownerPence: 20, ownerDiscount: null });
    expect(await open(s, path)).not.toHaveProperty('premium_price');
    await setPrices(s.db, { ...PRICES, ownerDiscount: null });
    expect((await open(s, path)).premium_price).toEqual({ amount_pence: PRICES.ownerPence, full_pence: PRICES.ownerPence });
    await setPrices(s.db, { ...PRICES, ownerDiscount: { code: 'SPRING', pence: 2000 } });
    const body = await open(s, path);
    expect(body.report_mode).toBe('free');
    expect(body.premium_price).toEqual({ amount_pence: PRICES.ownerPence - 2000, full_pence: PRICES.ownerPence });
  });

  it('after the purchase, answers the due date and no price; once finalised and drawn, the Premium link that opens it', async () => {
    await setPrices(s.db, PRICES);
    const { path, reportId, user } = await sharedReport(s);
    const premiumId = await paidByOwner(s, reportId, user.id);

    const bought = await open(s, path);
    expect(bought.premium_purchased).toBe(true);
    // Three working days after Friday 22 May 2026, the bank holiday Monday not counted.
    expect(bought.premium_bought).toEqual({ ready_by: '2026-05-28' });
    expect(bought).not.toHaveProperty('premium_price');

    const data = ok(await unprocessed(s, user.cookie, premiumId)).report_data;
    ok(await finalise(s, user.cookie, finaliseBody(premiumId, data)));
    await s.app.deps.jobs.drain();

    const ready = await open(s, path);
    const premium = (await findReport(s.db, premiumId))!;
    expect(ready.premium_bought).toEqual({ ready_by: '2026-05-28', premium_path: `${premiumId}/${premium.slug}` });
    const pdf = ok(await s.call(sharing.sharedPremiumReport, { report_path: ready.premium_bought!.premium_path! }));
    expect((await s.app.inject({ method: 'GET', url: pdf.pdfUrl })).statusCode).toBe(200);
  });

  it('says nothing of a purchase that was refunded', async () => {
    const { path, reportId, user } = await sharedReport(s);
    await paidByOwner(s, reportId, user.id);
    await s.db.updateTable('purchases').set({ status: 'refunded', refunded_at: Date.now() }).where('report_id', '=', reportId).execute();
    const body = await open(s, path);
    expect(body.premium_purchased).toBe(false);
    expect(body).not.toHaveProperty('premium_bought');
  });
});
