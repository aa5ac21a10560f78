import { parseCostRange } from './cost-range';
import { toPence } from './energy-assessment';
import { SurveyError, type SurveyImprovement } from './survey';
import { SURVEY_MESSAGES } from './survey-messages';
import { SAP_RATING, SEQUENCE, YEARLY_POUNDS, figure } from './survey-figures';
import { childNode, nodes, text, type XmlNode } from './xml-node';

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

/** No single improvement to a home costs more; a larger figure is a slip of the keyboard or worse. */
const MAX_INDICATIVE_COST_PENCE = 1_000_000 * 100;
/** What JavaScript prints for a number that is none; a lodgement written from one says so. */
const NOT_NUMBERS = new Set(['nan', 'infinity', '+infinity', '-infinity', 'inf', '-inf', 'undefined', 'null']);

/**
 * The indicative cost as a range in pence. It is shown as lodged, so what is not a cost is refused
 * rather than printed: a figure that is no range ("-£5000", "1e308", a cost over £1,000,000) and
 * the words of a number that is none ("NaN", "Infinity"). Words without figures ("Not
 * applicable") are kept: the report shows them and leaves the step out of the cost total.
 */
function indicativeCostRange(lodged: string, sequence: number) {
  const range = parseCostRange(lodged);
  if (range && range.high <= MAX_INDICATIVE_COST_PENCE) return range;
  if (range || /[\d£]/.test(lodged) || NOT_NUMBERS.has(lodged.toLowerCase())) {
    throw new SurveyError(SURVEY_MESSAGES.indicativeCost(sequence, lodged));
  }
  return null;
}

/**
 * Whether a range was lodged high before low ("£6,000 - £4,000"): its first amount is the range's
 * high end. parseCostRange puts the ends in order, so the lodged order is read here, for the
 * survey check to tell the assessor. Split on the separator alone (no runs), so it stays linear.
 */
function lodgedHighFirst(lodged: string, range: { low: number; high: number } | null): boolean {
  if (!range || range.low === range.high) return false;
  const first = parseCostRange(lodged.split(/-|–|—|to/i)[0]);
  return first !== null && first.low === range.high;
}

function readOne(improvement: XmlNode, position: number): SurveyImprovement {
  const sequence = figure(improvement, 'Sequence', SEQUENCE) ?? position;
  const number = text(improvement, 'Improvement-Details', 'Improvement-Number') ?? text(improvement, 'Improvement-Number');
  const energy = figure(improvement, 'Energy-Performance-Rating', SAP_RATING);
  const environmental = figure(improvement, 'Environmental-Impact-Rating', SAP_RATING);
  // The report is built on these points; without them the step cannot be shown honestly.
  if (energy === null || environmental === null) throw new SurveyError(SURVEY_MESSAGES.improvementWithoutRatings(sequence));
  const indicativeCost = text(improvement, 'Indicative-Cost') ?? '';
  const costRangePence = indicativeCostRange(indicativeCost, sequence);
  return {
    sequence,
    number,
    text: number === null ? customText(improvement) : null,
    indicativeCost,
    costRangePence,
    typicalSavingPence: toPence(figure(improvement, 'Typical-Saving', YEARLY_POUNDS)),
    energyRatingAfter: Math.round(energy),
    environmentalRatingAfter: Math.round(environmental),
    // Only when so: a survey lodged in order reads as it always has.
    ...(lodgedHighFirst(indicativeCost, costRangePence) ? { costLodgedReversed: true } : {}),
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
