import { useEffect, useState, type ReactNode } from 'react';
import { SearchForm } from '../../components/search-form';
import { Link, useSearchParams } from 'react-router-dom';
import { PORTFOLIOS_PER_PAGE, type PortfolioListItem } from '../../../shared/api/portfolios';
import { pageCount } from '../../../shared/paginator';
import { DELETE_MODE, type DeleteMode } from '../../../shared/states';
import { ConfirmDialog } from '../../components/dialog';
import { InlineAlert } from '../../components/inline-alert';
import { LoadError } from '../../components/load-error';
import { useNotify } from '../../components/notice';
import { Paginator } from '../../components/paginator';
import { Spinner } from '../../components/spinner';
import { errorMessage } from '../../lib/errors';
import { useDeletePortfolioMutation } from './api';
import { portfolioListArgs, portfoliosAdapter, usePortfolioListQuery } from './page-queries';
import './portfolios.css';

const { selectAll } = portfoliosAdapter.getSelectors();

/** created_at is epoch seconds; shown as the date in the UK, where the assessors work. */
const createdFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/London' });
const createdDate = (seconds: number) => createdFormat.format(new Date(seconds * 1000));

const DONE: Record<typeof DELETE_MODE.delete | typeof DELETE_MODE.undelete, string> = {
  [DELETE_MODE.delete]: 'Portfolio deleted',
  [DELETE_MODE.undelete]: 'Portfolio restored',
};

/**
 * Portfolios (/portfolios): the assessor's landlord clients, newest first. Search, page and the
 * Deleted list live in the address (?search=&page=&deleted=yes), so a reload or Back keeps them;
 * the portfolioUpdate push keeps the list live.
 */
export default function PortfolioListPage() {
  const [params, setParams] = useSearchParams();
  const args = portfolioListArgs(params);
  const search = args.search ?? '';
  const deleted = args.deleted ?? false;
  const page = args.page ?? 1;
  const { data, currentData, isLoading, isError, isFetching, refetch } = usePortfolioListQuery(args);
  const [send, { isLoading: sending }] = useDeletePortfolioMutation();
  const notify = useNotify();
  const [asking, setAsking] = useState<PortfolioListItem | null>(null);
  const [failure, setFailure] = useState<{ portfolioId: number; message: string } | null>(null);
  const pages = pageCount(data?.total ?? 0, PORTFOLIOS_PER_PAGE);
  const portfolios = data ? selectAll(data.portfolios) : [];

  const go = (next: { search?: string; page?: number; deleted?: boolean }, replace = false) => {
    const query: Record<string, string> = {};
    const text = next.search ?? search;
    if (text) query.search = text;
    if (next.deleted ?? deleted) query.deleted = 'yes';
    if (next.page && next.page > 1) query.page = String(next.page);
    setParams(query, { replace });
  };

  // A page past the end (its last portfolio was deleted, or an old link): show the last page there is.
  const lastPage = currentData ? pageCount(currentData.total, PORTFOLIOS_PER_PAGE) : page;
  useEffect(() => {
    if (page > lastPage) go({ page: lastPage }, true);
  });

  const run = async (portfolio: PortfolioListItem, mode: typeof DELETE_MODE.delete | typeof DELETE_MODE.undelete) => {
    setFailure(null);
    const result = await send({ portfolio_id: portfolio.portfolio_id, delete_mode: mode });
    setAsking(null);
    if (result.error) setFailure({ portfolioId: portfolio.portfolio_id, message: errorMessage(result.error) });
    else notify(DONE[mode]);
  };

  const actionsOf = (portfolio: PortfolioListItem) => {
    const mode: DeleteMode = deleted ? DELETE_MODE.undelete : DELETE_MODE.delete;
    return (
      <>
        <button
          type="button"
          className="secondary"
          disabled={sending}
          aria-label={`${deleted ? 'Undelete' : 'Delete'} the portfolio ${portfolio.name}`}
          // Undeleting loses nothing, so it is not asked about.
          onClick={() => (deleted ? void run(portfolio, DELETE_MODE.undelete) : setAsking(portfolio))}
        >
          {mode === DELETE_MODE.undelete ? 'Undelete' : 'Delete'}
        </button>
        <InlineAlert message={failure?.portfolioId === portfolio.portfolio_id ? failure.message : null} />
      </>
    );
  };

  let body: ReactNode;
  if (isLoading) body = <Spinner label="Loading portfolios" />;
  else if (isError || !data) body = <LoadError what="your portfolios" onRetry={() => void refetch()} />;
  else if (portfolios.length === 0) {
    body = search ? (
      <div className="portfolios-empty">
        <p>No portfolios matched your search</p>
        <button type="button" className="secondary" onClick={() => go({ search: '', page: 1 })}>
          Clear search
        </button>
      </div>
    ) : deleted ? (
      <div className="portfolios-empty">
        <p>There are no deleted portfolios.</p>
      </div>
    ) : (
      <div className="portfolios-empty">
        <p>You have no portfolios yet. A portfolio gathers a landlord&apos;s homes and shows each one&apos;s route to band C by 2030.</p>
        <Link className="button" to="/portfolios/new">
          New portfolio
        </Link>
      </div>
    );
  } else {
    body = (
      <div className="portfolios-table-wrap" aria-busy={isFetching}>
        <table className="portfolios-table">
          <thead>
            <tr>
              <th scope="col">Portfolio</th>
              <th scope="col">Client</th>
              <th scope="col">Company</th>
              <th scope="col">Homes</th>
              <th scope="col">Failing 2030</th>
              <th scope="col">Created</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {portfolios.map((portfolio) => (
              <tr key={portfolio.portfolio_id}>
                <th scope="row" data-label="Portfolio">
                  <Link to={`/portfolios/${portfolio.portfolio_id}`}>{portfolio.name}</Link>
                </th>
                <td data-label="Client">{portfolio.client_name}</td>
                <td data-label="Company">{portfolio.client_company}</td>
                <td data-label="Homes">{portfolio.home_count}</td>
                <td data-label="Failing 2030" className={portfolio.failing_next > 0 ? 'portfolios-failing' : undefined}>
                  {portfolio.failing_next}
                </td>
                <td data-label="Created">{createdDate(portfolio.created_at)}</td>
                <td data-label="Actions" className="portfolios-actions">
                  {actionsOf(portfolio)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <div className="portfolios-page">
      <div className="portfolios-heading">
        <h1>{deleted ? 'Deleted portfolios' : 'Portfolios'}</h1>
        <Link className="button" to="/portfolios/new">
          New portfolio
        </Link>
      </div>
      <p className="portfolios-intro">
        {deleted ? (
          <>
            A deleted portfolio&apos;s link no longer works. Undelete it to share it again.{' '}
            <button type="button" className="link-button" onClick={() => go({ deleted: false, page: 1 })}>
              Back to your portfolios
            </button>
          </>
        ) : (
          <button type="button" className="link-button" onClick={() => go({ deleted: true, page: 1 })}>
            Show deleted portfolios
          </button>
        )}
      </p>
      {/* Keyed by the search in the address, so Clear search also empties the box. */}
      <SearchForm
        key={search}
        label="Search portfolios"
        placeholder="Portfolio, client or company"
        initial={search}
        onSearch={(text) => go({ search: text, page: 1 })}
      />
      {body}
      <Paginator page={page} pages={pages} onPageChange={(p) => go({ page: p })} label="Portfolio pages" />
      {asking ? (
        <ConfirmDialog
          title="Delete portfolio"
          confirmLabel="Delete"
          danger
          busy={sending}
          onCancel={() => setAsking(null)}
          onConfirm={() => void run(asking, DELETE_MODE.delete)}
        >
          <p>
            Delete the portfolio {asking.name}? The link you shared with {asking.client_name} stops working. Its homes&apos; reports stay in
            your Report List, and you can undelete the portfolio under Show deleted portfolios.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
