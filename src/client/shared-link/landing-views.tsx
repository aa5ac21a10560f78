import type { SharedReport } from './api';
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
    <section className="shared-card shared-center">
      <h1>Your Free Report Is Ready!</h1>
      <a className="button" href={report.pdfUrl}>
        Press here if your report does not download automatically
      </a>
    </section>
  );
}

export function UpsellView({ report, reportPath }: { report: Report; reportPath: string }) {
  return (
    <section className="shared-card">
      <h1>Your Free Report Is Ready!</h1>
      <p className="shared-subtitle">{report.short_title}</p>
      <img className="shared-cover" src="/report-cover.svg" alt="The cover of your energy efficiency report" width="240" height="320" />
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
  );
}

export function PlainLanding({ report }: { report: Report }) {
  return (
    <section className="shared-card shared-center">
      <h1>Download your Complimentary Energy Efficiency Report for {report.short_title}</h1>
      <a className="button" href={report.pdfUrl} target="_blank" rel="noopener">
        Download
      </a>
      <h2 className="shared-association">In Association With</h2>
      {report.logo_url ? (
        <img className="shared-logo" src={report.logo_url} alt={report.company_name ?? 'Your assessor'} />
      ) : (
        <p className="shared-company">{report.company_name}</p>
      )}
    </section>
  );
}
