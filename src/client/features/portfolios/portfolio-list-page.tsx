import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PORTFOLIOS_PER_PAGE, type PortfolioListItem } from '../../../shared/api/portfolios';
import { DELETE_MODE, type DeleteMode } from '../../../shared/states';
import { ConfirmDialog } from '../../components/dialog';
import { InlineAlert } from '../../components/inline-alert';
import { useNotify } from '../../components/notice';
import { PagedList, useListAddress } from '../../components/paged-list';
import { errorMessage } from '../../lib/errors';
import { ukDayText } from '../../lib/uk-day';
import { useDeletePortfolioMutation } from './api';
import { portfolioListArgs, portfoliosAdapter, usePortfolioListQuery } from './page-queries';
import './portfolios.css';

const { selectAll } = portfoliosAdapter.getSelectors();

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
  const address = useListAddress();
  const { deleted, go } = address;
  const query = usePortfolioListQuery(portfolioListArgs(address.params));
  const [send, { isLoading: sending }] = useDeletePortfolioMutation();
  const notify = useNotify();
  const [asking, setAsking] = useState<PortfolioListItem | null>(null);
  const [failure, setFailure] = useState<{ portfolioId: number; message: string } | null>(null);
  const portfolios = query.data ? selectAll(query.data.portfolios) : [];

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
      <PagedList
        address={address}
        noun="portfolio"
        placeholder="Portfolio, client or company"
        perPage={PORTFOLIOS_PER_PAGE}
        query={query}
        count={portfolios.length}
        empty={
          deleted ? (
            <p>There are no deleted portfolios.</p>
          ) : (
            <>
              <p>
                You have no portfolios yet. A portfolio gathers a landlord&apos;s homes and shows each one&apos;s route to band C by 2030.
              </p>
              <Link className="button" to="/portfolios/new">
                New portfolio
              </Link>
            </>
          )
        }
        headings={
          <>
            <th scope="col">Portfolio</th>
            <th scope="col">Client</th>
            <th scope="col">Company</th>
            <th scope="col">Homes</th>
            <th scope="col">Failing 2030</th>
            <th scope="col">Created</th>
          </>
        }
      >
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
            <td data-label="Created">{ukDayText(portfolio.created_at)}</td>
            <td className="list-actions">{actionsOf(portfolio)}</td>
          </tr>
        ))}
      </PagedList>
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
