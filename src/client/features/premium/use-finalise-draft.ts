import { useEffect, useRef, useState } from 'react';
import type { UnprocessedReport } from './api';
import { clearDraft, loadDraft, newDraft, saveDraft, type FinaliseDraft } from './finalise-draft';

/**
 * The finalise screen's work in progress: picked up where it was left for this report, kept as it
 * changes, forgotten once the report is finalised.
 */
export function useFinaliseDraft(reportId: number, report: UnprocessedReport) {
  const [draft, setDraft] = useState<FinaliseDraft>(() => {
    const saved = loadDraft(reportId, report);
    return saved ? { ...saved, customCodes: saved.customCodes.slice(0, report.customPlanMeasuresLimit) } : newDraft(report);
  });
  // Only what the assessor changed is kept: opening a report and leaving it stores nothing.
  const changed = useRef(false);
  const finished = useRef(false);

  useEffect(() => {
    if (changed.current && !finished.current) saveDraft(reportId, draft);
  }, [reportId, draft]);

  const update = (change: Partial<FinaliseDraft> | ((draft: FinaliseDraft) => Partial<FinaliseDraft>)) => {
    changed.current = true;
    setDraft((current) => ({ ...current, ...(typeof change === 'function' ? change(current) : change) }));
  };

  const finish = () => {
    finished.current = true;
    clearDraft(reportId);
  };

  return { draft, update, finish };
}
