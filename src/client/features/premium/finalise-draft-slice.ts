import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { createTransform } from 'redux-persist';
import { PLAN_IDS, type PlanId } from '../../../shared/states';
import { loggedOut } from '../session';
import type { MeasureFields } from './plan-maths';

/**
 * What the assessor has changed on one report's finalise screen. Only changes are held: a measure
 * with no entry keeps the survey's figures and a null name is the server's default, so the store
 * never needs the report itself and an opened-but-untouched report holds nothing.
 */
export interface StoredDraft {
  /** Per measure code, the points and cost as typed. */
  fields: Record<string, MeasureFields>;
  /** Plans the assessor left out; every plan is in unless taken out. */
  excludedPlans: PlanId[];
  customOn: boolean;
  customName: string | null;
  /** Measure codes of the custom plan, in the survey's order. */
  customCodes: string[];
  remarks: string;
}

export interface FinaliseDraftsState {
  /** By report id: a draft belongs to one report and is dropped once that report is finalised. */
  byReport: Record<string, StoredDraft>;
}

const initialFinaliseDraftsState: FinaliseDraftsState = { byReport: {} };

const emptyDraft = (): StoredDraft => ({ fields: {}, excludedPlans: [], customOn: false, customName: null, customCodes: [], remarks: '' });

type ForReport<T> = PayloadAction<{ reportId: number } & T>;

function draftOf(state: FinaliseDraftsState, reportId: number): StoredDraft {
  const key = String(reportId);
  state.byReport[key] ??= emptyDraft();
  return state.byReport[key];
}

export const finaliseDraftsSlice = createSlice({
  name: 'finaliseDrafts',
  initialState: initialFinaliseDraftsState,
  reducers: {
    measureEdited(state, { payload }: ForReport<{ code: string; fields: MeasureFields }>) {
      draftOf(state, payload.reportId).fields[payload.code] = payload.fields;
    },
    /** A card may stand for several identical plans: they go in or out of the report together. */
    plansIncluded(state, { payload }: ForReport<{ planIds: PlanId[]; include: boolean }>) {
      const draft = draftOf(state, payload.reportId);
      const others = draft.excludedPlans.filter((id) => !payload.planIds.includes(id));
      draft.excludedPlans = payload.include ? others : [...others, ...payload.planIds];
    },
    customPlanSwitched(state, { payload }: ForReport<{ on: boolean }>) {
      draftOf(state, payload.reportId).customOn = payload.on;
    },
    customPlanNamed(state, { payload }: ForReport<{ name: string }>) {
      draftOf(state, payload.reportId).customName = payload.name;
    },
    customPlanChosen(state, { payload }: ForReport<{ codes: string[] }>) {
      draftOf(state, payload.reportId).customCodes = payload.codes;
    },
    remarksWritten(state, { payload }: ForReport<{ remarks: string }>) {
      draftOf(state, payload.reportId).remarks = payload.remarks;
    },
    /** The report was finalised: its draft has done its work. */
    draftFinalised(state, { payload }: PayloadAction<number>) {
      delete state.byReport[String(payload)];
    },
  },
  extraReducers: (builder) => {
    // The next user of this browser must not see, or finalise with, someone else's work.
    builder.addCase(loggedOut, () => initialFinaliseDraftsState);
  },
});

export const { measureEdited, plansIncluded, customPlanSwitched, customPlanNamed, customPlanChosen, remarksWritten, draftFinalised } =
  finaliseDraftsSlice.actions;

const isString = (value: unknown): value is string => typeof value === 'string';
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isFields = (value: unknown): value is MeasureFields =>
  isRecord(value) && isString(value.epc) && isString(value.eir) && isString(value.cost);

/**
 * Checked by hand rather than with zod: the store is in the first script every page loads, and
 * that script carries no zod (see src/client/lib/zod-without-eval.ts).
 */
function isStoredDraft(value: unknown): value is StoredDraft {
  return (
    isRecord(value) &&
    isRecord(value.fields) &&
    Object.values(value.fields).every(isFields) &&
    Array.isArray(value.excludedPlans) &&
    value.excludedPlans.every((id) => (PLAN_IDS as readonly unknown[]).includes(id)) &&
    typeof value.customOn === 'boolean' &&
    (value.customName === null || isString(value.customName)) &&
    Array.isArray(value.customCodes) &&
    value.customCodes.every(isString) &&
    isString(value.remarks)
  );
}

/**
 * Drafts read back after a reload: one that does not read as a draft (another version's shape, a
 * hand edit of localStorage) is dropped rather than trusted, and the others are kept.
 */
export function readableDrafts(stored: unknown): FinaliseDraftsState {
  const byReport: Record<string, StoredDraft> = {};
  const held = isRecord(stored) ? stored.byReport : null;
  if (isRecord(held)) {
    for (const [reportId, draft] of Object.entries(held)) if (isStoredDraft(draft)) byReport[reportId] = draft;
  }
  return { byReport };
}

export const checkStoredDrafts = createTransform<FinaliseDraftsState, FinaliseDraftsState>((state) => state, readableDrafts, {
  whitelist: [finaliseDraftsSlice.name],
});
