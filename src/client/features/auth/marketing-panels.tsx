import { PRODUCT_NAME } from '../../../shared/constants';
import { ContactForm } from './contact-form';

/** What assessors gain from the product. */
export function AssessorPanel() {
  return (
    <section className="marketing-panel" aria-labelledby="assessor-heading">
      <h2 id="assessor-heading">Earn more from every EPC</h2>
      <p>
        {PRODUCT_NAME} helps energy assessors earn revenue from energy performance certificates by offering their customers retrofit advice.
        There are no sign-up fees, no contracts and no payment.
      </p>
      <ul>
        <li>Turn the XML files of your survey into a free Preliminary Report (EPC+) for your customer.</li>
        <li>Earn a referral fee whenever a customer upgrades to a Premium Report.</li>
        <li>Buy Premium Reports at trade price and resell them at a price you choose.</li>
        <li>Brand every report with your company name, colour and logo.</li>
      </ul>
      <p className="marketing-small">Reports are exclusively available to registered accredited energy assessors.</p>
    </section>
  );
}

/** The offer to local authorities and financial institutions, with their contact route. */
export function AuthoritiesPanel() {
  return (
    <section className="marketing-panel authorities-panel" aria-labelledby="authorities-heading">
      <div>
        <h2 id="authorities-heading">For local authorities and financial institutions</h2>
        <p>Understand the energy performance of your housing stock or lending portfolio, mapped at street, area or regional level.</p>
        <ul>
          <li>Energy certificate data joined with external data sources.</li>
          <li>Opportunities for grant funding identified.</li>
          <li>Budget costings and tailored recommendations for improvement.</li>
          <li>Integration with your existing systems.</li>
        </ul>
      </div>
      <div className="contact-box">
        <h3>Talk to us</h3>
        <ContactForm />
      </div>
    </section>
  );
}
