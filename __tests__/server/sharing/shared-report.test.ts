import { reportForLink } from '../../../src/server/reports/report-links';
import * as sharing from '../../../src/shared/api/sharing';
import * as contractors from '../../../src/shared/api/contractors';
import * as reports from '../../../src/shared/api/reports';
import { describeEachDatabase } from '../helpers/databases';
import { useTestServer, withTestServer, type TestServer } from '../helpers/test-server';
import { newBranding, rasterLogo, uploadLogo } from '../brandings/logo-files';
import { trackingIdOf } from '../../../src/server/sharing/shared-reports';
import { sharedReport, STROMA } from './shared-helpers';
import { loggedInUser } from '../helpers/factories';
import { createReport, listOf } from '../helpers/reports';
import { ok, refused } from '../helpers/answers';

const open = (server: TestServer, report_path: string, cookie?: string) => server.call(sharing.sharedReport, { report_path }, { cookie });

describeEachDatabase('shared report link (sharedreport)', (dialect) => {
  const server = useTestServer(dialect);

  it('answers the report with a signed PDF address that serves the PDF, in upsell mode by default', async () => {
    const { path, survey, reportId } = await sharedReport(server());
    const res = await open(server(), path);
    expect(res.status).toBe(200);
    const body = ok(res);
    expect(body).toMatchObject({ success: true, doRedirect: false, report_mode: 'questionnaire-free' });
    expect(body.short_title).toBe(`${survey.address.lines[0]}, ${survey.address.postcode}`);
    expect(body.report_name).toContain(survey.address.postcode);
    // The default branding: no company name or logo of the assessor's.
    expect(body).not.toHaveProperty('company_name');
    expect(body).not.toHaveProperty('logo_url');
    expect(body).not.toHaveProperty('tracking_id');
    expect(body.pdfUrl).toMatch(new RegExp(`^/api/files/reports/${reportId}\\.pdf\\?exp=\\d+&sig=`));
    const exp = Number(/exp=(\d+)/.exec(body.pdfUrl)![1]);
    expect(exp * 1000 - Date.now()).toBeGreaterThan(55 * 60_000);
    expect(exp * 1000 - Date.now()).toBeLessThanOrEqual(3600_000);
    const pdf = await server().app.inject({ method: 'GET', url: body.pdfUrl });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("gives a cut-short link, a deleted and an unfinished report one 404 naming only the assessor's business contact; a guessed slug or id names no one", async () => {
    const { path, slug, reportId, user } = await sharedReport(server());
    await server().db.updateTable('users').set({ phone: '01234 567890' }).where('id', '=', user.id).execute();
    const cutShort = await open(server(), `${reportId}/${slug.slice(0, 16)}`);
    const missing = await open(server(), `${reportId + 1000}/${slug}`);
    expect(cutShort.status).toBe(404);
    expect(missing.status).toBe(404);
    // An id that names no report: nothing beyond the sentence.
    expect(missing.body).toEqual({ success: false, error: 'This link is invalid or has expired.' });
    const card = { company_name: '', name: user.name, phone: '01234 567890', email: user.email };
    // The report's own link: the sentence and whom to ask, exactly these fields (no slug, PDF, report or account details).
    expect(sharing.sharedReportNotFound.strict().parse(cutShort.body)).toEqual({ ...missing.body, assessor: card });
    // Too little of the slug to be worth a look, whoever calls (the call's own pattern asks for 16 characters).
    for (const short of ['', slug.slice(0, 4), slug.slice(0, 15)])
      await expect(reportForLink(server().app.deps, `${reportId}/${short}`, { explain: true })).rejects.toMatchObject({
        statusCode: 404,
        details: undefined,
      });
    // A real id with a slug that is not its own (counting through ids): nothing either.
    for (const guess of [`${slug.slice(0, -1)}${slug.endsWith('A') ? 'B' : 'A'}`, 'A'.repeat(22), `${slug}A`]) {
      const guessed = await open(server(), `${reportId}/${guess}`);
      expect([guessed.status, guessed.body]).toEqual([404, missing.body]);
    }

    const unfinished = await createReport(server(), user.cookie);
    const notReady = await open(server(), unfinished.share_url.split('/s/')[1]);
    expect(notReady.status).toBe(404);
    expect(notReady.body).toEqual(cutShort.body);

    await server().call(reports.reportDelete, { report_id: reportId, delete_mode: 'delete' }, { cookie: user.cookie });
    const deleted = await open(server(), path);
    expect(deleted.status).toBe(404);
    expect(deleted.body).toEqual(cutShort.body);
    // The other link calls still say nothing at all.
    const premium = await server().call(sharing.sharedPremiumReport, { report_path: path });
    expect(premium.status).toBe(404);
    expect(premium.body).toEqual(missing.body);
  });

  /** A report of a new assessor's in their branding (company Warm Homes Surveys, a PNG logo), its PDF drawn. */
  async function brandedReport() {
    const { cookie } = await loggedInUser(server(), STROMA);
    const { key } = await uploadLogo(server(), cookie, await rasterLogo('png'), 'png');
    const branding = await newBranding(server(), cookie, 'Warm Homes Surveys', key);
    const created = await createReport(server(), cookie, undefined, { selectedBranding: branding });
    await server().app.deps.jobs.drain();
    return { path: created.share_url.split('/s/')[1], branding, reportId: created.report_id };
  }

  it("carries the branding's company, logo and colour and the assessor's contact, on the landing and the contractor pages", async () => {
    const { path, branding, reportId } = await brandedReport();
    const body = ok(await open(server(), path));
    const row = await server()
      .db.selectFrom('reports')
      .select(['current_epc', 'user_id'])
      .where('id', '=', reportId)
      .executeTakeFirstOrThrow();
    const owner = await server()
      .db.selectFrom('users')
      .select(['name', 'phone', 'email'])
      .where('id', '=', row.user_id)
      .executeTakeFirstOrThrow();
    const colour = await server().db.selectFrom('brandings').select('colour').where('id', '=', Number(branding)).executeTakeFirstOrThrow();
    expect(body.assessor).toEqual({ company_name: 'Warm Homes Surveys', logo_url: body.logo_url, colour: colour.colour, ...owner });
    expect(body.current_epc).toBe(row.current_epc);
    const measures = ok(await server().call(contractors.contractorsMeasures, { report_path: path }));
    expect(measures.assessor).toMatchObject({ company_name: 'Warm Homes Surveys', email: owner.email });
  });

  it("counts each owner's open in the assessor's list, but not the assessor's own look", async () => {
    const { path, user, reportId } = await sharedReport(server());
    // Two owners' browsers (one browser counts once a day: share-open-counts.test.ts).
    await server().call(sharing.sharedReport, { report_path: path }, { headers: { 'user-agent': 'Owner browser 1' } });
    await server().call(sharing.sharedReport, { report_path: path }, { headers: { 'user-agent': 'Owner browser 2' } });
    await open(server(), path, user.cookie);
    await open(server(), `${reportId}/${'x'.repeat(22)}`);
    const [item] = (await listOf(server(), user.cookie)).reports_list;
    expect(item.opened_count).toBe(2);
    const opens = await server().db.selectFrom('share_opens').selectAll().where('report_id', '=', reportId).execute();
    expect(opens).toHaveLength(2);
  });

  it("shows the report branding's company name and logo", async () => {
    const { path } = await brandedReport();
    const body = ok(await open(server(), path));
    expect(body.company_name).toBe('Warm Homes Surveys');
    const logo = await server().app.inject({ method: 'GET', url: body.logo_url! });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
  });

  it('redirects straight to the PDF for an assessor whose links are set to download', async () => {
    const { path, user } = await sharedReport(server());
    await server().db.updateTable('users').set({ share_mode: 'download' }).where('id', '=', user.id).execute();
    expect(ok(await open(server(), path)).doRedirect).toBe(true);
  });

  it('answers a premium link only for a premium report with its PDF', async () => {
    const { path, reportId } = await sharedReport(server());
    expect((await server().call(sharing.sharedPremiumReport, { report_path: path })).status).toBe(404);
    await server().db.updateTable('reports').set({ type: 'premium' }).where('id', '=', reportId).execute();
    const res = await server().call(sharing.sharedPremiumReport, { report_path: path });
    expect(res.status).toBe(200);
    const pdf = await server().app.inject({ method: 'GET', url: ok(res).pdfUrl });
    expect(pdf.statusCode).toBe(200);
  });

  it.each([
    ['a huge path', { report_path: `1/${'a'.repeat(100_000)}` }],
    ['a number', { report_path: 12 }],
    ['an object', { report_path: { id: 1 } }],
    ['no path', {}],
    ['an id beyond any row', { report_path: `99999999999/${'a'.repeat(22)}` }],
    ['a traversal', { report_path: '../../etc/passwd' }],
  ])('refuses %s without a 500', async (_label, payload) => {
    for (const url of ['/api/sharedreport', '/api/sharedpremiumreport', '/api/contractorsmeasures']) {
      const res = await server().inject({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      });
      expect([400, 404]).toContain(res.status);
      expect(refused(res).success).toBe(false);
    }
  });
});

describeEachDatabase('shared report link under other settings', (dialect) => {
  it("is 'free' (card payment) with Stripe configured, with a stable tracking id when analytics is on", async () => {
    await withTestServer(
      dialect,
      { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_PUBLISHABLE_KEY: 'pk_test_123', AMPLITUDE_API_KEY: 'amp-key' },
      async (s) => {
        const { path, reportId } = await sharedReport(s);
        const first = ok(await open(s, path));
        const second = ok(await open(s, path));
        expect(first.report_mode).toBe('free');
        expect(first.tracking_id).toMatch(/^[A-Za-z0-9_-]{32}$/);
        expect(second.tracking_id).toBe(first.tracking_id);
        // Keyed by the server's secret: not derivable from the id in the link.
        expect(first.tracking_id).toBe(trackingIdOf(s.config.sessionSecret, reportId));
        expect(trackingIdOf('another-secret', reportId)).not.toBe(first.tracking_id);
        const other = await sharedReport(s);
        expect(ok(await open(s, other.path)).tracking_id).not.toBe(first.tracking_id);
      },
    );
  });
});
