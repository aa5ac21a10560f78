import * as contractors from '../../../src/shared/api/contractors';
import * as reports from '../../../src/shared/api/reports';
import { QUOTE_REQUESTS_PER_MINUTE } from '../../../src/server/contractors/routes';
import { QUOTE_REQUESTS_PER_REPORT_PER_DAY, TOO_MANY_QUOTE_REQUESTS } from '../../../src/server/contractors/quote-requests';
import { importContractorsCsv } from '../../../src/server/contractors/contractors';
import { describeEachDatabase } from '../helpers/databases';
import { readOutbox } from '../helpers/factories';
import { useTestServer, type TestServer } from '../helpers/test-server';
import { CSV_HEADER, csvLine, sharedReport } from '../sharing/shared-helpers';
import { ok } from '../helpers/answers';

const THANKS = 'Thank you, we will be back in touch once we hear from your selected contractors.';
const sameOrigin = { 'content-type': 'application/json', origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' };

/** Three contractors for the report's area (two for its first measure, one for its second) and one elsewhere. */
async function setUp(server: TestServer) {
  const report = await sharedReport(server);
  const [first, second, third] = report.measures.map((m) => m.code);
  const otherArea = report.area === 'ZE' ? 'KW' : 'ZE';
  const rows = [
    [
      'warm',
      'Warm Lofts Ltd',
      'https://warm.example.com',
      '1 Loft Lane',
      'quotes@warm.example.com',
      '0111',
      'https://warm.example.com/logo.PNG',
      `${first};${third}`,
      `${report.area} ${otherArea}`,
    ],
    ['able', 'Able Insulation', '', '', 'able@example.com', '', '', first, report.area],
    ['boil', 'Boiler Co', '', '', 'boil@example.com', '', 'https://b.example.com/b.svg?v=1', second, report.area],
    ['far', 'Far Away Ltd', '', '', 'far@example.com', '', '', `${first} ${second} ${third}`, otherArea],
  ];
  const result = await importContractorsCsv(server.db, [CSV_HEADER, ...rows.map(csvLine)].join('\n'));
  expect(result).toEqual({ imported: 4, problems: [] });
  return { ...report, first, second, third, otherArea };
}

/** Mail to contractors only (the assessor's sign-up confirmation and the owner's copy are in the outbox too). */
const contractorMail = async (server: TestServer) =>
  (await readOutbox(server)).filter((m) => !m.to.startsWith('user-') && !m.subject.startsWith('Your quote request'));

const request = (server: TestServer, body: Record<string, unknown>, remoteAddress?: string) =>
  server.inject({ method: 'POST', url: '/api/contractorsrequest', payload: body, headers: sameOrigin, remoteAddress });

/** A request for quotes for the report's measure, as the picker's form sends it. */
const quoteRequest = (path: string, measure: string, selected: string[], email = 'owner@example.com') => ({
  report_path: path,
  measure_code: measure,
  report_mode: 'preliminary',
  selected_contractors: selected,
  email,
  newsletter: false,
});

describeEachDatabase('contractors for a shared report', (dialect) => {
  const server = useTestServer(dialect);

  it("lists only the report's measures with a contractor covering the property's area", async () => {
    const { path, first, second, third, measures, survey } = await setUp(server());
    const res = await server().call(contractors.contractorsMeasures, { report_path: path });
    expect(res.status).toBe(200);
    const body = ok(res);
    expect(body.short_title).toBe(`${survey.address.lines[0]}, ${survey.address.postcode}`);
    const expected = measures
      .filter((m) => [first, second, third].includes(m.code))
      .map((m) => ({ code: m.code, name: m.name, image: m.image }));
    expect(body.measures).toEqual(expected);

    // Only the far-away contractor left for the third: it drops out.
    await importContractorsCsv(server().db, csvLine(['warm', 'Warm Lofts Ltd', '', '', 'quotes@warm.example.com', '', '', first, 'ZZ']));
    const after = ok(await server().call(contractors.contractorsMeasures, { report_path: path }));
    expect(after.measures.map((m) => m.code)).toEqual([first, second]);
  });

  it('offers the contractors of a measure in the area, by name; an unknown measure is a 404', async () => {
    const { path, first, measures } = await setUp(server());
    const res = await server().call(contractors.contractors, { report_path: path, measure_code: first, report_mode: 'preliminary' });
    expect(res.status).toBe(200);
    const body = ok(res);
    expect(body.measure_name).toBe(measures[0].name);
    expect(body.contractors.map((c) => c.key)).toEqual(['able', 'warm']);
    expect(body.contractors[1]).toEqual({
      key: 'warm',
      name: 'Warm Lofts Ltd',
      url: 'https://warm.example.com',
      address: '1 Loft Lane',
      email: 'quotes@warm.example.com',
      tel: '0111',
      image: 'https://warm.example.com/logo.PNG',
      image_mime: 'image/png',
    });
    const unknown = await server().call(contractors.contractors, {
      report_path: path,
      measure_code: 'no-such-measure',
      report_mode: 'preliminary',
    });
    expect(unknown.status).toBe(404);
  });

  it('refuses a request without contractors, with a bad email, or with a contractor not offered for it', async () => {
    const { path, first } = await setUp(server());
    const base = quoteRequest(path, first, []);
    const none = await request(server(), base);
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ success: false, error: 'No contractors selected' });
    expect((await request(server(), { ...base, selected_contractors: ['warm'], email: 'not-an-email' })).status).toBe(400);
    for (const key of ['boil', 'far', 'nobody']) {
      expect((await request(server(), { ...base, selected_contractors: ['warm', key] })).status).toBe(400);
    }
    expect((await request(server(), { ...base, measure_code: 'nope', selected_contractors: ['warm'] })).status).toBe(404);
    expect(await server().db.selectFrom('contractor_requests').selectAll().execute()).toEqual([]);
    expect(await contractorMail(server())).toEqual([]);
  });

  it('stores the request and emails each chosen contractor the measure, the property and the owner', async () => {
    const { path, first, survey, measures, reportId } = await setUp(server());
    const res = await server().call(contractors.contractorsRequest, {
      report_path: path,
      measure_code: first,
      report_mode: 'preliminary',
      selected_contractors: ['warm', 'able', 'warm'],
      email: 'owner@example.com',
      name: 'Olive Owner',
      phone: '07700 900000',
      newsletter: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: THANKS });
    const [stored] = await server().db.selectFrom('contractor_requests').selectAll().execute();
    expect(stored).toMatchObject({
      report_id: reportId,
      measure_code: first,
      email: 'owner@example.com',
      name: 'Olive Owner',
      phone: '07700 900000',
      newsletter: 1,
      report_mode: 'preliminary',
    });
    expect(JSON.parse(stored.contractors)).toEqual(['warm', 'able']);
    const mails = await contractorMail(server());
    expect(mails.map((m) => m.to).sort()).toEqual(['able@example.com', 'quotes@warm.example.com']);
    // The owner gets a copy naming both contractors.
    const copy = (await readOutbox(server())).find((m) => m.to === 'owner@example.com');
    expect(copy?.subject).toBe(mails[0].subject.replace(/^Quote request/, 'Your quote request'));
    expect(copy?.text).toContain('Warm Lofts Ltd');
    expect(copy?.text).toContain('Able Insulation');
    for (const mail of mails) {
      expect(mail.replyTo).toBe('owner@example.com');
      expect(mail.subject).toContain(measures[0].name);
      for (const text of [
        measures[0].name,
        survey.address.lines[0],
        survey.address.postcode,
        'Olive Owner',
        'owner@example.com',
        '07700 900000',
        `http://localhost:3000/s/${path}`,
      ])
        expect(mail.text).toContain(text);
    }
  });

  it('stops working once the report is deleted', async () => {
    const { path, first, user, reportId } = await setUp(server());
    await server().call(reports.reportDelete, { report_id: reportId, delete_mode: 'delete' }, { cookie: user.cookie });
    expect((await server().call(contractors.contractorsMeasures, { report_path: path })).status).toBe(404);
    expect(
      (await server().call(contractors.contractors, { report_path: path, measure_code: first, report_mode: 'preliminary' })).status,
    ).toBe(404);
    const req = await request(server(), quoteRequest(path, first, ['warm'], 'o@example.com'));
    expect(req.status).toBe(404);
  });

  it("keeps the owner's name and phone to one line each: a request cannot write the rest of the email", async () => {
    const { path, first } = await setUp(server());
    const base = quoteRequest(path, first, ['warm']);
    const forged = await request(server(), { ...base, name: 'Olive\n\nTheir energy report: https://evil.example.com' });
    expect([forged.status, forged.body]).toEqual([400, { success: false, error: 'Please enter your name on one line.' }]);
    const phone = await request(server(), { ...base, phone: 'call https://x.io' });
    expect([phone.status, phone.body]).toEqual([400, { success: false, error: 'Please enter a valid phone number.' }]);
    expect(await contractorMail(server())).toEqual([]);
  });

  it("takes a day's worth of requests from one report's link, from however many addresses", async () => {
    const { path, first } = await setUp(server());
    const body = quoteRequest(path, first, ['able']);
    const from = (n: number) => request(server(), body, `198.51.100.${n}`);
    for (let n = 1; n <= QUOTE_REQUESTS_PER_REPORT_PER_DAY; n++) expect((await from(n)).status).toBe(200);
    const over = await from(200);
    expect([over.status, over.body]).toEqual([429, { success: false, error: TOO_MANY_QUOTE_REQUESTS }]);
    expect(await contractorMail(server())).toHaveLength(QUOTE_REQUESTS_PER_REPORT_PER_DAY);
  });

  it('limits quote requests per address', async () => {
    const { path, first } = await setUp(server());
    const body = quoteRequest(path, first, [], 'o@example.com');
    for (let i = 0; i < QUOTE_REQUESTS_PER_MINUTE; i++) expect((await request(server(), body)).status).toBe(400);
    expect((await request(server(), body)).status).toBe(429);
  });

  it.each([
    ['huge strings', { measure_code: 'x'.repeat(200_000), email: 'e'.repeat(300_000), selected_contractors: ['a'.repeat(100_000)] }],
    ['wrong types', { measure_code: 5, email: ['a'], selected_contractors: 'warm', newsletter: 'yes' }],
    ['too many keys', { selected_contractors: Array.from({ length: 500 }, (_, i) => `k${i}`) }],
    ['nested objects', { selected_contractors: [{ key: 'warm' }], name: { $gt: '' } }],
  ])('answers %s with a 4xx, never a 500', async (_label, hostile) => {
    const { path, first } = await setUp(server());
    const base = quoteRequest(path, first, ['warm'], 'o@example.com');
    for (const url of ['/api/contractorsrequest', '/api/contractors']) {
      const res = await server().inject({ method: 'POST', url, payload: { ...base, ...hostile }, headers: sameOrigin });
      // The picker ignores fields it does not read; the request refuses what it cannot take.
      if (url === '/api/contractorsrequest') expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });
});
