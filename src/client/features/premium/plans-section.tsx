import { useId } from 'react';
import type { Measure } from '../../../shared/api/reports';
import { PRIORITY_LABELS, type Priority } from '../../../shared/constants';
import { EPC_BANDS, epcBand } from '../../../shared/epc-bands';
import { PLAN_ID, type PlanId } from '../../../shared/states';
import type { UnprocessedReport } from './api';
import { Rating } from './band-chip';
import { costShown } from './plan-maths';

type Plan = UnprocessedReport['plans'][number];

const bandRank = (band: string) => EPC_BANDS.findIndex((b) => b.band === band);

/** A plan's measures in order with the ratings after each; shared by the computed plans and the custom plan. */
export function PlanSteps({ plan, start, caption }: { plan: Plan; start: { epc: number; eir: number }; caption: string }) {
  const steps = plan.data.measures;
  if (steps.length === 0) {
    let why = 'This plan has no measures yet.';
    if (plan.id === PLAN_ID.cheapestToC) {
      why =
        bandRank(epcBand(start.epc)) <= bandRank('C')
          ? 'This home is already band C or better.'
          : "No set of this home's measures reaches band C.";
    }
    return <p>{why}</p>;
  }
  const last = steps[steps.length - 1];
  const after = plan.collect === 'EIR' ? { points: last.eirTotal, band: last.eirBand } : { points: last.epcTotal, band: last.epcBand };
  return (
    <>
      <p>
        {plan.collect === 'EIR' ? 'EIR' : 'EPC'} rating after: <Rating {...after} /> (from{' '}
        <Rating points={plan.collect === 'EIR' ? start.eir : start.epc} band={epcBand(plan.collect === 'EIR' ? start.eir : start.epc)} />)
      </p>
      <table className="premium-table premium-plan-steps">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Step</th>
            <th scope="col">Measure</th>
            <th scope="col">Cost</th>
            <th scope="col">Cost so far</th>
            <th scope="col">EPC after</th>
            <th scope="col">EIR after</th>
          </tr>
        </thead>
        <tbody>
          {steps.map((step: Measure, i) => (
            <tr key={step.code}>
              <td data-label="Step">{i + 1}</td>
              <th scope="row" data-label="Measure">
                {step.name}
              </th>
              <td data-label="Cost">{costShown(step.implementationCost)}</td>
              <td data-label="Cost so far">{costShown(step.costTotal)}</td>
              <td data-label="EPC after">
                <Rating points={step.epcTotal} band={step.epcBand} />
              </td>
              <td data-label="EIR after">
                <Rating points={step.eirTotal} band={step.eirBand} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

interface PlanCardProps {
  plan: Plan;
  start: { epc: number; eir: number };
  included: boolean;
  /** The owner's priority when this plan is the one it picks. */
  leadsFor: Priority | null;
  onInclude: (include: boolean) => void;
}

function PlanCard({ plan, start, included, leadsFor, onInclude }: PlanCardProps) {
  const headingId = useId();
  return (
    <article className={leadsFor ? 'premium-plan premium-plan-leading' : 'premium-plan'} aria-labelledby={headingId}>
      <h3 id={headingId}>{plan.name}</h3>
      {leadsFor ? (
        <p className="premium-plan-lead">
          <strong>Matches the owner&apos;s priority:</strong> {PRIORITY_LABELS[leadsFor]}
        </p>
      ) : null}
      <label className="premium-check">
        <input type="checkbox" checked={included} onChange={(e) => onInclude(e.target.checked)} />
        Include &ldquo;{plan.name}&rdquo; in the report
      </label>
      <PlanSteps plan={plan} start={start} caption={`The steps of ${plan.name}`} />
    </article>
  );
}

interface Props {
  /** With the assessor's changes applied and the leading plan first. */
  plans: Plan[];
  start: { epc: number; eir: number };
  priority: Priority | null;
  leadingId: PlanId | null;
  excluded: PlanId[];
  onInclude: (id: PlanId, include: boolean) => void;
}

export function PlansSection({ plans, start, priority, leadingId, excluded, onInclude }: Props) {
  return (
    <section aria-labelledby="premium-plans-heading">
      <h2 id="premium-plans-heading">Plans</h2>
      <p>Each plan is worked out from the survey&apos;s own figures. Tick the plans to include in the report.</p>
      {plans.map((plan) => (
        <PlanCard
          key={plan.id}
          plan={plan}
          start={start}
          included={!excluded.includes(plan.id)}
          leadsFor={plan.id === leadingId ? priority : null}
          onInclude={(include) => onInclude(plan.id, include)}
        />
      ))}
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
