import * as reports from '../../../src/shared/api/reports';
import * as sharing from '../../../src/shared/api/sharing';
import { NOTHING_TO_IMPROVE } from '../../../src/server/payments/owner-checkout';
import type { Survey } from '../../../src/server/surveys/epc/survey';
import { addPremiumCredits } from '../../../src/server/access/repos/users';
import { ok, refused } from '../helpers/answers';
import { loggedInUser, STROMA_ASSESSOR } from '../helpers/factories';
import { uploadSurvey } from '../helpers/reports';
import { readFixture } from '../surveys/epc/fixture-files';
import { ownerBrowser, usePrices } from '../payments/payment-helpers';
import { buyWithCredit } from '../premium/premium-helpers';
import { describeEachDatabase } from '../helpers/databases';
import { withTestServer, type TestServer } from '../helpers/test-server';
import { readPdf } from '../pdf/pdf-reader';
import { sharedReport } from './shared-helpers';

const CARD = { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_PUBLISHABLE_KEY: 'pk_test_123' };

/** The Preliminary's PDF as the assessor opens it, as text on one line. */
async function preliminaryText(s: TestServer, cookie: string, reportId: number): Promise<string> {
  const { report_url } = ok(await s.call(reports.reportUrl, { report_id: reportId, mode: 'preliminary' }, { cookie }));
  const res = await s.app.inject({ method: 'GET', url: report_url });
  return readPdf(res.rawPayload).text.replace(/\s+/g, ' ');
}

/** The report's survey as one whose every recommended step leaves the ratings where they are. */
async function nothingToImprove(s: TestServer, reportId: number) {
  const row = await s.db.selectFrom('reports').select('survey').where('id', '=', reportId).executeTakeFirstOrThrow();
  const survey = JSON.parse(row.survey) as Survey;
  const flat: Survey = {
    ...survey,
    improvements: survey.improvements.map((step) => ({
      ...step,
      energyRatingAfter: survey.energyRating.current,
      environmentalRatingAfter: survey.environmentalImpact.current,
    })),
  };
  await s.db
    .updateTable('reports')
    .set({ survey: JSON.stringify(flat) })
    .where('id', '=', reportId)
    .execute();
}

describeEachDatabase('what the owner is offered', (dialect) => {
  it('with card payment on: the Premium is on offer and bought by card, and the PDF prices it', async () => {
    await withTestServer(dialect, CARD, async (s) => {
      const { path, user, reportId } = await sharedReport(s);
      expect(ok(await s.call(sharing.sharedReport, { report_path: path }))).toMatchObject({ premium_on_offer: true, report_mode: 'free' });
      const text = await preliminaryText(s, user.cookie, reportId);
      expect(text).toContain('Upgrade to the Premium Report');
      expect(text).toContain('Order it online at:');
    });
  });

  it('with no card payment: on offer from the assessor; the PDF has no price and no "order it online"', async () => {
    await withTestServer(dialect, {}, async (s) => {
      const { path, user, reportId } = await sharedReport(s);
      expect(ok(await s.call(sharing.sharedReport, { report_path: path }))).toMatchObject({
        premium_on_offer: true,
        report_mode: 'questionnaire-free',
      });
      const text = await preliminaryText(s, user.cookie, reportId);
      expect(text).toContain('Upgrade to the Premium Report');
      expect(text).not.toMatch(/Price:|Order it online/);
      expect(text).toContain(`To order it, ask your assessor: ${user.name}`);
    });
  });

  it('for a home with nothing to improve: no Premium, and the link leads to the visit even with card payment on', async () => {
    await withTestServer(dialect, CARD, async (s) => {
      const { path, reportId } = await sharedReport(s);
      await nothingToImprove(s, reportId);
      expect(ok(await s.call(sharing.sharedReport, { report_path: path }))).toMatchObject({
        premium_on_offer: false,
        report_mode: 'questionnaire-free',
      });
      // Nor can the card form be reached by calling it directly: nothing is charged for no plan.
      await usePrices(s);
      const load = await ownerBrowser(s).load(path);
      expect(load.status).toBe(409);
      expect(refused(load).error).toBe(NOTHING_TO_IMPROVE);
      expect(await s.db.selectFrom('purchases').select('id').execute()).toEqual([]);
    });
  });
});

describeEachDatabase('what the assessor can buy', (dialect) => {
  it('no Premium for a home whose survey recommends nothing: refused, and the credit kept', async () => {
    await withTestServer(dialect, {}, async (s) => {
      const user = await loggedInUser(s, STROMA_ASSESSOR);
      await addPremiumCredits(s.db, user.id, 1);
      // A lodgement at its potential: no recommended improvement at all.
      const { key } = await uploadSurvey(s, user.cookie, readFixture('RdSAP-Schema-S-19.0__epc.xml'));
      const bought = await buyWithCredit(s, user.cookie, key);
      expect(bought.status).toBe(400);
      expect(refused(bought).error).toBe(NOTHING_TO_IMPROVE);
      const credits = await s.db.selectFrom('users').select('premium_credits').where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(credits.premium_credits).toBe(1);
      expect(await s.db.selectFrom('reports').select('id').execute()).toEqual([]);
    });
  });
});
