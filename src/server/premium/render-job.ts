import { z } from 'zod';
import { rowId } from '../../shared/api/define';
import type { Measure } from '../../shared/api/premium';
import { BUYER, REPORT_STATUS } from '../../shared/states';
import { findUserById } from '../access/repos/users';
import { inTransaction } from '../platform/db/database';
import { defineJob } from '../platform/jobs/define';
import type { Deps } from '../deps';
import type { PremiumPlan } from '../pdf/premium-input';
import { brandingFor } from '../reports/render-report';
import { findReport, setReportStatus } from '../reports/repos/reports';
import { settledSurveyOf } from '../reports/report-figures';
import { premiumReadyEmail } from './emails';
import { emailBrandingOf } from '../brandings/email-branding';
import { premiumShareUrlOf } from '../../shared/links';
import { premiumInputOf } from './premium-input-of';
import { purchaseDetailsOf } from './purchase-details';
import { premiumReportWithPurchase } from './repos/pending-reports';
import { findPremiumReport, markPremiumRendered } from './repos/premium-reports';

export const RENDER_PREMIUM = defineJob('render_premium', z.object({ report_id: rowId }));

/** Draws a finalised Premium report in its branding, stores it, and (the first time) emails the owner who bought it. */
export async function renderPremium(deps: Deps, report_id: number): Promise<void> {
  const report = await findReport(deps.db, report_id);
  const premium = await findPremiumReport(deps.db, report_id);
  const withPurchase = await premiumReportWithPurchase(deps.db, report_id);
  if (!report || !premium || !withPurchase) return; // erased meanwhile: nothing to do
  const details = purchaseDetailsOf(withPurchase);
  const assessor = await findUserById(deps.db, report.user_id);
  const branding = await brandingFor(deps, report.branding_id);
  const url = premiumShareUrlOf(deps.config.publicUrl, report);
  const pdf = await deps.renders.render({
    kind: 'premium',
    input: premiumInputOf(
      {
        survey: settledSurveyOf(report),
        measures: JSON.parse(premium.measures) as Measure[],
        plans: JSON.parse(premium.plans) as PremiumPlan[],
        customPlan: premium.custom_plan ? (JSON.parse(premium.custom_plan) as PremiumPlan) : null,
        remarks: premium.remarks,
      },
      {
        name: report.name,
        purchasedAt: details.purchasedAt,
        finalisedAt: premium.finalised_at,
        councilTax: report.ctax_band ? { address: report.ctax_address, band: report.ctax_band } : null,
        branding,
        assessor: { name: assessor?.name ?? '', email: assessor?.email ?? '', phone: assessor?.phone ?? '' },
        priority: details.priority,
        premiumLinkUrl: url,
      },
    ),
  });
  const key = `reports/${report.id}.pdf`;
  await deps.storage.put(key, pdf);
  await inTransaction(deps.db, async (tx) => {
    const first = await markPremiumRendered(tx, report.id, key);
    if (first && details.boughtBy === BUYER.owner && details.buyerEmail)
      await deps.mailer.send(
        await premiumReadyEmail({
          to: details.buyerEmail,
          reportName: report.name,
          url,
          branding: await emailBrandingOf(deps, tx, report),
        }),
        tx,
      );
  });
  deps.jobs.kick();
  deps.realtime.push(report.user_id, 'reportListUpdate', { report_id: report.id });
}

/** The render failed for good: the report shows the error, and its owner's tabs are told. */
export async function markPremiumFailed(deps: Deps, report_id: number): Promise<void> {
  const report = await findReport(deps.db, report_id);
  if (!report) return;
  await setReportStatus(deps.db, report_id, REPORT_STATUS.error);
  deps.realtime.push(report.user_id, 'reportListUpdate', { report_id });
}
