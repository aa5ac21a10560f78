import type { Db } from '../db/database';

export interface Prices {
  premiumPricePence: number;
  upgradeReferralPence: number;
  recommendedSellPence: number;
}

const KEYS = {
  premiumPricePence: 'premium_price_pence',
  upgradeReferralPence: 'upgrade_referral_pence',
  recommendedSellPence: 'recommended_premium_sell_pence',
} as const;

/** The operator's prices, set with `npm run cli -- prices set`. */
export async function getPrices(db: Db): Promise<Prices> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', Object.values(KEYS)).execute();
  const byKey = Object.fromEntries(rows.map((r) => [r.key, Number(r.value)]));
  return {
    premiumPricePence: byKey[KEYS.premiumPricePence] ?? 0,
    upgradeReferralPence: byKey[KEYS.upgradeReferralPence] ?? 0,
    recommendedSellPence: byKey[KEYS.recommendedSellPence] ?? 0,
  };
}

export async function setPrices(db: Db, prices: Prices): Promise<void> {
  await db.transaction().execute(async (tx) => {
    for (const [field, key] of Object.entries(KEYS)) {
      const value = String(prices[field as keyof Prices]);
      await tx.deleteFrom('settings').where('key', '=', key).execute();
      await tx.insertInto('settings').values({ key, value }).execute();
    }
  });
}
