import { useId } from 'react';
import { formatPrice } from '../../../shared/money';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { ComparisonTable, INSIDE_ROW, READY_ROW } from '../../components/comparison-table';
import { useGettingStartedQuery } from '../getting-started';
import { useSampleReportsQuery } from './api';
import { reportTypeChosen, type ReportType } from './wizard-slice';
import './report-type-step.css';

const TYPES: { type: ReportType; label: string }[] = [
  { type: 'preliminary', label: 'Preliminary Report' },
  { type: 'premium', label: 'Premium Report' },
];

function SampleLink({ url, label }: { url: string | undefined; label: string }) {
  if (!url) return <span className="muted">Not available just now</span>;
  // The sample PDFs open beside the wizard so the user does not lose their place.
  return (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {label}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/** Step 1: Preliminary versus Premium, with samples, the trade price and the user's free credits. */
export function ReportTypeStep({ credits, onNext }: { credits: number; onNext: () => void }) {
  const dispatch = useAppDispatch();
  const chosen = useAppSelector((state) => state.wizard.reportType);
  const { data: samples } = useSampleReportsQuery();
  const { data: prices } = useGettingStartedQuery();
  const name = useId();
  const price = prices ? formatPrice(prices.current_premium_price_pence) : '…';

  return (
    <section className="wizard-step panel" aria-labelledby={`${name}-title`}>
      <h2 id={`${name}-title`}>Report Type</h2>
      <ComparisonTable
        rows={[
          { topic: 'Price to you', preliminary: 'Free', premium: `${price} trade price, by card or a free premium credit` },
          {
            topic: 'Your free premium credits',
            preliminary: 'Not needed',
            premium: `You have ${credits} free premium ${credits === 1 ? 'credit' : 'credits'}`,
          },
          READY_ROW,
          INSIDE_ROW,
          {
            topic: 'Sample',
            preliminary: <SampleLink url={samples?.preliminary_url} label="Sample Preliminary Report" />,
            premium: <SampleLink url={samples?.premium_url} label="Sample Premium Report" />,
          },
        ]}
      />
      <fieldset className="wizard-choice">
        <legend>Which report do you want to create?</legend>
        {TYPES.map(({ type, label }) => (
          <label key={type}>
            <input type="radio" name={name} value={type} checked={chosen === type} onChange={() => dispatch(reportTypeChosen(type))} />
            {label}
          </label>
        ))}
      </fieldset>
      <div className="wizard-actions">
        <button type="button" className="primary" disabled={!chosen} onClick={onNext}>
          Next
        </button>
      </div>
    </section>
  );
}
