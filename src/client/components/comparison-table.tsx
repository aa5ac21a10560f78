import type { ReactNode } from 'react';
import { PREMIUM_DELIVERY } from '../../shared/constants';
import './comparison-table.css';

export interface ComparisonRow {
  topic: string;
  preliminary: ReactNode;
  premium: ReactNode;
}

/** What the two reports are, in the same words wherever they are compared. */
export const READY_ROW: ComparisonRow = {
  topic: 'Ready',
  preliminary: 'As soon as you pick a branding',
  premium: `Delivered ${PREMIUM_DELIVERY}`,
};
export const INSIDE_ROW: ComparisonRow = {
  topic: 'What is inside',
  preliminary: 'The improvements recommended by the survey, with costs and the rating after each',
  premium: 'Improvement plans you finalise, with your own remarks',
};

/** Preliminary versus Premium, a row per topic; Getting Started and the wizard's first step show it. */
export function ComparisonTable({ rows, footer }: { rows: ComparisonRow[]; footer?: ReactNode }) {
  return (
    <div className="data-table-wrap">
      <table className="data-table comparison">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Topic</span>
            </th>
            <th scope="col">Preliminary Report</th>
            <th scope="col">Premium Report</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.topic}>
              <th scope="row">{row.topic}</th>
              <td>{row.preliminary}</td>
              <td>{row.premium}</td>
            </tr>
          ))}
        </tbody>
        {footer ? <tfoot>{footer}</tfoot> : null}
      </table>
    </div>
  );
}
