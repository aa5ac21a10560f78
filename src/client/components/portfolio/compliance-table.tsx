import type { ComponentType, ReactNode } from 'react';
import type { PortfolioHome, PortfolioView } from '../../../shared/api/portfolios';
import { CAP_WORDS, NOT_APPLICABLE, PORTFOLIO_COLUMNS } from '../../../shared/portfolio-table';
import { ActionsHeading } from '../actions-heading';
import { BandChip } from '../band-chip';
import { formatDay, meetsNextText, rangeText, routeText, yesNo } from './portfolio-format';
import { ORDER_NAMES } from './work-order-switch';
import './portfolio.css';

/** A link that moves within the page: the app's router link or the shared page's own; both take `to`. */
type HomeLinkComponent = ComponentType<{ to: string; className?: string; children: ReactNode }>;

const PlainLink: HomeLinkComponent = ({ to, ...rest }) => <a href={to} {...rest} />;

interface Props {
  view: PortfolioView;
  homeHref: (home: PortfolioHome) => string;
  /** Offered to the assessor only: the landlord's link shows no Remove button. */
  onRemove?: (home: PortfolioHome) => void;
  /** How the address links to the home's page; a plain link (a full page load) by default. */
  linkAs?: HomeLinkComponent;
}

/** The exports' header for a column (shared/portfolio-table.ts), so the page and the CSV, Excel and PDF files agree. */
const headerOf = (key: string) => PORTFOLIO_COLUMNS.find((column) => column.key === key)?.header ?? key;

/** This table joins some of the exports' columns: the band goes with the rating, and each cost is one range. */
const columns = {
  address: headerOf('address'),
  rating: headerOf('rating'),
  certificateDate: headerOf('certificate_date'),
  certificateExpires: headerOf('certificate_expires'),
  meetsNow: headerOf('meets_now'),
  meetsNext: headerOf('meets_next'),
  route: headerOf('route'),
  cost: 'Cost',
  cap: headerOf('cap'),
  after: 'After grants',
};

const withPostcode = (home: PortfolioHome) =>
  !home.postcode || home.address.includes(home.postcode) ? home.address : `${home.address}, ${home.postcode}`;

/**
 * One row per home, in the order to work in. Each cell carries its column's name in data-label,
 * which a phone shows beside the value when the rows stack into cards (portfolio.css).
 */
export function ComplianceTable({ view, homeHref, onRemove, linkAs: HomeLink = PlainLink }: Props) {
  const nextBand = view.standard_next?.band ?? 'C';
  if (view.homes.length === 0) return <p className="portfolio-empty">There are no homes in this portfolio yet.</p>;
  return (
    <div className="portfolio-table-wrap">
      <table className="data-table portfolio-table cards-when-narrow">
        <caption className="visually-hidden">Homes, {ORDER_NAMES[view.order].toLowerCase()}</caption>
        <thead>
          <tr>
            {Object.values(columns).map((name) => (
              <th scope="col" key={name}>
                {name}
              </th>
            ))}
            {onRemove && <ActionsHeading />}
          </tr>
        </thead>
        <tbody>
          {view.homes.map((home) => (
            <tr key={home.home_id}>
              <th scope="row" data-label={columns.address}>
                <HomeLink to={homeHref(home)}>{withPostcode(home)}</HomeLink>
              </th>
              <td data-label={columns.rating}>
                <BandChip band={home.band} points={home.rating} />
              </td>
              <td data-label={columns.certificateDate}>{formatDay(home.certificate_date)}</td>
              <td data-label={columns.certificateExpires}>{formatDay(home.certificate_expires)}</td>
              <td data-label={columns.meetsNow}>{yesNo(home.meets_now)}</td>
              <td data-label={columns.meetsNext}>{meetsNextText(home)}</td>
              <td data-label={columns.route}>{routeText(home, nextBand)}</td>
              <td data-label={columns.cost}>
                {home.route ? (home.route.cost ? rangeText(home.route.cost) : CAP_WORDS['cost-unknown']) : NOT_APPLICABLE}
              </td>
              <td data-label={columns.cap}>{home.route ? CAP_WORDS[home.route.cap] : NOT_APPLICABLE}</td>
              <td data-label={columns.after}>{rangeText(home.route?.after)}</td>
              {onRemove && (
                <td>
                  <button type="button" className="link-button" onClick={() => onRemove(home)} aria-label={`Remove ${home.address}`}>
                    Remove
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {view.homes.length < view.summary.homes && (
        <p className="portfolio-muted">
          Showing the first {view.homes.length} of {view.summary.homes} homes; the summary counts them all.
        </p>
      )}
    </div>
  );
}
