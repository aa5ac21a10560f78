import { screen, within } from '@testing-library/react';
import type { SharedFunding } from '../../../src/shared/api/sharing';
import { REPORT_PATH, renderShared, report, sharedHandlers } from './render-shared';

/**
 * A home as the server describes it (grants worked out at the low and the high end of the costs):
 * a heat pump grant with no household test, two schemes with one, and a loan.
 */
const FUNDING: SharedFunding = {
  grants_low_pence: 500_000,
  grants_high_pence: 750_000,
  on_date: '2026-11-25',
  schemes: [
    {
      scheme: 'Boiler Upgrade Scheme',
      nation: 'England and Wales',
      role: 'grant',
      amounts: ['up to £7,500'],
      measures: ['Air or ground source heat pump'],
      condition: 'if the owner applies through an installer',
      caveat: null,
      url: 'https://www.gov.uk/apply-boiler-upgrade-scheme/what-you-can-get',
      up_to_low_pence: 500_000,
      up_to_high_pence: 750_000,
      loan: null,
      household: null,
    },
    {
      scheme: 'Energy Company Obligation (ECO4)',
      nation: 'England, Scotland and Wales',
      role: 'funded',
      amounts: ['may pay for the work'],
      measures: ['Cavity wall insulation'],
      condition:
        'if someone in the household gets a means-tested benefit, or your household income is £31,000 or less and your council refers you',
      caveat: null,
      url: 'https://www.ofgem.gov.uk/environmental-programmes/energy-company-obligation-eco/information-domestic-consumers',
      up_to_low_pence: 0,
      up_to_high_pence: 0,
      loan: null,
      household: [{ benefit: true }, { incomeMaxPence: 3_100_000, other: 'a referral from your council' }],
    },
    {
      scheme: 'Affordable Warmth Scheme',
      nation: 'Northern Ireland',
      role: 'grant',
      amounts: ['up to £7,500'],
      measures: ['Cavity wall insulation'],
      condition: 'if your gross household income is under £23,000',
      caveat: 'Last confirmed to March 2026: check it is still open.',
      url: 'https://www.communities-ni.gov.uk/news/changes-affordable-warmth-scheme',
      up_to_low_pence: 100_000,
      up_to_high_pence: 200_000,
      loan: null,
      household: [{ incomeMaxPence: 2_299_999 }],
    },
    {
      scheme: 'Home Energy Scotland Loan',
      nation: 'Scotland',
      role: 'loan',
      amounts: ['an interest-free loan of up to £7,500, term set by the lender'],
      measures: ['Air or ground source heat pump'],
      condition: 'an optional interest-free loan beside the grant, for owners living in the home',
      caveat: null,
      url: 'https://www.homeenergyscotland.org/find-funding-grants-and-loans/interest-free-loans/overview/',
      up_to_low_pence: 0,
      up_to_high_pence: 0,
      loan: { up_to_pence: 750_000, rate_percent: 0, term_years: null },
      household: null,
    },
  ],
};

describe("the owner's funding teaser and the optional check", () => {
  it('shows the teaser under the rating, with the report still one press away and the check closed', async () => {
    sharedHandlers({ report: report({ funding: { ...FUNDING, grants_low_pence: 600_000, grants_high_pence: 950_000 } }) });
    renderShared(`/s/${REPORT_PATH}`);
    expect(
      await screen.findByText('This home may qualify for up to £6,000 – £9,500 in grants towards these improvements.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download Your Free Report NOW!' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Could you get help paying?' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('form', { name: 'Could you get help paying?' })).not.toBeInTheDocument();
  });

  it('judges the answers on the page: each scheme says whether the household may qualify, the total follows, and nothing is sent', async () => {
    const sent = sharedHandlers({ report: report({ funding: { ...FUNDING, grants_low_pence: 600_000, grants_high_pence: 950_000 } }) });
    const { user } = renderShared(`/s/${REPORT_PATH}`);
    await user.click(await screen.findByRole('button', { name: 'Could you get help paying?' }));
    const check = screen.getByRole('form', { name: 'Could you get help paying?' });
    expect(within(check).getByText(/Your answers stay on this page: they are not sent or stored\./)).toBeInTheDocument();
    const schemes = () =>
      within(check)
        .getAllByRole('listitem')
        .map((li) => li.textContent);

    await user.click(within(check).getByRole('radio', { name: 'Over £36,000' }));
    await user.click(within(within(check).getByRole('group', { name: /means-tested benefit/ })).getByRole('radio', { name: 'No' }));
    expect(within(check).getByRole('status')).toHaveTextContent(
      'From your answers, this home may qualify for up to £5,000 – £7,500 in grants.',
    );
    expect(schemes()[0]).toContain('You may be eligible.');
    expect(schemes()[1]).toContain('Probably not, from your answers.');
    expect(schemes()[2]).toContain('Probably not, from your answers.');

    await user.click(within(check).getByRole('radio', { name: 'Under £23,000' }));
    // The loan is never added to what the home may get.
    expect(within(check).getByRole('status')).toHaveTextContent(
      'From your answers, this home may qualify for up to £6,000 – £9,500 in grants.',
    );
    // ECO4 also needs the council's referral, which no question here settles.
    expect(schemes()[1]).toContain('You may be eligible: it depends on something not asked here.');
    expect(schemes()[2]).toContain('You may be eligible.');
    expect(within(check).getAllByRole('link', { name: 'Official page' })[0]).toHaveAttribute(
      'href',
      'https://www.gov.uk/apply-boiler-upgrade-scheme/what-you-can-get',
    );
    // Only the page's own load went to the server.
    expect(Object.keys(sent).sort()).toEqual(['sharedreport']);
    expect(sent.sharedreport).toHaveLength(1);
  });

  it('names where each scheme applies, gives each grant at both ends, and lists loans apart as ways to spread the cost', async () => {
    sharedHandlers({ report: report({ funding: FUNDING }) });
    const { user } = renderShared(`/s/${REPORT_PATH}`);
    await user.click(await screen.findByRole('button', { name: 'Could you get help paying?' }));
    const helps = screen.getByRole('list', { name: 'Schemes that may help' });
    const items = within(helps)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items[0]).toContain('Boiler Upgrade Scheme (England and Wales): up to £7,500. For these improvements: up to £5,000 – £7,500.');
    expect(items[1]).toContain('Energy Company Obligation (ECO4) (England, Scotland and Wales): may pay for the work.');
    expect(items.join()).not.toContain('Home Energy Scotland Loan');
    const loans = screen.getByRole('list', { name: 'Ways to spread the cost' });
    expect(within(loans).getByRole('listitem')).toHaveTextContent(
      'Home Energy Scotland Loan (Scotland): an interest-free loan of up to £7,500, term set by the lender. A loan is repaid, so it is not taken off the cost.',
    );
  });

  it('says nothing about funding when no scheme applies to the home', async () => {
    sharedHandlers();
    renderShared(`/s/${REPORT_PATH}`);
    expect(await screen.findByRole('heading', { name: 'Your Free Report Is Ready!' })).toBeInTheDocument();
    expect(screen.queryByText(/may qualify/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Could you get help paying?' })).not.toBeInTheDocument();
  });
});
