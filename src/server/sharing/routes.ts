import { reportPdfFilename } from '../reports/pdf-filename';
import * as sharing from '../../shared/api/sharing';
import * as booking from '../../shared/api/booking';
import { accreditationScheme } from '../../shared/api/sharing';
import type { Deps } from '../deps';
import type { Routes } from '../platform/http/route';
import { bookingFor, hasBookingCalendar } from '../booking/scheduling';
import { assessorCardOf, LINK_FILE_TTL_MS } from '../reports/assessor-card';
import { LINK_NOT_FOUND, reportForLink } from '../reports/report-links';
import { openingBrowser, recordOpen, shortTitleOf, trackingIdOf } from './shared-reports';
import { sharedFundingOf } from '../funding/shared-funding';
import { figuresOfReport } from '../reports/report-figures';
import { voucherAnswer } from './vouchers';
import { premiumOnOffer } from '../../shared/rules/premium-offer';
import { findUserById, shareModeOf } from '../access/repos/users';
import { cardPaymentsConfigured } from '../pricing/stripe-client';
import { ownerPaidPurchaseOf } from '../payments/repos/purchases';
import { LINK_PAGE_MODE, REPORT_STATUS, REPORT_TYPE, SHARE_MODE } from '../../shared/states';
import { notFound } from '../platform/http/http-error';
import { getPrices, ownerCost, STRIPE_MINIMUM_PENCE } from '../pricing/prices';
import { boughtPremiumOf } from './bought-premium';

/** The owner's PDF address lasts an hour: enough to open and save it, not a permanent public link. */
const PDF_URL_TTL_MS = LINK_FILE_TTL_MS;
/** Per address: an owner reloading now and then is far below it, walking ids is far above. */
const LINK_CALLS_PER_MINUTE = 60;

/** The owner price to show beside the offer: none before the operator set one, or below what a card can be charged. */
async function ownerPriceOnSale(db: Deps['db']) {
  const prices = await getPrices(db);
  const cost = ownerCost(prices);
  return prices.id === null || cost.amount < STRIPE_MINIMUM_PENCE ? null : { amount_pence: cost.amount, full_pence: cost.full };
}

export function sharedReportRoutes(routes: Routes, deps: Deps): void {
  const { db, config } = deps;

  routes.publicCall(
    sharing.sharedReport,
    async ({ body, user, request, reply }) => {
      const report = await reportForLink(deps, body.report_path, { explain: true });
      const shareMode = await shareModeOf(db, report.user_id);
      const assessor = await assessorCardOf(deps, report);
      // The assessor checking their own link is not an owner opening it.
      if (user?.id !== report.user_id) await recordOpen(deps, report, openingBrowser(deps, request, reply));
      const { survey, measures } = figuresOfReport(report);
      const onOffer = premiumOnOffer(measures);
      const cardMode = onOffer && cardPaymentsConfigured(config);
      const paid = await ownerPaidPurchaseOf(db, report.id);
      const bought = await boughtPremiumOf(db, paid?.premiumReportId ?? null);
      const purchased = paid !== null;
      const price = cardMode && !purchased ? await ownerPriceOnSale(db) : null;
      const scheme = accreditationScheme.safeParse((await findUserById(db, report.user_id))?.scheme);
      const funding = sharedFundingOf(survey, measures, report.created_at, report.ctax_band || null);
      return {
        success: true as const,
        ...(config.amplitudeApiKey ? { tracking_id: trackingIdOf(config.sessionSecret, report.id) } : {}),
        doRedirect: shareMode === SHARE_MODE.download,
        pdfUrl: await deps.storage.signedUrl(report.pdf_key!, PDF_URL_TTL_MS, { filename: reportPdfFilename(report.name, report.type) }),
        report_name: report.name,
        short_title: shortTitleOf(report),
        ...(assessor.company_name ? { company_name: assessor.company_name } : {}),
        ...(assessor.logo_url ? { logo_url: assessor.logo_url } : {}),
        // Card payment where it is configured and there is a Premium to sell; otherwise the owner books a visit instead.
        report_mode: cardMode ? LINK_PAGE_MODE.free : LINK_PAGE_MODE.questionnaireFree,
        premium_purchased: purchased,
        premium_on_offer: onOffer,
        assessor,
        current_epc: report.current_epc,
        potential_epc: survey.energyRating.potential,
        ...(scheme.success ? { assessor_scheme: scheme.data } : {}),
        ...(price ? { premium_price: price } : {}),
        ...(bought ? { premium_bought: bought } : {}),
        booking_calendar: hasBookingCalendar(config.scheduling),
        ...(funding ? { funding } : {}),
      };
    },
    { perMinute: LINK_CALLS_PER_MINUTE },
  );

  routes.publicCall(
    sharing.sharedPremiumReport,
    async ({ body }) => {
      const report = await reportForLink(deps, body.report_path, { type: REPORT_TYPE.premium });
      // Only a finalised report whose PDF is drawn: a Pending one has nothing for the owner yet.
      if (report.status !== REPORT_STATUS.ready) throw notFound(LINK_NOT_FOUND);
      return {
        success: true as const,
        pdfUrl: await deps.storage.signedUrl(report.pdf_key!, PDF_URL_TTL_MS, { filename: reportPdfFilename(report.name, report.type) }),
      };
    },
    { perMinute: LINK_CALLS_PER_MINUTE },
  );

  routes.publicCall(
    booking.acuityCheckout,
    async ({ body }) => {
      // Booking needs a live link, but not a finished PDF.
      await reportForLink(deps, body.report_path, { needPdf: false });
      return {
        success: true as const,
        ...bookingFor(config.scheduling, body.appointmentType),
        // A bad code shows its message; the calendar stays, the visit is simply not discounted.
        ...(await voucherAnswer(db, body.voucherCode)),
      };
    },
    // The page calls again 400 ms after each pause in typing a code.
    { perMinute: 120 },
  );
}
