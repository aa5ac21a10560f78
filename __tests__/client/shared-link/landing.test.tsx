import { screen, waitFor, within } from '@testing-library/react';
import { browser } from '../../../src/client/shared-link/browser';
import { ReportPage } from '../../../src/client/shared-link/report-page';
import { ASSESSOR, REPORT_PATH, renderShared, report, sharedHandlers } from './render-shared';

const replace = jest.spyOn(browser, 'replace').mockImplementation(() => undefined);
afterEach(() => replace.mockClear());

describe('shared report landing', () => {
  it("shows 'Loading' with a spinner, then the upsell page", async () => {
    const sent = sharedHandlers();
    renderShared(`/s/${REPORT_PATH}`);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(await screen.findByRole('heading', { name: 'Your Free Report Is Ready!' })).toBeInTheDocument();
    expect(sent.sharedreport).toEqual([{ report_path: REPORT_PATH, initial_mode: 'upsell' }]);
    // The cover shows the whole A–G scale and this home's own rating (62 points is band D).
    expect(screen.getByRole('img', { name: /from A, most efficient, to G.*currently rated D \(62\)/ })).toBeInTheDocument();
    for (const band of ['A', 'B', 'C', 'D', 'E', 'F', 'G']) expect(screen.getByText(band)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Inside Your Free Report' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Inside Your Free Report' })).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'Download Your Free Report NOW!' })).toHaveAttribute('href', report().pdfUrl);
    expect(replace).not.toHaveBeenCalled();
  });

  it("goes to ./paynow's card form from 'Buy your Premium Report online' where card payment is on", async () => {
    sharedHandlers();
    const { user } = renderShared(`/s/${REPORT_PATH}`);
    await user.click(await screen.findByRole('link', { name: 'Buy your Premium Report online' }));
    expect(window.location.pathname).toBe(`/s/${REPORT_PATH}/paynow`);
    expect(await screen.findByRole('heading', { name: 'Buy your Premium Report' })).toBeInTheDocument();
  });

  it('with no card payment, names the button for the visit it books and says to order the Premium from the assessor', async () => {
    sharedHandlers({ report: report({ report_mode: 'questionnaire-free' }) });
    const { user } = renderShared(`/s/${REPORT_PATH}`);
    await screen.findByRole('heading', { name: 'Your Free Report Is Ready!' });
    expect(screen.queryByRole('link', { name: /Buy|Purchase|order/i })).not.toBeInTheDocument();
    expect(screen.getByText(/To order it, ask Warm Homes Ltd/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '01234 567890' })).toHaveAttribute('href', 'tel:01234567890');
    expect(screen.getByRole('link', { name: 'alex@warmhomes.example' })).toBeInTheDocument();
    expect(screen.queryByText(/£/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Book a visit to update your EPC' }));
    expect(window.location.pathname).toBe(`/s/${REPORT_PATH}/paynow`);
    expect(await screen.findByRole('heading', { name: 'Book a visit to update your EPC' })).toBeInTheDocument();
  });

  it('offers no Premium for a home with nothing to improve: the visit, named for what it does', async () => {
    sharedHandlers({ report: report({ premium_on_offer: false, booking_calendar: false }) });
    renderShared(`/s/${REPORT_PATH}`);
    await screen.findByRole('heading', { name: 'Your Free Report Is Ready!' });
    expect(screen.queryByText(/Premium Report/)).not.toBeInTheDocument();
    expect(screen.getByText(/no Premium improvement plan to buy/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Arrange a visit to update your EPC' })).toHaveAttribute('href', `/s/${REPORT_PATH}/paynow`);
  });

  it('leads an owner who has bought the Premium to when it arrives, not to a second purchase', async () => {
    sharedHandlers({ report: report({ premium_purchased: true }) });
    const { user } = renderShared(`/s/${REPORT_PATH}`);
    await user.click(await screen.findByRole('link', { name: 'See when your Premium Report arrives' }));
    expect(await screen.findByRole('heading', { name: 'Your Premium report is on its way' })).toBeInTheDocument();
  });

  describe('first screen', () => {
    const PRICE = { amount_pence: 14900, full_pence: 14900 };

    it('shows the rating now and what it could reach, as one sentence for screen readers', async () => {
      sharedHandlers();
      renderShared(`/s/${REPORT_PATH}`);
      const pair = await screen.findByRole('img', { name: 'Energy rating D 62 now; it could reach B 83.' });
      expect(pair).toHaveTextContent('NowD 62→Could reachB 83');
    });

    it('shows the rating alone for a home the survey cannot improve', async () => {
      sharedHandlers({ report: report({ potential_epc: 62, premium_on_offer: false }) });
      renderShared(`/s/${REPORT_PATH}`);
      expect(await screen.findByRole('img', { name: 'Energy rating D 62 now.' })).not.toHaveTextContent('Could reach');
    });

    it("offers the Premium at the owner price with what it adds and the assessor's name and accreditation, leading to the card form", async () => {
      sharedHandlers({ report: report({ premium_price: PRICE, assessor_scheme: 'elmhurst' }) });
      renderShared(`/s/${REPORT_PATH}`);
      const offer = await screen.findByRole('region', { name: 'Premium Report £149' });
      expect(
        within(offer)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([
        'Step-by-step improvement plans for this home',
        'The cost and the new rating after every step',
        'Chosen for what matters most to you',
      ]);
      expect(offer).toHaveTextContent('Prepared by Alex Assessor, Elmhurst accredited');
      // The download comes before the offer, in reading order.
      const download = screen.getByRole('link', { name: 'Download Your Free Report NOW!' });
      expect(download.compareDocumentPosition(offer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(within(offer).getByRole('link', { name: 'Buy your Premium Report online' })).toHaveAttribute(
        'href',
        `/s/${REPORT_PATH}/paynow`,
      );
    });

    it('shows the full price beside the discounted one, and the name alone where the scheme is not a named one', async () => {
      sharedHandlers({ report: report({ premium_price: { amount_pence: 12900, full_pence: 14900 } }) });
      renderShared(`/s/${REPORT_PATH}`);
      const offer = await screen.findByRole('region', { name: 'Premium Report £129 (was £149)' });
      expect(within(offer).getByText(/^Prepared by/)).toHaveTextContent(/^Prepared by Alex Assessor$/);
      expect(offer).not.toHaveTextContent('accredited');
    });

    it('shows no price and no card offer where the owner cannot buy by card', async () => {
      sharedHandlers({ report: report({ report_mode: 'questionnaire-free', assessor_scheme: 'stroma' }) });
      renderShared(`/s/${REPORT_PATH}`);
      await screen.findByRole('heading', { name: 'Your Free Report Is Ready!' });
      expect(screen.queryByRole('region', { name: /Premium Report/ })).not.toBeInTheDocument();
      expect(screen.queryByText(/£/)).not.toBeInTheDocument();
    });

    it('after a purchase says when the Premium is due, and offers no second purchase', async () => {
      sharedHandlers({ report: report({ premium_purchased: true, premium_price: PRICE, premium_bought: { ready_by: '2026-11-27' } }) });
      renderShared(`/s/${REPORT_PATH}`);
      const bought = await screen.findByRole('region', { name: 'Premium bought — ready by Fri 27 Nov' });
      expect(bought).toHaveTextContent('Alex Assessor is preparing it.');
      expect(screen.queryByRole('link', { name: /Buy|Open your Premium/ })).not.toBeInTheDocument();
      expect(screen.queryByText(/£/)).not.toBeInTheDocument();
    });

    it('once the Premium is finalised, opens it from the same link', async () => {
      const premiumPath = '13/Zyxwvutsrqponmlk9876';
      sharedHandlers({
        report: report({ premium_purchased: true, premium_bought: { ready_by: '2026-11-27', premium_path: premiumPath } }),
      });
      renderShared(`/s/${REPORT_PATH}`);
      const bought = await screen.findByRole('region', { name: 'Premium bought — ready now' });
      expect(within(bought).getByRole('link', { name: 'Open your Premium Report' })).toHaveAttribute('href', `/s/premium/${premiumPath}`);
    });

    it('puts the rating pair before the download on the plain landing too', async () => {
      sharedHandlers();
      renderShared(`/s/${REPORT_PATH}`, <ReportPage reportPath={REPORT_PATH} mode="free" />);
      const pair = await screen.findByRole('img', { name: 'Energy rating D 62 now; it could reach B 83.' });
      const download = screen.getByRole('link', { name: 'Download' });
      expect(pair.compareDocumentPosition(download) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    });
  });

  it('replaces the location with the PDF when the server says to redirect, with a button in case it does not', async () => {
    sharedHandlers({ report: report({ doRedirect: true }) });
    renderShared(`/s/${REPORT_PATH}`);
    expect(await screen.findByRole('heading', { name: 'Your Free Report Is Ready!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Press here if your report does not download automatically' })).toHaveAttribute(
      'href',
      report().pdfUrl,
    );
    expect(replace).toHaveBeenCalledWith(report().pdfUrl);
    expect(screen.queryByText('Inside Your Free Report')).not.toBeInTheDocument();
  });

  it("shows 'Ooops!' for an invalid link, asking for a new one, with no questionnaire when no marketing site is configured", async () => {
    sharedHandlers({ report: 'missing' });
    renderShared(`/s/${REPORT_PATH}`);
    expect(await screen.findByRole('heading', { name: 'Ooops!' })).toBeInTheDocument();
    expect(screen.getByText("We're sorry but it looks like this link is invalid or has expired...")).toBeInTheDocument();
    expect(screen.getByText('Please ask the assessor who sent it to you for a new link.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /questionnaire/ })).not.toBeInTheDocument();
    // Owners have no login: nothing leads to the assessors' one.
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/privacy', '/terms']);
  });

  it("names the assessor to ask, with their contact and brand, when the link's report id was real; the questionnaire on the configured site", async () => {
    const meta = document.createElement('meta');
    meta.name = 'marketing-url';
    meta.content = 'https://www.epc.example';
    document.head.append(meta);
    try {
      sharedHandlers({ report: { missing: { ...ASSESSOR, logo_url: 'https://files.example.test/logo.png' } } });
      renderShared(`/s/${REPORT_PATH}`);
      expect(await screen.findByRole('heading', { name: 'Ooops!' })).toBeInTheDocument();
      expect(screen.getByText('Please ask Warm Homes Ltd for a new link to your report:')).toBeInTheDocument();
      expect(screen.getByRole('img', { name: 'Warm Homes Ltd' })).toHaveAttribute('src', 'https://files.example.test/logo.png');
      expect(screen.getByRole('link', { name: '01234 567890' })).toHaveAttribute('href', 'tel:01234567890');
      expect(screen.getByRole('link', { name: 'alex@warmhomes.example' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: /questionnaire/ })).toHaveAttribute('href', 'https://www.epc.example/questionnaire/');
      expect(screen.queryByRole('link', { name: /log ?in/i })).not.toBeInTheDocument();
    } finally {
      meta.remove();
    }
  });

  it("puts the assessor's brand on top and the platform in a quiet footer", async () => {
    sharedHandlers();
    renderShared(`/s/${REPORT_PATH}`);
    await screen.findByRole('heading', { name: 'Your Free Report Is Ready!' });
    const header = screen.getByRole('banner');
    expect(header).toHaveTextContent('Warm Homes Ltd');
    expect(header.style.getPropertyValue('--assessor-colour')).toBe('#7b1fa2');
    expect(screen.getByText(/prepared by Warm Homes Ltd/)).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('In association with EPCplus');
  });

  it('opens the plain landing for the other modes from the address (?mode=free)', async () => {
    sharedHandlers();
    renderShared(`/s/${REPORT_PATH}?mode=free`);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Download your Complimentary Energy Efficiency Report for 1 High Street',
    );
    expect(screen.getByRole('heading', { name: 'In Association With' })).toBeInTheDocument();
  });

  it("shows 'Ooops!' for an address that is no shared page", async () => {
    sharedHandlers();
    renderShared('/s/12');
    expect(await screen.findByRole('heading', { name: 'Ooops!' })).toBeInTheDocument();
  });

  it('has a footer with the privacy and terms links', async () => {
    sharedHandlers();
    renderShared(`/s/${REPORT_PATH}`);
    await screen.findByRole('heading', { name: 'Your Free Report Is Ready!' });
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute('href', '/terms');
  });

  describe('plain landing (modes other than upsell and paynow)', () => {
    it("offers the download and the assessor's logo under 'In Association With'", async () => {
      sharedHandlers({ report: report({ assessor: { ...ASSESSOR, logo_url: 'https://files.example.test/logo.png' } }) });
      renderShared(`/s/${REPORT_PATH}`, <ReportPage reportPath={REPORT_PATH} mode="free" />);
      const heading = await screen.findByRole('heading', { level: 1 });
      expect(heading).toHaveTextContent('Download your Complimentary Energy Efficiency Report for 1 High Street');
      expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('href', report().pdfUrl);
      expect(screen.getByRole('heading', { name: 'In Association With' })).toBeInTheDocument();
      expect(screen.getByRole('img', { name: 'Warm Homes Ltd' })).toHaveAttribute('src', 'https://files.example.test/logo.png');
    });

    it('names the company when the assessor has no logo', async () => {
      sharedHandlers();
      renderShared(`/s/${REPORT_PATH}`, <ReportPage reportPath={REPORT_PATH} mode="questionnaire-free" />);
      await screen.findByRole('heading', { name: 'In Association With' });
      expect(screen.getByText('Warm Homes Ltd')).toBeInTheDocument();
      expect(screen.queryByRole('img', { name: 'Warm Homes Ltd' })).not.toBeInTheDocument();
    });

    it('redirects to the PDF there too when flagged', async () => {
      sharedHandlers({ report: report({ doRedirect: true }) });
      renderShared(`/s/${REPORT_PATH}`, <ReportPage reportPath={REPORT_PATH} mode="free" />);
      await waitFor(() => expect(replace).toHaveBeenCalledWith(report().pdfUrl));
      expect(screen.queryByText(/Complimentary/)).not.toBeInTheDocument();
    });
  });
});
