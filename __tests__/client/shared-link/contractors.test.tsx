import { screen, waitFor, within } from '@testing-library/react';
import * as contractors from '../../../src/shared/api/contractors';
import { answer, fail, server } from '../helpers/msw';
import { ASSESSOR, REPORT_PATH, renderShared, sharedHandlers } from './render-shared';

const contractor = (key: string, name: string) => ({
  key,
  name,
  url: `https://${key}.example.test`,
  address: '2 Low Road, AB1 3EF',
  email: `${key}@example.test`,
  tel: '01234 567890',
  image: `/contractors/${key}.png`,
  image_mime: 'image/png',
});

/** The contractor calls; `requests` keeps each quote request's body. */
function contractorHandlers(
  requestAnswer: () => { success: true; message: string } | ReturnType<typeof fail> = () => ({ success: true, message: 'Sent' }),
) {
  sharedHandlers();
  const requests: unknown[] = [];
  const lists: unknown[] = [];
  server.use(
    answer(contractors.contractorsMeasures, () => ({
      success: true as const,
      short_title: '1 High Street',
      assessor: ASSESSOR,
      measures: [
        { code: 'loft-insulation', name: 'Loft insulation', image: '/measures/loft.svg' },
        { code: 'heat-pump', name: 'Air source heat pump', image: '/measures/heat-pump.svg' },
      ],
    })),
    answer(contractors.contractors, ({ body }) => {
      lists.push(body);
      return {
        success: true as const,
        measure_name: 'Loft insulation',
        short_title: '1 High Street',
        contractors: [contractor('warmco', 'WarmCo Insulation'), contractor('loftpro', 'LoftPro')],
        assessor: ASSESSOR,
      };
    }),
    answer(contractors.contractorsRequest, ({ body }) => {
      requests.push(body);
      return requestAnswer();
    }),
  );
  return { requests, lists };
}

describe('recommended contractors', () => {
  it('lists the measures with contractors as cards that open the picker in the page', async () => {
    const { lists } = contractorHandlers();
    const { user } = renderShared(`/s/${REPORT_PATH}/c`);
    expect(await screen.findByRole('heading', { name: 'Recommended contractors' })).toBeInTheDocument();
    const card = screen.getByRole('link', { name: 'Air source heat pump' });
    expect(card).toHaveAttribute('href', `/s/${REPORT_PATH}/c/heat-pump`);
    expect(within(card).getByRole('presentation')).toHaveAttribute('src', '/measures/heat-pump.svg');
    await user.click(screen.getByRole('link', { name: 'Loft insulation' }));
    expect(window.location.pathname).toBe(`/s/${REPORT_PATH}/c/loft-insulation`);
    expect(await screen.findByRole('heading', { name: 'Loft insulation' })).toBeInTheDocument();
    expect(lists).toEqual([{ report_path: REPORT_PATH, measure_code: 'loft-insulation', report_mode: 'preliminary' }]);
  });

  it('links back from the picker to the measures', async () => {
    contractorHandlers();
    const { user } = renderShared(`/s/${REPORT_PATH}/c/loft-insulation`);
    await user.click(await screen.findByRole('link', { name: /Back to the recommended improvements/ }));
    expect(await screen.findByRole('heading', { name: 'Recommended contractors' })).toBeInTheDocument();
  });

  it("says 'No contractors selected' in an 'Error' dialog when none is chosen", async () => {
    const { requests } = contractorHandlers();
    const { user } = renderShared(`/s/${REPORT_PATH}/c/loft-insulation`);
    await user.click(await screen.findByRole('button', { name: 'Request quotes' }));
    const dialog = screen.getByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('No contractors selected');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('asks two contractors with the email required and name, phone and newsletter optional, then thanks', async () => {
    const { requests } = contractorHandlers();
    const { user } = renderShared(`/s/${REPORT_PATH}/c/loft-insulation`);
    await user.click(await screen.findByRole('checkbox', { name: /WarmCo Insulation/ }));
    await user.click(screen.getByRole('checkbox', { name: /LoftPro/ }));
    await user.click(screen.getByRole('button', { name: 'Request quotes' }));
    const dialog = screen.getByRole('dialog', { name: 'Your contact details' });
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(within(dialog).getByText('Please enter your email address.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Email'), 'owner@example.test');
    await user.type(within(dialog).getByLabelText('Phone (optional)'), '07700 900123');
    await user.click(within(dialog).getByRole('checkbox', { name: /news/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Thank you, we will be back in touch once we hear from your selected contractors.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests).toEqual([
      {
        report_path: REPORT_PATH,
        measure_code: 'loft-insulation',
        selected_contractors: ['warmco', 'loftpro'],
        email: 'owner@example.test',
        name: '',
        phone: '07700 900123',
        newsletter: true,
        report_mode: 'preliminary',
      },
    ]);
  });

  it("shows a failure in the 'Error' dialog and reopens the details, as typed, after OK", async () => {
    let failing = true;
    const { requests } = contractorHandlers(() =>
      failing ? fail(400, 'One of the contractors no longer covers this area') : { success: true, message: 'Sent' },
    );
    const { user } = renderShared(`/s/${REPORT_PATH}/c/loft-insulation`);
    await user.click(await screen.findByRole('checkbox', { name: /LoftPro/ }));
    await user.click(screen.getByRole('button', { name: 'Request quotes' }));
    await user.type(screen.getByLabelText('Email'), 'owner@example.test');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    const error = await screen.findByRole('dialog', { name: 'Error' });
    expect(error).toHaveTextContent('One of the contractors no longer covers this area');
    await user.click(within(error).getByRole('button', { name: 'OK' }));
    const details = screen.getByRole('dialog', { name: 'Your contact details' });
    expect(within(details).getByLabelText('Email')).toHaveValue('owner@example.test');
    failing = false;
    await user.click(within(details).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(await screen.findByText(/Thank you, we will be back in touch/)).toBeInTheDocument();
  });

  it('asks in premium mode under /s/premium/...', async () => {
    const { lists } = contractorHandlers();
    renderShared(`/s/premium/${REPORT_PATH}/c/loft-insulation`);
    expect(await screen.findByRole('heading', { name: 'Loft insulation' })).toBeInTheDocument();
    expect(lists).toEqual([{ report_path: REPORT_PATH, measure_code: 'loft-insulation', report_mode: 'premium' }]);
  });

  it("shows 'Ooops!' when the report's measures cannot be loaded", async () => {
    sharedHandlers();
    server.use(answer(contractors.contractorsMeasures, () => fail(404, 'Unknown report link')));
    renderShared(`/s/${REPORT_PATH}/c`);
    expect(await screen.findByRole('heading', { name: 'Ooops!' })).toBeInTheDocument();
  });
});
