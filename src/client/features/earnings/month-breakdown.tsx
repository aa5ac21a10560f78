import { formatMoney } from '../../../shared/money';
import { londonDateTime, monthName } from '../../../shared/rules/london-month';
import { EARNING_STATUS } from '../../../shared/states';
import type { Earnings } from './api';

type Month = Earnings['monthly_breakdown'][number];

/** One month of the breakdown: its total, whether it has been paid, and each fee or reversal in it. */
function MonthSection({ month }: { month: Month }) {
  const id = `earnings-month-${month.month}`;
  const paid = month.payment_status === EARNING_STATUS.paid;
  return (
    <section className="earnings-month" aria-labelledby={id}>
      <header className="earnings-month-head">
        <h3 id={id}>{monthName(month.month)}</h3>
        <span className="earnings-month-total">{formatMoney(month.total_pence)}</span>
        <span className={`earnings-status ${paid ? 'earnings-status-paid' : 'earnings-status-unpaid'}`}>{month.payment_status}</span>
      </header>
      <table className="earnings-entries">
        <caption className="visually-hidden">Entries of {monthName(month.month)}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Address</th>
            <th scope="col">Assessor ref</th>
            <th scope="col" className="earnings-amount">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {month.entries.map((entry, i) => (
            <tr key={`${entry.time}-${i}`} className={entry.amount_pence < 0 ? 'earnings-reversal' : undefined}>
              <td>
                {londonDateTime(entry.time * 1000)}
                {entry.carried_from && <span className="earnings-carried"> (carried from {monthName(entry.carried_from)})</span>}
              </td>
              <td>{entry.address}</td>
              <td>{entry.assessor_ref}</td>
              <td className="earnings-amount">
                {formatMoney(entry.amount_pence)}
                {entry.amount_pence < 0 && <span className="visually-hidden"> (refunded)</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Month by month, newest first, as the server sends them. */
export function MonthBreakdown({ months }: { months: Month[] }) {
  return (
    <div className="earnings-months">
      {months.map((m) => (
        <MonthSection key={m.month} month={m} />
      ))}
    </div>
  );
}
