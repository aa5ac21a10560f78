import { screen, waitFor, within } from '@testing-library/react';
import { browser } from '../../../src/client/shared-link/browser';
import { ReportPage } from '../../../src/client/shared-link/report-page';
import { REPORT_PATH, renderShared, report, sharedHandlers } from './render-shared';

const replace = jest.spyOn(browser, 'replace').mockImplementation(() => undefined);
afterEach(() => replace.mockClear());

describe('shared report landing', () => {
  it("shows 'Loading' with a spinner, then the upsell page", async () => {
    const sent = sharedHandlers();
    renderShared(`/s/${REPORT_PATH}`);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(await screen.findByRole('heading', { name: 'Your Free Report Is Ready!' })).toBeInTheDocument();
    expect(sent.sharedreport).toEqual([{ report_path: REPORT_PATH, initial_mode: 'upsell' }]);
    expect(screen.getByRole('img', { name: /cover of your energy efficiency report/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Inside Your Free Report' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Inside Your Free Report' })).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'Download Your Free Report NOW!' })).toHaveAttribute('href', report().pdfUrl);
    expect(replace).not.toHaveBeenCalled();
  });

  it("goes to ./paynow in the page from 'Purchase your premium report!'", async () => {
    sharedHandlers({ report: report({ report_mode: 'questionnaire-free' }) });
    const { user } = renderShared(`/s/${REPORT_PATH}`);
    await user.click(await screen.findByRole('link', { name: 'Purchase your premium report!' }));
    expect(window.location.pathname).toBe(`/s/${REPORT_PATH}/paynow`);
    expect(await screen.findByRole('heading', { name: 'Purchase your Premium Report' })).toBeInTheDocument();
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

  it("shows 'Ooops!' pointing to the marketing site's questionnaire for an invalid or expired link", async () => {
    sharedHandlers({ report: 'missing' });
    renderShared(`/s/${REPORT_PATH}`);
    expect(await screen.findByRole('heading', { name: 'Ooops!' })).toBeInTheDocument();
    expect(screen.getByText("We're sorry but it looks like this link is invalid or has expired...")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /questionnaire/ })).toHaveAttribute('href', 'http://localhost/questionnaire/');
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
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', 'http://localhost/privacy-policy/');
    expect(screen.getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute('href', 'http://localhost/terms-and-conditions/');
  });

  describe('plain landing (modes other than upsell and paynow)', () => {
    it("offers the download and the assessor's logo under 'In Association With'", async () => {
      sharedHandlers({ report: report({ logo_url: 'https://files.example.test/logo.png' }) });
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
      expect(screen.queryByRole('img')).not.toBeInTheDocument();
    });

    it('redirects to the PDF there too when flagged', async () => {
      sharedHandlers({ report: report({ doRedirect: true }) });
      renderShared(`/s/${REPORT_PATH}`, <ReportPage reportPath={REPORT_PATH} mode="free" />);
      await waitFor(() => expect(replace).toHaveBeenCalledWith(report().pdfUrl));
      expect(screen.queryByText(/Complimentary/)).not.toBeInTheDocument();
    });
  });
});
