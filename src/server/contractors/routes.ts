import * as contractors from '../../shared/api/contractors';
import { figuresOfReport } from '../reports/report-figures';
import type { Deps } from '../deps';
import type { Routes } from '../platform/http/route';
import { codesWithContractors } from './contractors';
import { pickerFor, REQUEST_THANKS, requestQuotes } from './quote-requests';
import { postcodeArea } from '../surveys/epc/postcode';
import { reportForLink } from '../reports/report-links';
import { shortTitleOf } from '../sharing/shared-reports';
import { assessorCardOf } from '../reports/assessor-card';

export const QUOTE_REQUESTS_PER_MINUTE = 20;

export function contractorRoutes(routes: Routes, deps: Deps): void {
  routes.publicCall(
    contractors.contractorsMeasures,
    async ({ body }) => {
      const report = await reportForLink(deps, body.report_path);
      const { survey, measures } = figuresOfReport(report);
      const area = postcodeArea(survey.address.postcode ?? '');
      const covered = await codesWithContractors(deps.db, [...new Set(measures.map((m) => m.code))], area);
      return {
        success: true as const,
        short_title: shortTitleOf(report),
        assessor: await assessorCardOf(deps, report),
        measures: measures.filter((m) => covered.has(m.code)).map((m) => ({ code: m.code, name: m.name, image: m.image })),
      };
    },
    { perMinute: 60 },
  );

  routes.publicCall(
    contractors.contractors,
    async ({ body }) => {
      const { report, measure, shortTitle, contractors } = await pickerFor(deps, body.report_path, body.measure_code);
      return {
        success: true as const,
        measure_name: measure.name,
        short_title: shortTitle,
        contractors,
        assessor: await assessorCardOf(deps, report),
      };
    },
    { perMinute: 60 },
  );

  // Each request emails third parties: kept low so the form cannot be used to spam contractors,
  // yet above what a household behind one mobile-network address sends in a minute.
  routes.publicCall(
    contractors.contractorsRequest,
    async ({ body, request }) => {
      await requestQuotes(deps, body, request.log);
      return { success: true as const, message: REQUEST_THANKS };
    },
    { perMinute: QUOTE_REQUESTS_PER_MINUTE },
  );
}
