import { Link } from 'react-router-dom';
import { PREMIUM_DELIVERY } from '../../../shared/constants';

const ROWS: { topic: string; preliminary: string; premium: string }[] = [
  { topic: 'Price to you', preliminary: 'Free', premium: 'Trade price, by card or a premium credit' },
  { topic: 'Ready', preliminary: 'As soon as you pick a branding', premium: `Delivered ${PREMIUM_DELIVERY}` },
  {
    topic: 'What is inside',
    preliminary: 'The improvements recommended by the survey, with costs and the rating after each',
    premium: 'Improvement plans you finalise, with your own remarks',
  },
  { topic: 'Your branding', preliminary: 'Company name, colour and logo', premium: 'Company name, colour and logo' },
  {
    topic: 'Your earnings',
    preliminary: 'A referral fee when your customer upgrades',
    premium: 'Resell at a price you choose',
  },
];

/** Preliminary versus Premium, each with a button that starts that report. */
export function ReportComparison() {
  return (
    <section className="gs-compare" aria-labelledby="gs-compare-title">
      <h2 id="gs-compare-title">Preliminary versus Premium</h2>
      <div className="gs-table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Topic</span>
              </th>
              <th scope="col">Preliminary Report</th>
              <th scope="col">Premium Report</th>
            </tr>
          </thead>
          <tbody>
            {ROWS.map((row) => (
              <tr key={row.topic}>
                <th scope="row">{row.topic}</th>
                <td>{row.preliminary}</td>
                <td>{row.premium}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
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
          </tfoot>
        </table>
      </div>
    </section>
  );
}
