import type { SharedReport } from './api';
import { AssessorContact, assessorDisplayName } from './assessor-brand';
import { ShowBrand } from './brand-context';
import { EpcScale, RatingPair } from './epc-scale';
import { FundingTeaser } from './funding-check';
import { Link, sharedPaths } from './location';
import { LINK_PAGE_MODE } from '../../shared/states';
import { formatPrice } from '../../shared/money';
// Two small modules of plain data and formatting, shared with the assessors' app so both say the same.
import { SCHEME_LABELS } from '../features/auth/labels';
import { dueDayText } from '../features/premium/dates';

type Report = SharedReport['res'];

/** The owner's next step is a card payment: the server has card payment on and a Premium to sell. */
export const buysOnline = (report: Report) =>
  report.premium_on_offer && !report.premium_purchased && report.report_mode === LINK_PAGE_MODE.free;

/** What the visit page does: books a visit in the calendar, or tells the owner how to arrange one. */
export const visitLabel = (report: Report) =>
  report.booking_calendar ? 'Book a visit to update your EPC' : 'Arrange a visit to update your EPC';

/** The label of the button to ./paynow, saying what that page does for this report (pay-now.tsx). */
function nextStepLabel(report: Report): string {
  if (report.premium_purchased) return 'See when your Premium Report arrives';
  return buysOnline(report) ? 'Buy your Premium Report online' : visitLabel(report);
}

/** "Jane Hargreaves, Elmhurst accredited": the person who prepares the Premium; a scheme the server did not name is left out. */
function assessorCredit(report: Report): string {
  const name = report.assessor.name || assessorDisplayName(report.assessor);
  return report.assessor_scheme ? `${name}, ${SCHEME_LABELS[report.assessor_scheme]} accredited` : name;
}

/** What the Premium adds to the free report, short enough to read beside its price on a phone. */
const PREMIUM_ADDS = [
  'Step-by-step improvement plans for this home',
  'The cost and the new rating after every step',
  'Chosen for what matters most to you',
];

/**
 * The card offer, on the first screen where the owner can buy by card: the price in force (with
 * the automatic discount's full price beside it), what the Premium adds and who prepares it.
 */
function PremiumCardOffer({ report, reportPath }: { report: Report; reportPath: string }) {
  const price = report.premium_price;
  return (
    <section className="shared-offer" aria-labelledby="shared-offer-title">
      <h2 id="shared-offer-title">
        Premium Report{' '}
        {price && (
          <span className="shared-price">
            {formatPrice(price.amount_pence)}
            {price.full_pence > price.amount_pence && <span className="shared-price-was"> (was {formatPrice(price.full_pence)})</span>}
          </span>
        )}
      </h2>
      <ul className="shared-offer-adds">
        {PREMIUM_ADDS.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="shared-offer-by">Prepared by {assessorCredit(report)}</p>
      <Link className="button" to={sharedPaths.paynow(reportPath)}>
        {nextStepLabel(report)}
      </Link>
    </section>
  );
}

/**
 * After the owner's purchase: when the Premium is due, and once it is finalised and drawn, the
 * button that opens it. Without the purchase's details the owner is led to ./paynow's note instead.
 */
function PremiumBought({ report, reportPath }: { report: Report; reportPath: string }) {
  const bought = report.premium_bought;
  if (!bought)
    return (
      <Link className="button secondary" to={sharedPaths.paynow(reportPath)}>
        {nextStepLabel(report)}
      </Link>
    );
  return (
    <section className="shared-offer" aria-labelledby="shared-bought-title">
      {bought.premium_path ? (
        <>
          <h2 id="shared-bought-title">Premium bought — ready now</h2>
          <p>{assessorCredit(report)} has finished your Premium Report.</p>
          <Link className="button" to={sharedPaths.premium(bought.premium_path)}>
            Open your Premium Report
          </Link>
        </>
      ) : (
        <>
          <h2 id="shared-bought-title">Premium bought — ready by {dueDayText(bought.ready_by)}</h2>
          <p>{assessorCredit(report)} is preparing it. This page will have a button to open it once it is ready.</p>
        </>
      )}
    </section>
  );
}

/**
 * What the owner is told about the Premium report. With card payment it is bought at ./paynow;
 * without, the owner orders it from their assessor, whose contact is given. A home whose survey
 * recommends nothing that adds points is offered no Premium at all.
 */
function PremiumOffer({ report }: { report: Report }) {
  if (report.premium_purchased || buysOnline(report)) return null;
  if (!report.premium_on_offer)
    return (
      <p className="shared-note">
        The survey recommends no improvement that would raise your home’s rating, so there is no Premium improvement plan to buy. If you
        improve your home later, your assessor can visit to update your EPC.
      </p>
    );
  return (
    <div className="shared-note">
      <h2>Your Premium Report</h2>
      <p>
        Your assessor can turn this report into improvement plans for your home, with the cost and rating after every step. To order it, ask{' '}
        {assessorDisplayName(report.assessor)}:
      </p>
      <AssessorContact assessor={report.assessor} />
    </div>
  );
}

const BENEFITS = [
  'Your home’s current energy rating, and what it could be',
  'The improvements that suit your property, with their typical costs',
  'How each improvement raises your rating and cuts your bills',
  'Recommended local contractors who can quote for the work',
];

/** Shown while the browser is already on its way to the PDF. */
export function RedirectView({ report }: { report: Report }) {
  return (
    <>
      <ShowBrand assessor={report.assessor} />
      <section className="shared-card shared-center">
        <h1>Your Free Report Is Ready!</h1>
        <a className="button" href={report.pdfUrl}>
          Press here if your report does not download automatically
        </a>
      </section>
    </>
  );
}

/**
 * The owner's first screen (a 390 × 844 phone shows all of it): the rating now and what it could
 * reach, the download, and the Premium's offer or, once bought, when it is due and its link. The
 * A–G picture, grants and the rest follow below.
 */
export function UpsellView({ report, reportPath }: { report: Report; reportPath: string }) {
  return (
    <>
      <ShowBrand assessor={report.assessor} />
      <section className="shared-card">
        <h1>Your Free Report Is Ready!</h1>
        <p className="shared-subtitle">
          {report.short_title} · prepared by {assessorDisplayName(report.assessor)}
        </p>
        <RatingPair currentEpc={report.current_epc} potentialEpc={report.potential_epc} />
        <div className="shared-actions">
          <a className="button" href={report.pdfUrl} target="_blank" rel="noopener">
            Download Your Free Report NOW!
          </a>
          {report.premium_purchased ? (
            <PremiumBought report={report} reportPath={reportPath} />
          ) : buysOnline(report) ? (
            <PremiumCardOffer report={report} reportPath={reportPath} />
          ) : (
            <Link className="button secondary" to={sharedPaths.paynow(reportPath)}>
              {nextStepLabel(report)}
            </Link>
          )}
        </div>
        <PremiumOffer report={report} />
        <EpcScale currentEpc={report.current_epc} />
        <FundingTeaser funding={report.funding} />
        <h2 id="shared-benefits">Inside Your Free Report</h2>
        <ul className="shared-benefits" aria-labelledby="shared-benefits">
          {BENEFITS.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
        <p>
          <Link to={sharedPaths.measures(reportPath)}>Ask recommended contractors for a quote</Link>
        </p>
      </section>
    </>
  );
}

export function PlainLanding({ report }: { report: Report }) {
  const name = assessorDisplayName(report.assessor);
  return (
    <section className="shared-card shared-center">
      <h1>Download your Complimentary Energy Efficiency Report for {report.short_title}</h1>
      <RatingPair currentEpc={report.current_epc} potentialEpc={report.potential_epc} />
      <a className="button" href={report.pdfUrl} target="_blank" rel="noopener">
        Download
      </a>
      <EpcScale currentEpc={report.current_epc} />
      <FundingTeaser funding={report.funding} />
      <h2 className="shared-association">In Association With</h2>
      {report.assessor.logo_url ? (
        <img className="shared-logo" src={report.assessor.logo_url} alt={name} />
      ) : (
        <p className="shared-company">{name}</p>
      )}
    </section>
  );
}
