import { useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { InlineAlert } from '../../components/inline-alert';
import type { ReportListItem, ReportMode } from '../../../shared/api/reports';
import { useReportUrlMutation } from './api';
import { openInNewTab } from './open-report';
import { REPORT_STATUS } from '../../../shared/states';

/** A report's status: Ready! opens the PDF in a new tab, Error is red, anything else is neutral. */
export function StatusLabel({ report, mode }: { report: ReportListItem; mode: ReportMode }) {
  const [getUrl] = useReportUrlMutation();
  const [opening, setOpening] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (report.status === REPORT_STATUS.ready) {
    const open = async () => {
      setOpening(true);
      setFailure(null);
      try {
        await openInNewTab(async () => {
          const result = await getUrl({ report_id: report.report_id, mode });
          if (result.error) throw new Error(errorMessage(result.error));
          return result.data.report_url;
        });
      } catch (error) {
        setFailure((error as Error).message);
      } finally {
        setOpening(false);
      }
    };
    return (
      <>
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
        <InlineAlert message={failure} />
      </>
    );
  }
  const tone = report.status === REPORT_STATUS.error ? 'status-error' : 'status-neutral';
  return <span className={`status ${tone}`}>{report.status}</span>;
}
