import type { ReactNode } from 'react';
import type { ReportListItem, ReportMode } from '../../../shared/api/reports';
import { BandChip } from '../../components/band-chip';
import { CopyButton } from '../../components/copy-button';
import { ukDayText } from '../../lib/uk-day';
import { StatusLabel } from './status-label';
import { REPORT_TYPE } from '../../../shared/states';

const openedText = (n: number) => (n === 0 ? 'Not opened yet' : n === 1 ? 'Opened once' : `Opened ${n} times`);

interface Props {
  report: ReportListItem;
  mode: ReportMode;
  /** Estate agents see the survey's Assessor ID on each report. */
  showAssessor: boolean;
  /** The row's buttons: delete, or undelete and delete permanently. */
  actions: ReactNode;
}

/** One report in a list. data-label names each cell where narrow screens stack them. */
export function ReportRow({ report, mode, showAssessor, actions }: Props) {
  return (
    <tr>
      <th scope="row" data-label="Report">
        {report.name}
      </th>
      <td data-label="Created">{ukDayText(report.created_at)}</td>
      <td data-label="Current EPC">
        <BandChip band={report.current_epc_band} points={report.current_epc} />
      </td>
      <td data-label="Status">
        <StatusLabel report={report} mode={mode} />
      </td>
      <td data-label="Share link">
        <CopyButton
          // The server sends a full address; a path is completed from this page so the owner gets a working link.
          text={new URL(report.share_url, window.location.href).href}
          label="Copy link"
          ariaLabel={`Copy the ${mode === REPORT_TYPE.premium ? 'Premium' : 'share'} link for ${report.name}`}
        />
        {/* How often the owner has opened the link: the assessor's cue to follow up. */}
        <small className="report-opened">{openedText(report.opened_count ?? 0)}</small>
      </td>
      {showAssessor ? <td data-label="Assessor ID">{report.assessor_id}</td> : null}
      <td className="list-actions">{actions}</td>
    </tr>
  );
}
