import { screen, waitFor, within } from '@testing-library/react';
import { PRIORITY_LABELS } from '../../../../src/shared/constants';
import { finaliseServer, reportData } from './fixtures';
import { openFinalise } from './render-finalise';

const POINTS_ERROR = 'Points must be a whole number, e.g. 4 or -2';

const finaliseButton = () => screen.getByRole('button', { name: 'Finalise' });
const card = (name: string) => screen.getByRole('article', { name });
const measuresSection = () => screen.getByRole('heading', { name: 'Measures found in the survey' }).closest('section')!;
/** "D 56": the band and rating after each measure of the survey's table. */
const epcAfter = (scope: HTMLElement) =>
  within(scope)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('[data-label="EPC after"]')?.textContent);
const costSoFar = (scope: HTMLElement) =>
  within(scope)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('[data-label="Cost so far"]')?.textContent);
/** A plan card's steps as read out: "Loft insulation, EPC after: D 56". */
const stepsOf = (scope: HTMLElement) =>
  within(scope)
    .getAllByRole('listitem')
    .map((li) => li.textContent);
/** A plan card's summary: what it reaches and costs. */
function summaryOf(scope: HTMLElement): Record<string, string | null> {
  const terms = within(scope).getAllByRole('term');
  return Object.fromEntries(terms.map((term) => [term.textContent, term.nextElementSibling!.textContent]));
}

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

  it('shows the report and the owner’s priority first, then the starting ratings and the measures by name with the totals after each', async () => {
    const { loads } = finaliseServer();
    openFinalise(7);
    expect(await screen.findByText('7 Elm Street, LS7 1AA')).toBeInTheDocument();
    expect(loads).toEqual([7]);
    expect(screen.getByRole('heading', { level: 1, name: 'Finalise Premium Report' })).toBeInTheDocument();
    const priority = screen.getByRole('note', { name: "The owner's priority" });
    expect(priority).toHaveTextContent(`The owner's priority: ${PRIORITY_LABELS.getToC} — “Cheapest route to band C” answers it.`);
    // Before the measures and the plans in the page's order.
    expect(priority.compareDocumentPosition(measuresSection()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const table = measuresSection();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Measure', 'Cost', 'EPC points', 'EIR points', 'Cost so far', 'EPC after', 'EIR after']);
    const measureRows = within(table).getAllByRole('row').slice(1);
    expect(measureRows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Loft insulation',
      'Cavity wall insulation',
      'Floor insulation',
      'Solar water heating',
      'Solar photovoltaic panels',
    ]);
    // The register's codes mean nothing to an assessor: no cell shows one.
    expect(within(table).queryByRole('cell', { name: 'A' })).not.toBeInTheDocument();
    expect(within(measureRows[0]).getByRole('textbox', { name: 'Cost of Loft insulation' })).toHaveValue('£100 - £350');
    expect(within(measureRows[0]).getByRole('textbox', { name: 'EPC points for Loft insulation' })).toHaveValue('4');
    expect(within(measureRows[0]).getByRole('textbox', { name: 'EIR points for Loft insulation' })).toHaveValue('5');
    expect(epcAfter(table)).toEqual(['D 56', 'D 62', 'D 65', 'D 67', 'C 75']);
    expect(costSoFar(table)).toEqual(['£100 – £350', '£600 – £1,850', '£1,400 – £3,050', '£5,400 – £9,050', '£8,900 – £14,550']);
  });

  it('leads with the plan the owner’s priority picks and shows identical plans as one card naming both', async () => {
    finaliseServer();
    openFinalise(7);
    await screen.findByText('7 Elm Street, LS7 1AA');
    const plans = screen.getAllByRole('article');
    expect(plans.map((p) => within(p).getByRole('heading').textContent)).toEqual([
      'Cheapest route to band C',
      'Highest EPC rating and Everything recommended',
      'Largest cut in CO2',
      'Custom plan',
    ]);
    expect(plans[0]).toHaveTextContent("Answers the owner's priority");
    expect(plans.slice(1).some((p) => p.textContent?.includes('Answers the owner'))).toBe(false);

    expect(summaryOf(plans[0])).toEqual({ 'EPC after': 'C 70', 'EIR after': 'C 69', Cost: '£4,100 – £7,350' });
    expect(stepsOf(plans[0])).toEqual([
      'Loft insulation, EPC after: D 56',
      'Cavity wall insulation, EPC after: D 62',
      'Solar photovoltaic panels, EPC after: C 70',
    ]);
    expect(summaryOf(plans[1])).toEqual({ 'EPC after': 'C 75', 'EIR after': 'C 76', Cost: '£8,900 – £14,550' });
    // The CO2 plan's own order: the panels first.
    expect(stepsOf(plans[2])[0]).toBe('Solar photovoltaic panels, EPC after: D 60');
    expect(summaryOf(plans[2])).toEqual({ 'EPC after': 'C 70', 'EIR after': 'C 69', Cost: '£4,100 – £7,350' });
    expect(
      within(plans[1]).getByRole('checkbox', { name: 'Include “Highest EPC rating” and “Everything recommended” in the report' }),
    ).toBeChecked();
    for (const p of plans.slice(0, 3)) expect(within(p).getByRole('checkbox', { name: /^Include/ })).toBeChecked();
  });

  it('leaves the plans in the server’s order when the assessor bought the report, and says there is no owner’s priority', async () => {
    finaliseServer({ data: reportData({ priority: null }) });
    openFinalise(7);
    await screen.findByText('7 Elm Street, LS7 1AA');
    expect(screen.getAllByRole('article').map((p) => within(p).getByRole('heading').textContent)[0]).toBe(
      'Highest EPC rating and Everything recommended',
    );
    expect(screen.getByRole('note', { name: "The owner's priority" })).toHaveTextContent(
      "No owner's priority: you bought this report, so the plans are in their usual order.",
    );
    expect(screen.queryByText(/Answers the owner/)).not.toBeInTheDocument();
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
    expect(stepsOf(card('Cheapest route to band C')).map((step) => step?.slice(-4))).toEqual(['D 59', 'D 65', 'C 73']);
    expect(summaryOf(card('Cheapest route to band C'))['EPC after']).toBe('C 73');
  });

  it('adds up the costs again as the assessor changes one, in the table and in every plan', async () => {
    finaliseServer();
    const { user } = openFinalise(7);
    const cost = await screen.findByRole('textbox', { name: 'Cost of Cavity wall insulation' });
    await user.clear(cost);
    await user.type(cost, '£2,000');
    expect(costSoFar(measuresSection()).slice(0, 2)).toEqual(['£100 – £350', '£2,100 – £2,350']);
    expect(summaryOf(card('Cheapest route to band C')).Cost).toBe('£5,600 – £7,850');
    expect(summaryOf(card('Largest cut in CO2')).Cost).toBe('£5,600 – £7,850');
  });

  it('says a cost is not known once a step’s cost is words rather than an amount', async () => {
    finaliseServer();
    const { user } = openFinalise(7);
    const cost = await screen.findByRole('textbox', { name: 'Cost of Cavity wall insulation' });
    await user.clear(cost);
    await user.type(cost, 'Ask the installer');
    expect(costSoFar(measuresSection())).toEqual(['£100 – £350', 'Not known yet', 'Not known yet', 'Not known yet', 'Not known yet']);
    expect(summaryOf(card('Cheapest route to band C')).Cost).toBe('Not known yet');
  });

  it('reads a cost typed as a bare figure or with a hyphen in the one money format, leaving the field as typed', async () => {
    finaliseServer();
    const { user } = openFinalise(7);
    const cavity = await screen.findByRole('textbox', { name: 'Cost of Cavity wall insulation' });
    await user.clear(cavity);
    await user.type(cavity, '2000');
    const loft = screen.getByRole('textbox', { name: 'Cost of Loft insulation' });
    await user.clear(loft);
    await user.type(loft, '80-120');
    expect(cavity).toHaveValue('2000');
    expect(costSoFar(measuresSection()).slice(0, 2)).toEqual(['£80 – £120', '£2,080 – £2,120']);
    expect(summaryOf(card('Cheapest route to band C')).Cost).toBe('£5,580 – £7,620');
  });

  it('keeps the custom plan’s picker disabled until it is on, stops at its limit, and adds up its cost and ratings as measures are picked', async () => {
    finaliseServer();
    const { user } = openFinalise(7);
    const picker = await screen.findByRole('group', { name: 'Measures in the custom plan (up to 2)' });
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
    const custom = card('Custom plan');
    expect(summaryOf(custom)).toEqual({ 'EPC after': 'D 56', 'EIR after': 'E 53', Cost: '£100 – £350' });
    await user.click(box('Floor insulation'));
    expect(box('Cavity wall insulation')).toBeDisabled();
    expect(box('Solar water heating')).toBeDisabled();
    expect(within(picker).getByRole('status')).toHaveTextContent('At most 2 measures; untick one to choose another.');

    await user.click(box('Loft insulation'));
    expect(box('Cavity wall insulation')).toBeEnabled();
    await user.click(box('Cavity wall insulation'));
    // In the survey's order: cavity walls, then the floor.
    expect(summaryOf(custom)).toEqual({ 'EPC after': 'D 61', 'EIR after': 'D 58', Cost: '£1,300 – £2,700' });
    expect(custom).not.toHaveTextContent('Not known');

    await user.click(screen.getByRole('switch', { name: 'Add a custom plan of your own' }));
    expect(box('Cavity wall insulation')).toBeDisabled();
    expect(within(custom).queryByRole('term')).not.toBeInTheDocument();
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

describe('finalise screen: on a phone', () => {
  /** A phone-wide window, as the browser's media query reports it. */
  beforeEach(() => {
    window.matchMedia = (query: string) =>
      ({
        matches: query === '(max-width: 640px)',
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList;
  });
  afterEach(() => {
    delete (window as { matchMedia?: unknown }).matchMedia;
  });

  it('shows the plans as tabs, one at a time, reached by click or arrow keys', async () => {
    finaliseServer();
    const { user } = openFinalise(7);
    const tablist = await screen.findByRole('tablist', { name: 'Plans' });
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Cheapest route to band C',
      'Highest EPC rating and Everything recommended',
      'Largest cut in CO2',
      'Custom plan',
    ]);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Cheapest route to band C');

    await user.click(tabs[3]);
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Custom plan');
    expect(screen.getByRole('switch', { name: 'Add a custom plan of your own' })).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(tabs[0]).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Cheapest route to band C');
    await user.keyboard('{End}');
    expect(tabs[3]).toHaveAttribute('aria-selected', 'true');
  });
});
