import { useState } from 'react';
import { errorMessage } from '../../app/errors';
import type { ReportListItem, ReportMode } from '../../../shared/api/reports';
import { useReportUrlMutation } from './api';
import { openInNewTab } from './open-report';
import { REPORT_STATUS } from '../../../shared/states';

/** A report's status: Ready! opens the PDF in a new tab, Error is red, anything else is neutral. */
export function StatusLabel({ report, mode }: { report: ReportListItem; mode: ReportMode }) {
  const [getUrl] = useReportUrlMutation();
  const [opening, setOpening] = useState(false);

  if (report.status === REPORT_STATUS.ready) {
    const open = async () => {
      setOpening(true);
      try {
        await openInNewTab(async () => {
          const result = await getUrl({ report_id: report.report_id, mode });
          if (result.error) throw new Error(errorMessage(result.error));
          return result.data.report_url;
        });
      } catch (error) {
        window.alert((error as Error).message);
      } finally {
        setOpening(false);
      }
    };
    return (
      <button
        type="button"
        className="status status-ready"
        aria-label={`${REPORT_STATUS.ready} Open the report for ${report.name}`}
        disabled={opening}
        onClick={() => void open()}
      >
        {REPORT_STATUS.ready}
        <span className="status-open">
          Open <span aria-hidden="true">↗</span>
        </span>
      </button>
    );
  }
  const tone = report.status === REPORT_STATUS.error ? 'status-error' : 'status-neutral';
  return <span className={`status ${tone}`}>{report.status}</span>;
}
