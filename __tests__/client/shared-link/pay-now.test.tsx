import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import * as booking from '../../../src/shared/api/booking';
import { DEFAULT_VOUCHER_CODE, SUPPORT_EMAIL } from '../../../src/shared/constants';
import { answer, fail, server } from '../helpers/msw';
import { REPORT_PATH, renderShared, report, sharedHandlers } from './render-shared';

type Checkout = Parameters<Parameters<typeof answer<typeof booking.acuityCheckout>>[1]>[0]['body'];

const checkoutAnswer = (
  over: Partial<{ showCalendar: boolean; showHouseTooBig: boolean; voucherMessage: string; voucherValid: boolean }> = {},
) => ({
  success: true as const,
  showCalendar: true,
  acuityOwner: 'owner-77',
  acuityAppointment: 'appt-45',
  acuityCalendar: 'cal-9',
  voucherMessage: 'SAVE-100 takes £100 off your visit',
  voucherValid: true,
  showHouseTooBig: false,
  ...over,
});

/** The booking page, with the checkout answered by `respond` and each checkout body kept. */
function openBooking(
  respond: (body: Checkout) => ReturnType<typeof checkoutAnswer> | ReturnType<typeof fail> = () => checkoutAnswer(),
  analyticsKey: string | null = null,
) {
  const sent = sharedHandlers({ report: report({ report_mode: 'questionnaire-free' }), analyticsKey });
  const checkouts: Checkout[] = [];
  server.use(
    answer(booking.acuityCheckout, ({ body }) => {
      checkouts.push(body);
      return respond(body);
    }),
  );
  return { sent, checkouts, ...renderShared(`/s/${REPORT_PATH}/paynow`) };
}

describe('pay-now', () => {
  it('does not leave for the PDF even when the report is flagged to redirect', async () => {
    const sent = sharedHandlers({ report: report({ doRedirect: true, report_mode: 'questionnaire-free' }) });
    renderShared(`/s/${REPORT_PATH}/paynow`);
    expect(await screen.findByRole('heading', { name: 'Book a visit to update your EPC' })).toBeInTheDocument();
    expect(sent.sharedreport).toEqual([{ report_path: REPORT_PATH, initial_mode: 'paynow' }]);
  });

  it('is the card form, headed as a purchase, only where the Premium can be bought online', async () => {
    sharedHandlers();
    renderShared(`/s/${REPORT_PATH}/paynow`);
    expect(await screen.findByRole('heading', { name: 'Buy your Premium Report' })).toBeInTheDocument();
  });

  it('is the visit, not a purchase, for a home with nothing to improve, even with card payment on', async () => {
    sharedHandlers({ report: report({ premium_on_offer: false }) });
    renderShared(`/s/${REPORT_PATH}/paynow`);
    expect(await screen.findByRole('heading', { name: 'Book a visit to update your EPC' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Premium/ })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '1-3 Beds' })).toBeInTheDocument();
  });
});

describe('appointment booking (questionnaire-free)', () => {
  it('offers the three sizes; a choice shows the voucher field with SAVE-100 and its confirmation, not in error red', async () => {
    const { user, checkouts } = openBooking();
    for (const size of ['1-3 Beds', '4-5 Beds', '6+ Beds']) expect(await screen.findByRole('button', { name: size })).toBeInTheDocument();
    expect(screen.queryByLabelText('Discount code')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '4-5 Beds' }));
    expect(screen.getByRole('button', { name: '4-5 Beds' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Discount code')).toHaveValue(DEFAULT_VOUCHER_CODE);
    const message = await screen.findByText('SAVE-100 takes £100 off your visit');
    expect(message).toHaveClass('shared-confirmation');
    expect(message).not.toHaveClass('shared-error');
    expect(checkouts).toEqual([{ voucherCode: 'SAVE-100', appointmentType: '4-5', report_path: REPORT_PATH }]);
  });

  it('shows the 1000 px calendar whose address carries the scheduling ids, the report name and the encoded path', async () => {
    const { user } = openBooking();
    await user.click(await screen.findByRole('button', { name: '1-3 Beds' }));
    const frame = await screen.findByTitle('Book your visit');
    expect(frame).toHaveAttribute('height', '1000');
    const src = new URL(frame.getAttribute('src')!);
    expect(src.origin + src.pathname).toBe('https://app.acuityscheduling.com/schedule.php');
    expect(src.searchParams.get('owner')).toBe('owner-77');
    expect(src.searchParams.get('appointmentType')).toBe('appt-45');
    expect(src.searchParams.get('calendarID')).toBe('cal-9');
    expect(src.searchParams.get('report_name')).toBe('1 High Street, AB1 2CD');
    expect(frame.getAttribute('src')).toContain(`report_path=${encodeURIComponent(REPORT_PATH)}`);
  });

  it('hides the calendar when the server does not allow it or the call fails', async () => {
    let ok = false;
    const { user } = openBooking(() => (ok ? checkoutAnswer({ showCalendar: false }) : fail(400, 'Unknown report link')));
    await user.click(await screen.findByRole('button', { name: '1-3 Beds' }));
    await waitFor(() => expect(screen.getByLabelText('Discount code')).toBeInTheDocument());
    expect(screen.queryByTitle('Book your visit')).not.toBeInTheDocument();
    ok = true;
    await user.click(screen.getByRole('button', { name: '4-5 Beds' }));
    await screen.findByText('SAVE-100 takes £100 off your visit');
    expect(screen.queryByTitle('Book your visit')).not.toBeInTheDocument();
    // No dead end: a size without a calendar says how to arrange the visit.
    expect(screen.getByRole('heading', { name: 'Arrange your visit with Warm Homes Ltd' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '01234 567890' })).toHaveAttribute('href', 'tel:01234567890');
  });

  it("offers no sizes when no calendar is set up at all: the assessor's contact instead, and a way back", async () => {
    sharedHandlers({ report: report({ report_mode: 'questionnaire-free', booking_calendar: false }) });
    const { user } = renderShared(`/s/${REPORT_PATH}/paynow`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Arrange a visit to update your EPC' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Arrange your visit with Warm Homes Ltd' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Beds/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'alex@warmhomes.example' })).toHaveAttribute('href', 'mailto:alex@warmhomes.example');
    expect(screen.getByText('Alex Assessor')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: '← Back to your free report' }));
    expect(window.location.pathname).toBe(`/s/${REPORT_PATH}`);
    expect(await screen.findByRole('heading', { name: 'Your Free Report Is Ready!' })).toBeInTheDocument();
  });

  it('invites an email to support for a special quote when the house is too big', async () => {
    const { user } = openBooking(() => checkoutAnswer({ showHouseTooBig: true, showCalendar: false }));
    await user.click(await screen.findByRole('button', { name: '6+ Beds' }));
    expect(await screen.findByText(/special quote/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
    expect(screen.queryByTitle('Book your visit')).not.toBeInTheDocument();
  });

  it('clears the message as the code changes and asks again only 400 ms after it stops changing', async () => {
    const { user, checkouts, store } = openBooking((body) =>
      body.voucherCode === 'HALF'
        ? checkoutAnswer({ voucherMessage: 'That discount code is not valid.', voucherValid: false })
        : checkoutAnswer(),
    );
    // A call starts synchronously in the store, where msw sees it only once real time runs again; the
    // store's subscribers hear of it late (RTK batches their notices), so its state is read directly.
    const started = new Set<string>();
    const callsStarted = () => {
      for (const [id, m] of Object.entries(store.getState().api.mutations)) if (m?.endpointName === 'acuityCheckout') started.add(id);
      return started.size;
    };
    await user.click(await screen.findByRole('button', { name: '1-3 Beds' }));
    await screen.findByText('SAVE-100 takes £100 off your visit');
    expect(callsStarted()).toBe(1);
    jest.useFakeTimers();
    try {
      const field = screen.getByLabelText('Discount code');
      for (const code of ['H', 'HA', 'HAL', 'HALF']) {
        fireEvent.change(field, { target: { value: code } });
        act(() => jest.advanceTimersByTime(300));
      }
      expect(screen.queryByText('SAVE-100 takes £100 off your visit')).not.toBeInTheDocument();
      act(() => jest.advanceTimersByTime(99));
      expect(callsStarted()).toBe(1);
      act(() => jest.advanceTimersByTime(1));
      expect(callsStarted()).toBe(2);
    } finally {
      jest.useRealTimers();
    }
    await waitFor(() => expect(checkouts).toHaveLength(2));
    expect(checkouts[1]).toEqual({ voucherCode: 'HALF', appointmentType: '1-3', report_path: REPORT_PATH });
    // A code that does not apply is the one message shown in error red.
    expect(await screen.findByText('That discount code is not valid.')).toHaveClass('shared-error');
  });

  it("sends 'Property Size Selected' with the tracking id as user when analytics is configured", async () => {
    const { user, sent } = openBooking(undefined, 'amp-key-1');
    await user.click(await screen.findByRole('button', { name: '6+ Beds' }));
    await waitFor(() => expect(sent.amplitude).toHaveLength(1));
    expect(sent.amplitude[0]).toMatchObject({
      api_key: 'amp-key-1',
      events: [{ event_type: 'Property Size Selected', event_properties: { appointmentType: '6+' }, user_id: 'track-0042' }],
    });
  });

  it('sends nothing anywhere when analytics is off', async () => {
    const { user, sent, checkouts } = openBooking();
    await user.click(await screen.findByRole('button', { name: '6+ Beds' }));
    await waitFor(() => expect(checkouts).toHaveLength(1));
    await screen.findByText('SAVE-100 takes £100 off your visit');
    expect(sent.amplitude).toBeUndefined();
  });
});
