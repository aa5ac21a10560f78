import { useState } from 'react';
import type { WorkOrderName } from '../../shared/api/portfolios';
import { PUBLIC_PATHS } from '../../shared/api/paths';
import type { AssessorCard } from '../../shared/api/sharing';
import { BandsChart } from '../components/portfolio/bands-chart';
import { ComplianceSummary } from '../components/portfolio/compliance-summary';
import { ComplianceTable } from '../components/portfolio/compliance-table';
import { formatDay } from '../components/portfolio/portfolio-format';
import { PortfolioMap } from '../components/portfolio/portfolio-map';
import { WorkOrderSwitch } from '../components/portfolio/work-order-switch';
import { sharedPortfolioArgs, useSharedPortfolioQuery, type SharedPortfolio } from './api';
import { AssessorContact, assessorDisplayName, assessorFromError } from './assessor-brand';
import { ShowBrand } from './brand-context';
import { Link, portfolioOrderOf, portfolioOrderSearch, portfolioPaths } from './location';
import { LoadingView } from './message-views';

/**
 * A wrong slug, a removed portfolio and a missing id look alike, as on the server. Never the
 * assessors' login: a landlord has none.
 */
export function PortfolioLinkInvalid({ assessor }: { assessor?: AssessorCard }) {
  return (
    <>
      <ShowBrand assessor={assessor} />
      <section className="shared-card shared-center">
        <h1>This portfolio link is no longer available.</h1>
        {assessor ? (
          <>
            <p>Please ask {assessorDisplayName(assessor)} for a new link:</p>
            <AssessorContact assessor={assessor} />
          </>
        ) : (
          <p>Please ask the assessor who sent it to you for a new link.</p>
        )}
      </section>
    </>
  );
}

const EXPORTS = [
  { format: 'csv', name: 'CSV' },
  { format: 'xlsx', name: 'Excel (XLSX)' },
  { format: 'pdf', name: 'PDF' },
] as const;

/** The table as a file, in the order on screen: the server checks the link's path as it does for the page. */
function ExportLinks({ portfolioPath, order }: { portfolioPath: string; order: WorkOrderName }) {
  const hrefOf = (format: string) =>
    `${PUBLIC_PATHS.portfolioExport}?${new URLSearchParams({ portfolio_path: portfolioPath, format, order }).toString()}`;
  return (
    <nav aria-label="Download the table" className="portfolio-exports">
      <span>Download:</span>
      {EXPORTS.map(({ format, name }) => (
        <a key={format} href={hrefOf(format)} download aria-label={`Download as ${name}`}>
          {name}
        </a>
      ))}
    </nav>
  );
}

/** Who the portfolio is for and when its figures were worked out. */
function PortfolioHeading({ view }: { view: SharedPortfolio }) {
  const { portfolio } = view;
  const client = [portfolio.client_name, portfolio.client_company].filter(Boolean).join(', ');
  return (
    <>
      <h1>{portfolio.name}</h1>
      <p className="shared-subtitle">
        Prepared for {client} by {assessorDisplayName(view.assessor)}. Figures as on {formatDay(view.on_date)}.
      </p>
    </>
  );
}

/** The landlord's link (/s/portfolio/{id}/{slug}): every home against the standards, in the order to work in. */
export function PortfolioPage({ portfolioPath }: { portfolioPath: string }) {
  const [order, setOrder] = useState(() => portfolioOrderOf(window.location.search));
  const { data, isLoading, isFetching, isError, error } = useSharedPortfolioQuery(sharedPortfolioArgs(portfolioPath, order));

  if (isLoading) return <LoadingView />;
  if (isError || !data) return <PortfolioLinkInvalid assessor={assessorFromError(error)} />;

  const search = portfolioOrderSearch(order);
  const changeOrder = (next: WorkOrderName) => {
    setOrder(next);
    // Kept in the address, not the history: Back leaves the page rather than undoing a choice.
    window.history.replaceState(null, '', `${window.location.pathname}${portfolioOrderSearch(next)}`);
  };
  const homeHref = (home: { home_id: number }) => `${portfolioPaths.home(portfolioPath, home.home_id)}${search}`;

  return (
    <div className="portfolio-stack">
      <ShowBrand assessor={data.assessor} />
      <section className="shared-card">
        <PortfolioHeading view={data} />
        <ComplianceSummary view={data} />
        <BandsChart now={data.summary.bands_now} after={data.summary.bands_after} />
      </section>
      <section className="shared-card" aria-labelledby="portfolio-homes-heading" aria-busy={isFetching}>
        <h2 id="portfolio-homes-heading">Your homes</h2>
        <WorkOrderSwitch order={order} onChange={changeOrder} />
        <PortfolioMap view={data} homeHref={homeHref} />
        <ComplianceTable view={data} homeHref={homeHref} linkAs={Link} />
        <ExportLinks portfolioPath={portfolioPath} order={order} />
      </section>
      <section className="shared-card">
        <h2>Questions about these homes?</h2>
        <AssessorContact assessor={data.assessor} />
      </section>
    </div>
  );
}
