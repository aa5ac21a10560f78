import { Link } from 'react-router-dom';
import { PREMIUM_DELIVERY, PRODUCT_NAME } from '../../../shared/constants';
import { formatPrice } from '../../../shared/money';
import { useGettingStartedQuery } from '../getting-started';
import './about-page.css';

/** A price from the server, or nothing while it loads or when it cannot: the sentence reads either way. */
function Price({ pence, prefix }: { pence: number | undefined; prefix: string }) {
  return pence === undefined ? null : (
    <>
      {prefix}
      <strong>{formatPrice(pence)}</strong>
    </>
  );
}

/** /about: what the product is and the two types of report (what each holds, who pays, when it arrives). */
export default function AboutPage() {
  const { data } = useGettingStartedQuery();
  return (
    <div className="about-page">
      <h1>About {PRODUCT_NAME}</h1>
      <p>
        {PRODUCT_NAME} turns the two XML files of an EPC survey into a branded property improvement report: what to insulate, replace or
        add, what it costs, how many EPC points it gains and which plans reach which band. You share it with the property owner through a
        link, and earn from the certificates you already produce. There are no sign-up fees, contracts or payments.
      </p>

      <section aria-labelledby="about-types-title">
        <h2 id="about-types-title">Two types of report</h2>
        <div className="about-types">
          <article aria-labelledby="about-preliminary">
            <h3 id="about-preliminary">Preliminary Report (EPC+)</h3>
            <p className="about-price">Free</p>
            <dl>
              <dt>What it contains</dt>
              <dd>
                The improvements the survey recommends, each with its indicative cost, the EPC points it gains and the rating after it;
                plans showing which measures reach which band; the council tax band; your company name, colour and logo.
              </dd>
              <dt>Who pays</dt>
              <dd>Nobody: it is free for you and for your customer.</dd>
              <dt>When it arrives</dt>
              <dd>As soon as you pick a branding: it is ready in your Report List within moments.</dd>
              <dt>What your customer can do</dt>
              <dd>
                Open its link to download it, buy the Premium Report, book a visit or ask recommended contractors for quotes. When they buy
                the Premium Report you earn a referral fee
                <Price prefix=" of " pence={data?.current_upgrade_referral_pence} />.
              </dd>
            </dl>
            <Link className="button" to="/uploadXml/preliminary">
              Create a Preliminary Report
            </Link>
          </article>
          <article aria-labelledby="about-premium">
            <h3 id="about-premium">Premium Report</h3>
            <p className="about-price">Paid</p>
            <dl>
              <dt>What it contains</dt>
              <dd>
                Everything in the Preliminary Report, with improvement plans you finalise for the home: the plans we compute from the
                survey, a custom plan of the measures you choose, and your own remarks.
              </dd>
              <dt>Who pays</dt>
              <dd>
                Your customer, on the link to their free report (and you earn the referral fee); or you, at the trade price
                <Price prefix=" of " pence={data?.current_premium_price_pence} />, by card or with a free premium credit, reselling it at a
                price you choose.
                <Price prefix=" We suggest selling it for " pence={data?.current_recommended_premium_sell_pence} />
                {data ? '.' : ''}
              </dd>
              <dt>When it arrives</dt>
              <dd>
                After purchase it waits in Pending while you finalise it; it is delivered {PREMIUM_DELIVERY} and then listed in Premium
                Reports.
              </dd>
            </dl>
            <Link className="button" to="/uploadXml/premium">
              Create a Premium Report
            </Link>
          </article>
        </div>
      </section>

      <p>
        Step-by-step tutorials for each are in <Link to="/help">Help</Link>.
      </p>
    </div>
  );
}
