import { registerUploadSweep } from './upload-sweep';
import { DELETED_REPORT_RETENTION_DAYS, PRODUCT_NAME, DEFAULT_BRAND_COLOUR } from '../../shared/constants';
import type { Deps } from '../deps';
import type { ReportBranding } from '../pdf/preliminary-input';
import { fundingReportOf } from '../funding/funding-report';
import { figuresOfReport } from './report-figures';
import { getPrices } from '../pricing/prices';
import { cardPaymentsConfigured } from '../pricing/stripe-client';
import { hasBookingCalendar } from '../booking/scheduling';
import { shareUrlOf } from '../../shared/links';
import { REPORT_STATUS, type ReportStatus } from '../../shared/states';
import {
  eraseDeletedReportRow,
  findReport,
  isSurveyFileOfReport,
  reportOwnerId,
  reportsDeletedBefore,
  setReportStatus,
  type ReportFiles,
} from './repos/reports';
import { findBranding } from '../brandings/repos/brandings';
import { findUserById } from '../access/repos/users';

export const RENDER_REPORT = 'render_report';
export const PURGE_DELETED = 'purge_deleted';
const DAY_MS = 24 * 3600_000;

interface RenderPayload {
  report_id: number;
}

/** The report's branding as the PDF draws it: the user's own, or the built-in default. */
export async function brandingFor(deps: Deps, brandingId: number | null): Promise<ReportBranding> {
  const row = brandingId ? await findBranding(deps.db, brandingId) : undefined;
  if (!row) return { companyName: PRODUCT_NAME, colour: DEFAULT_BRAND_COLOUR, logo: null };
  const data = row.image_key ? await deps.storage.get(row.image_key) : null;
  const type = row.image_key.endsWith('.png') ? 'png' : /\.jpe?g$/.test(row.image_key) ? 'jpeg' : null;
  return { companyName: row.company_name, colour: row.colour, logo: data && type ? { data, type } : null };
}

/**
 * Sets a report's status and tells its owner's tabs; false when the report is gone (erased meanwhile).
 * One statement: it locks the report's row first and the user's (by the list triggers) after, the
 * order a user's erasure takes too (account/erase-user.ts), so the two never wait on each other in a circle.
 */
async function setStatus(deps: Deps, reportId: number, status: ReportStatus, pdfKey?: string): Promise<boolean> {
  const ownerId = await reportOwnerId(deps.db, reportId);
  if (ownerId === undefined || !(await setReportStatus(deps.db, reportId, status, pdfKey))) return false;
  deps.realtime.push(ownerId, 'reportListUpdate', { report_id: reportId });
  return true;
}

/** Renders a report's PDF with its branding, stores it, and tells the owner's tabs. */
async function renderReport(deps: Deps, { report_id }: RenderPayload): Promise<void> {
  const report = await findReport(deps.db, report_id);
  if (!report) return; // erased meanwhile: nothing to do
  const prices = await getPrices(deps.db);
  const assessor = await findUserById(deps.db, report.user_id);
  const { survey, measures } = figuresOfReport(report);
  const pdf = await deps.renders.render({
    kind: 'preliminary',
    input: {
      survey,
      measures,
      reportName: report.name,
      createdAt: new Date(report.created_at),
      councilTax: report.ctax_band ? { address: report.ctax_address, band: report.ctax_band } : null,
      branding: await brandingFor(deps, report.branding_id),
      shareUrl: shareUrlOf(deps.config.publicUrl, report),
      premiumPricePence: prices.ownerPence || null,
      // The PDF offers a price and "order it online" only where the owner can pay by card at the link.
      cardPayments: cardPaymentsConfigured(deps.config),
      visitBooking: hasBookingCalendar(deps.config.scheduling),
      assessor: assessor ? { name: assessor.name, email: assessor.email, phone: assessor.phone } : null,
      // Judged on the report's own date, so a re-render later shows what was in force when it was made.
      funding: fundingReportOf(survey, measures, new Date(report.created_at), { councilTaxBand: report.ctax_band || null }),
    },
  });
  const key = `reports/${report.id}.pdf`;
  await deps.storage.put(key, pdf);
  if (!(await setStatus(deps, report.id, REPORT_STATUS.ready, key))) await deps.storage.remove(key); // erased while it was drawn
}

/**
 * Erases reports deleted more than 30 days ago, with their files, once a day. One that cannot be
 * erased (storage away) does not hold up the rest; the run then fails, to be tried again.
 */
async function purgeDeleted(deps: Deps): Promise<void> {
  const cutoff = Date.now() - DELETED_REPORT_RETENTION_DAYS * DAY_MS;
  let failed = 0;
  for (const r of await reportsDeletedBefore(deps.db, cutoff)) {
    try {
      await eraseReport(deps, r, cutoff);
    } catch (err) {
      failed++;
      deps.log.error({ err, report: r.id, files: [r.pdf_key, r.xml1_key, r.xml2_key] }, 'deleted report not fully erased');
    }
  }
  if (failed) throw new Error(`${failed} deleted report(s) not fully erased`);
}

/**
 * Erases a deleted report and its files, answering whether it did: a report restored meanwhile is
 * left as it is. `deletedBefore`: only if it was deleted before then (the purge's cutoff).
 */
export async function eraseReport(deps: Deps, r: ReportFiles, deletedBefore?: number): Promise<boolean> {
  if (!(await eraseDeletedReportRow(deps.db, r.id, deletedBefore))) return false;
  if (r.pdf_key) await deps.storage.remove(r.pdf_key);
  await removeUnusedSurveyFiles(deps, r);
  return true;
}

/**
 * After a report's row is gone: its survey files, unless another report still uses them (a
 * Premium report bought from a Preliminary one is drawn from the same files, and they go with the
 * last report using them).
 */
export async function removeUnusedSurveyFiles(deps: Deps, r: Pick<ReportFiles, 'xml1_key' | 'xml2_key'>): Promise<void> {
  for (const key of [r.xml1_key, r.xml2_key]) if (key && !(await isSurveyFileOfReport(deps.db, key))) await deps.storage.remove(key);
}

export async function registerReportJobs(deps: Deps): Promise<void> {
  deps.jobs.handle(
    RENDER_REPORT,
    (p) => renderReport(deps, p as RenderPayload),
    async (p) => void (await setStatus(deps, (p as RenderPayload).report_id, REPORT_STATUS.error)),
  );
  await deps.jobs.daily(PURGE_DELETED, () => purgeDeleted(deps));
  await registerUploadSweep(deps);
}
