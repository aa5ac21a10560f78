import { useId } from 'react';
import type { Measure } from '../../../shared/api/premium';
import { epcBand } from '../../../shared/epc-bands';
import { BandChip } from '../../components/band-chip';
import { withTotals, type StartRatings } from '../../../shared/rules/plan-totals';
import { COST_MAX_LENGTH, costShown, parsePoints, POINTS_ERROR, type MeasureFields } from './plan-maths';

interface PointsInputProps {
  label: string;
  value: string;
  onChange: (text: string) => void;
}

/** Whole points only: anything else is kept as typed (so it can be corrected) and refused beside the field. */
function PointsInput({ label, value, onChange }: PointsInputProps) {
  const errorId = useId();
  const invalid = parsePoints(value) === null;
  return (
    <>
      <input
        type="text"
        inputMode="numeric"
        className="premium-points"
        aria-label={label}
        value={value}
        maxLength={4}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {invalid ? (
        <span id={errorId} className="form-error premium-field-error">
          {POINTS_ERROR}
        </span>
      ) : null}
    </>
  );
}

interface Props {
  /** The survey's measures, in its order, as the survey has them. */
  measures: Measure[];
  /** The same measures with the assessor's points and costs. */
  adjusted: Measure[];
  fields: Record<string, MeasureFields>;
  start: StartRatings;
  onChange: (code: string, fields: MeasureFields) => void;
}

/**
 * The measures found in the survey, in its order and by name (the register's improvement number
 * means nothing to an assessor), with the points and costs the assessor may correct.
 */
export function MeasuresTable({ measures, adjusted, fields, start, onChange }: Props) {
  // The last row is the home with every measure: no total row repeats it.
  const rows = withTotals(start, adjusted);
  if (rows.length === 0) {
    return (
      <section className="premium-measures-section" aria-labelledby="premium-measures-heading">
        <h2 id="premium-measures-heading">Measures found in the survey</h2>
        <p>The survey suggests no measures for this home.</p>
      </section>
    );
  }
  return (
    <section className="premium-measures-section" aria-labelledby="premium-measures-heading">
      <div className="premium-section-head">
        <h2 id="premium-measures-heading">Measures found in the survey</h2>
        <p>
          From EPC <BandChip band={epcBand(start.epc)} points={start.epc} compact />, EIR{' '}
          <BandChip band={epcBand(start.eir)} points={start.eir} compact />.{' '}
          <span className="form-hint">Correct points or costs where you know better.</span>
        </p>
      </div>
      <div className="data-table-wrap">
        <table className="data-table premium-table premium-measures cards-when-narrow">
          <thead>
            <tr>
              <th scope="col">Measure</th>
              <th scope="col">Cost</th>
              <th scope="col">EPC points</th>
              <th scope="col">EIR points</th>
              <th scope="col">Cost so far</th>
              <th scope="col">EPC after</th>
              <th scope="col">EIR after</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => {
              const typed = fields[row.code];
              const set = (change: Partial<MeasureFields>) => onChange(row.code, { ...typed, ...change });
              const name = measures[i].name;
              return (
                <tr key={row.code}>
                  <th scope="row" data-label="Measure">
                    {name}
                  </th>
                  <td data-label="Cost">
                    <input
                      type="text"
                      className="premium-cost"
                      aria-label={`Cost of ${name}`}
                      value={typed.cost}
                      maxLength={COST_MAX_LENGTH}
                      onChange={(e) => set({ cost: e.target.value })}
                    />
                  </td>
                  <td data-label="EPC points">
                    <PointsInput label={`EPC points for ${name}`} value={typed.epc} onChange={(epc) => set({ epc })} />
                  </td>
                  <td data-label="EIR points">
                    <PointsInput label={`EIR points for ${name}`} value={typed.eir} onChange={(eir) => set({ eir })} />
                  </td>
                  <td data-label="Cost so far" className="premium-cost-so-far">
                    {costShown(row.costTotal)}
                  </td>
                  <td data-label="EPC after">
                    <BandChip band={row.epcBand} points={row.epcTotal} compact />
                  </td>
                  <td data-label="EIR after">
                    <BandChip band={row.eirBand} points={row.eirTotal} compact />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
