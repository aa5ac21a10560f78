import { useId } from 'react';
import type { Measure } from '../../../shared/api/reports';
import { epcBand } from '../../../shared/epc-bands';
import { Rating } from './band-chip';
import {
  applyAdjustments,
  COST_MAX_LENGTH,
  costShown,
  parsePoints,
  POINTS_ERROR,
  withRunningTotals,
  type MeasureFields,
} from './plan-maths';

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
  measures: Measure[];
  fields: Record<string, MeasureFields>;
  start: { epc: number; eir: number };
  onChange: (code: string, fields: MeasureFields) => void;
}

/** The measures found in the survey, in its order, with the points and costs the assessor may correct. */
export function MeasuresTable({ measures, fields, start, onChange }: Props) {
  const rows = withRunningTotals(applyAdjustments(measures, measures, fields), start);
  const last = rows[rows.length - 1];
  if (!last) {
    return (
      <section aria-labelledby="premium-measures-heading">
        <h2 id="premium-measures-heading">Measures found in the survey</h2>
        <p>The survey suggests no measures for this home.</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="premium-measures-heading">
      <h2 id="premium-measures-heading">Measures found in the survey</h2>
      <p>
        Starting ratings: EPC <Rating points={start.epc} band={epcBand(start.epc)} />, EIR{' '}
        <Rating points={start.eir} band={epcBand(start.eir)} />. Correct a measure&apos;s points or cost where you know better; the plans
        below follow.
      </p>
      {measures.some((m) => fields[m.code].cost.trim() !== m.implementationCost) ? (
        <p className="form-hint">With a cost changed, the costs so far from there on are added up again when you finalise.</p>
      ) : null}
      <div className="premium-table-wrap">
        <table className="premium-table premium-measures">
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Measure</th>
              <th scope="col">Cost</th>
              <th scope="col">EPC increase</th>
              <th scope="col">EIR increase</th>
              <th scope="col">Cost so far</th>
              <th scope="col">EPC after</th>
              <th scope="col">EIR after</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const typed = fields[row.code];
              const set = (change: Partial<MeasureFields>) => onChange(row.code, { ...typed, ...change });
              return (
                <tr key={row.code}>
                  <td data-label="Code">{row.code}</td>
                  <th scope="row" data-label="Measure">
                    {row.name}
                  </th>
                  <td data-label="Cost">
                    <input
                      type="text"
                      className="premium-cost"
                      aria-label={`Cost of ${row.name}`}
                      value={typed.cost}
                      maxLength={COST_MAX_LENGTH}
                      onChange={(e) => set({ cost: e.target.value })}
                    />
                  </td>
                  <td data-label="EPC increase">
                    <PointsInput label={`EPC points for ${row.name}`} value={typed.epc} onChange={(epc) => set({ epc })} />
                  </td>
                  <td data-label="EIR increase">
                    <PointsInput label={`EIR points for ${row.name}`} value={typed.eir} onChange={(eir) => set({ eir })} />
                  </td>
                  <td data-label="Cost so far">{costShown(row.costTotal)}</td>
                  <td data-label="EPC after">
                    <Rating points={row.epcTotal} band={row.epcBand} />
                  </td>
                  <td data-label="EIR after">
                    <Rating points={row.eirTotal} band={row.eirBand} />
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={6}>
                With every measure
              </th>
              <td data-label="EPC after">
                <Rating points={last.epcTotal} band={last.epcBand} />
              </td>
              <td data-label="EIR after">
                <Rating points={last.eirTotal} band={last.eirBand} />
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
