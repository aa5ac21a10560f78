import { inTransaction, isUniqueViolation, type Db } from '../platform/db/database';
import type { Mailer } from '../platform/email/mailer';
import { findUserById } from '../access/repos/users';
import { settleEntries, unsettledBefore, type LedgerEntry } from './repos/referral-fees';
import { EARNING_STATUS, type EarningStatus } from '../../shared/states';
import { addMonths, isMonth, londonMonthStart } from '../../shared/rules/london-month';
import { insertPayout, payoutsForMonth } from './repos/payouts';
import { payoutNotice } from './emails';

/*
 * How payouts work.
 *
 * The referral_fees ledger is the record: a fee when an owner's purchase is fulfilled, a negative
 * reversal when it is refunded, each in the UK month it was made. Paying month M for an assessor
 * settles every entry of theirs that no payout has settled yet and that was made before M ended:
 * M's own entries, and anything carried into M. One payout per assessor and month records the
 * amount; each entry it settled names it, so an entry is paid exactly once.
 *
 * Carrying: an entry made in a month that is already paid (a refund arriving after the operator
 * paid that month, or after they paid the month in progress) cannot change what was paid. It
 * stays unsettled, and is counted in the next month not yet paid: its reversal lowers that
 * month's total. My Earnings shows it there, marked with the month it came from.
 *
 * A month whose balance is negative (more reversed than earned) is not paid: nothing is sent, and
 * its entries stay owed, so the debt is netted against the next fees. A balance of exactly zero
 * is settled without a payment or an email. Marking a month paid again changes nothing: the
 * assessors already paid for it are passed over.
 */

export interface MonthOwed {
  userId: number;
  email: string;
  name: string;
  /** Paid: the amount paid for the month; Unpaid: what paying it now would pay (may be negative). */
  amountPence: number;
  /** Of the amount, what was carried in from earlier months. */
  carriedPence: number;
  entries: number;
  status: EarningStatus;
  paidAt: number | null;
}

/** Bad arguments to a payout command: a sentence for the operator, nothing changed. */
export class PayoutRefused extends Error {}

function checkMonth(month: string): void {
  if (!isMonth(month)) throw new PayoutRefused(`The month must be written YYYY-MM (e.g. 2026-03), not "${month}".`);
}

const monthEnd = (month: string) => londonMonthStart(addMonths(month, 1));

function byUser(entries: LedgerEntry[]): Map<number, LedgerEntry[]> {
  const users = new Map<number, LedgerEntry[]>();
  for (const e of entries) users.set(e.user_id, [...(users.get(e.user_id) ?? []), e]);
  return users;
}

const sumOf = (entries: LedgerEntry[]) => entries.reduce((sum, e) => sum + e.amount_pence, 0);
const carriedOf = (entries: LedgerEntry[], month: string) => sumOf(entries.filter((e) => e.created_at < londonMonthStart(month)));

/** What each assessor is owed for a month, or was paid for it: the operator's payout report. */
export async function owedForMonth(db: Db, month: string, userId?: number): Promise<MonthOwed[]> {
  checkMonth(month);
  const paid = await payoutsForMonth(db, month, userId);
  const paidUsers = new Set(paid.map((p) => p.user_id));
  const owed = byUser(await unsettledBefore(db, monthEnd(month), userId));
  const rows: MonthOwed[] = [];
  for (const payout of paid) {
    rows.push({
      ...(await identity(db, payout.user_id)),
      amountPence: payout.amount_pence,
      carriedPence: 0,
      entries: 0,
      status: EARNING_STATUS.paid,
      paidAt: payout.paid_at,
    });
  }
  for (const [user, entries] of owed) {
    // Paid already: what was made since is carried into the next month (see above).
    if (paidUsers.has(user)) continue;
    rows.push({
      ...(await identity(db, user)),
      amountPence: sumOf(entries),
      carriedPence: carriedOf(entries, month),
      entries: entries.length,
      status: EARNING_STATUS.unpaid,
      paidAt: null,
    });
  }
  return rows.sort((a, b) => a.email.localeCompare(b.email));
}

async function identity(db: Db, userId: number): Promise<{ userId: number; email: string; name: string }> {
  const user = await findUserById(db, userId);
  return { userId, email: user?.email ?? `(user ${userId})`, name: user?.name ?? '' };
}

const RACED = 'Another payout run paid some of these fees at the same moment: nothing was changed. Run the command again.';

export type PayoutOutcome =
  | { userId: number; email: string; outcome: 'paid'; amountPence: number }
  | { userId: number; email: string; outcome: 'already paid'; amountPence: number }
  | { userId: number; email: string; outcome: 'nothing to pay'; amountPence: number };

/**
 * Marks a month paid for every assessor owed for it (or for one), in one transaction: a payout
 * row each, their entries settled, and an email queued to each one paid, sent once the
 * transaction commits. A month is paid once it has ended.
 */
export async function markMonthPaid(
  deps: { db: Db; mailer: Mailer; publicUrl: string },
  month: string,
  opts: { userId?: number; now?: number } = {},
): Promise<PayoutOutcome[]> {
  checkMonth(month);
  const now = opts.now ?? Date.now();
  if (now < monthEnd(month))
    throw new PayoutRefused(`${month} has not ended yet: its fees can be paid from ${addMonths(month, 1)}-01 (UK time).`);

  return inTransaction(deps.db, async (tx) => {
    const outcomes: PayoutOutcome[] = [];
    const paidAlready = await payoutsForMonth(tx, month, opts.userId);
    const paidUsers = new Set(paidAlready.map((p) => p.user_id));
    for (const payout of paidAlready) {
      const { email } = await identity(tx, payout.user_id);
      outcomes.push({ userId: payout.user_id, email, outcome: 'already paid', amountPence: payout.amount_pence });
    }
    for (const [userId, entries] of byUser(await unsettledBefore(tx, monthEnd(month), opts.userId))) {
      if (paidUsers.has(userId)) continue;
      const user = await findUserById(tx, userId);
      const email = user?.email ?? `(user ${userId})`;
      const amount = sumOf(entries);
      if (amount < 0) {
        outcomes.push({ userId, email, outcome: 'nothing to pay', amountPence: amount });
        continue;
      }
      const payoutId = await insertPayout(tx, { user_id: userId, month, amount_pence: amount, paid_at: now }).catch((err: unknown) => {
        throw isUniqueViolation(err) ? new Error(RACED) : err;
      });
      if (
        (await settleEntries(
          tx,
          entries.map((e) => e.id),
          payoutId,
        )) !== entries.length
      )
        throw new Error(RACED);
      if (amount > 0 && user)
        await deps.mailer.send(
          payoutNotice({ to: user.email, month, amountPence: amount, carriedPence: carriedOf(entries, month) }, deps.publicUrl),
          tx,
        );
      outcomes.push({ userId, email, outcome: amount > 0 ? 'paid' : 'nothing to pay', amountPence: amount });
    }
    return outcomes.sort((a, b) => a.email.localeCompare(b.email));
  });
}
