import * as reports from '../../../src/shared/api/reports';
import { describeEachDatabase } from '../helpers/databases';
import { STROMA_ASSESSOR, loggedInUser } from '../helpers/factories';
import { listOf, uploadSurvey } from '../helpers/reports';
import { useTestServer, type TestServer } from '../helpers/test-server';
import { readPdf } from '../pdf/pdf-reader';
import { newBranding, rasterLogo, saveBranding, uploadLogo } from '../brandings/logo-files';
import { ok } from '../helpers/answers';

const STROMA = STROMA_ASSESSOR;

async function reportWith(server: TestServer, cookie: string, selectedBranding: string): Promise<number> {
  const { key } = await uploadSurvey(server, cookie);
  const res = await server.call(
    reports.createReport,
    { xml1_key: key, xml1_original_filename: 'a.xml', cTaxPropertyAddress: '', selectedBranding, manualCTaxBand: 'C' },
    { cookie },
  );
  return ok(res).report_id;
}

async function pdfOf(server: TestServer, cookie: string, report_id: number): Promise<Buffer> {
  const url = await server.call(reports.reportUrl, { report_id, mode: 'preliminary' }, { cookie });
  return (await server.app.inject({ method: 'GET', url: ok(url).report_url })).rawPayload;
}

const statusOf = async (server: TestServer, cookie: string, id: number) =>
  (await listOf(server, cookie)).reports_list.find((r) => r.report_id === id)?.status;

describeEachDatabase('reports regenerated when their branding changes', (dialect) => {
  const server = useTestServer(dialect);

  it('marks reports using an updated branding Regenerating, then Ready! with the new name in the PDF', async () => {
    const { cookie, id: userId } = await loggedInUser(server(), STROMA);
    const brandingId = await newBranding(server(), cookie, 'Old Name Surveys', '', '#aa0000');
    const other = await newBranding(server(), cookie, 'Other Brand');
    const mine = await reportWith(server(), cookie, brandingId);
    const binned = await reportWith(server(), cookie, brandingId);
    const untouched = await reportWith(server(), cookie, other);
    const byDefault = await reportWith(server(), cookie, 'EPCplus');
    await server().app.deps.jobs.drain();
    await server().call(reports.reportDelete, { report_id: binned, delete_mode: 'delete' }, { cookie });
    expect(readPdf(await pdfOf(server(), cookie, mine)).text).toContain('Prepared by Old Name Surveys');

    // Held, so 'Regenerating' can be seen before the job runs.
    await server().app.deps.jobs.stop();
    const push = jest.spyOn(server().app.deps.realtime, 'push');
    const res = await saveBranding(server(), cookie, {
      action: 'update',
      id: brandingId,
      company_name: 'New Name Retrofit',
      overprint_colour: '#aa0000',
      image: '',
    });
    expect(res.status).toBe(200);
    expect(push).toHaveBeenCalledWith(userId, 'reportListUpdate', {});
    expect(push).toHaveBeenCalledWith(userId, 'settingsUpdate', { what: 'brandings' });
    expect(await statusOf(server(), cookie, mine)).toBe('Regenerating');
    expect(await statusOf(server(), cookie, untouched)).toBe('Ready!');
    expect(await statusOf(server(), cookie, byDefault)).toBe('Ready!');
    const jobs = await server()
      .db.selectFrom('jobs')
      .select('payload')
      .where('kind', '=', 'render_report')
      .where('status', '=', 'queued')
      .execute();
    expect(jobs.map((j) => JSON.parse(j.payload) as unknown)).toEqual([{ report_id: mine }]); // not the binned one

    push.mockClear();
    server().app.deps.jobs.start();
    await server().app.deps.jobs.drain();
    expect(await statusOf(server(), cookie, mine)).toBe('Ready!');
    expect(push).toHaveBeenCalledWith(userId, 'reportListUpdate', { report_id: mine });
    const text = readPdf(await pdfOf(server(), cookie, mine)).text;
    expect(text).toContain('Prepared by New Name Retrofit');
    expect(text).not.toContain('Old Name Surveys');
  });

  it('regenerates on a new colour or logo, not on a save that changes nothing', async () => {
    const { cookie } = await loggedInUser(server(), STROMA);
    const id = await newBranding(server(), cookie, 'Same Ltd', '', '#112233');
    const report = await reportWith(server(), cookie, id);
    await server().app.deps.jobs.drain();
    const queued = async () => (await server().db.selectFrom('jobs').select('id').where('kind', '=', 'render_report').execute()).length;
    const before = await queued();
    const save = (overprint_colour: string, image = '') =>
      saveBranding(server(), cookie, { action: 'update', id, company_name: 'Same Ltd', overprint_colour, image });
    await save('#112233');
    expect(await queued()).toBe(before);
    await save('#445566');
    expect(await queued()).toBe(before + 1);
    await server().app.deps.jobs.drain();
    expect(readPdf(await pdfOf(server(), cookie, report)).text).toContain('Prepared by Same Ltd');

    const withoutLogo = await pdfOf(server(), cookie, report);
    expect(withoutLogo.includes('/Subtype /Image')).toBe(false);
    const { key } = await uploadLogo(server(), cookie, await rasterLogo('png'), 'png');
    await save('#445566', key);
    expect(await queued()).toBe(before + 2);
    await server().app.deps.jobs.drain();
    expect((await pdfOf(server(), cookie, report)).includes('/Subtype /Image')).toBe(true);
  });

  it('falls back to the built-in default when the branding is deleted, and draws the report again', async () => {
    const { cookie } = await loggedInUser(server(), STROMA);
    const id = await newBranding(server(), cookie, 'Gone Tomorrow Ltd');
    const report = await reportWith(server(), cookie, id);
    await server().app.deps.jobs.drain();
    await server().app.deps.jobs.stop();
    expect((await saveBranding(server(), cookie, { action: 'delete', id })).status).toBe(200);
    expect(await statusOf(server(), cookie, report)).toBe('Regenerating');
    const row = await server().db.selectFrom('reports').select('branding_id').where('id', '=', report).executeTakeFirstOrThrow();
    expect(row.branding_id).toBeNull();
    server().app.deps.jobs.start();
    await server().app.deps.jobs.drain();
    expect(await statusOf(server(), cookie, report)).toBe('Ready!');
    const text = readPdf(await pdfOf(server(), cookie, report)).text;
    expect(text).toContain('Prepared by EPCplus');
    expect(text).not.toContain('Gone Tomorrow');
  });

  it("never touches another user's reports", async () => {
    const ann = await loggedInUser(server(), STROMA);
    const bob = await loggedInUser(server(), STROMA);
    const annsBranding = await newBranding(server(), ann.cookie, 'Ann Ltd');
    const report = await reportWith(server(), ann.cookie, annsBranding);
    await server().app.deps.jobs.drain();
    await saveBranding(server(), bob.cookie, {
      action: 'update',
      id: annsBranding,
      company_name: 'Bob',
      overprint_colour: '#000000',
      image: '',
    });
    await saveBranding(server(), bob.cookie, { action: 'delete', id: annsBranding });
    expect(await statusOf(server(), ann.cookie, report)).toBe('Ready!');
    expect(readPdf(await pdfOf(server(), ann.cookie, report)).text).toContain('Prepared by Ann Ltd');
  });
});
