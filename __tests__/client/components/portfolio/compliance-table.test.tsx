import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ComplianceTable } from '../../../../src/client/components/portfolio/compliance-table';
import { WorkOrderSwitch } from '../../../../src/client/components/portfolio/work-order-switch';
import type { PortfolioHome } from '../../../../src/shared/api/portfolios';
import { HOMES, portfolioViewOf } from './portfolio-view';

const homeHref = (home: PortfolioHome) => `/homes/${home.home_id}`;

/** A home's row as cells keyed by their column's header, as a phone's stacked card labels them. */
function rowOf(address: string): Record<string, string> {
  const row = screen.getByRole('rowheader', { name: address }).closest('tr')!;
  const cells = [...row.querySelectorAll('th, td')].filter((cell) => cell.getAttribute('data-label'));
  return Object.fromEntries(cells.map((cell) => [cell.getAttribute('data-label')!, cell.textContent ?? '']));
}

describe('ComplianceTable', () => {
  it('lists one row per home in the order given, each linking to its page', () => {
    render(<ComplianceTable view={portfolioViewOf()} homeHref={homeHref} />);
    const table = screen.getByRole('table', { name: 'Homes, worst first' });
    const addresses = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(addresses).toEqual([
      '5 Marsh Road, EF5 6GH',
      '1 High Street, AB1 2CD',
      '4 Quay Side, GH7 8IJ',
      '2 Mill Lane, CD3 4EF',
      '3 Park Road, AB1 9ZZ',
    ]);
    expect(screen.getByRole('link', { name: '2 Mill Lane, CD3 4EF' })).toHaveAttribute('href', '/homes/2');
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });

  it("shows each home's rating, dates, standards, route, cost, cap and what is left after grants", () => {
    render(<ComplianceTable view={portfolioViewOf()} homeHref={homeHref} />);
    expect(rowOf('1 High Street, AB1 2CD')).toEqual({
      Address: '1 High Street, AB1 2CD',
      Rating: 'F 35',
      'Certificate date': '15 March 2021',
      'Certificate expires': '15 March 2031',
      'Meets E today': 'No',
      'Meets C 2030': 'No',
      'Route to C': 'Loft insulation; Solid wall insulation',
      Cost: '£4,100 – £6,350',
      'Cap (£10,000)': 'Within',
      'After grants': '£2,100 – £5,350',
    });
    expect(rowOf('2 Mill Lane, CD3 4EF')).toMatchObject({ 'Cap (£10,000)': 'Over - exemption may apply', Cost: '£11,000 – £14,000' });
    expect(rowOf('5 Marsh Road, EF5 6GH')).toMatchObject({ Cost: 'Cost unknown', 'Cap (£10,000)': 'Cost unknown', 'After grants': '—' });
    expect(rowOf('4 Quay Side, GH7 8IJ')).toMatchObject({ 'Route to C': 'No route to C', Cost: '—', 'Cap (£10,000)': '—' });
    expect(rowOf('3 Park Road, AB1 9ZZ')).toMatchObject({ 'Meets C 2030': 'Yes, until 1 May 2034', 'Route to C': '—' });
  });

  it('offers the assessor a Remove button per home', async () => {
    const onRemove = jest.fn();
    render(<ComplianceTable view={portfolioViewOf()} homeHref={homeHref} onRemove={onRemove} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove 2 Mill Lane' }));
    expect(onRemove).toHaveBeenCalledWith(HOMES.overCap);
  });

  it('says when a portfolio has no homes, and when the list shows only some of them', () => {
    const { unmount } = render(<ComplianceTable view={portfolioViewOf({ homes: [] })} homeHref={homeHref} />);
    expect(screen.getByText('There are no homes in this portfolio yet.')).toBeInTheDocument();
    unmount();
    render(<ComplianceTable view={portfolioViewOf({ homes: [HOMES.overCap] })} homeHref={homeHref} />);
    expect(screen.getByText('Showing the first 1 of 5 homes; the summary counts them all.')).toBeInTheDocument();
  });
});

describe('WorkOrderSwitch', () => {
  it('shows the order chosen and calls onChange with the other', async () => {
    const onChange = jest.fn();
    render(<WorkOrderSwitch order="worst-first" onChange={onChange} />);
    expect(screen.getByRole('group', { name: 'Order of work' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Worst first' })).toBeChecked();
    const cheapest = screen.getByRole('radio', { name: 'Cheapest points first' });
    expect(cheapest).not.toBeChecked();
    expect(cheapest).toHaveAccessibleDescription(/costs least/);
    await userEvent.click(cheapest);
    expect(onChange).toHaveBeenCalledWith('cheapest-points-first');
  });
});
