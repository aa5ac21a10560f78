import type { HouseholdRoute } from '../../shared/funding';
import type { MeasureCategory } from '../surveys/epc/measure-category';
import type { MainFuel, SurveyTenure } from '../surveys/epc/survey';

export type FundingNation = 'england' | 'wales' | 'scotland' | 'northern-ireland';

export type FundingAmount =
  /** A grant of at most this much for the measure. */
  | { kind: 'grant'; upToPence: number }
  /** A share of the measure's cost, at most capPence. */
  | { kind: 'share'; percent: number; capPence: number }
  /** The scheme may pay for the work but publishes no sum (supplier or council funded). */
  | { kind: 'funded' }
  /**
   * A loan the owner repays: never taken off a cost, shown as a way to pay. termYears is the
   * longest repayment the official page states; null where it states none (the lender sets it).
   */
  | { kind: 'loan'; upToPence: number; ratePercent: number; termYears: number | null }
  /** A VAT rate on the installed measure. */
  | { kind: 'vat'; ratePercent: number }
  /** Only the landlord can apply: the household can ask them. */
  | { kind: 'landlord' };

/**
 * What one home can get from a scheme in total: 'largest' one grant per property (the biggest of
 * its measures), 'capped' the sum of its measures up to capPence (more where solid wall is done).
 */
export type FundingPot = { id: string; kind: 'largest' } | { id: string; kind: 'capped'; capPence: number; capWithSolidWallPence?: number };

export interface FundingRule {
  id: string;
  scheme: string;
  nations: FundingNation[];
  /** The recommended measures it covers, by improvement category and/or number (improvement-codes.csv). */
  measures: { categories?: MeasureCategory[]; numbers?: number[] };
  /** Who lives there for the home to qualify (the survey's tenure). */
  tenures: SurveyTenure[];
  /** The current EPC bands it takes, by tenure; absent takes any band. */
  bands?: Partial<Record<SurveyTenure, string>>;
  /** Highest current rating (SAP points), and the higher one allowed where someone has a health condition. */
  maxRating?: { any: number; withHealth: number };
  /** The heating the measure must replace, as the survey reads the main fuel. */
  fuelsReplaced?: MainFuel[];
  /** Only where the survey records no mains gas connection. */
  offGasOnly?: boolean;
  /** Council tax bands that qualify the home without a household test, by nation (GBIS's general group). */
  councilTaxBands?: Partial<Record<FundingNation, string>>;
  /** The household tests, any one of which qualifies; null when there is none. */
  household: HouseholdRoute[] | null;
  amount: FundingAmount;
  pot?: FundingPot;
  /** The deciding condition in our words, shown beside the amount. */
  condition: string;
  /** What the sources leave unsure, shown as 'check'. */
  caveat?: string;
  /** First and last day in force (YYYY-MM-DD); null when the sources give none. */
  validFrom: string | null;
  validUntil: string | null;
  url: string;
  /** The official source's own date where it has one; null when undated. */
  sourceDate: string | null;
  checkedOn: string;
}
