import type { Measure } from '../../../shared/api/premium';
import { epcBand } from '../../../shared/epc-bands';
import { addRanges, formatCostRange, type CostRange } from './cost-range';
import { improvementName } from './improvement-codes';
import { measureCategory, measureImage } from './measure-category';
import { isPlaceholderText } from './placeholder-text';
import type { Survey, SurveyImprovement } from './survey';

/** What a custom improvement lodged without any text is called (old HCR messages allow it). */
export const UNNAMED_IMPROVEMENT = 'Suggested improvement';

function codeAndName(improvement: SurveyImprovement, survey: Survey): { code: string; name: string } {
  if (improvement.number !== null) {
    return { code: improvement.number, name: improvementName(improvement.number, survey.country) ?? `Improvement ${improvement.number}` };
  }
  // Placeholder words are no name an owner can read; the check at upload told the assessor.
  if (improvement.text !== null && !isPlaceholderText(improvement.text)) return { code: improvement.text, name: improvement.text };
  // The code keys contractor links, so an improvement with neither number nor text still needs one of its own.
  return { code: `custom-${improvement.sequence}`, name: UNNAMED_IMPROVEMENT };
}

/**
 * The survey's suggested improvements as report measures, in sequence. Points are cumulative on
 * the certificate: each step's increase is its rating after minus the one before it (the first
 * counts from the current rating), and its total is the rating after it. The cost total is the
 * running sum of the lodged ranges; once a step has no readable cost the sum is unknown, so it
 * is '' from there on rather than a total that silently leaves a step out.
 */
export function measuresFrom(survey: Survey): Measure[] {
  let epcBefore = survey.energyRating.current;
  let eirBefore = survey.environmentalImpact.current;
  let total: CostRange | null = { low: 0, high: 0 };
  return survey.improvements.map((improvement) => {
    total = total && improvement.costRangePence ? addRanges(total, improvement.costRangePence) : null;
    const epcTotal = improvement.energyRatingAfter;
    const eirTotal = improvement.environmentalRatingAfter;
    const measure: Measure = {
      ...codeAndName(improvement, survey),
      implementationCost: improvement.indicativeCost,
      costTotal: total ? formatCostRange(total) : '',
      epcIncrease: epcTotal - epcBefore,
      eirIncrease: eirTotal - eirBefore,
      epcTotal,
      eirTotal,
      epcBand: epcBand(epcTotal),
      eirBand: epcBand(eirTotal),
      image: measureImage(measureCategory(improvement.number)),
    };
    epcBefore = epcTotal;
    eirBefore = eirTotal;
    return measure;
  });
}

export { improvementName } from './improvement-codes';
