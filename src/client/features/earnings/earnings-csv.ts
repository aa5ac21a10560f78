import { toCsv } from '../../../shared/csv';
import { londonDateTime } from '../../../shared/rules/london-month';
import type { Earnings } from './api';

const HEADER = ['month', 'date (UK time)', 'address', 'assessor_ref', 'amount_gbp', 'payment_status', 'carried_from'];

/** Every entry of the breakdown, a row each, oldest first: for the assessor's own accounts. */
export function earningsCsv(earnings: Pick<Earnings, 'monthly_breakdown'>): string {
  const months = [...earnings.monthly_breakdown].reverse();
  return toCsv([
    HEADER,
    ...months.flatMap((m) =>
      m.entries.map((e) => [
        m.month,
        londonDateTime(e.time * 1000),
        e.address,
        e.assessor_ref,
        // A number, so a spreadsheet adds the column up.
        e.amount_pence / 100,
        m.payment_status,
        e.carried_from ?? '',
      ]),
    ),
  ]);
}

/**
 * Hands the text to the browser as a file download. The byte-order mark tells Excel the file is
 * UTF-8, so the pound signs and accented addresses read right.
 */
export function downloadCsv(filename: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the address is no longer needed once this task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
