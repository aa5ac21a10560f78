import type { ReactNode } from 'react';
import type { PortfolioView } from '../../../shared/api/portfolios';
import { formatPounds } from '../../../shared/money';
import { capName, rangeText, standardStatusText, yearOf, type Standard } from './portfolio-format';
import './portfolio.css';

/** The note every view of the 2030 standard carries: today's certificates do not yet measure what it will. */
const NEW_METRICS_NOTE =
  "The 2030 standard is to be measured on the reformed EPC's new metrics; until certificates carry them, this view uses today's energy rating.";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

function StandardItem({ standard }: { standard: Standard }) {
  return (
    <li>
      <strong>Band {standard.band}</strong> {standardStatusText(standard)}. A landlord need spend no more than{' '}
      {formatPounds(standard.cap_pence)} on one home to meet it; an exemption registered after that lasts{' '}
      {plural(standard.exemption_years, 'year', 'years')}.{' '}
      <a href={standard.source} target="_blank" rel="noopener noreferrer">
        Source: {hostOf(standard.source)}
      </a>
    </li>
  );
}

/** One figure of a definition list laid out as a tile. */
export function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="portfolio-figure">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The portfolio at a glance: how many homes fail which standard, what the work costs, and the standards themselves. */
export function ComplianceSummary({ view }: { view: PortfolioView }) {
  const { summary, standard_now: now, standard_next: next } = view;
  const nextBand = next?.band ?? 'C';
  const cap = capName(next);
  return (
    <section className="portfolio-summary" aria-labelledby="portfolio-summary-heading">
      <h2 id="portfolio-summary-heading">Summary</h2>
      <dl className="portfolio-figures">
        <Figure label="Homes" value={summary.homes} />
        {now && <Figure label={`Fail band ${now.band} today`} value={summary.failing_now} />}
        {next && <Figure label={`Fail band ${next.band} by ${yearOf(next.applies_from)}`} value={summary.failing_next} />}
        <Figure label={`No route to band ${nextBand}`} value={summary.no_route} />
        <Figure label={`Over ${cap}`} value={summary.over_cap} />
        <Figure label={`May exceed ${cap}`} value={summary.may_exceed_cap} />
        <Figure label={`Cost to reach band ${nextBand}`} value={rangeText(summary.cost)} />
        <Figure label="After grants" value={rangeText(summary.after)} />
      </dl>
      {summary.cost_unknown > 0 && (
        <p className="portfolio-muted">
          {plural(summary.cost_unknown, 'home has a step', 'homes have a step')} with no cost given; the totals leave{' '}
          {summary.cost_unknown === 1 ? 'it' : 'them'} out.
        </p>
      )}
      {(now || next) && (
        <>
          <h3>The standards</h3>
          <ul className="portfolio-standards">
            {now && <StandardItem standard={now} />}
            {next && <StandardItem standard={next} />}
          </ul>
        </>
      )}
      {!now && !next && <p>No minimum energy standard for rented homes applies to these homes.</p>}
      {next && <p className="portfolio-note">{NEW_METRICS_NOTE}</p>}
    </section>
  );
}
