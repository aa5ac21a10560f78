import type { PortfolioHome, PortfolioView } from '../../../shared/api/portfolios';
import { epcBand } from '../../../shared/epc-bands';
import { formatLodgedCost, formatPounds } from '../../../shared/money';
import { NOT_APPLICABLE } from '../../../shared/portfolio-table';
import { BandChip } from '../band-chip';
import { Figure } from './compliance-summary';
import { formatDay, meetsNextText, rangeText, yearOf, yesNo, type Standard } from './portfolio-format';
import './portfolio.css';

type Route = NonNullable<PortfolioHome['route']>;

const REGISTER_PLAN_NOTE = "This plan comes from the certificate's own recommendations and costs.";

/** What the route's cost means against the standard's cap per home, and what follows when it is over. */
function CapExplained({ cap, standard }: { cap: Route['cap']; standard: Standard }) {
  const capText = formatPounds(standard.cap_pence);
  const rule = `Under the ${yearOf(standard.applies_from)} standard a landlord need spend no more than ${capText} on one home; if it still falls short of band ${standard.band} after that, an exemption can be registered, lasting ${standard.exemption_years} years.`;
  const verdicts: Record<Route['cap'], string> = {
    within: `The route costs no more than the ${capText} cap even at its high end, so the work is expected to be done.`,
    'may-exceed': `At its high end the route costs more than the ${capText} cap, so an exemption may apply.`,
    over: `Even at its low end the route costs more than the ${capText} cap, so an exemption may apply.`,
    'cost-unknown': `A step has no cost given, so it is not known whether the route stays within the ${capText} cap.`,
  };
  return (
    <div className="portfolio-cap">
      <h3>The {capText} cap</h3>
      <p>{verdicts[cap]}</p>
      <p>
        {rule}{' '}
        <a href={standard.source} target="_blank" rel="noopener noreferrer">
          Read the government&apos;s page on the standard
        </a>
      </p>
    </div>
  );
}

function RouteSteps({ route }: { route: Route }) {
  return (
    <ol className="portfolio-steps" aria-label={`Steps to band ${route.reaches_band}`}>
      {route.steps.map((step, index) => (
        <li key={`${index}-${step.name}`}>
          <strong>{step.name}</strong>
          <span className="portfolio-block">Cost: {formatLodgedCost(step.cost) ?? 'not given'}</span>
          <span className="portfolio-block">
            Rating after: {step.rating_after === null ? NOT_APPLICABLE : `${epcBand(step.rating_after)} ${step.rating_after}`}
          </span>
        </li>
      ))}
    </ol>
  );
}

function RouteSection({ home, standard }: { home: PortfolioHome; standard: Standard }) {
  const { route } = home;
  const recommendations = home.source === 'register' ? "certificate's" : "survey's";
  if (home.meets_next)
    return home.compliant_until ? (
      <p>
        This home already meets band {standard.band}. Its certificate keeps it compliant until {formatDay(home.compliant_until)}, when the
        certificate expires.
      </p>
    ) : (
      <p>This home already meets band {standard.band}.</p>
    );
  if (!route)
    return (
      <p>
        None of the {recommendations} recommendations, even all together, take this home to band {standard.band}. Please ask your assessor
        what else could.
      </p>
    );
  return (
    <>
      <p>
        The cheapest of the {recommendations} recommendations that take this home to band {standard.band}, in order:
      </p>
      <RouteSteps route={route} />
      <dl className="portfolio-figures">
        <Figure label="Reaches" value={<BandChip band={route.reaches_band} points={route.reaches} />} />
        <Figure label="Cost" value={route.cost ? rangeText(route.cost) : 'Not known: a step has no cost given'} />
        <Figure label="Grants may pay" value={route.grants.high_pence > 0 ? rangeText(route.grants) : 'None found'} />
        <Figure label="After grants" value={rangeText(route.after)} />
      </dl>
      <CapExplained cap={route.cap} standard={standard} />
      {route.schemes.length > 0 && (
        <>
          <h3>Funding that may help</h3>
          <ul className="portfolio-schemes">
            {route.schemes.map((s) => (
              <li key={s.scheme}>
                <a href={s.url} target="_blank" rel="noopener noreferrer">
                  {s.scheme}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/** Where a survey home's own report is, and whether its Premium report is still to buy (the report's link offers the card payment). */
function ReportLinks({ home }: { home: PortfolioHome }) {
  if (!home.report_url) return null;
  return (
    <p className="portfolio-report-links">
      <a href={home.report_url}>Open this home&apos;s report</a>
      {home.premium_purchased ? (
        <span className="portfolio-block">The Premium report for this home has been bought.</span>
      ) : (
        <a className="button" href={home.report_url}>
          Buy the Premium report
        </a>
      )}
    </p>
  );
}

/** A home's page: its certificate against the standards, the cheapest route to the coming one, what that costs and who may help pay. */
export function HomePlan({ home, view }: { home: PortfolioHome; view: PortfolioView }) {
  const { standard_now: now, standard_next: next } = view;
  return (
    <div className="portfolio-home-plan">
      <dl className="portfolio-figures">
        <Figure label="Rating" value={<BandChip band={home.band} points={home.rating} />} />
        <Figure label="Certificate lodged" value={formatDay(home.certificate_date)} />
        <Figure label="Certificate expires" value={formatDay(home.certificate_expires)} />
        {now && <Figure label={`Meets band ${now.band} today`} value={yesNo(home.meets_now)} />}
        {next && <Figure label={`Meets band ${next.band} by ${yearOf(next.applies_from)}`} value={meetsNextText(home)} />}
      </dl>
      <section aria-labelledby={`home-${home.home_id}-route`}>
        <h2 id={`home-${home.home_id}-route`}>{next ? `Route to band ${next.band}` : 'Route'}</h2>
        {next ? <RouteSection home={home} standard={next} /> : <p>No minimum energy standard for rented homes applies to this home.</p>}
      </section>
      {home.source === 'register' ? <p className="portfolio-note">{REGISTER_PLAN_NOTE}</p> : <ReportLinks home={home} />}
    </div>
  );
}
