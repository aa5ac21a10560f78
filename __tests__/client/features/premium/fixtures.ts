import type { RequestOf, ResponseOf } from '../../../../src/shared/api/define';
import { finalisePremiumReport, pendingList, unprocessedPremiumReport, type Measure } from '../../../../src/shared/api/premium';
import type { ReportListItem } from '../../../../src/shared/api/reports';
import { epcBand } from '../../../../src/shared/epc-bands';
import { PLAN_ID } from '../../../../src/shared/states';
import { answer, fail, server } from '../../helpers/msw';
import { reportItem } from '../reports/fixtures';

type ReportData = ResponseOf<typeof unprocessedPremiumReport>['report_data'];
type Pending = NonNullable<ReportListItem['pending']>;

/** YYYY-MM-DD some days from today in the UK: tests of "overdue" hold whatever day they run. */
export function ukDay(offsetDays: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + offsetDays)).toISOString().slice(0, 10);
}

/** A pending Premium report as the pending list sends it: bought by the owner, due in two days, unless told otherwise. */
export function pendingItem(overrides: Partial<ReportListItem> = {}, pending: Partial<Pending> = {}): ReportListItem {
  return reportItem({
    status: 'Pending',
    premium_report_purchased: true,
    deleteable: false,
    ...overrides,
    pending: {
      bought_by: 'owner',
      buyer_email: 'owner@example.com',
      // 24 November 2026, 09:30 UK time
      purchased_at: 1795512600,
      priority: 'getToC',
      due_date: ukDay(2),
      ...pending,
    },
  });
}

export const pendingOf = (reports: ReportListItem[]): ResponseOf<typeof pendingList> => ({ success: true, reports_list: reports });

/** The survey's measures: from EPC 52 (E) and EIR 48 (E). */
const START = { epc: 52, eir: 48 };
const SURVEY: [code: string, name: string, cost: [low: number, high: number], epc: number, eir: number][] = [
  ['A', 'Loft insulation', [100, 350], 4, 5],
  ['W', 'Cavity wall insulation', [500, 1500], 6, 7],
  ['G', 'Floor insulation', [800, 1200], 3, 3],
  ['U', 'Solar water heating', [4000, 6000], 2, 4],
  ['N', 'Solar photovoltaic panels', [3500, 5500], 8, 9],
];
const pounds = (n: number) => `£${n.toLocaleString('en-GB')}`;
const range = ([low, high]: [number, number]) => `${pounds(low)} - ${pounds(high)}`;

/** Measures in this order, with the totals after each (points and cost so far), as the server sends them. */
export function measuresInOrder(codes: string[]): Measure[] {
  let epc = START.epc;
  let eir = START.eir;
  const cost: [number, number] = [0, 0];
  return codes.map((code) => {
    const [, name, [low, high], epcIncrease, eirIncrease] = SURVEY.find(([c]) => c === code)!;
    epc += epcIncrease;
    eir += eirIncrease;
    cost[0] += low;
    cost[1] += high;
    return {
      code,
      name,
      implementationCost: range([low, high]),
      costTotal: range(cost),
      epcIncrease,
      eirIncrease,
      epcTotal: epc,
      eirTotal: eir,
      epcBand: epcBand(epc),
      eirBand: epcBand(eir),
      image: `/images/measures/${code}.jpg`,
    };
  });
}

/**
 * A pending report's data: the leading plan for the owner's priority (getToC) is deliberately not
 * first in the server's list, so the screen's ordering shows.
 */
export function reportData(overrides: Partial<ReportData> = {}): ReportData {
  return {
    name: '7 Elm Street, LS7 1AA',
    measures: measuresInOrder(['A', 'W', 'G', 'U', 'N']),
    plans: [
      {
        id: PLAN_ID.highestEpc,
        name: 'Highest EPC rating',
        collect: 'EPC',
        data: { measures: measuresInOrder(['A', 'W', 'G', 'U', 'N']) },
      },
      { id: PLAN_ID.largestCo2Cut, name: 'Largest cut in CO2', collect: 'EIR', data: { measures: measuresInOrder(['N', 'W', 'A']) } },
      { id: PLAN_ID.cheapestToC, name: 'Cheapest route to band C', collect: 'EPC', data: { measures: measuresInOrder(['A', 'W', 'N']) } },
      {
        id: PLAN_ID.allRecommended,
        name: 'Everything recommended',
        collect: 'EPC',
        data: { measures: measuresInOrder(['A', 'W', 'G', 'U', 'N']) },
      },
    ],
    epcStart: START.epc,
    eirStart: START.eir,
    customPlanMeasures: ['A', 'W', 'G', 'U'],
    customPlanMeasuresLimit: 2,
    customPlanDefaultName: 'Your assessor’s plan',
    priority: 'getToC',
    letting: null,
    ...overrides,
  };
}

/** The two calls of the finalise screen; what was sent is kept for the test to read. */
export function finaliseServer(
  options: { data?: ReportData; loadError?: string; finaliseError?: string; ownerEmailedWhenReady?: boolean } = {},
) {
  const loads: number[] = [];
  const finalised: RequestOf<typeof finalisePremiumReport>[] = [];
  server.use(
    answer(unprocessedPremiumReport, ({ body }) => {
      loads.push(body.report_id);
      if (options.loadError) return fail(404, options.loadError);
      return { success: true as const, report_data: options.data ?? reportData() };
    }),
    answer(finalisePremiumReport, ({ body }) => {
      finalised.push(body);
      if (options.finaliseError) return fail(400, options.finaliseError);
      // The fixture's report has the owner's priority: the owner bought it, so they are emailed, unless the test says otherwise.
      return { success: true as const, owner_emailed_when_ready: options.ownerEmailedWhenReady ?? true };
    }),
  );
  return { loads, finalised };
}
