import { formatMoney, formatPrice } from '../../../shared/money';
import { monthName } from '../../../shared/rules/london-month';
import { EARNING_STATUS, type EarningStatus } from '../../../shared/states';

export interface ChartMonth {
  month: string;
  totalPence: number;
  /** null: nothing was earned that month. */
  status: EarningStatus | null;
}

const WIDTH = 720;
const HEIGHT = 240;
const TOP = 24;
const BOTTOM = 50;
const SLOT = WIDTH / 12;
const BAR = SLOT * 0.6;

/**
 * The last 12 months at a glance: a bar a month, its amount above it, paid months in green and
 * months still owed in blue, a month that owes back (refunds over fees) in red below the axis. The drawing is hidden from screen readers; the same figures are in
 * the table below it, which they read instead.
 */
export function EarningsChart({ months }: { months: ChartMonth[] }) {
  const high = Math.max(0, ...months.map((m) => m.totalPence));
  const low = Math.min(0, ...months.map((m) => m.totalPence));
  const span = high - low || 1;
  const plot = HEIGHT - TOP - BOTTOM;
  const y = (pence: number) => TOP + ((high - pence) / span) * plot;
  return (
    <figure className="earnings-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" focusable="false">
        <line className="earnings-chart-axis" x1={0} x2={WIDTH} y1={y(0)} y2={y(0)} />
        {months.map((m, i) => {
          const x = i * SLOT + (SLOT - BAR) / 2;
          const top = y(Math.max(m.totalPence, 0));
          const height = Math.max(y(Math.min(m.totalPence, 0)) - top, m.totalPence === 0 ? 0 : 2);
          const kind = m.totalPence < 0 ? 'negative' : m.status === EARNING_STATUS.paid ? 'paid' : 'unpaid';
          // A bar below the axis keeps its amount just above the axis, clear of the month names.
          const labelY = m.totalPence > 0 ? top - 6 : y(0) - 6;
          return (
            <g key={m.month}>
              {m.totalPence !== 0 && (
                <rect className={`earnings-bar earnings-bar-${kind}`} x={x} y={top} width={BAR} height={height} rx={3} />
              )}
              {m.totalPence !== 0 && (
                <text className="earnings-chart-amount" x={x + BAR / 2} y={labelY} textAnchor="middle">
                  {formatPrice(m.totalPence)}
                </text>
              )}
              <text className="earnings-chart-month" x={x + BAR / 2} y={HEIGHT - 22} textAnchor="middle">
                {monthName(m.month, 'short')}
              </text>
              {(i === 0 || m.month.endsWith('-01')) && (
                <text className="earnings-chart-year" x={x + BAR / 2} y={HEIGHT - 6} textAnchor="middle">
                  {m.month.slice(0, 4)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="earnings-chart-legend" aria-hidden="true">
        <span className="earnings-key earnings-key-paid" /> Paid <span className="earnings-key earnings-key-unpaid" /> Owed to you
        {low < 0 && (
          <>
            {' '}
            <span className="earnings-key earnings-key-negative" /> Refunds over fees, taken off what comes next
          </>
        )}
      </figcaption>
      <table className="visually-hidden">
        <caption>Earnings in the last 12 months</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Earned</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <th scope="row">{monthName(m.month)}</th>
              <td>{formatMoney(m.totalPence)}</td>
              <td>{m.status ?? 'Nothing earned'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
