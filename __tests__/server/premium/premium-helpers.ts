import * as premium from '../../../src/shared/api/premium';
import * as payments from '../../../src/shared/api/payments';
import * as reports from '../../../src/shared/api/reports';
import type { RequestOf, ResponseOf } from '../../../src/shared/api/define';
import { addPremiumCredits } from '../../../src/server/access/repos/users';
import { ok } from '../helpers/answers';
import { loggedInUser, STROMA_ASSESSOR } from '../helpers/factories';
import { readPdf } from '../pdf/pdf-reader';
import { uploadSurvey } from '../helpers/reports';
import type { TestServer } from '../helpers/test-server';

export type ReportData = ResponseOf<typeof premium.unprocessedPremiumReport>['report_data'];
export type FinaliseBody = RequestOf<typeof premium.finalisePremiumReport>;

/** The wizard buying a Premium report with a credit, from the uploaded survey file A with this key. */
export const buyWithCredit = (server: TestServer, cookie: string, xml1Key: string) =>
  server.call(
    payments.buyPremiumCheckoutInit,
    {
      xml1_key: xml1Key,
      xml2_key: '',
      originals: { xml1: 'survey.xml', xml2: '' },
      cTaxPropertyAddress: '',
      manualCTaxBand: 'C',
      selectedBranding: 'EPCplus',
      useCredit: true,
    },
    { cookie },
  );

/** An assessor with a Pending Premium report bought with a credit in the wizard, from this survey file. */
export async function pendingByCredit(server: TestServer, survey?: Buffer) {
  const user = await loggedInUser(server, STROMA_ASSESSOR);
  await addPremiumCredits(server.db, user.id, 1);
  const { key } = await uploadSurvey(server, user.cookie, survey);
  const { rid } = ok(await buyWithCredit(server, user.cookie, key));
  return { user, reportId: rid };
}

export const unprocessed = (server: TestServer, cookie: string, reportId: number) =>
  server.call(premium.unprocessedPremiumReport, { report_id: reportId }, { cookie });

export const finalise = (server: TestServer, cookie: string, body: FinaliseBody) =>
  server.call(premium.finalisePremiumReport, body, { cookie });

/** What the finalise screen sends when the assessor keeps every plan as offered. */
export function finaliseBody(reportId: number, data: ReportData, changes: Partial<FinaliseBody> = {}): FinaliseBody {
  return { report_id: reportId, plan_data: data.plans, customPlanName: '', customRemarks: '', ...changes };
}

/** The report's PDF as the assessor opens it from the Premium list, read as text. */
export async function premiumPdfText(server: TestServer, cookie: string, reportId: number): Promise<string> {
  const { report_url } = ok(await server.call(reports.reportUrl, { report_id: reportId, mode: 'premium' }, { cookie }));
  const res = await server.app.inject({ method: 'GET', url: report_url });
  expect(res.statusCode).toBe(200);
  return readPdf(res.rawPayload).text;
}

/** What finalising keeps, and the jobs it queued: a refused request must leave both as they were. */
export async function finaliseTraces(server: TestServer, reportId: number) {
  const row = await server.db.selectFrom('reports').select('status').where('id', '=', reportId).executeTakeFirstOrThrow();
  const kept = await server.db.selectFrom('premium_reports').select('id').where('report_id', '=', reportId).execute();
  const jobs = await server.db.selectFrom('jobs').select('id').where('kind', '=', 'render_premium').execute();
  return { status: row.status, kept: kept.length, jobs: jobs.length };
}
