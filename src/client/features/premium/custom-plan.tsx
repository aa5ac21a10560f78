import type { Measure } from '../../../shared/api/reports';
import { NAME_MAX } from '../../../shared/constants';
import { PLAN_ID } from '../../../shared/states';
import { FormField } from '../../components/form-field';
import { PlanSteps } from './plans-section';

interface Props {
  on: boolean;
  name: string;
  /** What the picker offers, in the survey's order. */
  options: Measure[];
  chosen: string[];
  /** The chosen measures with the assessor's changes and running totals. */
  steps: Measure[];
  limit: number;
  start: { epc: number; eir: number };
  nameError?: string;
  onToggle: (on: boolean) => void;
  onName: (name: string) => void;
  onChoose: (codes: string[]) => void;
}

/** The assessor's own plan: off until switched on; its picker stops at the server's limit. */
export function CustomPlan({ on, name, options, chosen, steps, limit, start, nameError, onToggle, onName, onChoose }: Props) {
  const full = chosen.length >= limit;
  const choose = (code: string, pick: boolean) => {
    const next = pick ? [...chosen, code] : chosen.filter((c) => c !== code);
    // Kept in the survey's order, the order the measures would be done in.
    onChoose(options.map((m) => m.code).filter((c) => next.includes(c)));
  };
  return (
    <section className="premium-custom" aria-labelledby="premium-custom-heading">
      <h2 id="premium-custom-heading">Custom plan</h2>
      <label className="premium-check premium-switch">
        <input type="checkbox" role="switch" checked={on} onChange={(e) => onToggle(e.target.checked)} />
        Add a custom plan of your own
      </label>
      <FormField label="Custom plan name" error={on ? nameError : undefined}>
        {(control) => (
          <input {...control} type="text" value={name} maxLength={NAME_MAX} disabled={!on} onChange={(e) => onName(e.target.value)} />
        )}
      </FormField>
      <fieldset className="premium-picker" disabled={!on}>
        <legend>
          Measures in the custom plan (up to {limit}){on ? '' : ': switch the custom plan on to choose them'}
        </legend>
        {options.map((measure) => {
          const picked = chosen.includes(measure.code);
          return (
            <label key={measure.code} className="premium-check">
              <input type="checkbox" checked={picked} disabled={!picked && full} onChange={(e) => choose(measure.code, e.target.checked)} />
              {measure.name}
            </label>
          );
        })}
        {on && full ? (
          <p role="status" className="form-hint">
            A custom plan can have at most {limit} measures; untick one to choose another.
          </p>
        ) : null}
      </fieldset>
      {on ? (
        <PlanSteps
          plan={{ id: PLAN_ID.custom, name, collect: 'EPC', data: { measures: steps } }}
          start={start}
          caption="The steps of your custom plan"
        />
      ) : null}
    </section>
  );
}
