import { z } from 'zod';
import { PLAN_IDS, type PlanId } from '../../../shared/states';
import type { UnprocessedReport } from './api';
import { fieldsOf, type MeasureFields } from './plan-maths';

/** Everything the assessor has done on the finalise screen, kept per report until it is finalised. */
export interface FinaliseDraft {
  /** Per measure code, the points and cost as typed. */
  fields: Record<string, MeasureFields>;
  /** Plans the assessor left out; every plan is in unless taken out. */
  excludedPlans: PlanId[];
  customOn: boolean;
  customName: string;
  /** Measure codes of the custom plan, in the survey's order. */
  customCodes: string[];
  remarks: string;
}

const stored = z.object({
  fields: z.record(z.string(), z.object({ epc: z.string(), eir: z.string(), cost: z.string() })),
  excludedPlans: z.array(z.enum(PLAN_IDS)),
  customOn: z.boolean(),
  customName: z.string(),
  customCodes: z.array(z.string()),
  remarks: z.string(),
});

/*
 * localStorage rather than the persisted store: a draft belongs to one report, may outlive the
 * session that began it (closing the tab is how work usually gets interrupted), and must not
 * swell the state every page rehydrates. It is removed once the report is finalised.
 */
const keyOf = (reportId: number) => `epcplus:premium-draft:${reportId}`;

export function newDraft(report: UnprocessedReport): FinaliseDraft {
  return {
    fields: Object.fromEntries(report.measures.map((m) => [m.code, fieldsOf(m)])),
    excludedPlans: [],
    customOn: false,
    customName: report.customPlanDefaultName,
    customCodes: [],
    remarks: '',
  };
}

/**
 * The saved draft, fitted to the report as it is now: a measure it no longer has is dropped, a new
 * one starts from the survey. Anything unreadable (another version's shape, a hand edit) is ignored.
 */
export function loadDraft(reportId: number, report: UnprocessedReport): FinaliseDraft | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(keyOf(reportId));
  } catch {
    return null; // storage switched off: the screen works, it just cannot keep a draft
  }
  if (!raw) return null;
  let parsed;
  try {
    parsed = stored.safeParse(JSON.parse(raw));
  } catch {
    return null;
  }
  if (!parsed.success) return null;
  const draft = parsed.data;
  const codes = new Set(report.measures.map((m) => m.code));
  return {
    ...draft,
    fields: Object.fromEntries(report.measures.map((m) => [m.code, draft.fields[m.code] ?? fieldsOf(m)])),
    customCodes: draft.customCodes.filter((code) => codes.has(code)),
  };
}

export function saveDraft(reportId: number, draft: FinaliseDraft): void {
  try {
    localStorage.setItem(keyOf(reportId), JSON.stringify(draft));
  } catch {
    // Full or switched off: the draft lives on in the page until it closes.
  }
}

export function clearDraft(reportId: number): void {
  try {
    localStorage.removeItem(keyOf(reportId));
  } catch {
    // Nothing was kept then either.
  }
}
