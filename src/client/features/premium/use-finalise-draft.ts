import { useMemo } from 'react';
import type { PlanId } from '../../../shared/states';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import type { UnprocessedReport } from './api';
import { draftFor } from './finalise-draft';
import {
  customPlanChosen,
  customPlanNamed,
  customPlanSwitched,
  draftFinalised,
  measureEdited,
  plansIncluded,
  remarksWritten,
} from './finalise-draft-slice';
import type { MeasureFields } from './plan-maths';

/**
 * The finalise screen's work in progress, held in the store (kept across a reload, and replayed
 * from a DevTools export as the assessor saw it), forgotten once the report is finalised.
 */
export function useFinaliseDraft(reportId: number, report: UnprocessedReport) {
  const dispatch = useAppDispatch();
  const stored = useAppSelector((state) => state.finaliseDrafts.byReport[String(reportId)]);
  const draft = useMemo(() => draftFor(report, stored), [report, stored]);
  return {
    draft,
    editMeasure: (code: string, fields: MeasureFields) => dispatch(measureEdited({ reportId, code, fields })),
    includePlans: (planIds: PlanId[], include: boolean) => dispatch(plansIncluded({ reportId, planIds, include })),
    switchCustomPlan: (on: boolean) => dispatch(customPlanSwitched({ reportId, on })),
    nameCustomPlan: (name: string) => dispatch(customPlanNamed({ reportId, name })),
    chooseCustomPlan: (codes: string[]) => dispatch(customPlanChosen({ reportId, codes })),
    writeRemarks: (remarks: string) => dispatch(remarksWritten({ reportId, remarks })),
    finish: () => dispatch(draftFinalised(reportId)),
  };
}
