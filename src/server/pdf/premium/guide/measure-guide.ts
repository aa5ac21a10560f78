import { measureCategory, type MeasureCategory } from '../../../surveys/epc/measure-category';
import { FABRIC_GUIDES, FABRIC_GUIDES_BY_NUMBER } from './fabric-guides';
import { GENERATION_GUIDES, GENERATION_GUIDES_BY_NUMBER } from './generation-guides';
import type { GuideEntry } from './guide-entry';
import { HEATING_GUIDES, HEATING_GUIDES_BY_NUMBER } from './heating-guides';

export { typicalCostText, type GuideEntry } from './guide-entry';

/** One entry for every category, so a new improvement number always finds a text. */
export const GUIDE_BY_CATEGORY: Record<MeasureCategory, GuideEntry> = { ...FABRIC_GUIDES, ...HEATING_GUIDES, ...GENERATION_GUIDES };

const BY_NUMBER: Record<number, GuideEntry> = { ...FABRIC_GUIDES_BY_NUMBER, ...HEATING_GUIDES_BY_NUMBER, ...GENERATION_GUIDES_BY_NUMBER };

/**
 * The guide for a measure by its code: an improvement number's own entry where its work differs
 * from the rest of its kind, else its category's; a custom (text) measure gets the general one.
 */
export function guideFor(code: string): GuideEntry {
  const trimmed = code.trim();
  if (/^\d+$/.test(trimmed)) {
    const own = BY_NUMBER[Number(trimmed)];
    if (own) return own;
  }
  return GUIDE_BY_CATEGORY[measureCategory(trimmed)];
}
