import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '../../../shared/constants';
import { Amounts } from './amounts';
import { ReportComparison } from './report-comparison';
import './getting-started.css';

/** Phones and tablets, whatever their width: survey XML files are rarely to hand there. */
const isMobileBrowser = () => typeof navigator !== 'undefined' && /Mobi|Android|iPhone|iPad/i.test(navigator.userAgent);

export default function GettingStartedPage() {
  return (
    <div className="getting-started">
      <h1>Getting Started</h1>
      <p className={isMobileBrowser() ? 'gs-mobile-warning shown' : 'gs-mobile-warning'} role="note">
        It looks like you are using a mobile browser. Creating reports needs the XML files of your survey, so it works best on a desktop or
        laptop computer.
      </p>
      <p className="gs-benefits">
        New here? <Link to="/about">See the benefits of {PRODUCT_NAME} reports</Link>
      </p>
      <section className="gs-welcome" aria-labelledby="gs-welcome-title">
        <h2 id="gs-welcome-title">Welcome to {PRODUCT_NAME}</h2>
        <p>
          Turn the XML files of your EPC surveys into branded property improvement reports and share them with your customers through a
          link. Your customers get retrofit advice; you earn from the certificates you already produce. There are no sign-up fees, contracts
          or payments.
        </p>
      </section>
      <Amounts />
      <ReportComparison />
    </div>
  );
}
