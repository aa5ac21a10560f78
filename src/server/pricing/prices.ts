import type { Db } from '../platform/db/database';
import { insertPriceRow, latestPriceRow, priceHistory, type PriceRow } from './repos/prices';

/** What a Premium report costs, in pence: set by the operator with `npm run cli -- prices set`, kept with its history. */
/** Stripe's least card charge in pounds (https://docs.stripe.com/currencies#minimum-and-maximum-charge-amounts): below it nothing is sold by card. */
export const STRIPE_MINIMUM_PENCE = 30;

export interface Prices {
  /** The row in force; null before any price was ever set (nothing is on sale then). */
  id: number | null;
  /** What an assessor pays for a Premium report in the wizard. */
  tradePence: number;
  /** What an owner pays on a shared link, before the automatic discount. */
  ownerPence: number;
  /** What the assessor earns when an owner buys from their link. */
  referralPence: number;
  /** What we suggest an assessor charges their own clients. */
  recommendedSellPence: number;
  /** Taken off the owner price automatically and named in the cost line; null when there is none. */
  ownerDiscount: { code: string; pence: number } | null;
}

export type NewPrices = Omit<Prices, 'id'>;

const NONE: Prices = { id: null, tradePence: 0, ownerPence: 0, referralPence: 0, recommendedSellPence: 0, ownerDiscount: null };

function pricesOf(row: PriceRow): Prices {
  return {
    id: row.id,
    tradePence: row.trade_pence,
    ownerPence: row.owner_pence,
    referralPence: row.referral_pence,
    recommendedSellPence: row.recommended_sell_pence,
    ownerDiscount:
      row.owner_discount_code && row.owner_discount_pence > 0 ? { code: row.owner_discount_code, pence: row.owner_discount_pence } : null,
  };
}

/** The prices in force now. */
export async function getPrices(db: Db): Promise<Prices> {
  const row = await latestPriceRow(db);
  return row ? pricesOf(row) : NONE;
}

/** What an owner is charged: the owner price less the automatic discount, never below nothing. */
export function ownerCost(prices: Prices): { amount: number; full: number; discount: number; code: string } {
  const discount = Math.min(prices.ownerDiscount?.pence ?? 0, prices.ownerPence);
  return { amount: prices.ownerPence - discount, full: prices.ownerPence, discount, code: discount ? prices.ownerDiscount!.code : '' };
}

/** Adds a row to the history: earlier purchases keep naming the prices they were sold at. */
export async function setPrices(db: Db, prices: NewPrices, now = Date.now()): Promise<Prices> {
  const id = await insertPriceRow(db, {
    trade_pence: prices.tradePence,
    owner_pence: prices.ownerPence,
    referral_pence: prices.referralPence,
    recommended_sell_pence: prices.recommendedSellPence,
    owner_discount_code: prices.ownerDiscount?.code ?? '',
    owner_discount_pence: prices.ownerDiscount?.pence ?? 0,
    set_at: now,
  });
  return { id, ...prices };
}

export async function pricesHistory(db: Db): Promise<(Prices & { setAt: number })[]> {
  return (await priceHistory(db)).map((row) => ({ ...pricesOf(row), setAt: row.set_at }));
}
