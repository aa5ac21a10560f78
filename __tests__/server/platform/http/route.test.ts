import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineCall, ok } from '../../../../src/shared/api/define';
import { registerErrorHandler } from '../../../../src/server/platform/http/error-handler';
import { routeFactory } from '../../../../src/server/platform/http/route';

// Two calls on one method and path, as the contract has them (resetpassword, sharedreportprepayment).
const byQuery = defineCall({
  method: 'POST',
  path: '/api/thing',
  query: z.object({ check: z.literal('yes') }),
  request: z.object({ name: z.string() }),
  response: ok,
});
const plain = defineCall({ method: 'POST', path: '/api/thing', request: z.object({ name: z.string(), size: z.number() }), response: ok });
const loadStage = defineCall({
  method: 'POST',
  path: '/api/staged',
  request: z.object({ stage: z.literal('load') }),
  response: z.object({ success: z.literal(true), stage: z.string() }),
});
// Two GET calls on one path told apart by their query, as the report list and the demo reports are.
const listish = defineCall({
  method: 'GET',
  path: '/api/listish',
  query: z.object({ mode: z.enum(['mine', 'theirs']), page: z.coerce.number().int().min(1).max(100_000).optional() }),
  response: z.object({ success: z.literal(true), page: z.number() }),
});
const demoish = defineCall({
  method: 'GET',
  path: '/api/listish',
  query: z.object({ mode: z.literal('demo') }),
  response: z.object({ success: z.literal(true), page: z.number() }),
});
// The report list and the sample reports again, registered the other way round: the sample first.
const pagesDemo = defineCall({ ...demoish, path: '/api/pages' });
const pages = defineCall({ ...listish, path: '/api/pages' });
const payStage = defineCall({
  method: 'POST',
  path: '/api/staged',
  request: z.object({ stage: z.literal('pay'), email: z.string() }),
  response: z.object({ success: z.literal(true), stage: z.string() }),
});

describe('route helper: calls sharing a method and path', () => {
  let app: FastifyInstance;
  const answered: string[] = [];

  beforeAll(async () => {
    app = Fastify();
    registerErrorHandler(app);
    const routes = routeFactory(app, { checkResponses: true });
    routes.publicCall(byQuery, () => (answered.push('byQuery'), { success: true as const }));
    routes.publicCall(plain, () => (answered.push('plain'), { success: true as const }));
    routes.publicCall(loadStage, () => ({ success: true as const, stage: 'load' }));
    routes.publicCall(payStage, ({ body }) => ({ success: true as const, stage: `pay ${body.email}` }));
    routes.publicCall(listish, ({ query }) => ({ success: true as const, page: query.page ?? 1 }));
    routes.publicCall(demoish, () => ({ success: true as const, page: 0 }));
    routes.publicCall(pagesDemo, () => ({ success: true as const, page: 0 }));
    routes.publicCall(pages, ({ query }) => ({ success: true as const, page: query.page ?? 1 }));
    await app.ready();
  });
  afterAll(() => app.close());
  beforeEach(() => answered.splice(0));

  const post = (url: string, body: unknown) => app.inject({ method: 'POST', url, payload: body as object });

  it('answers with the variant whose query flag is present', async () => {
    expect((await post('/api/thing?check=yes', { name: 'a' })).statusCode).toBe(200);
    expect((await post('/api/thing', { name: 'a', size: 1 })).statusCode).toBe(200);
    expect(answered).toEqual(['byQuery', 'plain']);
  });

  it('answers with the variant whose body fits when the query says nothing', async () => {
    const load = await post('/api/staged', { stage: 'load' });
    expect(load.json()).toEqual({ success: true, stage: 'load' });
    const pay = await post('/api/staged', { stage: 'pay', email: 'a@b.example' });
    expect(pay.statusCode).toBe(200);
    expect(pay.json()).toEqual({ success: true, stage: 'pay a@b.example' });
  });

  it("hands the chosen variant's handler its query as the schema read it, not as it came", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/listish?mode=mine&page=3' });
    // The contract check would refuse the string "3" as the answer's page.
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, page: 3 });
    expect((await app.inject({ method: 'GET', url: '/api/listish?mode=demo' })).json()).toEqual({ success: true, page: 0 });
    expect((await app.inject({ method: 'GET', url: '/api/listish?mode=mine&page=0' })).statusCode).toBe(400);
  });

  it('reports the problems of the variant the query chose when no body fits', async () => {
    const res = await post('/api/thing?check=yes', { name: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/^name: /);
    expect(answered).toEqual([]);
  });

  it('blames the parameter the caller got wrong, not the flag of a variant it never meant, in either order', async () => {
    for (const path of ['/api/listish', '/api/pages']) {
      const tooFar = await app.inject({ method: 'GET', url: `${path}?mode=mine&page=${2 ** 31}` });
      expect(tooFar.statusCode).toBe(400);
      expect(tooFar.json<{ error: string }>().error).toMatch(/^page: /);
      expect((await app.inject({ method: 'GET', url: `${path}?mode=theirs&page=2` })).json()).toEqual({ success: true, page: 2 });
      expect((await app.inject({ method: 'GET', url: `${path}?mode=demo` })).json()).toEqual({ success: true, page: 0 });
    }
  });
});

describe('route helper: answers checked against the contract', () => {
  it('answers 500, not a 400 blaming the caller, when a handler answers outside the contract', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    const call = defineCall({ method: 'GET', path: '/api/drift', response: z.object({ success: z.literal(true), count: z.number() }) });
    routeFactory(app, { checkResponses: true }).publicCall(call, () => ({ success: true as const, count: 'three' as unknown as number }));
    try {
      const res = await app.inject({ method: 'GET', url: '/api/drift' });
      expect(res.statusCode).toBe(500);
    } finally {
      await app.close();
    }
  });
});
