import { useId } from 'react';
import type { Measure } from '../../../shared/api/premium';
import { NAME_MAX } from '../../../shared/constants';
import { FormField } from '../../components/form-field';
import { PlanSummary } from './plans-section';

interface Props {
  on: boolean;
  name: string;
  /** What the picker offers, in the survey's order. */
  options: Measure[];
  chosen: string[];
  /** The chosen measures with the assessor's figures and the totals after each, as the server will add them up. */
  steps: Measure[];
  limit: number;
  nameError?: string;
  onToggle: (on: boolean) => void;
  onName: (name: string) => void;
  onChoose: (codes: string[]) => void;
}

/**
 * The assessor's own plan: off until switched on; its picker stops at the server's limit, and its
 * ratings and cost add up as measures are picked.
 */
export function CustomPlan({ on, name, options, chosen, steps, limit, nameError, onToggle, onName, onChoose }: Props) {
  const headingId = useId();
  const full = chosen.length >= limit;
  const choose = (code: string, pick: boolean) => {
    const next = pick ? [...chosen, code] : chosen.filter((c) => c !== code);
    // Kept in the survey's order, the order the measures would be done in.
    onChoose(options.map((m) => m.code).filter((c) => next.includes(c)));
  };
  return (
    <article className="premium-plan premium-custom" aria-labelledby={headingId}>
      <div className="premium-custom-head">
        <h3 id={headingId}>Custom plan</h3>
        <label className="premium-check premium-switch">
          <input type="checkbox" role="switch" checked={on} onChange={(e) => onToggle(e.target.checked)} />
          Add a custom plan of your own
        </label>
        <FormField label="Custom plan name" error={on ? nameError : undefined}>
          {(control) => (
            <input {...control} type="text" value={name} maxLength={NAME_MAX} disabled={!on} onChange={(e) => onName(e.target.value)} />
          )}
        </FormField>
        {on && steps.length > 0 ? <PlanSummary steps={steps} /> : null}
      </div>
      <fieldset className="premium-picker" disabled={!on}>
        <legend>Measures in the custom plan (up to {limit})</legend>
        <div className="premium-pick-list">
          {options.map((measure) => {
            const picked = chosen.includes(measure.code);
            return (
              <label key={measure.code} className="premium-check premium-pick">
                <input
                  type="checkbox"
                  checked={picked}
                  disabled={!picked && full}
                  onChange={(e) => choose(measure.code, e.target.checked)}
                />
                {measure.name}
              </label>
            );
          })}
        </div>
        {on && full ? (
          <p role="status" className="form-hint">
            At most {limit} measures; untick one to choose another.
          </p>
        ) : null}
        {on ? null : <p className="form-hint">Switch the custom plan on to choose its measures.</p>}
      </fieldset>
    </article>
  );
}
