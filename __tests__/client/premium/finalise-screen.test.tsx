import { screen, waitFor, within } from '@testing-library/react';
import { PRIORITY_LABELS } from '../../../src/shared/constants';
import { finaliseServer, reportData } from './fixtures';
import { openFinalise } from './render-finalise';

const POINTS_ERROR = 'Points must be a whole number, e.g. 4 or -2';

const finaliseButton = () => screen.getByRole('button', { name: 'Finalise' });
const plan = (name: string) => screen.getByRole('article', { name });
/** "D 56": the band and rating after each step of a table. */
const epcAfter = (scope: HTMLElement) =>
  within(scope)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('[data-label="EPC after"]')?.textContent);

const costSoFar = (scope: HTMLElement) =>
  within(scope)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('[data-label="Cost so far"]')?.textContent)
    .filter((cell) => cell !== undefined);

describe('finalise screen: what it shows', () => {
  it("says 'Error loading data' when the report cannot be loaded", async () => {
    finaliseServer({ loadError: 'That report does not exist.' });
    openFinalise(7);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading data');
    expect(screen.queryByRole('button', { name: 'Finalise' })).not.toBeInTheDocument();
  });

  it("says 'Error loading data' for an address that names no report, without asking the server", async () => {
    const { loads } = finaliseServer();
    openFinalise('not-a-number');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading data');
    expect(loads).toEqual([]);
  });

  it('shows the report, its starting ratings and the measures with the ratings after each', async () => {
    const { loads } = finaliseServer();
    openFinalise(7);
    expect(await screen.findByText('7 Elm Street, LS7 1AA')).toBeInTheDocument();
    expect(loads).toEqual([7]);
    expect(screen.getByRole('heading', { level: 1, name: 'Finalise Premium Report' })).toBeInTheDocument();
    expect(screen.getByText(/Starting ratings/)).toHaveTextContent('Starting ratings: EPC E 52, EIR E 48.');

    const table = screen.getByRole('heading', { name: 'Measures found in the survey' }).closest('section')!;
    const measureRows = within(table).getAllByRole('row').slice(1, -1);
    expect(measureRows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Loft insulation',
      'Cavity wall insulation',
      'Floor insulation',
      'Solar water heating',
      'Solar photovoltaic panels',
    ]);
    expect(within(measureRows[0]).getByText('A')).toBeInTheDocument();
    expect(within(measureRows[0]).getByRole('textbox', { name: 'Cost of Loft insulation' })).toHaveValue('£100 - £350');
    expect(within(measureRows[0]).getByRole('textbox', { name: 'EPC points for Loft insulation' })).toHaveValue('4');
    expect(within(measureRows[0]).getByRole('textbox', { name: 'EIR points for Loft insulation' })).toHaveValue('5');
    expect(epcAfter(table)).toEqual(['D 56', 'D 62', 'D 65', 'D 67', 'C 75', 'C 75']);
    expect(costSoFar(table)).toEqual(['£100 – £350', '£600 – £1,850', '£1,400 – £3,050', '£5,400 – £9,050', '£8,900 – £14,550']);
  });

  it('leads with the plan the owner’s priority picks, marked so, each plan with its steps in order', async () => {
    finaliseServer();
    openFinalise(7);
    await screen.findByText('7 Elm Street, LS7 1AA');
    const plans = screen.getAllByRole('article');
    expect(plans.map((p) => within(p).getByRole('heading').textContent)).toEqual([
      'Cheapest route to band C',
      'Highest EPC rating',
      'Largest cut in CO2',
      'Everything recommended',
    ]);
    expect(plans[0]).toHaveTextContent(`Matches the owner's priority: ${PRIORITY_LABELS.getToC}`);
    expect(plans.slice(1).some((p) => p.textContent?.includes('Matches the owner'))).toBe(false);
    expect(epcAfter(plans[0])).toEqual(['D 56', 'D 62', 'C 70']);
    expect(costSoFar(plans[0])).toEqual(['£100 – £350', '£600 – £1,850', '£4,100 – £7,350']);
    expect(plans[0]).toHaveTextContent('EPC rating after: C 70 (from E 52)');
    // The CO2 plan collects EIR points: 48 + 9 + 7 + 5.
    expect(plans[2]).toHaveTextContent('EIR rating after: C 69 (from E 48)');
    for (const p of plans) expect(within(p).getByRole('checkbox', { name: /^Include/ })).toBeChecked();
  });

  it('leaves the plans in the server’s order when the assessor bought the report', async () => {
    finaliseServer({ data: reportData({ priority: null }) });
    openFinalise(7);
    await screen.findByText('7 Elm Street, LS7 1AA');
    expect(screen.getAllByRole('article').map((p) => within(p).getByRole('heading').textContent)[0]).toBe('Highest EPC rating');
    expect(screen.queryByText(/Matches the owner/)).not.toBeInTheDocument();
  });

  it('says when no set of the measures reaches band C, and when the home is already there', async () => {
    const noRoute = reportData();
    noRoute.plans = noRoute.plans.map((p) => (p.id === 'cheapestToC' ? { ...p, data: { measures: [] } } : p));
    finaliseServer({ data: noRoute });
    const first = openFinalise(7);
    expect(await screen.findByText("No set of this home's measures reaches band C.")).toBeInTheDocument();
    first.unmount();

    finaliseServer({ data: { ...noRoute, epcStart: 70 } });
    openFinalise(8);
    expect(await screen.findByText('This home is already band C or better.')).toBeInTheDocument();
  });

  it('says when the survey suggests no measures', async () => {
    finaliseServer({ data: reportData({ measures: [], plans: [], customPlanMeasures: [] }) });
    openFinalise(7);
    expect(await screen.findByText('The survey suggests no measures for this home.')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('says whether a rented home may be let and what takes it to band C', async () => {
    finaliseServer({ data: reportData({ letting: { minimumBand: 'E', meetsMinimum: false, toReachC: ['A', 'W', 'N'] } }) });
    openFinalise(7);
    const letting = (await screen.findByRole('heading', { name: 'Letting' })).closest('section')!;
    expect(letting).toHaveTextContent('does not meet the minimum band for letting (E)');
    expect(
      within(letting)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Loft insulation', 'Cavity wall insulation', 'Solar photovoltaic panels']);
  });

  it('has no letting note for a home that is not let', async () => {
    finaliseServer();
    openFinalise(7);
    await screen.findByText('7 Elm Street, LS7 1AA');
    expect(screen.queryByRole('heading', { name: 'Letting' })).not.toBeInTheDocument();
  });
});

describe('finalise screen: what the assessor can change', () => {
  it('takes whole points only, refusing anything else beside the field, and the plans follow the change', async () => {
    finaliseServer();
    const { user } = openFinalise(7);
    const points = await screen.findByRole('textbox', { name: 'EPC points for Loft insulation' });
    await user.clear(points);
    await user.type(points, '2.5');
    expect(points).toHaveAttribute('aria-invalid', 'true');
    expect(points).toHaveAccessibleDescription(POINTS_ERROR);
    expect(finaliseButton()).toBeDisabled();
    expect(screen.getByText('Correct the points marked above: whole numbers only.')).toBeInTheDocument();

    await user.clear(points);
    await user.type(points, '7');
    expect(screen.queryByText(POINTS_ERROR)).not.toBeInTheDocument();
    expect(points).not.toHaveAttribute('aria-invalid');
    expect(finaliseButton()).toBeEnabled();
    expect(epcAfter(plan('Cheapest route to band C'))).toEqual(['D 59', 'D 65', 'C 73']);
  });

  it('leaves the cost so far to the server from the step whose cost the assessor changed', async () => {
    finaliseServer();
    const { user } = openFinalise(7);
    const cost = await screen.findByRole('textbox', { name: 'Cost of Cavity wall insulation' });
    await user.clear(cost);
    await user.type(cost, '£2,000');
    expect(costSoFar(plan('Cheapest route to band C'))).toEqual(['£100 – £350', 'Not known yet', 'Not known yet']);
    expect(within(plan('Cheapest route to band C')).getByRole('row', { name: /Cavity wall insulation/ })).toHaveTextContent('£2,000');
    expect(screen.getByText(/the costs so far from there on are added up again when you finalise/)).toBeInTheDocument();
  });

  it('shows a cost typed as a bare figure or with a hyphen in the one money format, leaving the field as typed', async () => {
    finaliseServer();
    const { user } = openFinalise(7);
    const cavity = await screen.findByRole('textbox', { name: 'Cost of Cavity wall insulation' });
    await user.clear(cavity);
    await user.type(cavity, '2000');
    const loft = screen.getByRole('textbox', { name: 'Cost of Loft insulation' });
    await user.clear(loft);
    await user.type(loft, '80-120');
    expect(cavity).toHaveValue('2000');
    const steps = plan('Cheapest route to band C');
    const costOf = (name: RegExp) => within(steps).getByRole('row', { name }).querySelector('[data-label="Cost"]')?.textContent;
    expect(costOf(/Cavity wall insulation/)).toBe('£2,000');
    expect(costOf(/Loft insulation/)).toBe('£80 – £120');
  });

  it('keeps the custom plan’s picker disabled until the custom plan is on, and stops at its limit', async () => {
    finaliseServer();
    const { user } = openFinalise(7);
    const picker = await screen.findByRole('group', { name: /Measures in the custom plan \(up to 2\)/ });
    const box = (name: string) => within(picker).getByRole('checkbox', { name });
    // Only the measures the server offers for a custom plan.
    expect(
      within(picker)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual(['Loft insulation', 'Cavity wall insulation', 'Floor insulation', 'Solar water heating']);
    expect(box('Loft insulation')).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Custom plan name' })).toBeDisabled();

    await user.click(screen.getByRole('switch', { name: 'Add a custom plan of your own' }));
    expect(screen.getByRole('textbox', { name: 'Custom plan name' })).toHaveValue('Your assessor’s plan');
    await user.click(box('Loft insulation'));
    await user.click(box('Floor insulation'));
    expect(box('Cavity wall insulation')).toBeDisabled();
    expect(box('Solar water heating')).toBeDisabled();
    expect(within(picker).getByRole('status')).toHaveTextContent('A custom plan can have at most 2 measures');

    await user.click(box('Loft insulation'));
    expect(box('Cavity wall insulation')).toBeEnabled();
    await user.click(box('Cavity wall insulation'));
    const custom = screen.getByRole('heading', { name: 'Custom plan' }).closest('section')!;
    expect(epcAfter(custom)).toEqual(['D 58', 'D 61']);

    await user.click(screen.getByRole('switch', { name: 'Add a custom plan of your own' }));
    expect(box('Cavity wall insulation')).toBeDisabled();
  });

  it('warns past 40 lines of remarks and blocks finalising at 50', async () => {
    finaliseServer();
    const { user } = openFinalise(7);
    const remarks = await screen.findByRole('textbox', { name: 'Your remarks for the owner' });
    await user.click(remarks);
    await user.paste(Array.from({ length: 40 }, (_, i) => `Remark ${i + 1}`).join('\n'));
    expect(screen.queryByText('You are approaching the length limit')).not.toBeInTheDocument();

    await user.paste('\nRemark 41');
    expect(screen.getByText('You are approaching the length limit')).toBeInTheDocument();
    expect(finaliseButton()).toBeEnabled();

    // A line longer than 72 characters counts as two.
    await user.paste(`\n${'x'.repeat(73)}`);
    await user.paste(Array.from({ length: 7 }, () => '\nMore').join(''));
    expect(screen.getByText('You are over the length limit')).toBeInTheDocument();
    expect(screen.queryByText('You are approaching the length limit')).not.toBeInTheDocument();
    expect(finaliseButton()).toBeDisabled();

    await user.type(remarks, '{Backspace}'.repeat(5));
    await waitFor(() => expect(finaliseButton()).toBeEnabled());
    expect(screen.getByText('You are approaching the length limit')).toBeInTheDocument();
  });
});
