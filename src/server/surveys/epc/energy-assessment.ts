import { SurveyError, type LodgedBand, type LodgedBands, type RatingPair, type RunningCost, type SummaryElement } from './survey';
import { SURVEY_MESSAGES } from './survey-messages';
import { CO2_TONNES, FLOOR_AREA, SAP_RATING, YEARLY_POUNDS, figure } from './survey-figures';
import { all, childNode, num, text, type XmlNode } from './xml-node';

export interface AssessmentFacts {
  summary: SummaryElement[];
  dwellingType: string | null;
  floorAreaM2: number | null;
  energyRating: RatingPair;
  environmentalImpact: RatingPair;
  /** Null when the file lodges no band letter beside any rating. */
  lodgedBands: LodgedBands | null;
  co2: { current: number | null; potential: number | null };
  runningCosts: RunningCost[];
}

const RATINGS = ['Energy-Rating-Current', 'Energy-Rating-Potential', 'Environmental-Impact-Current', 'Environmental-Impact-Potential'];

/**
 * Band letters a file may lodge beside its ratings. The register's RdSAP and SAP schemas carry the
 * ratings alone; some assessor software writes the band too, as "<rating element>-Band" or with the
 * register's open data names (CURRENT_ENERGY_RATING is the letter of CURRENT_ENERGY_EFFICIENCY:
 * https://epc.opendatacommunities.org/docs/guidance). Read only to check them against the ratings.
 */
const BAND_ELEMENTS: Record<keyof LodgedBands, string[]> = {
  energyCurrent: ['Energy-Rating-Current-Band', 'Current-Energy-Rating-Band', 'Current-Energy-Efficiency-Band'],
  energyPotential: ['Energy-Rating-Potential-Band', 'Potential-Energy-Rating-Band', 'Potential-Energy-Efficiency-Band'],
  environmentalCurrent: ['Environmental-Impact-Current-Band', 'Current-Environmental-Impact-Band'],
  environmentalPotential: ['Environmental-Impact-Potential-Band', 'Potential-Environmental-Impact-Band'],
};
const BAND_LETTER = /^[A-G]$/;

/** The band letters lodged in the Energy-Use block; a value that is no band letter is not read as one. */
function readLodgedBands(use: XmlNode | undefined): LodgedBands | null {
  const bands: LodgedBands = {};
  for (const [which, names] of Object.entries(BAND_ELEMENTS) as [keyof LodgedBands, string[]][]) {
    const letter = names
      .map((name) => text(use, name))
      .find((value) => value !== null)
      ?.toUpperCase();
    if (letter && BAND_LETTER.test(letter)) bands[which] = letter as LodgedBand;
  }
  return Object.keys(bands).length > 0 ? bands : null;
}

const RUNNING_COSTS = [
  { item: 'Lighting', element: 'Lighting-Cost' },
  { item: 'Heating', element: 'Heating-Cost' },
  { item: 'Hot water', element: 'Hot-Water-Cost' },
];

/** Pounds as lodged ("123.45", "727") to whole pence. */
export const toPence = (pounds: number | null) => (pounds === null ? null : Math.round(pounds * 100));

/** Efficiency ratings run 1-5; the register writes 0 for "N/A" (a roof with a dwelling above). */
function efficiency(node: XmlNode, name: string): number | null {
  const value = num(node, name);
  return value !== null && value >= 1 && value <= 5 ? value : null;
}

/** "Main-Heating-Controls" -> "Main heating controls". */
const summaryLabel = (element: string) => {
  const words = element.replace(/-/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * Every element of the property summary that has a description, in document order and as many
 * times as lodged (a house with an extension lodges two walls). Element names differ between
 * schemas (Wall / Walls, Window / Windows) and are kept as lodged.
 */
function readSummary(summary: XmlNode | undefined): SummaryElement[] {
  const elements: SummaryElement[] = [];
  for (const name of Object.keys(summary ?? {})) {
    for (const item of all(summary, name)) {
      if (typeof item !== 'object' || Array.isArray(item) || !('Description' in item)) continue;
      elements.push({
        element: name,
        label: summaryLabel(name),
        description: text(item, 'Description') ?? '',
        energyEfficiency: efficiency(item, 'Energy-Efficiency-Rating'),
        environmentalEfficiency: efficiency(item, 'Environmental-Efficiency-Rating'),
      });
    }
  }
  return elements;
}

/** SAP ratings are whole points; a lodged "72.0" is read as 72. */
const rating = (use: XmlNode | undefined, name: string) => {
  const value = figure(use, name, SAP_RATING);
  return value === null ? null : Math.round(value);
};

export function readAssessment(body: XmlNode): AssessmentFacts {
  const assessment = childNode(body, 'Energy-Assessment');
  const summary = childNode(assessment, 'Property-Summary');
  const use = childNode(assessment, 'Energy-Use');
  const [ec, ep, ic, ip] = RATINGS.map((name) => rating(use, name));
  if (ec === null || ep === null || ic === null || ip === null) throw new SurveyError(SURVEY_MESSAGES.missingRatings);
  const runningCosts: RunningCost[] = [];
  for (const { item, element } of RUNNING_COSTS) {
    const currentPence = toPence(figure(use, `${element}-Current`, YEARLY_POUNDS));
    const potentialPence = toPence(figure(use, `${element}-Potential`, YEARLY_POUNDS));
    // A cost pair is shown together or not at all: half of one would be a guess.
    if (currentPence !== null && potentialPence !== null) runningCosts.push({ item, currentPence, potentialPence });
  }
  return {
    summary: readSummary(summary),
    dwellingType: text(summary, 'Dwelling-Type'),
    floorAreaM2: figure(summary, 'Total-Floor-Area', FLOOR_AREA),
    energyRating: { current: ec, potential: ep },
    environmentalImpact: { current: ic, potential: ip },
    lodgedBands: readLodgedBands(use),
    co2: { current: figure(use, 'CO2-Emissions-Current', CO2_TONNES), potential: figure(use, 'CO2-Emissions-Potential', CO2_TONNES) },
    runningCosts,
  };
}
