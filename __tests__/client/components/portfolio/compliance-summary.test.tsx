import { render, screen, within } from '@testing-library/react';
import { ComplianceSummary } from '../../../../src/client/components/portfolio/compliance-summary';
import { BandsChart } from '../../../../src/client/components/portfolio/bands-chart';
import { portfolioViewOf } from './portfolio-view';

/** A figure's value, read as a person reads it: the value beside its label. */
const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('ComplianceSummary', () => {
  it('shows the totals: homes, failing today and by 2030, routes, the cap and the cost before and after grants', () => {
    render(<ComplianceSummary view={portfolioViewOf()} />);
    expect(figure('Homes')).toBe('5');
    expect(figure('Fail band E today')).toBe('2');
    expect(figure('Fail band C by 2030')).toBe('4');
    expect(figure('No route to band C')).toBe('1');
    expect(figure('Over the £10,000 cap')).toBe('1');
    expect(figure('May exceed the £10,000 cap')).toBe('0');
    expect(figure('Cost to reach band C')).toBe('£15,100 – £20,350');
    expect(figure('After grants')).toBe('£13,100 – £19,350');
    expect(screen.getByText('1 home has a step with no cost given; the totals leave it out.')).toBeInTheDocument();
  });

  it('names each standard with its status, cap, exemption and source, and says how 2030 is measured', () => {
    render(<ComplianceSummary view={portfolioViewOf()} />);
    const [now, next] = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(now).toHaveTextContent('Band E in force since 1 April 2020. A landlord need spend no more than £3,500 on one home');
    expect(now).toHaveTextContent('lasts 5 years');
    expect(next).toHaveTextContent('Band C by 1 October 2030 (decided, awaiting legislation).');
    expect(next).toHaveTextContent('no more than £10,000 on one home to meet it; an exemption registered after that lasts 10 years.');
    expect(within(next).getByRole('link', { name: 'Source: www.gov.uk' })).toHaveAttribute(
      'href',
      'https://www.gov.uk/government/consultations/improving-the-energy-performance-of-privately-rented-homes-2025-update',
    );
    expect(
      screen.getByText(
        "The 2030 standard is to be measured on the reformed EPC's new metrics; until certificates carry them, this view uses today's energy rating.",
      ),
    ).toBeInTheDocument();
  });

  it('says no standard applies where neither does, and leaves out their figures', () => {
    render(<ComplianceSummary view={portfolioViewOf({ standard_now: null, standard_next: null })} />);
    expect(screen.getByText('No minimum energy standard for rented homes applies to these homes.')).toBeInTheDocument();
    expect(screen.queryByText(/Fail band/)).not.toBeInTheDocument();
    expect(screen.queryByText(/reformed EPC/)).not.toBeInTheDocument();
  });
});

describe('BandsChart', () => {
  it('gives a screen reader the count of homes per band now and after the plans', () => {
    const { summary } = portfolioViewOf();
    render(<BandsChart now={summary.bands_now} after={summary.bands_after} />);
    const table = screen.getByRole('table', { name: 'Homes by energy band' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Band', 'Now', 'After the plans'],
      ['A', '0', '0'],
      ['B', '0', '0'],
      ['C', '1', '4'],
      ['D', '1', '0'],
      ['E', '1', '1'],
      ['F', '1', '0'],
      ['G', '1', '0'],
    ]);
    expect(screen.getByRole('figure', { name: 'Homes by energy band, now and after the plans' })).toBeInTheDocument();
  });
});
