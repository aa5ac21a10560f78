import type { SharedReport } from './api';
import { assessorDisplayName } from './assessor-brand';
import { ShowBrand } from './brand-context';
import { EpcScale } from './epc-scale';
import { FundingTeaser } from './funding-check';
import { Link, sharedPaths } from './location';

type Report = SharedReport['res'];

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

export function UpsellView({ report, reportPath }: { report: Report; reportPath: string }) {
  return (
    <>
      <ShowBrand assessor={report.assessor} />
      <section className="shared-card">
        <h1>Your Free Report Is Ready!</h1>
        <p className="shared-subtitle">
          {report.short_title} · prepared by {assessorDisplayName(report.assessor)}
        </p>
        <EpcScale currentEpc={report.current_epc} />
        <FundingTeaser funding={report.funding} />
        <h2 id="shared-benefits">Inside Your Free Report</h2>
        <ul className="shared-benefits" aria-labelledby="shared-benefits">
          {BENEFITS.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
        <div className="shared-actions">
          <a className="button" href={report.pdfUrl} target="_blank" rel="noopener">
            Download Your Free Report NOW!
          </a>
          <Link className="button secondary" to={sharedPaths.paynow(reportPath)}>
            Purchase your premium report!
          </Link>
        </div>
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
      <EpcScale currentEpc={report.current_epc} />
      <a className="button" href={report.pdfUrl} target="_blank" rel="noopener">
        Download
      </a>
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
