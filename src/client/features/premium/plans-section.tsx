import { Fragment, useId, useRef, useState, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react';
import type { Measure } from '../../../shared/api/premium';
import { EPC_BANDS, epcBand } from '../../../shared/epc-bands';
import { PLAN_ID, type PlanId } from '../../../shared/states';
import type { UnprocessedReport } from './api';
import { BandChip } from '../../components/band-chip';
import type { StartRatings } from '../../../shared/rules/plan-totals';
import { costShown } from './plan-maths';

const bandRank = (band: string) => EPC_BANDS.findIndex((b) => b.band === band);

/** One card of the plans: a computed plan, or several that hold the same measures in the same order. */
export interface PlanChoice {
  ids: PlanId[];
  names: string[];
  /** The plan's steps with the assessor's figures and the totals after each. */
  steps: Measure[];
  /** This card holds the plan the owner's priority picks. */
  leads: boolean;
}

/** "A", "A and B", "A, B and C". */
export function namesText(names: readonly string[], quote = false): string {
  const shown = quote ? names.map((n) => `“${n}”`) : [...names];
  return shown.length < 2 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

/** The ratings a plan reaches and what it costs, computed as the plan stands (the same sums the server makes). */
export function PlanSummary({ steps }: { steps: Measure[] }) {
  const last = steps[steps.length - 1];
  if (!last) return null;
  return (
    <dl className="premium-plan-summary">
      <div>
        <dt>
          EPC<span className="visually-hidden"> after</span>
        </dt>
        <dd>
          <BandChip band={last.epcBand} points={last.epcTotal} compact />
        </dd>
      </div>
      <div>
        <dt>
          EIR<span className="visually-hidden"> after</span>
        </dt>
        <dd>
          <BandChip band={last.eirBand} points={last.eirTotal} compact />
        </dd>
      </div>
      <div>
        <dt>Cost</dt>
        <dd>{costShown(last.costTotal)}</dd>
      </div>
    </dl>
  );
}

/** Why a plan has nothing in it. */
function emptyPlanText(ids: PlanId[], start: StartRatings): string {
  if (!ids.includes(PLAN_ID.cheapestToC)) return 'This plan has no measures yet.';
  return bandRank(epcBand(start.epc)) <= bandRank('C')
    ? 'This home is already band C or better.'
    : "No set of this home's measures reaches band C.";
}

interface PlanCardProps {
  choice: PlanChoice;
  start: StartRatings;
  included: boolean;
  onInclude: (include: boolean) => void;
}

function PlanCard({ choice, start, included, onInclude }: PlanCardProps) {
  const headingId = useId();
  const { names, steps, leads } = choice;
  return (
    <article className={leads ? 'premium-plan premium-plan-leading' : 'premium-plan'} aria-labelledby={headingId}>
      <h3 id={headingId}>
        {names.map((name, i) => (
          <Fragment key={name}>
            {i > 0 ? (i === names.length - 1 ? ' and ' : ', ') : null}
            <span className="premium-plan-name">{name}</span>
          </Fragment>
        ))}
      </h3>
      {leads ? <p className="premium-plan-lead">Answers the owner&apos;s priority</p> : null}
      <label className="premium-check premium-include">
        {/* Named in full for a screen reader, which meets the box away from its card's heading; the name starts with the visible word. */}
        <input
          type="checkbox"
          aria-label={`Include ${namesText(names, true)} in the report`}
          checked={included}
          onChange={(e) => onInclude(e.target.checked)}
        />
        Include
      </label>
      {steps.length === 0 ? (
        <p>{emptyPlanText(choice.ids, start)}</p>
      ) : (
        <>
          <PlanSummary steps={steps} />
          <ol className="premium-plan-steps" aria-label={`The steps of ${namesText(names)}`}>
            {steps.map((step) => (
              <li key={step.code}>
                <span className="premium-step-name">{step.name}</span>
                <span className="visually-hidden">, EPC after: </span>
                <BandChip band={step.epcBand} points={step.epcTotal} compact />
              </li>
            ))}
          </ol>
        </>
      )}
    </article>
  );
}

/** Phones show one plan at a time under tabs; wider screens show them side by side. */
const PHONE_QUERY = '(max-width: 640px)';

const phoneQuery = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_QUERY) : null);

function subscribeToWidth(onChange: () => void) {
  const query = phoneQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

const useIsPhone = () =>
  useSyncExternalStore(
    subscribeToWidth,
    () => phoneQuery()?.matches ?? false,
    () => false,
  );

interface Tab {
  key: string;
  label: string;
  panel: ReactNode;
}

/** WAI-ARIA tabs (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/): arrows, Home and End move between them. */
function PlanTabs({ tabs }: { tabs: Tab[] }) {
  const baseId = useId();
  const [chosen, setChosen] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const selected = Math.min(chosen, tabs.length - 1);
  const choose = (index: number) => {
    setChosen(index);
    buttons.current[index]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: (selected + 1) % tabs.length,
      ArrowLeft: (selected - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    if (!(e.key in moves)) return;
    e.preventDefault();
    choose(moves[e.key]);
  };
  return (
    <>
      <div role="tablist" aria-label="Plans" className="premium-plan-tabs" onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => (
          <button
            key={tab.key}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${i}`}
            aria-selected={i === selected}
            aria-controls={`${baseId}-panel-${i}`}
            tabIndex={i === selected ? 0 : -1}
            onClick={() => setChosen(i)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, i) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`${baseId}-panel-${i}`}
          aria-labelledby={`${baseId}-tab-${i}`}
          hidden={i !== selected}
          className="premium-plan-panel"
        >
          {tab.panel}
        </div>
      ))}
    </>
  );
}

interface Props {
  /** The plans as cards, the one answering the owner's priority first. */
  choices: PlanChoice[];
  start: StartRatings;
  excluded: PlanId[];
  onInclude: (ids: PlanId[], include: boolean) => void;
  /** The assessor's own plan: the last tab on a phone, under the plans (its picker spread wide) elsewhere. */
  custom: ReactNode;
}

export function PlansSection({ choices, start, excluded, onInclude, custom }: Props) {
  const phone = useIsPhone();
  const tabs: Tab[] = [
    ...choices.map((choice) => ({
      key: choice.ids.join(' '),
      label: namesText(choice.names),
      panel: (
        <PlanCard
          choice={choice}
          start={start}
          included={!choice.ids.some((id) => excluded.includes(id))}
          onInclude={(include) => onInclude(choice.ids, include)}
        />
      ),
    })),
    { key: 'custom', label: 'Custom plan', panel: custom },
  ];
  return (
    <section className="premium-plans" aria-labelledby="premium-plans-heading">
      <div className="premium-section-head">
        <h2 id="premium-plans-heading">Plans</h2>
        <p className="form-hint">Worked out from the survey&apos;s figures with your corrections. Include the ones the owner should see.</p>
      </div>
      {phone ? (
        <PlanTabs tabs={tabs} />
      ) : (
        <>
          <div className="premium-plan-grid">
            {tabs.slice(0, -1).map((tab) => (
              <Fragment key={tab.key}>{tab.panel}</Fragment>
            ))}
          </div>
          {custom}
        </>
      )}
    </section>
  );
}

/** For a rented home: whether it may be let today and what it takes to reach C. */
export function LettingNote({ letting, measures }: { letting: NonNullable<UnprocessedReport['letting']>; measures: Measure[] }) {
  const nameOf = (code: string) => measures.find((m) => m.code === code)?.name ?? code;
  let toC;
  if (letting.toReachC === null) toC = <p>None of its measures, even all together, take it to band C.</p>;
  else if (letting.toReachC.length === 0) toC = <p>It is already band C or better.</p>;
  else {
    toC = (
      <>
        <p>To reach band C it needs, in this order:</p>
        <ol>
          {letting.toReachC.map((code) => (
            <li key={code}>{nameOf(code)}</li>
          ))}
        </ol>
      </>
    );
  }
  return (
    <section className="premium-letting" aria-labelledby="premium-letting-heading">
      <h2 id="premium-letting-heading">Letting</h2>
      <p>
        {letting.meetsMinimum
          ? `This rented home meets the minimum band for letting (${letting.minimumBand}).`
          : `This rented home does not meet the minimum band for letting (${letting.minimumBand}): it cannot be let until it does.`}
      </p>
      {toC}
    </section>
  );
}
