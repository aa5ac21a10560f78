import { agentEarnings, type EarningEntry } from '../../../../src/shared/api/earnings';
import type { ResponseOf } from '../../../../src/shared/api/define';
import { addMonths, londonMonthOf, londonMonthStart } from '../../../../src/shared/rules/london-month';
import { answer, fail } from '../../helpers/msw';

export type Earnings = ResponseOf<typeof agentEarnings>;

export const THIS_MONTH = londonMonthOf(Date.now());
export const LAST_MONTH = addMonths(THIS_MONTH, -1);
export const FOUR_MONTHS_AGO = addMonths(THIS_MONTH, -4);
/** Earned more than a year ago: in the breakdown, not in the chart. */
export const LAST_YEAR = addMonths(THIS_MONTH, -14);

/** An instant in a month, in epoch seconds as the server sends it: `day` days and `hour` hours (UK) after it begins. */
export const timeIn = (month: string, day: number, hour = 10) =>
  Math.floor((londonMonthStart(month) + (day * 24 + hour) * 3600_000) / 1000);

export const entry = (month: string, day: number, overrides: Partial<EarningEntry> = {}): EarningEntry => ({
  amount_pence: 2500,
  assessor_ref: 'RRN-0001',
  time: timeIn(month, day),
  address: '1 High Street, AB1 2CD',
  ...overrides,
});

/**
 * An assessor who has earned in four months: this month (owed, two fees), last month (paid), four
 * months ago (paid, a fee and its refund in the month after carried here) and one over a year ago.
 */
export function earningsOf(): Earnings {
  return {
    success: true,
    lifetime_earnings_pence: 12500,
    lifetime_reports: 5,
    current_premium_price_pence: 14900,
    current_upgrade_referral_pence: 2500,
    monthly_breakdown: [
      {
        month: THIS_MONTH,
        total_pence: 2500,
        payment_status: 'Unpaid',
        entries: [
          entry(LAST_MONTH, 20, { amount_pence: -2500, address: '7 Refund Road, AB1 2CD', carried_from: LAST_MONTH }),
          entry(THIS_MONTH, 0, { address: '=SUM(A1), "The Gables"', assessor_ref: 'RRN-0002' }),
          entry(THIS_MONTH, 1, { address: '3 Mill Lane, AB1 2CD', assessor_ref: 'RRN-0003' }),
        ],
      },
      {
        month: LAST_MONTH,
        total_pence: 5000,
        payment_status: 'Paid',
        entries: [entry(LAST_MONTH, 2, { address: '7 Refund Road, AB1 2CD' }), entry(LAST_MONTH, 5, { address: '8 Oak Avenue, AB1 2CD' })],
      },
      { month: FOUR_MONTHS_AGO, total_pence: 2500, payment_status: 'Paid', entries: [entry(FOUR_MONTHS_AGO, 10)] },
      { month: LAST_YEAR, total_pence: 2500, payment_status: 'Paid', entries: [entry(LAST_YEAR, 3)] },
    ],
  };
}

export const nothingEarned = (overrides: Partial<Earnings> = {}): Earnings => ({
  success: true,
  lifetime_earnings_pence: 0,
  lifetime_reports: 0,
  current_premium_price_pence: 14900,
  current_upgrade_referral_pence: 2500,
  monthly_breakdown: [],
  ...overrides,
});

/** The server's agentearnings: answers what `state.earnings` holds at the moment of the call, and counts the calls. */
export function earningsServer(initial: Earnings | 'down' = earningsOf()) {
  const state = { earnings: initial, loads: 0 };
  const handler = answer(agentEarnings, () => {
    state.loads += 1;
    return state.earnings === 'down' ? fail(500, 'Database unavailable') : state.earnings;
  });
  return { state, handler };
}
