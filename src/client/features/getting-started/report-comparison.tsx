import { Link } from 'react-router-dom';
import { ComparisonTable, INSIDE_ROW, READY_ROW, type ComparisonRow } from '../../components/comparison-table';

const ROWS: ComparisonRow[] = [
  { topic: 'Price to you', preliminary: 'Free', premium: 'Trade price, by card or a premium credit' },
  READY_ROW,
  INSIDE_ROW,
  { topic: 'Your branding', preliminary: 'Company name, colour and logo', premium: 'Company name, colour and logo' },
  { topic: 'Your earnings', preliminary: 'A referral fee when your customer upgrades', premium: 'Resell at a price you choose' },
];

/** Preliminary versus Premium, each with a button that starts that report. */
export function ReportComparison() {
  return (
    <section className="gs-compare" aria-labelledby="gs-compare-title">
      <h2 id="gs-compare-title">Preliminary versus Premium</h2>
      <ComparisonTable
        rows={ROWS}
        footer={
          <tr>
            <td />
            <td>
              <Link className="button" to="/uploadXml/preliminary">
                Create a Preliminary Report
              </Link>
            </td>
            <td>
              <Link className="button" to="/uploadXml/premium">
                Create a Premium Report
              </Link>
            </td>
          </tr>
        }
      />
    </section>
  );
}
