import * as shared from '../../shared/api/shared-reports';
import type { Deps } from '../deps';
import type { Routes } from '../http/route';
import { bookingFor } from '../booking/scheduling';
import { LINK_NOT_FOUND, recordOpen, reportForLink, shortTitleOf, trackingIdOf } from './shared-reports';
import { voucherMessage } from './vouchers';
import { shareModeOf } from '../access/repos/users';
import { findBranding } from '../brandings/repos/brandings';
import { cardPaymentsConfigured } from '../payments/stripe-client';
import { isReportBought } from '../payments/repos/purchases';
import { LINK_PAGE_MODE, REPORT_STATUS, REPORT_TYPE, SHARE_MODE } from '../../shared/states';
import { notFound } from '../http/http-error';

/** The owner's PDF address lasts an hour: enough to open and save it, not a permanent public link. */
const PDF_URL_TTL_MS = 3600_000;
/** Per address: an owner reloading now and then is far below it, walking ids is far above. */
const LINK_CALLS_PER_MINUTE = 60;

export function sharedReportRoutes(routes: Routes, deps: Deps): void {
  const { db, config } = deps;

  routes.publicCall(
    shared.sharedReport,
    async ({ body, user }) => {
      const report = await reportForLink(deps, body.report_path);
      const shareMode = await shareModeOf(db, report.user_id);
      const branding = report.branding_id ? await findBranding(db, report.branding_id) : undefined;
      // The assessor checking their own link is not an owner opening it.
      if (user?.id !== report.user_id) await recordOpen(deps, report);
      return {
        success: true as const,
        ...(config.amplitudeApiKey ? { tracking_id: trackingIdOf(config.sessionSecret, report.id) } : {}),
        doRedirect: shareMode === SHARE_MODE.download,
        pdfUrl: deps.fileUrls.url(report.pdf_key!, PDF_URL_TTL_MS),
        report_name: report.name,
        short_title: shortTitleOf(report),
        ...(branding ? { company_name: branding.company_name } : {}),
        ...(branding?.image_key ? { logo_url: deps.fileUrls.url(branding.image_key, PDF_URL_TTL_MS) } : {}),
        // Card payment where it is configured; otherwise the owner books a visit instead.
        report_mode: cardPaymentsConfigured(config) ? LINK_PAGE_MODE.free : LINK_PAGE_MODE.questionnaireFree,
        premium_purchased: await isReportBought(db, report.id),
      };
    },
    { perMinute: LINK_CALLS_PER_MINUTE },
  );

  routes.publicCall(
    shared.sharedPremiumReport,
    async ({ body }) => {
      const report = await reportForLink(deps, body.report_path, { type: REPORT_TYPE.premium });
      // Only a finalised report whose PDF is drawn: a Pending one has nothing for the owner yet.
      if (report.status !== REPORT_STATUS.ready) throw notFound(LINK_NOT_FOUND);
      return { success: true as const, pdfUrl: deps.fileUrls.url(report.pdf_key!, PDF_URL_TTL_MS) };
    },
    { perMinute: LINK_CALLS_PER_MINUTE },
  );

  routes.publicCall(
    shared.acuityCheckout,
    async ({ body }) => {
      // Booking needs a live link, but not a finished PDF.
      await reportForLink(deps, body.report_path, { needPdf: false });
      return {
        success: true as const,
        ...bookingFor(config.scheduling, body.appointmentType),
        // A bad code shows its message; the calendar stays, the visit is simply not discounted.
        voucherMessage: await voucherMessage(db, body.voucherCode),
      };
    },
    // The page calls again 400 ms after each pause in typing a code.
    { perMinute: 120 },
  );
}
