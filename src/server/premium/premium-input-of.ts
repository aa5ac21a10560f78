import type { Measure } from '../../shared/api/premium';
import type { Priority } from '../../shared/constants';
import type { PremiumPlan, PremiumReportInput } from '../pdf/premium-input';
import type { ReportBranding } from '../pdf/preliminary-input';
import type { Survey } from '../surveys/epc/survey';
import { isoDate, type HomeExtras } from '../funding/eligibility';
import { fundingReportOf } from '../funding/funding-report';
import { planFundingOf } from '../funding/plan-funding';
import { lettingOf } from '../funding/letting';
import { computePlans } from './plans';
import { withTotals, type StartRatings } from '../../shared/rules/plan-totals';
import { premiumPlanOf } from './plan-steps';

/** What the Premium PDF is drawn from, once the plans and measures are settled (finalised, or computed for the sample). */
export interface PremiumContent {
  survey: Survey;
  measures: Measure[];
  plans: PremiumPlan[];
  customPlan: PremiumPlan | null;
  remarks: string;
}

export function premiumInputOf(
  content: PremiumContent,
  report: {
    name: string;
    purchasedAt: number;
    finalisedAt: number;
    councilTax: PremiumReportInput['councilTax'];
    branding: ReportBranding;
    assessor: PremiumReportInput['assessor'];
    priority: Priority | null;
    premiumLinkUrl: string;
  },
): PremiumReportInput {
  const { survey, measures } = content;
  const start: StartRatings = { epc: survey.energyRating.current, eir: survey.environmentalImpact.current };
  const letting = lettingOf(survey, measures);
  // Judged on the day the report was finalised, with the report's council tax band where it has one.
  const extras: HomeExtras = { councilTaxBand: report.councilTax?.band ?? null };
  const funded = (plan: PremiumPlan) => withFunding(survey, plan, report.finalisedAt, extras);
  return {
    survey,
    measures,
    reportName: report.name,
    purchasedAt: new Date(report.purchasedAt),
    finalisedAt: new Date(report.finalisedAt),
    councilTax: report.councilTax,
    branding: report.branding,
    assessor: report.assessor,
    priority: report.priority,
    epcStart: start.epc,
    eirStart: start.eir,
    plans: content.plans.map(funded),
    customPlan: content.customPlan && funded(content.customPlan),
    remarks: content.remarks,
    // The route to C is drawn step by step: its totals are along that route, not the survey's sequence.
    letting: letting && { ...letting, toReachC: letting.toReachC && withTotals(start, letting.toReachC) },
    premiumLinkUrl: report.premiumLinkUrl,
    // Everything the Preliminary's funding section has, for every measure of the home.
    funding: fundingReportOf(survey, measures, new Date(report.finalisedAt), extras),
  };
}

/** A plan's funding at both ends of its cost, judged on the day the report was finalised. */
function withFunding(survey: Survey, plan: PremiumPlan, finalisedAt: number, extras: HomeExtras): PremiumPlan {
  return { ...plan, funding: planFundingOf(survey, plan.steps, isoDate(new Date(finalisedAt)), extras) };
}

/** Every computed plan of a survey as the PDF draws it, the priority's plan first (the sample report shows them all). */
export function computedPremiumPlans(measures: Measure[], start: StartRatings, priority: Priority | null): PremiumPlan[] {
  return computePlans(measures, start, priority).map((plan) => premiumPlanOf(plan, start, plan.data.measures));
}
