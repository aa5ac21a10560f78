import { screen, waitFor, within } from '@testing-library/react';
import * as portfolios from '../../../src/shared/api/portfolios';
import { parseSharedPath } from '../../../src/client/shared-link/location';
import { startFirstCalls } from '../../../src/client/shared-link/first-calls';
import { SharedApp } from '../../../src/client/shared-link/shared-app';
import { setupSharedStore } from '../../../src/client/shared-link/store';
import { portfolioPaths } from '../../../src/shared/links';
import { answer, fail, server } from '../helpers/msw';
import { HOMES, portfolioViewOf } from '../components/portfolio/portfolio-view';
import { ASSESSOR, renderShared, sharedHandlers } from './render-shared';

const PORTFOLIO_PATH = '7/Portfoliosluggy0001';

/** The landlord's link answered by a stand-in server that orders the homes as asked; `asked` collects each query. */
function portfolioHandlers(answerWith: 'view' | 'removed' = 'view') {
  const asked: Record<string, string>[] = [];
  sharedHandlers();
  server.use(
    answer(portfolios.sharedPortfolio, ({ query }) => {
      asked.push(query);
      if (answerWith === 'removed') return fail(404, 'This portfolio link is no longer available.');
      const order = query.order === 'cheapest-points-first' ? 'cheapest-points-first' : 'worst-first';
      const view = portfolioViewOf({ order });
      const homes =
        order === 'worst-first' ? view.homes : [HOMES.withinCap, HOMES.overCap, HOMES.unknownCost, HOMES.noRoute, HOMES.compliantUntil];
      return { ...view, homes, assessor: ASSESSOR };
    }),
  );
  return asked;
}

const addresses = () =>
  within(screen.getByRole('table', { name: /^Homes, / }))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe("the landlord's portfolio link", () => {
  it('reads its addresses', () => {
    expect(parseSharedPath(portfolioPaths.summary(PORTFOLIO_PATH))).toEqual({ page: 'portfolio', portfolioPath: PORTFOLIO_PATH });
    expect(parseSharedPath(portfolioPaths.home(PORTFOLIO_PATH, 42))).toEqual({
      page: 'portfolioHome',
      portfolioPath: PORTFOLIO_PATH,
      homeId: 42,
    });
    for (const path of [
      '/s/portfolio/7',
      '/s/portfolio/7/slug/home',
      '/s/portfolio/7/slug/home/x1',
      '/s/portfolio/7/slug/home/1/2',
      '/s/portfolio/7/slug/other',
    ])
      expect(parseSharedPath(path)).toEqual({ page: 'unknown' });
  });

  it("shows the portfolio under the assessor's brand: summary, bands, homes and the files to download", async () => {
    const asked = portfolioHandlers();
    renderShared(portfolioPaths.summary(PORTFOLIO_PATH));
    expect(await screen.findByRole('heading', { level: 1, name: 'Riverside lets' })).toBeInTheDocument();
    expect(asked).toEqual([{ portfolio_path: PORTFOLIO_PATH }]);
    expect(within(screen.getByRole('banner')).getByText('Warm Homes Ltd')).toBeInTheDocument();
    expect(
      screen.getByText('Prepared for Pat Landlord, Riverside Homes by Warm Homes Ltd. Figures as on 1 July 2026.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Fail band C by 2030', { selector: 'dt' }).nextElementSibling).toHaveTextContent('4');
    expect(screen.getByRole('table', { name: 'Homes by energy band' })).toBeInTheDocument();
    expect(addresses()[0]).toBe('5 Marsh Road, EF5 6GH');
    expect(screen.getByText('3 homes could not be placed on the map.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    const downloads = within(screen.getByRole('navigation', { name: 'Download the table' }));
    expect(downloads.getByRole('link', { name: 'Download as CSV' })).toHaveAttribute(
      'href',
      `/api/portfolioexport?portfolio_path=7%2FPortfoliosluggy0001&format=csv&order=worst-first`,
    );
    expect(downloads.getByRole('link', { name: 'Download as Excel (XLSX)' })).toHaveAttribute('download');
    expect(downloads.getByRole('link', { name: 'Download as PDF' }).getAttribute('href')).toContain('format=pdf');
    expect(screen.getByRole('link', { name: '01234 567890' })).toHaveAttribute('href', 'tel:01234567890');
  });

  it('asks again in the order the landlord picks, and keeps it in the address and the downloads', async () => {
    const asked = portfolioHandlers();
    const { user } = renderShared(portfolioPaths.summary(PORTFOLIO_PATH));
    await screen.findByRole('heading', { level: 1, name: 'Riverside lets' });
    await user.click(screen.getByRole('radio', { name: 'Cheapest points first' }));
    await waitFor(() => expect(addresses()[0]).toBe('1 High Street, AB1 2CD'));
    expect(asked).toEqual([{ portfolio_path: PORTFOLIO_PATH }, { portfolio_path: PORTFOLIO_PATH, order: 'cheapest-points-first' }]);
    expect(screen.getByRole('table', { name: 'Homes, cheapest points first' })).toBeInTheDocument();
    expect(window.location.search).toBe('?order=cheapest-points-first');
    expect(screen.getByRole('link', { name: 'Download as CSV' }).getAttribute('href')).toContain('order=cheapest-points-first');
  });

  it("opens a home's page from the table without asking the server again, and comes back in the same order", async () => {
    const asked = portfolioHandlers();
    const { user } = renderShared(`${portfolioPaths.summary(PORTFOLIO_PATH)}?order=cheapest-points-first`);
    await user.click(await screen.findByRole('link', { name: '2 Mill Lane, CD3 4EF' }));
    expect(await screen.findByRole('heading', { level: 1, name: '2 Mill Lane' })).toBeInTheDocument();
    expect(window.location.pathname).toBe(portfolioPaths.home(PORTFOLIO_PATH, 2));
    expect(
      screen.getByText('Even at its low end the route costs more than the £10,000 cap, so an exemption may apply.'),
    ).toBeInTheDocument();
    expect(screen.getByText("This plan comes from the certificate's own recommendations and costs.")).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByText('Warm Homes Ltd')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: '← Back to all homes' }));
    await screen.findByRole('heading', { level: 1, name: 'Riverside lets' });
    expect(screen.getByRole('radio', { name: 'Cheapest points first' })).toBeChecked();
    expect(asked).toEqual([{ portfolio_path: PORTFOLIO_PATH, order: 'cheapest-points-first' }]);
  });

  it('asks for the view before React renders the page (entry.tsx), and only once', async () => {
    const asked = portfolioHandlers();
    const address = `${portfolioPaths.home(PORTFOLIO_PATH, 1)}?order=cheapest-points-first`;
    const store = setupSharedStore();
    startFirstCalls(store, parseSharedPath(address.split('?')[0]), '?order=cheapest-points-first');
    await waitFor(() => expect(asked).toHaveLength(1));
    renderShared(address, <SharedApp />, store);
    expect(await screen.findByRole('heading', { level: 1, name: '1 High Street, AB1 2CD' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy the Premium report' })).toBeInTheDocument();
    expect(asked).toEqual([{ portfolio_path: PORTFOLIO_PATH, order: 'cheapest-points-first' }]);
  });

  it('says when a home has left the portfolio', async () => {
    portfolioHandlers();
    renderShared(portfolioPaths.home(PORTFOLIO_PATH, 99));
    expect(await screen.findByRole('heading', { level: 1, name: 'This home is no longer in the portfolio.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to all homes' })).toHaveAttribute('href', portfolioPaths.summary(PORTFOLIO_PATH));
  });

  it('says a removed or mistyped link is no longer available', async () => {
    portfolioHandlers('removed');
    renderShared(portfolioPaths.summary(PORTFOLIO_PATH));
    expect(await screen.findByRole('heading', { level: 1, name: 'This portfolio link is no longer available.' })).toBeInTheDocument();
    expect(screen.getByText('Please ask the assessor who sent it to you for a new link.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
