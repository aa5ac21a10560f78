import { screen, within } from '@testing-library/react';
import * as payments from '../../../src/shared/api/payments';
import { answer, fail, server } from '../helpers/msw';
import { ASSESSOR, REPORT_PATH, renderShared, sharedHandlers } from './render-shared';

const RETURN = '/paymentComplete?payment_intent=pi_123&payment_intent_client_secret=pi_123_secret_456&redirect_status=succeeded';
const PAID = {
  success: true as const,
  data: {
    paid: true,
    short: 'Payment received',
    long: 'Thank you. Your Premium Report for 1 High Street will be with you within 3 working days.',
    report_name: '1 High Street, AB1 2CD',
    email: 'owner@example.com',
  },
};

describe("/paymentComplete in the assessor's brand", () => {
  it("shows the assessor's header, and leads back to the report and to installer quotes", async () => {
    const sent = sharedHandlers();
    server.use(answer(payments.checkPaymentStatus, () => PAID));
    const { user } = renderShared(`${RETURN}&report=${encodeURIComponent(REPORT_PATH)}`);
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeInTheDocument();
    const header = await screen.findByRole('banner');
    await within(header).findByText('Warm Homes Ltd');
    expect(header.style.getPropertyValue('--assessor-colour')).toBe(ASSESSOR.colour);
    expect(await screen.findByRole('link', { name: 'Get installer quotes' })).toHaveAttribute('href', `/s/${REPORT_PATH}/c`);
    expect(screen.getByRole('link', { name: '← Back to your report' })).toHaveAttribute('href', `/s/${REPORT_PATH}`);

    await user.click(screen.getByRole('link', { name: '← Back to your report' }));
    expect(await screen.findByRole('heading', { name: 'Your Free Report Is Ready!' })).toBeInTheDocument();
    // The report the page already had: going back asks the server nothing more.
    expect(sent.sharedreport).toHaveLength(1);
  });

  it("keeps the assessor's header when the payment cannot be checked", async () => {
    sharedHandlers();
    server.use(answer(payments.checkPaymentStatus, () => fail(404, 'That payment was not found.')));
    renderShared(`${RETURN}&report=${encodeURIComponent(REPORT_PATH)}`);
    await screen.findByRole('heading', { name: 'Problem checking your payment' });
    await within(screen.getByRole('banner')).findByText('Warm Homes Ltd');
    expect(await screen.findByRole('link', { name: 'Get installer quotes' })).toBeInTheDocument();
  });

  it('offers no installer quotes when the report named in the address is gone', async () => {
    sharedHandlers({ report: 'missing' });
    server.use(answer(payments.checkPaymentStatus, () => PAID));
    renderShared(`${RETURN}&report=${encodeURIComponent(REPORT_PATH)}`);
    await screen.findByRole('heading', { name: 'Payment received' });
    expect(screen.getByRole('link', { name: '← Back to your report' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Get installer quotes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });
});
