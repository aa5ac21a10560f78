import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import type { ReactElement } from 'react';
import { http, HttpResponse } from 'msw';
import * as access from '../../../src/shared/api/access';
import * as sharing from '../../../src/shared/api/sharing';
import type { z } from 'zod';
import { SharedApp } from '../../../src/client/shared-link/shared-app';
import { setupSharedStore } from '../../../src/client/shared-link/store';
import { AMPLITUDE_HTTP_API, resetAnalytics } from '../../../src/client/shared-link/analytics';
import { answer, fail, server } from '../helpers/msw';

export const REPORT_PATH = '12/Abcdefghijklmnop1234';

export const ASSESSOR: sharing.AssessorCard = {
  company_name: 'Warm Homes Ltd',
  colour: '#7b1fa2',
  name: 'Alex Assessor',
  phone: '01234 567890',
  email: 'alex@warmhomes.example',
};

export const report = (over: Partial<z.input<typeof sharing.sharedReport.response>> = {}) => ({
  success: true as const,
  tracking_id: 'track-0042',
  doRedirect: false,
  pdfUrl: 'https://files.example.test/report-12.pdf',
  report_name: '1 High Street, AB1 2CD',
  short_title: '1 High Street',
  company_name: 'Warm Homes Ltd',
  report_mode: 'free' as const,
  premium_purchased: false,
  premium_on_offer: true,
  assessor: ASSESSOR,
  current_epc: 62,
  potential_epc: 83,
  booking_calendar: true,
  ...over,
});

/** Handlers every shared page needs; `sent` collects each call's body by path, in order. */
export function sharedHandlers(
  options: { report?: ReturnType<typeof report> | 'missing' | { missing: sharing.AssessorCard }; analyticsKey?: string | null } = {},
) {
  const sent: Record<string, unknown[]> = {};
  const note = (path: string, body: unknown) => (sent[path] ??= []).push(body);
  const key = options.analyticsKey ?? null;
  server.use(
    answer(access.amplitude, () => ({ success: true as const, enabled: Boolean(key), apiKey: key })),
    answer(sharing.sharedReport, ({ body }) => {
      note('sharedreport', body);
      const r = options.report ?? report();
      if (r === 'missing') return fail(404, 'This link is invalid or has expired.');
      // A real id: the server names whom to ask for a new link.
      if ('missing' in r)
        return {
          status: 404,
          body: sharing.sharedReportNotFound.parse({ ...fail(404, 'This link is invalid or has expired.').body, assessor: r.missing }),
        };
      return r;
    }),
    http.post(AMPLITUDE_HTTP_API, async ({ request }) => {
      note('amplitude', await request.json());
      return HttpResponse.json({ code: 200 });
    }),
  );
  return sent;
}

/** The shared-link app as a phone opens it at an address: its own store (or the one given), no router. */
export function renderShared(path: string, ui: ReactElement = <SharedApp />, store = setupSharedStore()) {
  resetAnalytics();
  window.history.replaceState(null, '', path);
  window.scrollTo = () => undefined;
  const user = userEvent.setup();
  return { store, user, ...render(<Provider store={store}>{ui}</Provider>) };
}
