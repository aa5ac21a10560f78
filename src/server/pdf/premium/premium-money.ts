import type { Measure } from '../../../shared/api/premium';
import { formatPoundRange } from '../../../shared/money';
import { addRanges, parseCostRange, type CostRange } from '../../surveys/epc/cost-range';
import { DASH, pdfText } from '../format';

/**
 * Every estimate in the Premium Report reads one way: whole pounds with thousands separators,
 * and a range as '£1,281 – £3,400' (src/shared/money.ts formatPoundRange).
 */
export function rangeText(range: CostRange | null | undefined): string {
  if (!range || !Number.isFinite(range.low) || !Number.isFinite(range.high)) return DASH;
  return formatPoundRange(range.low, range.high);
}

/** A cost as lodged or typed ('£4000-£6000', '2000') in the report's one format; words stay as written. */
export function costText(lodged: string | null | undefined): string {
  const text = (lodged ?? '').trim();
  if (!text) return DASH;
  const range = parseCostRange(text);
  return range ? rangeText(range) : pdfText(text);
}

/** The summed cost range of some measures; null once one has no readable cost. */
export function totalCost(measures: Measure[]): CostRange | null {
  let total: CostRange | null = { low: 0, high: 0 };
  for (const m of measures) {
    const range = parseCostRange(m.implementationCost);
    total = total && range ? addRanges(total, range) : null;
  }
  return total;
}
