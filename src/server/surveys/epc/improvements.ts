import { parseCostRange } from './cost-range';
import { toPence } from './energy-assessment';
import { SurveyError, type SurveyImprovement } from './survey';
import { SURVEY_MESSAGES } from './survey-messages';
import { childNode, nodes, num, text, type XmlNode } from './xml-node';

/** Custom improvements carry text instead of a number; the summary is the short form. */
const TEXT_ELEMENTS = ['Improvement-Summary', 'Improvement-Heading', 'Improvement-Description'];

/**
 * The lodged text of a custom improvement: inside Improvement-Details/Improvement-Texts in
 * current schemas, directly in the Improvement in the HCR-era ones.
 */
function customText(improvement: XmlNode): string | null {
  const texts = childNode(improvement, 'Improvement-Details', 'Improvement-Texts');
  for (const holder of [texts, improvement]) {
    for (const name of TEXT_ELEMENTS) {
      const value = text(holder, name);
      if (value) return value.replace(/\s+/g, ' ');
    }
  }
  return null;
}

function readOne(improvement: XmlNode, position: number): SurveyImprovement {
  const sequence = num(improvement, 'Sequence') ?? position;
  const number = text(improvement, 'Improvement-Details', 'Improvement-Number') ?? text(improvement, 'Improvement-Number');
  const energy = num(improvement, 'Energy-Performance-Rating');
  const environmental = num(improvement, 'Environmental-Impact-Rating');
  // The report is built on these points; without them the step cannot be shown honestly.
  if (energy === null || environmental === null) throw new SurveyError(SURVEY_MESSAGES.improvementWithoutRatings(sequence));
  const indicativeCost = text(improvement, 'Indicative-Cost') ?? '';
  return {
    sequence,
    number,
    text: number === null ? customText(improvement) : null,
    indicativeCost,
    costRangePence: parseCostRange(indicativeCost),
    typicalSavingPence: toPence(num(improvement, 'Typical-Saving')),
    energyRatingAfter: Math.round(energy),
    environmentalRatingAfter: Math.round(environmental),
  };
}

/**
 * The suggested improvements in their lodged sequence (document order is not always sequence
 * order). Alternative-Improvements and Green-Deal-Package are other lists, not steps of this one.
 */
export function readImprovements(body: XmlNode): SurveyImprovement[] {
  const list = childNode(body, 'Energy-Assessment', 'Suggested-Improvements');
  return nodes(list, 'Improvement')
    .map((improvement, index) => readOne(improvement, index + 1))
    .map((improvement, index) => ({ improvement, index }))
    .sort((a, b) => a.improvement.sequence - b.improvement.sequence || a.index - b.index)
    .map(({ improvement }) => improvement);
}
