import { PRODUCT_NAME } from '../../shared/constants';
import { formatMoney } from '../../shared/money';
import { monthName } from '../../shared/rules/london-month';
import type { OutgoingEmail } from '../platform/email/mailer';

/** Tells an assessor a month of referral fees has been paid, and where each fee is listed. */
export function payoutNotice(
  payout: { to: string; month: string; amountPence: number; carriedPence: number },
  publicUrl: string,
): OutgoingEmail {
  const carried = payout.carriedPence !== 0 ? ` This includes ${formatMoney(payout.carriedPence)} carried from earlier months.` : '';
  return {
    to: payout.to,
    subject: `Your ${PRODUCT_NAME} referral fees for ${monthName(payout.month)} have been paid`,
    text: [
      `We have paid you ${formatMoney(payout.amountPence)}: your referral fees for ${monthName(payout.month)}.${carried}`,
      '',
      'Each fee, and the report it was earned on, is in My Earnings:',
      `${publicUrl}/earnings`,
      '',
      `Thank you for sharing your reports. ${PRODUCT_NAME}`,
    ].join('\n'),
  };
}
