import type { Measure } from '../../shared/api/reports';
import type { Priority } from '../../shared/constants';
import type { PlanId } from '../../shared/states';
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
  /** Grants with a set amount the plan's steps may be eligible for on the report's date, and from which schemes; absent leaves it out. */
  funding?: { upToPence: number; schemes: string[] } | null;
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
}
