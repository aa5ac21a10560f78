/**
 * What the platform reads from a lodged EPC XML (file A), whatever its schema family and version.
 * The parser (parse-survey.ts) produces it; measures, the report list and the PDF consume it.
 * Money is in pence; ratings are SAP points (1-100+); a value the lodgement lacks is null.
 */

export type SurveyCountry = 'ENG' | 'WLS' | 'EAW' | 'SCT' | 'NIR';

/** Who lives there, as lodged: the register's Tenure codes 1, 2 and 3 ('ND', not defined, is no tenure). */
export type SurveyTenure = 'owner-occupied' | 'rented-social' | 'rented-private';

/** The main heating's fuel as the summary names it; 'heat-pump' when the home already has one. */
export type MainFuel = 'mains-gas' | 'lpg' | 'oil' | 'electricity' | 'coal' | 'biomass' | 'heat-pump';

export interface SurveySchema {
  /** RdSAP or SAP lodgement families, and the older Scottish EST and HCR-era formats. */
  family: 'RdSAP' | 'SAP' | 'EST-Scotland' | 'HCR';
  /** As lodged, e.g. "RdSAP-Schema-21.0.1", "LIG-18.0", "SAP-Schema-19.0.0"; null when not stated. */
  version: string | null;
  rootElement: string;
}

export interface SurveyAddress {
  lines: string[];
  town: string;
  postcode: string;
}

/** One element of the property summary (walls, roof, floor, windows, heating, controls, hot water, lighting…). */
export interface SummaryElement {
  /** The element as named in the lodgement, e.g. "Walls", "Main-Heating", shown with spaces: "Main heating". */
  element: string;
  /** The element ready to show: "Main-Heating" -> "Main heating". */
  label?: string;
  description: string;
  /** 1 (very poor) to 5 (very good); null where the lodgement gives none (N/A). */
  energyEfficiency: number | null;
  environmentalEfficiency: number | null;
}

export interface RatingPair {
  current: number;
  potential: number;
}

export interface RunningCost {
  /** Lighting, Heating, Hot water. */
  item: string;
  currentPence: number;
  potentialPence: number;
}

export interface SurveyImprovement {
  sequence: number;
  /** Improvement number as lodged ("5"), or null for a custom (free-text) improvement. */
  number: string | null;
  /** Lodged free text for custom improvements (summary, else heading, else description). */
  text: string | null;
  /** "£4,000 - £6,000" exactly as lodged; '' when not lodged. */
  indicativeCost: string;
  /** The indicative cost as a range in pence when it is one (a single figure gives low = high). */
  costRangePence: { low: number; high: number } | null;
  typicalSavingPence: number | null;
  /** Ratings after this step (cumulative, in sequence). */
  energyRatingAfter: number;
  environmentalRatingAfter: number;
  /** True when the cost range was lodged high before low ("£6,000 - £4,000"); absent otherwise. */
  costLodgedReversed?: boolean;
}

/** A band letter the file lodges beside a rating (A-G, read upper case). Reports never show it: bands come from ratings. */
export type LodgedBand = 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G';

export interface LodgedBands {
  energyCurrent?: LodgedBand;
  energyPotential?: LodgedBand;
  environmentalCurrent?: LodgedBand;
  environmentalPotential?: LodgedBand;
}

export interface Survey {
  schema: SurveySchema;
  country: SurveyCountry;
  /** As lodged; absent or null when not lodged, 'ND', or read before tenure was kept. */
  tenure?: SurveyTenure | null;
  /** The main heating's fuel; absent or null when the summary does not say. */
  mainFuel?: MainFuel | null;
  /** Whether a mains gas connection is recorded (RdSAP's Mains-Gas); absent or null when not lodged. */
  mainsGas?: boolean | null;
  /** Report reference number, e.g. 0000-0000-0000-0000-0000. */
  rrn: string | null;
  address: SurveyAddress;
  uprn: string | null;
  /** e.g. "House, Semi-Detached" or "Flat"; null when not lodged. */
  propertyType: string | null;
  /** The built form alone ("Semi-Detached"); null when not lodged or "not recorded". */
  builtForm?: string | null;
  /** The certificate's own words for the dwelling, e.g. "Mid-terrace house"; null when not lodged. */
  dwellingType?: string | null;
  floorAreaM2: number | null;
  inspectionDate: string | null;
  lodgementDate: string | null;
  /** The assessor's identification number on the register (shown to estate agents as Assessor ID). */
  assessorId: string | null;
  assessorName: string | null;
  summary: SummaryElement[];
  energyRating: RatingPair;
  environmentalImpact: RatingPair;
  /** Band letters lodged beside the ratings, for the survey check only; absent when the file lodges none. */
  lodgedBands?: LodgedBands;
  /** Tonnes of CO2 a year. */
  co2: { current: number | null; potential: number | null };
  runningCosts: RunningCost[];
  improvements: SurveyImprovement[];
  /**
   * Set once the figures are settled for a report (reconcile.ts): one plain sentence for each
   * figure the report shows differently from the lodgement, printed once as a footnote. Absent on
   * a survey as parsed.
   */
  figureNotes?: string[];
}

/** A file that is not a survey we can read: the message is shown to the assessor as it is. */
export class SurveyError extends Error {}
