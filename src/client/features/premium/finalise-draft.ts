import type { PlanId } from '../../../shared/states';
import type { UnprocessedReport } from './api';
import type { StoredDraft } from './finalise-draft-slice';
import { fieldsOf, type MeasureFields } from './plan-maths';

/** Everything the assessor has done on the finalise screen, as the screen reads it. */
export interface FinaliseDraft {
  /** Per measure code, the points and cost as typed (the survey's own where untouched). */
  fields: Record<string, MeasureFields>;
  /** Plans the assessor left out; every plan is in unless taken out. */
  excludedPlans: PlanId[];
  customOn: boolean;
  customName: string;
  /** Measure codes of the custom plan, in the survey's order. */
  customCodes: string[];
  remarks: string;
}

/**
 * The stored changes (if any) fitted to the report as it is now: a measure it no longer has is
 * dropped, one never touched reads as the survey has it, and a custom plan keeps within the limit.
 */
export function draftFor(report: UnprocessedReport, stored: StoredDraft | undefined): FinaliseDraft {
  const codes = new Set(report.measures.map((m) => m.code));
  return {
    fields: Object.fromEntries(report.measures.map((m) => [m.code, stored?.fields[m.code] ?? fieldsOf(m)])),
    excludedPlans: stored?.excludedPlans ?? [],
    customOn: stored?.customOn ?? false,
    customName: stored?.customName ?? report.customPlanDefaultName,
    customCodes: (stored?.customCodes ?? []).filter((code) => codes.has(code)).slice(0, report.customPlanMeasuresLimit),
    remarks: stored?.remarks ?? '',
  };
}
