import { Link } from 'react-router-dom';
import { formatMoney, formatPrice } from '../../../shared/money';
import { londonDateTime, londonMonthOf, monthsEndingWith } from '../../../shared/rules/london-month';
import { EARNING_STATUSES, type EarningStatus } from '../../../shared/states';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { useAgentEarningsQuery, type Earnings } from './api';
import { EarningsChart, type ChartMonth } from './earnings-chart';
import { downloadCsv, earningsCsv } from './earnings-csv';
import { MonthBreakdown } from './month-breakdown';
import './earnings.css';

const asStatus = (status: string): EarningStatus | null =>
  (EARNING_STATUSES as readonly string[]).includes(status) ? (status as EarningStatus) : null;

/** The chart's months: the 12 ending with this one (UK time), with nothing where nothing was earned. */
function lastTwelveMonths(earnings: Earnings): ChartMonth[] {
  const byMonth = new Map(earnings.monthly_breakdown.map((m) => [m.month, m]));
  return monthsEndingWith(londonMonthOf(Date.now()), 12).map((month) => {
    const row = byMonth.get(month);
    return { month, totalPence: row?.total_pence ?? 0, status: row ? asStatus(row.payment_status) : null };
  });
}

function Summary({ earnings }: { earnings: Earnings }) {
  const figures = [
    { term: 'Lifetime earnings', value: formatMoney(earnings.lifetime_earnings_pence) },
    { term: 'Reports that earned a fee', value: String(earnings.lifetime_reports) },
    { term: 'Premium Report price for owners', value: formatPrice(earnings.current_premium_price_pence) },
    { term: 'Your referral fee per Premium Report', value: formatPrice(earnings.current_upgrade_referral_pence) },
  ];
  return (
    <dl className="earnings-summary">
      {figures.map((f) => (
        <div key={f.term} className="earnings-figure">
          <dt>{f.term}</dt>
          <dd>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** For an assessor with nothing earned yet: how a referral fee is earned, at today's amounts. */
function HowToEarn({ earnings }: { earnings: Earnings }) {
  const fee = earnings.current_upgrade_referral_pence;
  return (
    <section className="earnings-empty panel panel-outline" aria-labelledby="earnings-empty-title">
      <h2 id="earnings-empty-title">You have not earned a referral fee yet</h2>
      {fee > 0 ? (
        <p>
          Every report you create has a link to share with the property owner. When an owner buys the Premium Report through your link
          {earnings.current_premium_price_pence > 0 ? ` (${formatPrice(earnings.current_premium_price_pence)})` : ''}, you earn a referral
          fee of {formatPrice(fee)}. Each fee appears here month by month, and is paid to you after the month ends.
        </p>
      ) : (
        <p>Referral fees are not on offer just now. When they are, each Premium Report an owner buys through your link earns you one.</p>
      )}
      <Link className="button" to="/uploadXml">
        Create a report to share
      </Link>
    </section>
  );
}

function EarningsView({ earnings }: { earnings: Earnings }) {
  if (!earnings.monthly_breakdown.length)
    return (
      <>
        <Summary earnings={earnings} />
        <HowToEarn earnings={earnings} />
      </>
    );
  const download = () => downloadCsv(`my-earnings-${londonDateTime(Date.now()).slice(0, 10)}.csv`, earningsCsv(earnings));
  return (
    <>
      <Summary earnings={earnings} />
      <section className="earnings-section" aria-labelledby="earnings-chart-title">
        <h2 id="earnings-chart-title">The last 12 months</h2>
        <EarningsChart months={lastTwelveMonths(earnings)} />
      </section>
      <section className="earnings-section" aria-labelledby="earnings-months-title">
        <div className="earnings-section-head">
          <h2 id="earnings-months-title">Month by month</h2>
          <button type="button" className="secondary" onClick={download}>
            Download CSV
          </button>
        </div>
        <MonthBreakdown months={earnings.monthly_breakdown} />
      </section>
    </>
  );
}

/** My Earnings (/earnings): referral fees earned from owners' purchases, kept live by newCommissionPayment pushes. */
export default function EarningsPage() {
  const { data, isLoading, isError, refetch } = useAgentEarningsQuery();
  return (
    <div className="earnings-page">
      <h1>My Earnings</h1>
      {isLoading ? (
        <Spinner label="Loading your earnings" />
      ) : isError || !data ? (
        <LoadError what="your earnings" onRetry={() => void refetch()} />
      ) : (
        <EarningsView earnings={data} />
      )}
    </div>
  );
}
