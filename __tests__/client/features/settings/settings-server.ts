import { File as NodeFile } from 'node:buffer';
import { http, HttpResponse } from 'msw';
import { API_ORIGIN } from '../../../../src/client/lib/api';
import type { PushSocket, SocketFactory } from '../../../../src/client/app/socket';
import type { Failure, RequestOf, ResponseOf } from '../../../../src/shared/api/define';
import { upload, uploadFollowup } from '../../../../src/shared/api/uploads';
import { getBrandings, saveBranding, type Branding } from '../../../../src/shared/api/brandings';
import { getUserSettings, saveUserSettings } from '../../../../src/shared/api/account';
import { answer, server } from '../../helpers/msw';

type Failed = { status: number; body: Failure };

export const DEFAULT_BRANDING: Branding = {
  id: 'EPCplus',
  company_name: 'EPCplus',
  colour: '#2360b1',
  image_key: '',
  image_url: false,
  ro: true,
};

/** A branding factory: the user's own, editable, without a logo unless given one. */
export const brandingOf = (overrides: Partial<Branding> & Pick<Branding, 'id' | 'company_name'>): Branding => ({
  colour: '#aa3300',
  image_key: '',
  image_url: false,
  ro: false,
  ...overrides,
});

export const ACME = brandingOf({
  id: '7',
  company_name: 'Acme Energy',
  image_key: 'logos/acme.png',
  image_url: 'https://files.example/logos/acme.png',
});
export const BETA = brandingOf({ id: '9', company_name: 'beta homes', colour: '#117733' });

export const TEMPLATE = 'Dear customer,\nYour report: (LINK)\nThanks, Ann';

/** A door a handler waits at until the test opens it, to see the states in between. */
export function gate() {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

interface Options {
  brandings?: Branding[];
  template?: string;
  loadBrandings?: () => Failed | undefined;
  loadTemplate?: () => Failed | undefined;
  saveBranding?: () => Failed | undefined;
  saveTemplate?: () => Failed | undefined;
  startUpload?: () => Failed | undefined;
  followup?: () => Failed | undefined;
  /** The storage's answer to the PUT of the bytes; accepted unless given. */
  put?: () => Response | undefined;
  uploadGate?: ReturnType<typeof gate>;
  followupGate?: ReturnType<typeof gate>;
}

/** The server side of the settings screens, holding brandings like the real one and recording what was sent. */
export function settingsServer(options: Options = {}) {
  const state = { brandings: options.brandings ?? [DEFAULT_BRANDING, ACME, BETA], template: options.template ?? TEMPLATE };
  const sent = {
    brandingLoads: 0,
    templateLoads: 0,
    brandings: [] as RequestOf<typeof saveBranding>[],
    templates: [] as RequestOf<typeof saveUserSettings>[],
    uploads: [] as RequestOf<typeof upload>[],
    puts: [] as { contentType: string | null; bytes: number }[],
    followups: [] as RequestOf<typeof uploadFollowup>[],
  };
  server.use(
    answer(getBrandings, () => {
      sent.brandingLoads += 1;
      return options.loadBrandings?.() ?? { success: true as const, brandings: state.brandings };
    }),
    answer(saveBranding, ({ body }) => {
      sent.brandings.push(body);
      const refused = options.saveBranding?.();
      if (refused) return refused;
      if (body.action === 'delete') state.brandings = state.brandings.filter((b) => b.id !== body.id);
      return { success: true as const, ...(body.action === 'new' ? { id: '12' } : {}) };
    }),
    answer(getUserSettings, () => {
      sent.templateLoads += 1;
      return options.loadTemplate?.() ?? { success: true as const, settings: { email_template: state.template } };
    }),
    answer(saveUserSettings, ({ body }) => {
      sent.templates.push(body);
      return options.saveTemplate?.() ?? { success: true as const };
    }),
    answer(upload, async ({ body }) => {
      sent.uploads.push(body);
      await options.uploadGate?.wait;
      const n = sent.uploads.length;
      return (
        options.startUpload?.() ?? {
          success: true as const,
          upload_to: `/api/uploads/logo-${n}`,
          filename: `logos/stored-${n}.${body.extension}`,
        }
      );
    }),
    http.put(`${API_ORIGIN}/api/uploads/:token`, async ({ request }) => {
      sent.puts.push({ contentType: request.headers.get('content-type'), bytes: (await request.arrayBuffer()).byteLength });
      return options.put?.() ?? HttpResponse.json({ success: true });
    }),
    answer(uploadFollowup, async ({ body }) => {
      sent.followups.push(body);
      await options.followupGate?.wait;
      const accepted: ResponseOf<typeof uploadFollowup> = {
        success: true,
        message: 'Your logo is ready (600 × 240 pixels).',
        image_url: `https://files.example/${body.filename.replace(/\.\w+$/, '')}-converted.png`,
      };
      return options.followup?.() ?? accepted;
    }),
  );
  return { state, sent };
}

/**
 * A logo as the user picks it. Node's File rather than jsdom's: msw hands the XHR body to Node's
 * Request, which reads Node's Blobs only.
 */
export const logoFile = (name = 'logo.png', bytes = 64) =>
  new NodeFile([new Uint8Array(bytes)], name, { type: 'image/png' }) as unknown as File;

/** A push connection the test sends events through, as the server would. */
export function fakeSocket() {
  const listeners = new Map<string, (payload?: unknown) => void>();
  const socket: PushSocket = {
    on: (event, listener) => void listeners.set(event, listener),
    disconnect: () => undefined,
    io: { on: () => undefined },
  };
  const factory: SocketFactory = () => Promise.resolve(socket);
  return {
    factory,
    connected: () => listeners.size > 0,
    push: (event: string, payload?: unknown) => listeners.get(event)?.(payload),
  };
}
