import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { finaliseServer } from './fixtures';
import { openFinalise, openFinaliseInTab } from './render-finalise';

afterEach(() => jest.restoreAllMocks());

/** An assessor's afternoon: corrects a measure, leaves out a plan, builds a custom plan and writes remarks. */
async function finishTheWork(user: UserEvent) {
  const points = await screen.findByRole('textbox', { name: 'EPC points for Loft insulation' });
  await user.clear(points);
  await user.type(points, '5');
  const cost = screen.getByRole('textbox', { name: 'Cost of Floor insulation' });
  await user.clear(cost);
  await user.type(cost, '£900');
  await user.click(screen.getByRole('checkbox', { name: 'Include “Largest cut in CO2” in the report' }));
  await user.click(screen.getByRole('switch', { name: 'Add a custom plan of your own' }));
  const name = screen.getByRole('textbox', { name: 'Custom plan name' });
  await user.clear(name);
  await user.type(name, 'Quick wins');
  const picker = screen.getByRole('group', { name: /Measures in the custom plan/ });
  await user.click(within(picker).getByRole('checkbox', { name: 'Floor insulation' }));
  await user.click(within(picker).getByRole('checkbox', { name: 'Loft insulation' }));
  await user.click(screen.getByRole('textbox', { name: 'Your remarks for the owner' }));
  await user.paste('A sound home.\nStart with the loft.');
}

describe('finalising', () => {
  it('sends the included plans and the custom plan with the corrected measures, then shows the report in the Premium list', async () => {
    const { finalised } = finaliseServer();
    const { user } = openFinalise(7);
    await finishTheWork(user);
    await user.click(screen.getByRole('button', { name: 'Finalise' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Premium Reports' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'We are drawing the Premium report for 7 Elm Street, LS7 1AA; the owner will be emailed their link when it is ready.',
      ),
    ).toHaveAttribute('role', 'status');

    expect(finalised).toHaveLength(1);
    const [sent] = finalised;
    expect(sent.report_id).toBe(7);
    expect(sent.customPlanName).toBe('Quick wins');
    expect(sent.customRemarks).toBe('A sound home.\nStart with the loft.');
    const summary = sent.plan_data.map((p) => ({
      id: p.id,
      name: p.name,
      steps: p.data.measures.map((m) => `${m.code} ${m.epcTotal}${m.epcBand} ${m.eirTotal}${m.eirBand}`),
    }));
    expect(summary).toEqual([
      { id: 'cheapestToC', name: 'Cheapest route to band C', steps: ['A 57D 53E', 'W 63D 60D', 'N 71C 69C'] },
      { id: 'highestEpc', name: 'Highest EPC rating', steps: ['A 57D 53E', 'W 63D 60D', 'G 66D 63D', 'U 68D 67D', 'N 76C 76C'] },
      { id: 'allRecommended', name: 'Everything recommended', steps: ['A 57D 53E', 'W 63D 60D', 'G 66D 63D', 'U 68D 67D', 'N 76C 76C'] },
      { id: 'custom', name: 'Quick wins', steps: ['A 57D 53E', 'G 60D 56D'] },
    ]);
    const custom = sent.plan_data[3];
    expect(custom.collect).toBe('EPC');
    expect(custom.data.measures[0]).toMatchObject({
      name: 'Loft insulation',
      epcIncrease: 5,
      eirIncrease: 5,
      implementationCost: '£100 - £350',
    });
    expect(custom.data.measures[1]).toMatchObject({ name: 'Floor insulation', epcIncrease: 3, implementationCost: '£900' });
  });

  it('sends no custom plan and no custom name when the custom plan is off', async () => {
    const { finalised } = finaliseServer();
    const { user } = openFinalise(7);
    await user.click(await screen.findByRole('button', { name: 'Finalise' }));
    await screen.findByRole('heading', { level: 1, name: 'Premium Reports' });
    expect(finalised[0].plan_data.map((p) => p.id)).toEqual(['cheapestToC', 'highestEpc', 'largestCo2Cut', 'allRecommended']);
    expect(finalised[0].customPlanName).toBe('');
    expect(finalised[0].customRemarks).toBe('');
  });

  it('says nobody was emailed when the server answers that the owner will not be (the assessor bought it)', async () => {
    finaliseServer({ ownerEmailedWhenReady: false });
    const { user } = openFinalise(7);
    await user.click(await screen.findByRole('button', { name: 'Finalise' }));
    await screen.findByRole('heading', { level: 1, name: 'Premium Reports' });
    const note = screen.getByText(/We are drawing the Premium report for 7 Elm Street, LS7 1AA\./);
    expect(note).toHaveAttribute('role', 'status');
    expect(note).toHaveTextContent('the owner was not emailed because you bought it');
    expect(note).not.toHaveTextContent('will be emailed');
  });

  it('says why Finalise waits: a custom plan with no name or no measures, or no plan at all', async () => {
    finaliseServer();
    const { user } = openFinalise(7);
    await user.click(await screen.findByRole('switch', { name: 'Add a custom plan of your own' }));
    await user.clear(screen.getByRole('textbox', { name: 'Custom plan name' }));
    expect(screen.getByRole('button', { name: 'Finalise' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Custom plan name' })).toHaveAccessibleDescription('Give your custom plan a name.');
    expect(screen.getByText('Choose the measures of your custom plan, or switch it off.')).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Add a custom plan of your own' }));
    for (const box of screen.getAllByRole('checkbox', { name: /^Include/ })) await user.click(box);
    expect(screen.getByText('Include at least one plan.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Finalise' })).toBeDisabled();
  });

  it('says the failure with the server’s error beside Finalise and keeps the work on screen', async () => {
    finaliseServer({ finaliseError: 'This report has already been finalised.' });
    const { user } = openFinalise(7);
    await finishTheWork(user);
    await user.click(screen.getByRole('button', { name: 'Finalise' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong, try again or speak to support. This report has already been finalised.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Finalise Premium Report' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your remarks for the owner' })).toHaveValue('A sound home.\nStart with the loft.');
  });

  it('leaves out both plans of a card that stands for two identical ones', async () => {
    const { finalised } = finaliseServer();
    const { user } = openFinalise(7);
    await user.click(
      await screen.findByRole('checkbox', { name: 'Include “Highest EPC rating” and “Everything recommended” in the report' }),
    );
    await user.click(screen.getByRole('button', { name: 'Finalise' }));
    await screen.findByRole('heading', { level: 1, name: 'Premium Reports' });
    expect(finalised[0].plan_data.map((p) => p.id)).toEqual(['cheapestToC', 'largestCo2Cut']);
  });

  it('keeps the work in progress when the tab is closed and opened again, and forgets it once finalised', async () => {
    finaliseServer();
    const first = await openFinaliseInTab(7);
    await finishTheWork(first.user);
    await first.close();

    const again = await openFinaliseInTab(7);
    expect(await screen.findByRole('textbox', { name: 'Your remarks for the owner' })).toHaveValue('A sound home.\nStart with the loft.');
    expect(screen.getByRole('textbox', { name: 'EPC points for Loft insulation' })).toHaveValue('5');
    expect(screen.getByRole('textbox', { name: 'Cost of Floor insulation' })).toHaveValue('£900');
    expect(screen.getByRole('checkbox', { name: 'Include “Largest cut in CO2” in the report' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Add a custom plan of your own' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Custom plan name' })).toHaveValue('Quick wins');
    const picker = screen.getByRole('group', { name: /Measures in the custom plan/ });
    expect(within(picker).getByRole('checkbox', { name: 'Floor insulation' })).toBeChecked();

    await again.user.click(screen.getByRole('button', { name: 'Finalise' }));
    await screen.findByRole('heading', { level: 1, name: 'Premium Reports' });
    await again.close();

    await openFinaliseInTab(7);
    expect(await screen.findByRole('textbox', { name: 'Your remarks for the owner' })).toHaveValue('');
    expect(screen.getByRole('switch', { name: 'Add a custom plan of your own' })).not.toBeChecked();
  });

  it('keeps each report’s draft to itself', async () => {
    finaliseServer();
    const first = await openFinaliseInTab(7);
    await first.user.click(await screen.findByRole('textbox', { name: 'Your remarks for the owner' }));
    await first.user.paste('For number seven.');
    await first.close();

    await openFinaliseInTab(8);
    expect(await screen.findByRole('textbox', { name: 'Your remarks for the owner' })).toHaveValue('');
  });
});
