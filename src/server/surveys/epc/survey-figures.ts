import { SurveyError } from './survey';
import { SURVEY_MESSAGES } from './survey-messages';
import { text, type XmlNode } from './xml-node';

/** What a lodged figure may be: its bounds, whether it is a whole number, and how the assessor is told. */
export interface FigureRule {
  min: number;
  max: number;
  /** Shown in the refusal: "an energy rating from 1 to 200". */
  expected: string;
}

/**
 * SAP ratings (energy and environmental impact). SAP 10.2, sections 13 and 14
 * (https://www.gov.uk/guidance/standard-assessment-procedure): a rating is rounded to a whole
 * number and quoted as 1 when the calculation gives less than 1; 100 means no net energy cost
 * (or emissions), and a dwelling that exports more than it uses rates above 100, with no upper
 * bound in the formula. Register ratings above 150 are all but unknown, so 200 leaves room for
 * any real exporter while a 500 is refused as the error it is.
 */
export const SAP_RATING: FigureRule = { min: 1, max: 200, expected: 'a rating from 1 to 200' };
/** A year's cost or saving in pounds; the largest houses' heating costs are tens of thousands. */
export const YEARLY_POUNDS: FigureRule = { min: 0, max: 100_000, expected: 'an amount in pounds a year from 0 to 100,000' };
/** Tonnes of CO2 a year: below zero for a net exporter, a few tonnes for most homes. */
export const CO2_TONNES: FigureRule = { min: -1_000, max: 1_000, expected: 'tonnes of CO2 a year from -1,000 to 1,000' };
/** Square metres; the smallest register entries are bedsits of a few square metres. */
export const FLOOR_AREA: FigureRule = { min: 0.1, max: 10_000, expected: 'a floor area from 0.1 to 10,000 square metres' };
/** An improvement's place in the lodged list; only its order is used, and no file holds more tags (xml-safety.ts). */
export const SEQUENCE: FigureRule = { min: 0, max: 100_000, expected: 'a step number from 0 to 100,000' };

/**
 * The longest figure a lodgement writes is a few characters ("123.45", "12,345"); a longer run of
 * digits is no figure of a home, and past 15 significant digits a number is no longer exact.
 */
const MAX_FIGURE_TEXT = 20;
/** Digits, optionally grouped in thousands, with an optional sign and decimal part: linear, one way to match. */
const DECIMAL = /^-?\d+(?:\.\d+)?$/;

/**
 * A lodged figure, or null when the element is absent or blank. Anything else that is not a plain
 * decimal within the rule (500 for a rating, -5, NaN, Infinity, 1e308, 2,000 zeros) refuses the
 * file, naming the element and the value: a wrong figure would otherwise reach the owner's report.
 */
export function figure(node: XmlNode | undefined, element: string, rule: FigureRule): number | null {
  const lodged = text(node, element);
  if (lodged === null) return null;
  const plain = lodged.replace(/,/g, '');
  const value = plain.length <= MAX_FIGURE_TEXT && DECIMAL.test(plain) ? Number(plain) : Number.NaN;
  if (!Number.isFinite(value) || value < rule.min || value > rule.max) {
    throw new SurveyError(SURVEY_MESSAGES.figureOutOfRange(element, lodged, rule.expected));
  }
  return value;
}
