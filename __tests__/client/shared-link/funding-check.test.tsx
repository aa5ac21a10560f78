import { screen, within } from '@testing-library/react';
import type { SharedFunding } from '../../../src/shared/api/shared-reports';
import { REPORT_PATH, renderShared, report, sharedHandlers } from './render-shared';

/** An English home as the server describes it: a heat pump grant with no household test, and two schemes with one. */
const FUNDING: SharedFunding = {
  total_pence: 750_000,
  on_date: '2026-11-25',
  schemes: [
    {
      scheme: 'Boiler Upgrade Scheme',
      amounts: ['up to £7,500'],
      measures: ['Air or ground source heat pump'],
      condition: 'if the owner applies through an installer',
      caveat: null,
      url: 'https://www.gov.uk/apply-boiler-upgrade-scheme/what-you-can-get',
      up_to_pence: 750_000,
      household: null,
    },
    {
      scheme: 'Energy Company Obligation (ECO4)',
      amounts: ['may pay for the work'],
      measures: ['Cavity wall insulation'],
      condition:
        'if someone in the household gets a means-tested benefit, or your household income is £31,000 or less and your council refers you',
      caveat: null,
      url: 'https://www.ofgem.gov.uk/environmental-programmes/energy-company-obligation-eco/information-domestic-consumers',
      up_to_pence: 0,
      household: [{ benefit: true }, { incomeMaxPence: 3_100_000, other: 'a referral from your council' }],
    },
    {
      scheme: 'Affordable Warmth Scheme',
      amounts: ['up to £2,000'],
      measures: ['Cavity wall insulation'],
      condition: 'if your gross household income is under £23,000',
      caveat: 'Last confirmed to March 2026: check it is still open.',
      url: 'https://www.communities-ni.gov.uk/news/changes-affordable-warmth-scheme',
      up_to_pence: 200_000,
      household: [{ incomeMaxPence: 2_299_999 }],
    },
  ],
};

describe("the owner's funding teaser and the optional check", () => {
  it('shows the teaser under the rating, with the report still one press away and the check closed', async () => {
    sharedHandlers({ report: report({ funding: { ...FUNDING, total_pence: 950_000 } }) });
    renderShared(`/s/${REPORT_PATH}`);
    expect(await screen.findByText('This home may qualify for up to £9,500 towards these improvements.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download Your Free Report NOW!' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Could you get help paying?' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('form', { name: 'Could you get help paying?' })).not.toBeInTheDocument();
  });

  it('judges the answers on the page: each scheme says whether the household may qualify, the total follows, and nothing is sent', async () => {
    const sent = sharedHandlers({ report: report({ funding: { ...FUNDING, total_pence: 950_000 } }) });
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
    expect(within(check).getByRole('status')).toHaveTextContent('From your answers, this home may qualify for up to £7,500.');
    expect(schemes()[0]).toContain('You may be eligible.');
    expect(schemes()[1]).toContain('Probably not, from your answers.');
    expect(schemes()[2]).toContain('Probably not, from your answers.');

    await user.click(within(check).getByRole('radio', { name: 'Under £23,000' }));
    expect(within(check).getByRole('status')).toHaveTextContent('From your answers, this home may qualify for up to £9,500.');
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

  it('says nothing about funding when no scheme applies to the home', async () => {
    sharedHandlers();
    renderShared(`/s/${REPORT_PATH}`);
    expect(await screen.findByRole('heading', { name: 'Your Free Report Is Ready!' })).toBeInTheDocument();
    expect(screen.queryByText(/may qualify/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Could you get help paying?' })).not.toBeInTheDocument();
  });
});
