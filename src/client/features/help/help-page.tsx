import { Link, useLocation } from 'react-router-dom';
import { PREMIUM_DELIVERY, PRODUCT_NAME } from '../../../shared/constants';
import { HELP_VIDEOS } from './help-videos';
import './help-page.css';

/** /about and /help: the same videos and explanations, reached from the menu under either name. */
export default function HelpPage() {
  const about = useLocation().pathname.startsWith('/about');
  return (
    <div className="help-page">
      <h1>{about ? `About ${PRODUCT_NAME}` : 'Help'}</h1>
      <p>
        {PRODUCT_NAME} turns the two XML files of an EPC survey into a branded property improvement report that you share with the property
        owner through a link. These short videos show how.
      </p>

      <section aria-labelledby="help-types-title" className="help-types">
        <h2 id="help-types-title">Two types of report</h2>
        <div className="help-type-cards">
          <article>
            <h3>Preliminary Report (EPC+)</h3>
            <p>
              Free. It is generated as soon as you pick a branding, from the improvements the survey recommends, with their indicative costs
              and the ratings after each. Share it with your customer; when they upgrade to a Premium Report you earn a referral fee.
            </p>
            <Link className="button" to="/uploadXml/preliminary">
              Create a Preliminary Report
            </Link>
          </article>
          <article>
            <h3>Premium Report</h3>
            <p>
              Bought at a trade price, by card or with a premium credit, and resold at a price you choose. After purchase it waits in
              Pending while you finalise its improvement plans and remarks; it is delivered {PREMIUM_DELIVERY} and then appears in Premium
              Reports.
            </p>
            <Link className="button" to="/uploadXml/premium">
              Create a Premium Report
            </Link>
          </article>
        </div>
      </section>

      <section aria-labelledby="help-videos-title">
        <h2 id="help-videos-title">Videos</h2>
        <div className="help-videos">
          {HELP_VIDEOS.map((video) => (
            <figure key={video.title} className="help-video">
              <video src={video.src} title={video.title} aria-label={video.title} controls preload="none" />
              <figcaption>{video.title}</figcaption>
            </figure>
          ))}
        </div>
      </section>
    </div>
  );
}
