import type { Db } from '../platform/db/database';
import { allVouchers, deactivateVoucher, findVoucher, upsertVoucher } from './repos/vouchers';

const VOUCHER_NOT_VALID = 'That discount code is not valid.';
const VOUCHER_EXPIRED = 'That discount code has expired.';

const DAY_MS = 24 * 3600_000;
const normalise = (code: string) => code.trim().toUpperCase();

/** "2026-12-31" -> the end of that day (UTC), or null for a date that is not one. */
export function endOfDay(date: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const start = Date.parse(`${date}T00:00:00Z`);
  // Date.parse rolls 2026-02-31 over to March; refuse it rather than guess.
  if (Number.isNaN(start) || new Date(start).toISOString().slice(0, 10) !== date) return null;
  return start + DAY_MS - 1;
}

/** Adds a voucher, or replaces the message and expiry of an existing code and makes it active again. */
export async function addVoucher(db: Db, code: string, message: string, expiresAt: number | null): Promise<void> {
  const c = normalise(code);
  if (!/^[A-Z0-9_-]{1,64}$/.test(c)) throw new Error('A voucher code is 1 to 64 letters, digits, - or _');
  if (!message.trim() || message.length > 300) throw new Error('The message must be 1 to 300 characters');
  await upsertVoucher(db, c, message.trim(), expiresAt, Date.now());
}

/** Deactivates a code (kept, so a mistyped removal can be undone by adding it again); false when there is none. */
export async function removeVoucher(db: Db, code: string): Promise<boolean> {
  return deactivateVoucher(db, normalise(code));
}

export const listVouchers = allVouchers;

/** What the booking screen shows under the code: nothing for no code, the voucher's message, or why it does not apply. */
export async function voucherMessage(db: Db, code: string, now = Date.now()): Promise<string> {
  const c = normalise(code);
  if (!c) return '';
  if (c.length > 64) return VOUCHER_NOT_VALID;
  const row = await findVoucher(db, c);
  if (!row || row.active !== 1) return VOUCHER_NOT_VALID;
  if (row.expires_at !== null && row.expires_at < now) return VOUCHER_EXPIRED;
  return row.message;
}

/** The message under the code, and whether it is a confirmation (a valid code) or a refusal. */
export async function voucherAnswer(db: Db, code: string, now = Date.now()): Promise<{ voucherMessage: string; voucherValid: boolean }> {
  const message = await voucherMessage(db, code, now);
  return { voucherMessage: message, voucherValid: message !== '' && message !== VOUCHER_NOT_VALID && message !== VOUCHER_EXPIRED };
}
