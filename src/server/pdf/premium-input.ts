import type { Measure } from '../../shared/api/premium';
import type { Priority } from '../../shared/constants';
import type { PlanId } from '../../shared/states';
import type { FundingReport } from '../funding/funding-report';
import type { PlanFunding } from '../funding/plan-funding';
import type { Survey } from '../surveys/epc/survey';
import type { ReportBranding } from './preliminary-input';

/**
 * One plan as the finalised Premium report draws it: its measures in the order they are done,
 * each carrying the totals after it (epcTotal/eirTotal, epcBand/eirBand, costTotal so far), with
 * the assessor's adjusted points and costs already applied and the totals recomputed by the server.
 */
export interface PremiumPlan {
  id: PlanId;
  name: string;
  /** Which rating the plan collects points for: EPC (energy efficiency) or EIR (environmental impact, CO2). */
  collect: 'EPC' | 'EIR';
  steps: Measure[];
  /** The ratings and bands the home reaches once every step is done. */
  epcAfter: number;
  eirAfter: number;
  bandAfter: string;
  /** The plan's cost as a range in pence; null when a step has no readable cost. */
  costPence: { low: number; high: number } | null;
  /**
   * The plan's funding on the report's date at both ends of its cost (planFundingOf): grants, the
   * cost after them, the schemes with their amounts, the loans and reliefs; absent leaves it out.
   */
  funding?: PlanFunding | null;
}

/** Everything the Premium Report shows; the renderer reads nothing else. */
export interface PremiumReportInput {
  survey: Survey;
  /** Every measure found in the survey, in sequence, with the assessor's adjustments applied. */
  measures: Measure[];
  /** The report's name: address, comma, postcode. */
  reportName: string;
  /** When it was bought and when the assessor finalised it. */
  purchasedAt: Date;
  finalisedAt: Date;
  councilTax: { address: string; band: string } | null;
  branding: ReportBranding;
  /** The assessor's contact details from My Account (phone and email may be ''). */
  assessor: { name: string; email: string; phone: string };
  /** The owner's priority; it decided which plan leads. Null when the assessor bought the report. */
  priority: Priority | null;
  epcStart: number;
  eirStart: number;
  /** The plans the assessor chose to include, the leading one first. */
  plans: PremiumPlan[];
  /** The assessor's own plan, when they made one. */
  customPlan: PremiumPlan | null;
  /** The assessor's remarks as typed (at most 50 lines of 72 characters). */
  remarks: string;
  /** For a rented home: whether it may be let today (minimum band E) and the measures, in order, that take it to C. */
  letting: { minimumBand: string; meetsMinimum: boolean; toReachC: Measure[] | null } | null;
  /** The owner's premium link (/s/premium/{id}/{slug}): contractors for these measures are found from there. */
  premiumLinkUrl: string;
  /** The home's funding and letting rules on the day it was finalised, as the Preliminary draws them; absent leaves the section out. */
  funding?: FundingReport | null;
}
