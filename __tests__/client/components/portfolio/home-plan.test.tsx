import { render, screen, within } from '@testing-library/react';
import { HomePlan } from '../../../../src/client/components/portfolio/home-plan';
import { HOMES, REPORT_URL, portfolioViewOf } from './portfolio-view';

const view = portfolioViewOf();
const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('HomePlan', () => {
  it("lists a survey home's route in order, each step with its cost and the rating after, then its totals", () => {
    render(<HomePlan home={HOMES.withinCap} view={view} />);
    expect(figure('Rating')).toBe('F 35');
    expect(figure('Certificate lodged')).toBe('15 March 2021');
    expect(figure('Meets band E today')).toBe('No');
    expect(figure('Meets band C by 2030')).toBe('No');
    expect(screen.getByRole('heading', { name: 'Route to band C' })).toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: 'Steps to band C' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Loft insulationCost: £100 – £350Rating after: E 45',
      'Solid wall insulationCost: £4,000 – £6,000Rating after: C 70',
    ]);
    expect(figure('Reaches')).toBe('C 70');
    expect(figure('Cost')).toBe('£4,100 – £6,350');
    expect(figure('Grants may pay')).toBe('£1,000 – £2,000');
    expect(figure('After grants')).toBe('£2,100 – £5,350');
    expect(screen.getByRole('link', { name: 'Great British Insulation Scheme' })).toHaveAttribute(
      'href',
      'https://www.gov.uk/apply-great-british-insulation-scheme',
    );
  });

  it('explains the £10,000 cap and the exemption for a route over it', () => {
    render(<HomePlan home={HOMES.overCap} view={view} />);
    expect(screen.getByRole('heading', { name: 'The £10,000 cap' })).toBeInTheDocument();
    expect(
      screen.getByText('Even at its low end the route costs more than the £10,000 cap, so an exemption may apply.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        /a landlord need spend no more than £10,000 on one home; if it still falls short of band C after that, an exemption can be registered, lasting 10 years\./,
      ),
    ).toBeInTheDocument();
    // A register certificate lodges only the rating at the end, not after each step.
    expect(screen.getByText(/Rating after:/)).toHaveTextContent('Rating after: —');
    expect(figure('Grants may pay')).toBe('None found');
  });

  it("says a register home's plan comes from the certificate, and offers no report link", () => {
    render(<HomePlan home={HOMES.overCap} view={view} />);
    expect(screen.getByText("This plan comes from the certificate's own recommendations and costs.")).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /report/i })).not.toBeInTheDocument();
  });

  it('links a survey home to its report, where the Premium report can still be bought', () => {
    render(<HomePlan home={HOMES.withinCap} view={view} />);
    expect(screen.getByRole('link', { name: "Open this home's report" })).toHaveAttribute('href', REPORT_URL);
    expect(screen.getByRole('link', { name: 'Buy the Premium report' })).toHaveAttribute('href', REPORT_URL);
    expect(screen.queryByText(/own recommendations and costs/)).not.toBeInTheDocument();
  });

  it('offers no second purchase once the Premium report is bought, and says how long a home at C stays compliant', () => {
    render(<HomePlan home={HOMES.compliantUntil} view={view} />);
    expect(screen.queryByRole('link', { name: 'Buy the Premium report' })).not.toBeInTheDocument();
    expect(screen.getByText('The Premium report for this home has been bought.')).toBeInTheDocument();
    expect(figure('Meets band C by 2030')).toBe('Yes, until 1 May 2034');
    expect(screen.getByText(/Its certificate keeps it compliant until 1 May 2034, when the certificate expires\./)).toBeInTheDocument();
  });

  it('says when no set of recommendations reaches band C, and when a step has no cost', () => {
    const { unmount } = render(<HomePlan home={HOMES.noRoute} view={view} />);
    expect(screen.getByText(/None of the certificate's recommendations, even all together, take this home to band C/)).toBeInTheDocument();
    unmount();
    render(<HomePlan home={HOMES.unknownCost} view={view} />);
    expect(figure('Cost')).toBe('Not known: a step has no cost given');
    expect(
      screen.getByText(/A step has no cost given, so it is not known whether the route stays within the £10,000 cap\./),
    ).toBeInTheDocument();
    expect(screen.getByText(/Cost: not given/)).toBeInTheDocument();
  });
});
