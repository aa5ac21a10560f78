import { z } from 'zod';
import { PRODUCT_NAME, DEFAULT_BRAND_COLOUR } from '../../shared/constants';
import { rowId } from '../../shared/api/define';
import type { Deps } from '../deps';
import type { ReportBranding } from '../pdf/preliminary-input';
import { defineJob } from '../platform/jobs/define';
import { fundingReportOf } from '../funding/funding-report';
import { figuresOfReport } from './report-figures';
import { getPrices } from '../pricing/prices';
import { cardPaymentsConfigured } from '../pricing/stripe-client';
import { hasBookingCalendar } from '../booking/scheduling';
import { shareUrlOf } from '../../shared/links';
import { REPORT_STATUS, type ReportStatus } from '../../shared/states';
import { findReport, reportOwnerId, setReportStatus } from './repos/reports';
import { findBranding } from '../brandings/repos/brandings';
import { findUserById } from '../access/repos/users';

export const RENDER_REPORT = defineJob('render_report', z.object({ report_id: rowId }));

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
export async function renderReport(deps: Deps, report_id: number): Promise<void> {
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

/** The render failed for good: the report shows the error, and its owner's tabs are told. */
export async function markRenderFailed(deps: Deps, report_id: number): Promise<void> {
  await setStatus(deps, report_id, REPORT_STATUS.error);
}
