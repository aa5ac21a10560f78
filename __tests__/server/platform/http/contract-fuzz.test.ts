import fc from 'fast-check';
import { contract } from '../../../../src/shared/api';
import type { CallDef } from '../../../../src/shared/api/define';
import { arbitraryOf, HOSTILE_VALUES, inputSchemaOf } from '../../helpers/arbitraries';
import { describeEachDatabase } from '../../helpers/databases';
import { loggedInUser } from '../../helpers/factories';
import { createReport } from '../../helpers/reports';
import { PUBLIC_URL, useTestServer } from '../../helpers/test-server';
import { refused } from '../../helpers/answers';

const CALLS: [string, CallDef][] = Object.entries(contract).flatMap(([area, calls]) =>
  Object.entries(calls)
    .filter(
      (entry): entry is [string, CallDef] =>
        typeof entry[1] === 'object' && entry[1] !== null && 'path' in entry[1] && 'method' in entry[1],
    )
    .map(([name, call]) => [`${area}.${name}`, call] as [string, CallDef]),
);

/** Requests per call and caller: enough to reach every branch of a schema, few enough for a 2-core machine. */
const RUNS = 30;

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object' || Array.isArray(query)) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  const text = params.toString();
  return text ? `?${text}` : '';
}

let address = 0;
/** A fresh client address per request, so rate limits do not stop the exploration early. */
const nextAddress = () => `198.18.${(++address >> 8) & 255}.${address & 255}`;

describeEachDatabase('every call of the contract, fed generated requests', (dialect) => {
  const server = useTestServer(dialect);

  const send = (call: CallDef, payload: unknown, query: unknown, cookie: string | null) =>
    server().app.inject({
      method: call.method,
      url: `${call.path}${queryString(query)}`,
      ...(call.method === 'POST' ? { payload: JSON.stringify(payload ?? {}) } : {}),
      remoteAddress: nextAddress(),
      headers: {
        ...(call.method === 'POST' ? { 'content-type': 'application/json' } : {}),
        origin: PUBLIC_URL,
        'sec-fetch-site': 'same-origin',
        ...(cookie ? { cookie } : {}),
      },
    });

  it('answers each hostile value in each field of each call, as user and as visitor, without a server error', async () => {
    const { cookie } = await loggedInUser(server(), { scheme: 'stroma' });
    await createReport(server(), cookie);
    const failures: string[] = [];
    for (const [name, call] of CALLS) {
      // One request the schemas accept, then each field of it swapped for each hostile value.
      const sample = (schema: ReturnType<typeof inputSchemaOf>) =>
        fc.sample(arbitraryOf(schema, false), { numRuns: 1, seed: 42 })[0] as Record<string, unknown>;
      const validBody = sample(inputSchemaOf(call.request));
      const validQuery = sample(inputSchemaOf(call.query));
      for (const part of ['body', 'query'] as const) {
        if (part === 'body' && call.method !== 'POST') continue;
        const schema = inputSchemaOf(part === 'body' ? call.request : call.query);
        for (const key of Object.keys(schema.properties ?? {})) {
          for (const value of HOSTILE_VALUES) {
            const body = part === 'body' ? { ...validBody, [key]: value } : validBody;
            const query = part === 'query' ? { ...validQuery, [key]: value } : validQuery;
            for (const who of [cookie, null]) {
              const res = await send(call, body, query, who);
              if (res.statusCode >= 500)
                failures.push(`${name} ${part}.${key}=${JSON.stringify(value)?.slice(0, 40)}: ${res.statusCode} ${res.body.slice(0, 200)}`);
              else if (res.statusCode >= 400 && typeof res.json<{ error?: unknown }>().error !== 'string')
                failures.push(`${name}: ${res.statusCode} without a sentence`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers every valid or broken request without a server error, and every refusal with a sentence', async () => {
    const { cookie } = await loggedInUser(server(), { scheme: 'stroma' });
    await createReport(server(), cookie);
    const failures: string[] = [];

    for (const [name, call] of CALLS) {
      const body = inputSchemaOf(call.request);
      const query = inputSchemaOf(call.query);
      await fc.assert(
        fc.asyncProperty(fc.boolean(), arbitraryOf(body, true), arbitraryOf(query, true), async (asUser, payload, q) => {
          const res = await send(call, payload, q, asUser ? cookie : null);
          if (res.statusCode >= 500)
            failures.push(`${name}: ${res.statusCode} for ${JSON.stringify(payload)?.slice(0, 300)} ${res.body.slice(0, 200)}`);
          expect(res.statusCode).toBeLessThan(500);
          if (res.statusCode >= 400) expect(typeof res.json<{ error?: unknown }>().error).toBe('string');
        }),
        { numRuns: RUNS },
      );
    }
    expect(failures).toEqual([]);
  });
});

describeEachDatabase('ids and characters the database cannot take', (dialect) => {
  const server = useTestServer(dialect);

  it('refuses an id past the 32-bit range with a sentence, not a database error', async () => {
    const { cookie } = await loggedInUser(server(), { scheme: 'stroma' });
    const res = await server().call(contract.reports.reportUrl, { report_id: 2 ** 31, mode: 'preliminary' }, { cookie });
    expect(res.status).toBe(400);
    const branding = await server().call(contract.brandings.saveBranding, { action: 'delete', id: '99999999999' }, { cookie });
    expect(branding.status).toBe(404);
    const link = await server().call(contract.sharing.sharedReport, { report_path: `${2 ** 33}/abcdefghijklmnopqrstuvwxyz` });
    expect(link.status).toBe(404);
  });

  it('refuses NUL in a search, a body or a query before it reaches the database', async () => {
    const { cookie } = await loggedInUser(server(), { scheme: 'stroma' });
    const search = await server().call(contract.reports.reportsList, undefined, {
      cookie,
      query: { mode: 'preliminary', search: 'a\u0000b' } as never,
    });
    expect(search.status).toBe(400);
    expect(refused(search).error).toMatch(/control characters/);
    const saved = await server().call(contract.account.saveAccount, { name: 'Nul\u0000Name', phone: '', coverage: '' }, { cookie });
    expect(saved.status).toBe(400);
    const { name } = await server().db.selectFrom('users').select('name').where('email', '!=', '').executeTakeFirstOrThrow();
    expect(name).not.toContain('\u0000');
    // Line breaks and tabs are text, not control: an email template keeps them.
    const template = await server().call(
      contract.account.saveUserSettings,
      { email_template: 'Dear owner,\n\tyour report: (LINK)\r\n' },
      { cookie },
    );
    expect(template.status).toBe(200);
  });
});
