import { inTransaction, type Db } from '../db/database';
import { readSettings, writeSetting } from './repos/settings';

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
  const byKey = await readSettings(db, Object.values(KEYS));
  const pence = (key: string) => Number(byKey.get(key) ?? 0);
  return {
    premiumPricePence: pence(KEYS.premiumPricePence),
    upgradeReferralPence: pence(KEYS.upgradeReferralPence),
    recommendedSellPence: pence(KEYS.recommendedSellPence),
  };
}

export async function setPrices(db: Db, prices: Prices): Promise<void> {
  await inTransaction(db, async (tx) => {
    for (const [field, key] of Object.entries(KEYS)) await writeSetting(tx, key, String(prices[field as keyof Prices]));
  });
}
