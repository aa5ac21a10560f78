import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import type { z } from 'zod';
import type { CallDef, Failure } from '../../../src/shared/api/define';
import { API_ORIGIN } from '../../../src/client/lib/api';
import { PUBLIC_PATHS } from '../../../src/shared/api/paths';

/** What most pages meet on a set-up installation: both policies published. A test of a fresh one answers otherwise with server.use. */
const bothPoliciesPublished = http.get(`${API_ORIGIN}${PUBLIC_PATHS.policies}`, () =>
  HttpResponse.json({ success: true, terms: true, privacy: true }),
);

// The handlers given here stay after each test's resetHandlers.
export const server = setupServer(bothPoliciesPublished);

type Answer<C extends CallDef> = z.input<C['response']> | { status: number; body: Failure };

/**
 * An msw handler for one call of the contract: the resolver gets the parsed body (or query) and
 * answers a response the contract's schema accepts, or a failure with its status.
 */
export function answer<C extends CallDef>(
  call: C,
  resolve: (input: { body: z.output<C['request']>; query: Record<string, string> }) => Answer<C> | Promise<Answer<C>>,
) {
  const url = `${API_ORIGIN}${call.path}`;
  const method = call.method === 'GET' ? http.get : http.post;
  return method(url, async ({ request }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    const raw = call.method === 'POST' ? await request.json() : {};
    const parsed = call.request.safeParse(raw);
    if (!parsed.success) throw new Error(`Client sent a body the contract refuses for ${call.path}: ${parsed.error.message}`);
    const result = await resolve({ body: parsed.data as z.output<C['request']>, query });
    if (result && typeof result === 'object' && 'status' in result && 'body' in result) {
      return HttpResponse.json(result.body as JsonBodyType, { status: result.status });
    }
    return HttpResponse.json(call.response.parse(result) as JsonBodyType);
  });
}

/** A failed call as the server sends it. */
export const fail = (status: number, error: string, errors?: Failure['errors']) => ({
  status,
  body: { success: false as const, error, ...(errors ? { errors } : {}) },
});
