import * as account from '../../../../src/shared/api/account';
import * as reports from '../../../../src/shared/api/reports';
import * as payments from '../../../../src/shared/api/payments';
import * as premium from '../../../../src/shared/api/premium';
import type { RequestOf } from '../../../../src/shared/api/define';
import { idempotencyKeyHeaderValue, IDEMPOTENCY_KEY_TTL_MS } from '../../../../src/shared/api/idempotency';
import {
  ATTEMPT_LOST_AFTER_MS,
  IDEMPOTENCY_IN_PROGRESS,
  IDEMPOTENCY_KEY_INVALID,
  IDEMPOTENCY_KEY_REUSED,
} from '../../../../src/server/platform/http/idempotency';
import { addPremiumCredits } from '../../../../src/server/access/repos/users';
import { describeEachDatabase } from '../../helpers/databases';
import { ok, refused } from '../../helpers/answers';
import { loggedInUser, STROMA_ASSESSOR } from '../../helpers/factories';
import { listOf, uploadSurvey } from '../../helpers/reports';
import type { TestServer } from '../../helpers/test-server';
import { sharedReport } from '../../sharing/shared-helpers';
import {
  cardPaymentServer,
  ownerBrowser,
  premiumCheckoutBody,
  premiumReportsOf,
  purchasesOf,
  useStripeStandIn,
} from '../../payments/payment-helpers';
import { finaliseBody, pendingByCredit, unprocessed } from '../../premium/premium-helpers';
import { createReportRequest } from '../../../support/report-requests';

const standIn = useStripeStandIn();

const keyed = (key: string) => ({ 'idempotency-key': idempotencyKeyHeaderValue(key) });
const replayed = (res: { raw: { headers: Record<string, unknown> } }) => res.raw.headers['idempotent-replayed'];
const creditsOf = async (s: TestServer, cookie: string) => ok(await s.call(account.displayVars, undefined, { cookie })).pcc;
const intentCreates = () => standIn.requests().filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');

describeEachDatabase('Idempotency-Key on the calls that create or charge', (dialect) => {
  let s: TestServer;
  beforeEach(async () => {
    s = await cardPaymentServer(dialect, standIn);
  });
  afterEach(() => s.close());

  async function reportBody(cookie: string): Promise<RequestOf<typeof reports.createReport>> {
    const { key } = await uploadSurvey(s, cookie);
    return createReportRequest(key);
  }
  const create = (cookie: string, body: RequestOf<typeof reports.createReport>, headers: Record<string, string> = {}) =>
    s.call(reports.createReport, body, { cookie, headers });

  it('creates a report once for a key sent twice, answering the repeat with the first answer', async () => {
    const user = await loggedInUser(s, STROMA_ASSESSOR);
    const body = await reportBody(user.cookie);
    const first = await create(user.cookie, body, keyed('wizard-submission-1'));
    const again = await create(user.cookie, body, keyed('wizard-submission-1'));
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body).toEqual(first.body);
    expect(replayed(again)).toBe('true');
    expect(replayed(first)).toBeUndefined();
    expect((await listOf(s, user.cookie)).total).toBe(1);

    // The same key with another request is refused, and changes nothing.
    const other = await create(user.cookie, { ...body, manualCTaxBand: 'D' }, keyed('wizard-submission-1'));
    expect([other.status, refused(other).error]).toEqual([422, IDEMPOTENCY_KEY_REUSED]);
    expect((await listOf(s, user.cookie)).total).toBe(1);

    // Keys are each user's own: another user's same key is a request of its own.
    const stranger = await loggedInUser(s, STROMA_ASSESSOR);
    const theirs = ok(await create(stranger.cookie, await reportBody(stranger.cookie), keyed('wizard-submission-1')));
    expect(theirs.report_id).not.toBe(ok(first).report_id);
    // A new key is a new submission; no key works as before keys.
    ok(await create(user.cookie, body, keyed('wizard-submission-2')));
    ok(await create(user.cookie, body));
    expect((await listOf(s, user.cookie)).total).toBe(3);
  });

  it('makes one report of five requests with one key sent at once: the rest answer it again or 409', async () => {
    const user = await loggedInUser(s, STROMA_ASSESSOR);
    const body = await reportBody(user.cookie);
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(user.cookie, body, keyed('double-click'))));
    const made = answers.filter((a) => a.status === 200);
    expect(made.length).toBeGreaterThanOrEqual(1);
    expect(new Set(made.map((a) => JSON.stringify(a.body))).size).toBe(1);
    for (const busy of answers.filter((a) => a.status !== 200))
      expect([busy.status, refused(busy).error]).toEqual([409, IDEMPOTENCY_IN_PROGRESS]);
    expect((await listOf(s, user.cookie)).total).toBe(1);
  });

  it('refuses a malformed key with 400, creating nothing', async () => {
    const user = await loggedInUser(s, STROMA_ASSESSOR);
    const body = await reportBody(user.cookie);
    for (const value of ['""', '"', `"${'k'.repeat(256)}"`, 'k'.repeat(256), 'clé', '"a"b"']) {
      const res = await create(user.cookie, body, { 'idempotency-key': value });
      expect([res.status, refused(res).error]).toEqual([400, IDEMPOTENCY_KEY_INVALID]);
    }
    expect((await listOf(s, user.cookie)).total).toBe(0);
    // Stripe's bare form and the draft's quoted form are both keys; the longest is 255 characters.
    ok(await create(user.cookie, body, { 'idempotency-key': 'k'.repeat(255) }));
    ok(await create(user.cookie, body, { 'idempotency-key': `"${'k'.repeat(255)}"` }));
    expect((await listOf(s, user.cookie)).total).toBe(1);
  });

  it('answers 409 while the first request with a key is under way, and takes over from one that was lost', async () => {
    const user = await loggedInUser(s, STROMA_ASSESSOR);
    const body = await reportBody(user.cookie);
    const first = ok(await create(user.cookie, body, keyed('k1')));
    // As a request still being worked on leaves it: claimed, no answer yet.
    const row = { scope: `user:${user.id}`, call_name: reports.createReport.path, idempotency_key: 'k1' };
    const underWay = { answer_status: null, answer_body: null, attempt: 'another-attempt', attempt_started_at: Date.now() };
    await s.db.updateTable('idempotency_keys').set(underWay).where('idempotency_key', '=', 'k1').execute();
    const busy = await create(user.cookie, body, keyed('k1'));
    expect([busy.status, refused(busy).error]).toEqual([409, IDEMPOTENCY_IN_PROGRESS]);
    expect((await listOf(s, user.cookie)).total).toBe(1);

    // A process killed before its transaction committed leaves a claim and no report: a retry does the work, once.
    const { fingerprint } = await s.db.selectFrom('idempotency_keys').select('fingerprint').executeTakeFirstOrThrow();
    await s.db
      .insertInto('idempotency_keys')
      .values({ ...row, idempotency_key: 'k2', fingerprint, progress: null, created_at: Date.now(), ...underWay })
      .execute();
    expect((await create(user.cookie, body, keyed('k2'))).status).toBe(409);
    await s.db
      .updateTable('idempotency_keys')
      .set({ attempt_started_at: Date.now() - ATTEMPT_LOST_AFTER_MS - 1000 })
      .where('idempotency_key', '=', 'k2')
      .execute();
    const retried = ok(await create(user.cookie, body, keyed('k2')));
    expect(retried.report_id).not.toBe(first.report_id);
    expect(ok(await create(user.cookie, body, keyed('k2')))).toEqual(retried);
    expect((await listOf(s, user.cookie)).total).toBe(2);
  });

  it('forgets a key after a day, and keeps no more than a day of keys', async () => {
    const user = await loggedInUser(s, STROMA_ASSESSOR);
    const body = await reportBody(user.cookie);
    ok(await create(user.cookie, body, keyed('old')));
    await s.db
      .updateTable('idempotency_keys')
      .set({ created_at: Date.now() - IDEMPOTENCY_KEY_TTL_MS - 1000 })
      .execute();
    // A day on, the key is a new request's.
    ok(await create(user.cookie, { ...body, manualCTaxBand: 'D' }, keyed('old')));
    const kept = await s.db.selectFrom('idempotency_keys').select(['idempotency_key', 'created_at']).execute();
    expect(kept).toEqual([{ idempotency_key: 'old', created_at: expect.any(Number) }]);
    expect(kept[0].created_at).toBeGreaterThan(Date.now() - IDEMPOTENCY_KEY_TTL_MS);
  });

  it('spends one credit for a credit purchase sent twice under one key', async () => {
    const user = await loggedInUser(s, STROMA_ASSESSOR);
    await addPremiumCredits(s.db, user.id, 2);
    const body = await premiumCheckoutBody(s, user.cookie, true);
    const buy = () => s.call(payments.buyPremiumCheckoutInit, body, { cookie: user.cookie, headers: keyed('buy-1') });
    const first = ok(await buy());
    expect(ok(await buy())).toEqual(first);
    expect(await creditsOf(s, user.cookie)).toBe(1);
    expect(await premiumReportsOf(s)).toHaveLength(1);
  });

  it('answers a card checkout sent twice with the same PaymentIntent, and goes on from the purchase of one whose answer was lost', async () => {
    const user = await loggedInUser(s, STROMA_ASSESSOR);
    const body = await premiumCheckoutBody(s, user.cookie, false);
    const buy = (key: string) => s.call(payments.buyPremiumCheckoutInit, body, { cookie: user.cookie, headers: keyed(key) });
    const createsBefore = intentCreates().length;
    const first = ok(await buy('card-1'));
    expect(ok(await buy('card-1'))).toEqual(first);
    expect(intentCreates().length - createsBefore).toBe(1);
    expect(await purchasesOf(s)).toHaveLength(1);

    // Killed after Stripe made the intent, before the purchase recorded it and the answer was kept.
    await s.db.updateTable('purchases').set({ payment_intent_id: null }).execute();
    await s.db
      .updateTable('idempotency_keys')
      .set({ answer_status: null, answer_body: null, attempt: 'lost', attempt_started_at: Date.now() - ATTEMPT_LOST_AFTER_MS - 1000 })
      .execute();
    const resumed = ok(await buy('card-1'));
    expect(resumed).toEqual(first);
    expect(await purchasesOf(s)).toEqual([expect.objectContaining({ payment_intent_id: first.cs!.split('_secret_')[0] })]);
    expect(await premiumReportsOf(s)).toHaveLength(1);
    // Stripe was asked again under the purchase's own key, and answered with the intent it had made.
    const [, again] = intentCreates().slice(createsBefore);
    expect(again.idempotencyKey).toBe(intentCreates()[createsBefore].idempotencyKey);
  });

  it("answers a repeated load of the owner's card form with the first answer, making no payment", async () => {
    const { path } = await sharedReport(s);
    const first = await ownerBrowser(s).load(path, { idempotencyKey: '"pay-1"' });
    const again = await ownerBrowser(s, '203.0.113.9').load(path, { idempotencyKey: '"pay-1"' });
    expect(ok(again)).toEqual(ok(first));
    expect(replayed(again)).toBe('true');
    expect(await purchasesOf(s)).toHaveLength(0);
  });

  it('answers a finalise repeated after a lost answer with its success, not "already finalised"', async () => {
    const { user, reportId } = await pendingByCredit(s);
    const data = ok(await unprocessed(s, user.cookie, reportId)).report_data;
    const send = (headers: Record<string, string> = {}) =>
      s.call(premium.finalisePremiumReport, finaliseBody(reportId, data), { cookie: user.cookie, headers });
    ok(await send(keyed('finalise-1')));
    expect(ok(await send(keyed('finalise-1')))).toEqual({ success: true, owner_emailed_when_ready: false });
    // Without the key the repeat is refused, as before keys.
    expect((await send()).status).toBe(400);
    expect(await s.db.selectFrom('premium_reports').select('id').execute()).toHaveLength(1);
  });
});
