import { File as NodeFile } from 'node:buffer';
import { http, HttpResponse } from 'msw';
import { API_ORIGIN } from '../../../../src/client/lib/api';
import { displayVars, gettingStarted, getUserSettings } from '../../../../src/shared/api/account';
import { createReport } from '../../../../src/shared/api/reports';
import { upload, uploadFollowup } from '../../../../src/shared/api/uploads';
import { getBrandings, type Branding } from '../../../../src/shared/api/brandings';
import type { Failure, RequestOf, ResponseOf } from '../../../../src/shared/api/define';
import { answer, server } from '../../helpers/msw';
import { displayVarsOf } from '../../helpers/session';
import { reportsCalls } from '../reports/fixtures';

/** A door a handler waits at until the test opens it, to see the states in between. */
export function gate() {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

export const BRANDINGS: Branding[] = [
  { id: 'EPCplus', company_name: 'EPCplus', colour: '#2360b1', image_key: '', image_url: false, ro: true },
  {
    id: 'b-7',
    company_name: 'Acme Energy',
    colour: '#aa3300',
    image_key: 'logo-7',
    image_url: 'https://files.example/logo-7.png',
    ro: false,
  },
];

export const ADDRESSES = [
  { address: '1 Acacia Avenue, Leeds', band: 'C' as const },
  { address: '3 Acacia Avenue, Leeds', band: 'D' as const },
];

export const SHARE_URL = 'http://localhost/s/77/1-acacia-avenue';
export const TEMPLATE = 'Dear customer,\nYour report: (LINK)\nThanks, Ann';

type FollowupAnswer = ResponseOf<typeof uploadFollowup> | { status: number; body: Failure };

interface Options {
  scheme?: string;
  credits?: number;
  /** Whether the server has card payment set up (display vars card_payments); yes by default. */
  cardPayments?: boolean;
  followup?: (body: RequestOf<typeof uploadFollowup>) => FollowupAnswer;
  put?: () => Response | undefined;
  putGate?: ReturnType<typeof gate>;
  followupGate?: ReturnType<typeof gate>;
  create?: () => ResponseOf<typeof createReport> | { status: number; body: Failure };
}

/** The server side of the wizard, recording what the page sent. */
export function wizardServer(options: Options = {}) {
  const sent = {
    uploads: 0,
    puts: [] as { url: string; contentType: string | null; bytes: number }[],
    followups: [] as RequestOf<typeof uploadFollowup>[],
    created: [] as RequestOf<typeof createReport>[],
  };
  const defaultFollowup = (body: RequestOf<typeof uploadFollowup>): FollowupAnswer => ({
    success: true,
    message: body.which_one === 'A' ? 'Survey of 1 Acacia Avenue, LS1 4AB read' : 'RdSAP survey matches',
    ...(body.which_one === 'A' ? { ctax: { addresses: ADDRESSES } } : {}),
  });
  server.use(
    answer(displayVars, () =>
      displayVarsOf({ scheme: options.scheme ?? 'stroma', pcc: options.credits ?? 2, card_payments: options.cardPayments ?? true }),
    ),
    answer(gettingStarted, () => ({
      success: true as const,
      current_premium_price_pence: 4500,
      current_upgrade_referral_pence: 1250,
      current_recommended_premium_sell_pence: 9900,
    })),
    reportsCalls().handler,
    answer(upload, () => {
      sent.uploads += 1;
      return { success: true as const, upload_to: `/api/uploads/token-${sent.uploads}`, filename: `stored-${sent.uploads}.xml` };
    }),
    http.put(`${API_ORIGIN}/api/uploads/:token`, async ({ request }) => {
      const bytes = (await request.arrayBuffer()).byteLength;
      sent.puts.push({ url: request.url, contentType: request.headers.get('content-type'), bytes });
      await options.putGate?.wait;
      return options.put?.() ?? HttpResponse.json({ success: true });
    }),
    answer(uploadFollowup, async ({ body }) => {
      sent.followups.push(body);
      await options.followupGate?.wait;
      return (options.followup ?? defaultFollowup)(body);
    }),
    answer(getBrandings, () => ({ success: true as const, brandings: BRANDINGS })),
    answer(getUserSettings, () => ({ success: true as const, settings: { email_template: TEMPLATE } })),
    answer(createReport, ({ body }) => {
      sent.created.push(body);
      return options.create?.() ?? { success: true as const, report_id: 77, share_url: SHARE_URL };
    }),
  );
  return sent;
}

/**
 * A survey file as the user picks it. Node's File rather than jsdom's: msw hands the XHR body to
 * Node's Request, which reads Node's Blobs only (a jsdom File would arrive as '[object File]').
 */
export const xmlFile = (name = 'survey.xml') =>
  new NodeFile(['<RdSAP-Report>…</RdSAP-Report>'], name, { type: 'text/xml' }) as unknown as File;
