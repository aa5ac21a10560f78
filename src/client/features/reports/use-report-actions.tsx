import { useState } from 'react';
import type { ReportListItem } from '../../../shared/api/reports';
import { DELETED_REPORT_RETENTION_DAYS } from '../../../shared/constants';
import { errorMessage } from '../../lib/errors';
import { ConfirmDialog } from '../../components/dialog';
import { InlineAlert } from '../../components/inline-alert';
import { useNotify } from '../../components/notice';
import { useDeleteReportMutation } from './api';
import { DELETE_MODE, type DeleteMode } from '../../../shared/states';

type AskedMode = Exclude<DeleteMode, typeof DELETE_MODE.undelete>;

const CONFIRM: Record<AskedMode, { title: string; button: string; text: (name: string) => string }> = {
  delete: {
    title: 'Delete report',
    button: 'Delete',
    text: (name) =>
      `Delete the report for ${name}? The link you shared with the owner stops working: they can no longer open the report. It stays in Deleted Reports for ${DELETED_REPORT_RETENTION_DAYS} days, where you can undelete it.`,
  },
  [DELETE_MODE.permaDelete]: {
    title: 'Delete report permanently',
    button: 'Delete permanently',
    text: (name) => `Delete the report for ${name} permanently? The owner's link will never work again. This cannot be undone.`,
  },
};

const DONE: Record<DeleteMode, string> = {
  [DELETE_MODE.delete]: 'Report deleted',
  [DELETE_MODE.undelete]: 'Report restored',
  [DELETE_MODE.permaDelete]: 'Report permanently deleted',
};

/**
 * Delete, undelete and permanent delete for a list's rows: deleting asks first, undeleting does
 * not (it loses nothing). A refusal (e.g. 'Pending reports can not be deleted') is shown as the
 * server worded it, in the row of the report it was about (`failureFor`). The lists refetch through
 * the mutation's tags.
 */
export function useReportActions() {
  const [send, { isLoading }] = useDeleteReportMutation();
  const notify = useNotify();
  const [asking, setAsking] = useState<{ report: ReportListItem; mode: AskedMode } | null>(null);
  const [failure, setFailure] = useState<{ reportId: number; message: string } | null>(null);

  const run = async (report: ReportListItem, mode: DeleteMode) => {
    setFailure(null);
    const result = await send({ report_id: report.report_id, delete_mode: mode });
    setAsking(null);
    if (result.error) setFailure({ reportId: report.report_id, message: errorMessage(result.error) });
    else notify(DONE[mode]);
  };

  const confirm = (report: ReportListItem, mode: AskedMode) => setAsking({ report, mode });
  const undelete = (report: ReportListItem) => void run(report, DELETE_MODE.undelete);

  const dialog = asking ? (
    <ConfirmDialog
      title={CONFIRM[asking.mode].title}
      confirmLabel={CONFIRM[asking.mode].button}
      danger
      busy={isLoading}
      onCancel={() => setAsking(null)}
      onConfirm={() => void run(asking.report, asking.mode)}
    >
      <p>{CONFIRM[asking.mode].text(asking.report.name)}</p>
    </ConfirmDialog>
  ) : null;

  const failureFor = (report: ReportListItem) => <InlineAlert message={failure?.reportId === report.report_id ? failure.message : null} />;

  return { confirm, undelete, busy: isLoading, dialog, failureFor };
}
