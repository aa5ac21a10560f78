import type { Db } from '../platform/db/database';
import type { EarningEntry, Earnings } from '../../shared/api/earnings';
import { EARNING_STATUS } from '../../shared/states';
import { addMonths, londonMonthOf } from '../../shared/rules/london-month';
import { getPrices } from '../pricing/prices';
import { ledgerOf, type LedgerEntry } from './repos/referral-fees';
import { payoutsOf } from './repos/payouts';

type Month = Earnings['monthly_breakdown'][number];

/**
 * The month an entry is counted in (see payouts.ts for the model): the month of the payout that
 * settled it; while unsettled, its own month, or, when that month has been paid already, the
 * first month after it that has not been.
 */
function countedMonth(entry: Pick<LedgerEntry, 'created_at' | 'payout_id'>, payoutMonths: Map<number, string>, paid: Set<string>): string {
  if (entry.payout_id !== null) {
    const month = payoutMonths.get(entry.payout_id);
    if (month) return month;
  }
  let month = londonMonthOf(entry.created_at);
  while (paid.has(month)) month = addMonths(month, 1);
  return month;
}

/** The months of a ledger, newest first, each entry in the order it was made. */
function monthlyBreakdown(ledger: LedgerEntry[], payoutMonths: Map<number, string>): Month[] {
  const paid = new Set(payoutMonths.values());
  const months = new Map<string, Month>();
  for (const entry of ledger) {
    const own = londonMonthOf(entry.created_at);
    const month = countedMonth(entry, payoutMonths, paid);
    const shown: EarningEntry = {
      amount_pence: entry.amount_pence,
      assessor_ref: entry.assessor_ref,
      time: Math.floor(entry.created_at / 1000),
      address: entry.address,
      ...(month !== own ? { carried_from: own } : {}),
    };
    const row = months.get(month) ?? {
      month,
      total_pence: 0,
      payment_status: paid.has(month) ? EARNING_STATUS.paid : EARNING_STATUS.unpaid,
      entries: [],
    };
    row.total_pence += entry.amount_pence;
    row.entries.push(shown);
    months.set(month, row);
  }
  for (const row of months.values()) row.entries.sort((a, b) => a.time - b.time);
  return [...months.values()].sort((a, b) => (a.month < b.month ? 1 : a.month > b.month ? -1 : 0));
}

/** My Earnings: what this assessor has earned, month by month, and what an owner's purchase earns now. */
export async function earningsStatement(db: Db, userId: number): Promise<Earnings> {
  const [ledger, payouts, prices] = await Promise.all([ledgerOf(db, userId), payoutsOf(db, userId), getPrices(db)]);
  const payoutMonths = new Map(payouts.map((p) => [p.id, p.month]));
  const fees = ledger.filter((e) => e.kind === 'fee').length;
  const reversals = ledger.length - fees;
  return {
    success: true,
    lifetime_earnings_pence: ledger.reduce((sum, e) => sum + e.amount_pence, 0),
    // A refunded purchase earned nothing: its fee and its reversal cancel out of the count too.
    lifetime_reports: fees - reversals,
    monthly_breakdown: monthlyBreakdown(ledger, payoutMonths),
    current_premium_price_pence: prices.ownerPence,
    current_upgrade_referral_pence: prices.referralPence,
  };
}
