import { useState } from 'react';
import { PORTFOLIO_DROP_MAX } from '../../../shared/api/portfolios';
import { REPORT_PAGE_SIZE } from '../../../shared/constants';
import { pageCount } from '../../../shared/paginator';
import { ConfirmDialog } from '../../components/dialog';
import { SearchForm } from '../../components/search-form';
import { BandChip } from '../../components/band-chip';
import { InlineAlert } from '../../components/inline-alert';
import { LoadError } from '../../components/load-error';
import { useNotify } from '../../components/notice';
import { Paginator } from '../../components/paginator';
import { Spinner } from '../../components/spinner';
import { errorMessage } from '../../lib/errors';
import { useAddPortfolioReportsMutation, useReportChoicesQuery } from './api';
import './portfolios.css';

interface Props {
  portfolioId: number;
  /** Reports that are homes of the portfolio already: shown ticked and fixed. */
  inPortfolio: ReadonlySet<number>;
  onClose: () => void;
}

const addedText = (n: number) =>
  n === 0 ? 'No homes added: they were in the portfolio already' : n === 1 ? '1 home added' : `${n} homes added`;

/**
 * "Add reports": the assessor's Preliminary reports, searched and paged as in the Report List, with
 * a tick for each; the ticked ones become homes of the portfolio. Ticks survive a search or a page
 * turn, so homes can be gathered from several searches.
 */
export function AddReportsDialog({ portfolioId, inPortfolio, onClose }: Props) {
  const notify = useNotify();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const { data, isLoading, isError, isFetching, refetch } = useReportChoicesQuery({ search: search || undefined, page });
  const [add, { isLoading: adding }] = useAddPortfolioReportsMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const full = picked.size >= PORTFOLIO_DROP_MAX;

  const toggle = (reportId: number) =>
    setPicked((before) => {
      const after = new Set(before);
      if (!after.delete(reportId)) after.add(reportId);
      return after;
    });

  const confirm = async () => {
    setFailure(null);
    const result = await add({ portfolio_id: portfolioId, report_ids: [...picked] });
    if (result.error) {
      setFailure(errorMessage(result.error));
      return;
    }
    notify(addedText(result.data.added));
    onClose();
  };

  const reports = data?.reports ?? [];
  let list;
  if (isLoading) list = <Spinner label="Loading your reports" />;
  else if (isError || !data) list = <LoadError what="your reports" onRetry={() => void refetch()} />;
  else if (reports.length === 0) list = <p>{search ? 'No reports matched your search' : 'You have no Preliminary reports yet.'}</p>;
  else {
    list = (
      <ul className="portfolios-report-choices" aria-busy={isFetching}>
        {reports.map((report) => {
          const already = inPortfolio.has(report.report_id);
          const ticked = already || picked.has(report.report_id);
          return (
            <li key={report.report_id}>
              <label>
                <input
                  type="checkbox"
                  checked={ticked}
                  disabled={already || adding || (full && !ticked)}
                  onChange={() => toggle(report.report_id)}
                />{' '}
                {report.name} <BandChip band={report.current_epc_band} points={report.current_epc} />
                {already ? <small className="portfolios-muted"> (in this portfolio already)</small> : null}
              </label>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <ConfirmDialog
      title="Add reports"
      confirmLabel={adding ? 'Adding...' : picked.size === 1 ? 'Add 1 report' : `Add ${picked.size} reports`}
      busy={adding}
      confirmDisabled={picked.size === 0}
      onCancel={onClose}
      onConfirm={() => void confirm()}
    >
      <SearchForm
        label="Search your reports"
        placeholder="Address, postcode or assessor ref"
        initial={search}
        button="secondary"
        onSearch={(text) => {
          setSearch(text);
          setPage(1);
        }}
      />
      {list}
      <Paginator page={page} pages={pageCount(data?.total ?? 0, REPORT_PAGE_SIZE)} onPageChange={setPage} label="Report pages" />
      {full ? (
        <p className="portfolios-muted">You can add up to {PORTFOLIO_DROP_MAX} reports at a time. Add these, then pick more.</p>
      ) : null}
      <InlineAlert message={failure} />
    </ConfirmDialog>
  );
}
