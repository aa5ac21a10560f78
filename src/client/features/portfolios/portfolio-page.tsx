import { useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { rowIdFromText } from '../../../shared/api/define';
import {
  EXPORT_FORMATS,
  PORTFOLIO_EXPORT_PATH,
  WORK_ORDERS,
  type PortfolioHome,
  type PortfolioView,
  type WorkOrderName,
} from '../../../shared/api/portfolios';
import { DELETE_MODE } from '../../../shared/states';
import { CopyButton } from '../../components/copy-button';
import { ConfirmDialog } from '../../components/dialog';
import { InlineAlert } from '../../components/inline-alert';
import { useNotify } from '../../components/notice';
import { Spinner } from '../../components/spinner';
import { BandsChart } from '../../components/portfolio/bands-chart';
import { ComplianceSummary } from '../../components/portfolio/compliance-summary';
import { ComplianceTable } from '../../components/portfolio/compliance-table';
import { PortfolioMap } from '../../components/portfolio/portfolio-map';
import { WorkOrderSwitch } from '../../components/portfolio/work-order-switch';
import { errorMessage, httpStatus } from '../../lib/errors';
import { AddReportsDialog } from './add-reports-dialog';
import { useDeletePortfolioMutation, usePortfolioQuery, useRemovePortfolioHomeMutation } from './api';
import { RegisterImportForm } from './register-import-form';
import { SurveyDrop } from './survey-drop';
import './portfolios.css';

const FORMAT_NAMES: Record<(typeof EXPORT_FORMATS)[number], string> = { csv: 'CSV', xlsx: 'Excel (XLSX)', pdf: 'PDF' };

const orderOf = (text: string | null): WorkOrderName => WORK_ORDERS.find((order) => order === text) ?? 'worst-first';

/** The server gives full addresses; a path is completed from this page so a copied link works anywhere. */
const absolute = (url: string) => new URL(url, window.location.href).href;

function NoSuchPortfolio({ message }: { message: string }) {
  return (
    <div className="portfolios-page">
      <h1>Portfolio</h1>
      <p role="alert">{message}</p>
      <Link to="/portfolios">Back to your portfolios</Link>
    </div>
  );
}

/** The link to share, the exports and the way back. */
function PortfolioLinks({ view }: { view: PortfolioView }) {
  const { portfolio, order } = view;
  const shareUrl = absolute(portfolio.share_url);
  const exportHref = (format: string) =>
    `${PORTFOLIO_EXPORT_PATH}?${new URLSearchParams({ portfolio_id: String(portfolio.portfolio_id), format, order }).toString()}`;
  return (
    <div className="portfolios-links">
      <div className="portfolios-share">
        <span className="portfolios-label">Link for {portfolio.client_name}:</span>{' '}
        <a href={shareUrl} target="_blank" rel="noreferrer">
          {shareUrl}
        </a>{' '}
        <CopyButton text={shareUrl} label="Copy link" ariaLabel={`Copy the link for ${portfolio.client_name}`} />
      </div>
      <div className="portfolios-exports">
        <span className="portfolios-label">Download the table:</span>{' '}
        {EXPORT_FORMATS.map((format) => (
          <a
            key={format}
            className="button secondary"
            href={exportHref(format)}
            download
            aria-label={`Download the table as ${FORMAT_NAMES[format]}`}
          >
            {FORMAT_NAMES[format]}
          </a>
        ))}
      </div>
    </div>
  );
}

/** What a deleted portfolio says above everything: its link is off until it is undeleted. */
function DeletedBanner({ portfolioId }: { portfolioId: number }) {
  const [send, { isLoading, error }] = useDeletePortfolioMutation();
  const notify = useNotify();
  const undelete = async () => {
    const result = await send({ portfolio_id: portfolioId, delete_mode: DELETE_MODE.undelete });
    if (!result.error) notify('Portfolio restored');
  };
  return (
    <div className="portfolios-deleted" role="status">
      <p>This portfolio is deleted: its link does not work and no homes can be added. Undelete it to use it again.</p>
      <button type="button" className="secondary" disabled={isLoading} onClick={() => void undelete()}>
        Undelete
      </button>
      <InlineAlert message={error ? errorMessage(error) : null} />
    </div>
  );
}

/** "Add homes": from reports already made, from survey files, or from the EPC register's download. */
function AddHomes({ view }: { view: PortfolioView }) {
  const { portfolio_id: portfolioId, deleted } = view.portfolio;
  const [choosing, setChoosing] = useState(false);
  const inPortfolio = useMemo(() => new Set(view.homes.flatMap((home) => (home.report_id === null ? [] : [home.report_id]))), [view.homes]);
  return (
    <section className="portfolios-add-homes" aria-labelledby="portfolios-add-homes">
      <h2 id="portfolios-add-homes">Add homes</h2>
      <section className="portfolios-add">
        <h3>From your reports</h3>
        <p className="portfolios-muted">Pick reports you have made already; each becomes a home.</p>
        <button type="button" className="primary" disabled={deleted} onClick={() => setChoosing(true)}>
          Add reports
        </button>
      </section>
      <SurveyDrop portfolioId={portfolioId} disabled={deleted} />
      <RegisterImportForm portfolioId={portfolioId} disabled={deleted} />
      {choosing ? <AddReportsDialog portfolioId={portfolioId} inPortfolio={inPortfolio} onClose={() => setChoosing(false)} /> : null}
    </section>
  );
}

function PortfolioBody({ portfolioId }: { portfolioId: number }) {
  const [params, setParams] = useSearchParams();
  const order = orderOf(params.get('order'));
  const { data: view, error, isLoading, isFetching, refetch } = usePortfolioQuery({ portfolioId, order });
  const [remove, { isLoading: removing }] = useRemovePortfolioHomeMutation();
  const notify = useNotify();
  const [removingHome, setRemovingHome] = useState<PortfolioHome | null>(null);
  const [removeFailure, setRemoveFailure] = useState<string | null>(null);

  if (isLoading) return <Spinner label="Loading the portfolio" />;
  if (!view) {
    if (httpStatus(error) === 404) return <NoSuchPortfolio message={errorMessage(error)} />;
    return (
      <div className="portfolios-page">
        <p role="alert">
          {errorMessage(error)}{' '}
          <button type="button" className="link-button" onClick={() => void refetch()}>
            Try again
          </button>
        </p>
      </div>
    );
  }

  const { portfolio } = view;
  // In the address, so a reload, Back and a copied address keep the order; worst first needs no mention.
  const changeOrder = (next: WorkOrderName) => setParams(next === 'worst-first' ? {} : { order: next }, { replace: true });
  // The landlord's own page for the home: what they will see when the link is opened.
  const homeHref = (home: PortfolioHome) => absolute(`${portfolio.share_url}/home/${home.home_id}`);

  const confirmRemove = async (home: PortfolioHome) => {
    setRemoveFailure(null);
    const result = await remove({ portfolio_id: portfolioId, home_id: home.home_id });
    setRemovingHome(null);
    if (result.error) setRemoveFailure(errorMessage(result.error));
    else notify('Home removed');
  };

  return (
    <div className="portfolios-page">
      <p className="portfolios-back">
        <Link to="/portfolios">All portfolios</Link>
      </p>
      <h1>{portfolio.name}</h1>
      <p className="portfolios-client">
        For {portfolio.client_name}
        {portfolio.client_company ? `, ${portfolio.client_company}` : ''} (
        <a href={`mailto:${portfolio.client_email}`}>{portfolio.client_email}</a>)
      </p>
      {portfolio.deleted ? <DeletedBanner portfolioId={portfolioId} /> : null}
      <PortfolioLinks view={view} />
      <div className="portfolios-view" aria-busy={isFetching}>
        <ComplianceSummary view={view} />
        <BandsChart now={view.summary.bands_now} after={view.summary.bands_after} />
        <h2>Homes</h2>
        <WorkOrderSwitch order={order} onChange={changeOrder} />
        <PortfolioMap view={view} homeHref={homeHref} />
        <InlineAlert message={removeFailure} />
        <ComplianceTable view={view} homeHref={homeHref} onRemove={portfolio.deleted ? undefined : setRemovingHome} />
      </div>
      <AddHomes view={view} />
      {removingHome ? (
        <ConfirmDialog
          title="Remove home"
          confirmLabel="Remove"
          danger
          busy={removing}
          onCancel={() => setRemovingHome(null)}
          onConfirm={() => void confirmRemove(removingHome)}
        >
          <p>
            Remove {removingHome.address} from this portfolio?
            {removingHome.source === 'survey' ? ' Its report stays in your Report List.' : ''}
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/** A portfolio (/portfolios/:portfolioId): the compliance view, the link to share, and the ways to add homes. */
export default function PortfolioPage() {
  const { portfolioId } = useParams();
  const id = rowIdFromText(portfolioId ?? '');
  if (id === null) return <NoSuchPortfolio message="That portfolio does not exist." />;
  return <PortfolioBody key={id} portfolioId={id} />;
}
