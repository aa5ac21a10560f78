import { useId } from 'react';
import type { WorkOrderName } from '../../../shared/api/portfolios';
import './portfolio.css';

/** The orders' names as the landlord reads them; the contract's WORK_ORDERS is not imported, as it would bring zod to the shared page. */
export const ORDER_NAMES: Record<WorkOrderName, string> = {
  'worst-first': 'Worst first',
  'cheapest-points-first': 'Cheapest points first',
};

const ORDER_HINTS: Record<WorkOrderName, string> = {
  'worst-first': 'The lowest-rated homes come first.',
  'cheapest-points-first': 'Homes below the coming standard come first, those where each rating point costs least at the top.',
};

const ORDERS = Object.keys(ORDER_NAMES) as WorkOrderName[];

/** Which order the homes are listed in: a pair of radio buttons, so the choice is one tap and a screen reader names both. */
export function WorkOrderSwitch({ order, onChange }: { order: WorkOrderName; onChange: (order: WorkOrderName) => void }) {
  const id = useId();
  return (
    <fieldset className="portfolio-order">
      <legend>Order of work</legend>
      {ORDERS.map((name) => (
        <div key={name} className="portfolio-order-option">
          <input
            type="radio"
            id={`${id}-${name}`}
            name={`${id}-order`}
            value={name}
            checked={order === name}
            onChange={() => onChange(name)}
            aria-describedby={`${id}-${name}-hint`}
          />
          <div>
            <label htmlFor={`${id}-${name}`}>{ORDER_NAMES[name]}</label>
            <span id={`${id}-${name}-hint`} className="portfolio-muted portfolio-block">
              {ORDER_HINTS[name]}
            </span>
          </div>
        </div>
      ))}
    </fieldset>
  );
}
