import { reportPdfFilename } from '../../../src/server/reports/pdf-filename';
import * as reports from '../../../src/shared/api/reports';
import * as premium from '../../../src/shared/api/premium';
import * as uploads from '../../../src/shared/api/uploads';
import * as brandings from '../../../src/shared/api/brandings';
import { eraseReport } from '../../../src/server/reports/purge-deleted';
import { describeEachDatabase } from '../helpers/databases';
import { ELMHURST_ASSESSOR, STROMA_ASSESSOR, loggedInUser } from '../helpers/factories';
import { useTestServer, type TestServer } from '../helpers/test-server';
import { addCouncilTax, createReport, fixture, listOf, putUpload, SAMPLE, uploadSurvey } from '../helpers/reports';
import { ok } from '../helpers/answers';

const STROMA = STROMA_ASSESSOR;

async function openPdf(server: TestServer, url: string) {
  return server.app.inject({ method: 'GET', url });
}

/** Runs the daily purge of deleted reports now, as if its day had come. */
async function runPurgeNow(server: TestServer) {
  await server.db.updateTable('jobs').set({ run_after: 0 }).where('kind', '=', 'purge_deleted').where('status', '=', 'queued').execute();
  await server.app.deps.jobs.drain();
}

describeEachDatabase('reports', (dialect) => {
  const server = useTestServer(dialect);

  it('records the report at once, renders its PDF in the background and tells the owner', async () => {
    const { cookie, id: userId } = await loggedInUser(server(), STROMA);
    const push = jest.spyOn(server().app.deps.realtime, 'push');
    const created = await createReport(server(), cookie);
    expect(created.share_url).toMatch(new RegExp(`^http://localhost:3000/s/${created.report_id}/[A-Za-z0-9_-]{22}$`));
    expect(push).toHaveBeenCalledWith(userId, 'reportListUpdate', { report_id: created.report_id });

    await server().app.deps.jobs.drain();
    const [item] = (await listOf(server(), cookie)).reports_list;
    expect(item).toMatchObject({
      report_id: created.report_id,
      status: 'Ready!',
      current_epc: 64,
      current_epc_band: 'D',
      deleteable: true,
      share_url: created.share_url,
    });
    expect(item.name).toMatch(/, [A-Z0-9]{2,4} [0-9][A-Z]{2}$/);
    expect(push).toHaveBeenLastCalledWith(userId, 'reportListUpdate', { report_id: created.report_id });

    const url = await server().call(reports.reportUrl, { report_id: created.report_id, mode: 'preliminary' }, { cookie });
    const pdf = await openPdf(server(), ok(url).report_url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Saved under the property's name, not the storage key.
    expect(pdf.headers['content-disposition']).toBe(`inline; filename="${reportPdfFilename(item.name, 'preliminary')}"`);
    expect(pdf.headers['content-disposition']).toMatch(/^inline; filename="EPC-report-[A-Za-z0-9-]+\.pdf"$/);
  });

  it('records a report only together with the job that draws its PDF: never a report left Generating with nothing to finish it', async () => {
    const { cookie } = await loggedInUser(server(), STROMA);
    const { key } = await uploadSurvey(server(), cookie);
    jest.spyOn(server().app.deps.jobs, 'enqueue').mockRejectedValueOnce(new Error('the job could not be recorded'));
    const body = {
      xml1_key: key,
      xml1_original_filename: 'a.xml',
      cTaxPropertyAddress: '',
      selectedBranding: 'EPCplus',
      manualCTaxBand: 'C' as const,
    };
    const failed = await server().call(reports.createReport, body, { cookie });
    expect(failed.status).toBe(500);
    expect((await listOf(server(), cookie)).reports_list).toEqual([]);

    const retried = await server().call(reports.createReport, body, { cookie });
    expect(retried.status).toBe(200);
    await server().app.deps.jobs.drain();
    expect((await listOf(server(), cookie)).reports_list.map((r) => r.status)).toEqual(['Ready!']);
  });

  it('takes the council tax address from the list for the postcode, or a manual band', async () => {
    const { cookie } = await loggedInUser(server(), STROMA);
    const { key, followup } = await uploadSurvey(server(), cookie);
    const postcode = ok(followup).message.match(/[A-Z]{1,2}[0-9][A-Z0-9]? [0-9][A-Z]{2}/)![0];
    await addCouncilTax(server(), [[postcode, '7 Listed Road', 'F']]);
    const body = { xml1_key: key, xml1_original_filename: 'a.xml', selectedBranding: 'EPCplus' };
    const unlisted = await server().call(reports.createReport, { ...body, cTaxPropertyAddress: '9 Made Up Lane' }, { cookie });
    expect(unlisted.status).toBe(400);
    const listed = await server().call(reports.createReport, { ...body, cTaxPropertyAddress: '7 Listed Road' }, { cookie });
    expect(listed.status).toBe(200);
    const row = await server().db.selectFrom('reports').select(['ctax_address', 'ctax_band']).executeTakeFirstOrThrow();
    expect(row).toEqual({ ctax_address: '7 Listed Road', ctax_band: 'F' });
  });

  it("refuses a survey file that was not checked, or a branding that is not the user's", async () => {
    const { cookie } = await loggedInUser(server(), STROMA);
    const base = { xml1_original_filename: 'a.xml', cTaxPropertyAddress: '', manualCTaxBand: 'B' as const };
    const unchecked = await server().call(
      reports.createReport,
      { ...base, xml1_key: 'uploads/nothing.xml', selectedBranding: 'EPCplus' },
      { cookie },
    );
    expect(unchecked.status).toBe(400);
    const { key } = await uploadSurvey(server(), cookie);
    const foreign = await server().call(reports.createReport, { ...base, xml1_key: key, selectedBranding: '99999' }, { cookie });
    expect(foreign.status).toBe(400);
    expect(await server().db.selectFrom('reports').select('id').execute()).toEqual([]);
  });

  it('keeps every report to its owner: another user neither sees, opens nor deletes it', async () => {
    const ann = await loggedInUser(server(), STROMA);
    const bob = await loggedInUser(server(), STROMA);
    const { report_id } = await createReport(server(), ann.cookie);
    await server().app.deps.jobs.drain();
    expect((await listOf(server(), bob.cookie)).reports_list).toEqual([]);
    expect((await server().call(reports.reportUrl, { report_id, mode: 'preliminary' }, { cookie: bob.cookie })).status).toBe(404);
    expect((await server().call(reports.reportDelete, { report_id, delete_mode: 'delete' }, { cookie: bob.cookie })).status).toBe(404);
    expect((await listOf(server(), ann.cookie)).reports_list).toHaveLength(1);
  });

  it('refuses a forged or expired PDF address', async () => {
    const { cookie } = await loggedInUser(server(), STROMA);
    const { report_id } = await createReport(server(), cookie);
    await server().app.deps.jobs.drain();
    const url = ok(await server().call(reports.reportUrl, { report_id, mode: 'preliminary' }, { cookie })).report_url;
    expect((await openPdf(server(), url.replace(/sig=.*/, 'sig=forged'))).statusCode).toBe(403);
    expect((await openPdf(server(), url.replace(/exp=\d+/, 'exp=1000'))).statusCode).toBe(403);
    expect((await openPdf(server(), url.replace(`${report_id}.pdf`, `${report_id + 1}.pdf`))).statusCode).toBe(403);
  });

  it('deletes, undeletes and permanently deletes; a pending report cannot be deleted', async () => {
    const { cookie } = await loggedInUser(server(), STROMA);
    const { report_id } = await createReport(server(), cookie);
    const del = (mode: 'delete' | 'undelete' | 'perma-delete') =>
      server().call(reports.reportDelete, { report_id, delete_mode: mode }, { cookie });
    expect((await del('perma-delete')).status).toBe(400);
    await del('delete');
    expect((await listOf(server(), cookie)).reports_list).toEqual([]);
    expect((await listOf(server(), cookie, { mode: 'preliminary', deleted: 'yes' })).reports_list).toHaveLength(1);
    await del('undelete');
    expect((await listOf(server(), cookie)).reports_list).toHaveLength(1);
    await del('delete');
    expect((await del('perma-delete')).status).toBe(200);
    expect(await server().db.selectFrom('reports').select('id').execute()).toEqual([]);

    const pending = await createReport(server(), cookie);
    await server().db.updateTable('reports').set({ status: 'Pending' }).where('id', '=', pending.report_id).execute();
    const res = await server().call(reports.reportDelete, { report_id: pending.report_id, delete_mode: 'delete' }, { cookie });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Pending reports can not be deleted' });
  });

  it('names the page when a list page is beyond any there could be, not the sample reports sharing its address', async () => {
    const { cookie } = await loggedInUser(server(), STROMA);
    const res = await server().inject({ method: 'GET', url: `${reports.reportsList.path}?mode=preliminary&page=2147483648`, cookie });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: expect.stringMatching(/^page: /) });
    // The sample reports still answer at the same address.
    expect((await server().call(premium.reportsDemo, undefined, { cookie, query: { mode: 'demo' } })).status).toBe(200);
  });

  it('erases reports deleted more than 30 days ago, and keeps younger ones', async () => {
    const { cookie } = await loggedInUser(server(), STROMA);
    const old = await createReport(server(), cookie);
    const young = await createReport(server(), cookie);
    await server().app.deps.jobs.drain();
    const day = 24 * 3600_000;
    await server()
      .db.updateTable('reports')
      .set({ deleted_at: Date.now() - 31 * day })
      .where('id', '=', old.report_id)
      .execute();
    await server()
      .db.updateTable('reports')
      .set({ deleted_at: Date.now() - 29 * day })
      .where('id', '=', young.report_id)
      .execute();
    await runPurgeNow(server());
    const left = await server().db.selectFrom('reports').select('id').execute();
    expect(left.map((r) => r.id)).toEqual([young.report_id]);
    expect(await server().app.deps.storage.get(`reports/${old.report_id}.pdf`)).toBeNull();
  });

  it('goes on erasing past a report whose files cannot be removed, and never erases a restored report', async () => {
    const { cookie } = await loggedInUser(server(), STROMA);
    const [stuck, next, restored] = [
      await createReport(server(), cookie),
      await createReport(server(), cookie),
      await createReport(server(), cookie),
    ];
    await server().app.deps.jobs.drain();
    const longAgo = Date.now() - 31 * 24 * 3600_000;
    for (const { report_id } of [stuck, next, restored])
      await server().db.updateTable('reports').set({ deleted_at: longAgo }).where('id', '=', report_id).execute();
    const storage = server().app.deps.storage;
    const remove = storage.remove.bind(storage);
    jest
      .spyOn(storage, 'remove')
      .mockImplementation((key) => (key === `reports/${stuck.report_id}.pdf` ? Promise.reject(new Error('storage away')) : remove(key)));

    // As the purge found it, then restored from another tab before the purge came to it.
    const listed = await server().db.selectFrom('reports').selectAll().where('id', '=', restored.report_id).executeTakeFirstOrThrow();
    ok(await server().call(reports.reportDelete, { report_id: restored.report_id, delete_mode: 'undelete' }, { cookie }));
    expect(await eraseReport(server().app.deps, listed, Date.now())).toBe(false);

    await runPurgeNow(server());
    const left = (await server().db.selectFrom('reports').select('id').execute()).map((r) => r.id);
    expect(left).toEqual([restored.report_id]);
    expect(await storage.get(`reports/${next.report_id}.pdf`)).toBeNull();
    expect(await storage.get(`reports/${restored.report_id}.pdf`)).not.toBeNull();
    // The run that could not remove a file is tried again, and tomorrow's is booked.
    const purges = await server()
      .db.selectFrom('jobs')
      .select('attempts')
      .where('kind', '=', 'purge_deleted')
      .where('status', '=', 'queued')
      .execute();
    expect(purges.map((j) => Number(j.attempts)).sort()).toEqual([0, 1]);
  });

  it('keeps no PDF of a report erased while it was being drawn', async () => {
    const { cookie } = await loggedInUser(server(), STROMA);
    const renders = server().app.deps.renders;
    const render = renders.render.bind(renders);
    let erased = 0;
    // The assessor deletes it for good in the few milliseconds the PDF takes to draw.
    jest.spyOn(renders, 'render').mockImplementation(async (job) => {
      const pdf = await render(job);
      for (const report_id of (await server().db.selectFrom('reports').select('id').execute()).map((r) => r.id)) {
        ok(await server().call(reports.reportDelete, { report_id, delete_mode: 'delete' }, { cookie }));
        ok(await server().call(reports.reportDelete, { report_id, delete_mode: 'perma-delete' }, { cookie }));
        erased = report_id;
      }
      return pdf;
    });
    await createReport(server(), cookie);
    await server().app.deps.jobs.drain();
    expect(erased).toBeGreaterThan(0);
    expect(await server().db.selectFrom('reports').select('id').execute()).toEqual([]);
    expect(await server().app.deps.storage.get(`reports/${erased}.pdf`)).toBeNull();
  });

  it('searches by address, postcode and reference, and pages by 20', async () => {
    const { cookie } = await loggedInUser(server(), STROMA);
    const { report_id } = await createReport(server(), cookie);
    // Its PDF is drawn first: Ready during the list calls below, it would change a page between two reads of it.
    await server().app.deps.jobs.drain();
    const row = await server().db.selectFrom('reports').selectAll().where('id', '=', report_id).executeTakeFirstOrThrow();
    const { id: _id, ...copy } = row;
    for (let i = 0; i < 44; i++) {
      await server()
        .db.insertInto('reports')
        .values({
          ...copy,
          slug: `copy-slug-${i}-abcdefghijkl`,
          name: `${i} Copy Lane, AB1 2CD`,
          search_text: `${i} copy lane, ab1 2cd ab12cd`,
          created_at: row.created_at + i + 1,
        })
        .execute();
    }
    const page3 = await listOf(server(), cookie, { mode: 'preliminary', page: '3' });
    expect(page3).toMatchObject({ total: 45, page: 3 });
    expect(page3.reports_list).toHaveLength(5);
    // The pages follow one another, newest first, each report on one page only; past the end is the last page.
    const pages = [
      await listOf(server(), cookie, { mode: 'preliminary' }),
      await listOf(server(), cookie, { mode: 'preliminary', page: '2' }),
      page3,
    ];
    const created = pages.flatMap((p) => p.reports_list.map((r) => r.created_at * 1000 + r.report_id));
    expect(new Set(created).size).toBe(45);
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(await listOf(server(), cookie, { mode: 'preliminary', page: '9' })).toEqual(page3);
    expect((await listOf(server(), cookie, { mode: 'preliminary', search: 'ab1 2cd' })).total).toBe(44);
    expect((await listOf(server(), cookie, { mode: 'preliminary', search: '17 COPY' })).reports_list.map((r) => r.name)).toEqual([
      '17 Copy Lane, AB1 2CD',
    ]);
    expect((await listOf(server(), cookie, { mode: 'preliminary', search: '%' })).total).toBe(0);
    expect((await listOf(server(), cookie, { mode: 'premium' })).total).toBe(0);
  });

  it('marks the report Error when its PDF cannot be made, and says so when opened', async () => {
    const { cookie } = await loggedInUser(server(), STROMA);
    // Held, so the job cannot run before the report is spoiled.
    await server().app.deps.jobs.stop();
    const { report_id } = await createReport(server(), cookie);
    await server().db.updateTable('reports').set({ survey: '{"broken":true}' }).where('id', '=', report_id).execute();
    for (let i = 0; i < 3; i++) {
      await server()
        .db.updateTable('jobs')
        .set({ run_after: 0 })
        .where('kind', '=', 'render_report')
        .where('status', '=', 'queued')
        .execute();
      await server().app.deps.jobs.drain();
    }
    const [item] = (await listOf(server(), cookie)).reports_list;
    expect(item.status).toBe('Error');
    const res = await server().call(reports.reportUrl, { report_id, mode: 'preliminary' }, { cookie });
    expect(res.status).toBe(409);
  });

  it('takes up a job that a stopped server left half done', async () => {
    const { cookie } = await loggedInUser(server(), STROMA);
    await server().app.deps.jobs.stop();
    const { report_id } = await createReport(server(), cookie);
    // As a crash leaves it: claimed long ago by a process that is gone.
    await server()
      .db.updateTable('jobs')
      .set({ status: 'running', locked_at: Date.now() - 5 * 60_000 })
      .where('kind', '=', 'render_report')
      .execute();
    server().app.deps.jobs.start();
    await server().app.deps.jobs.drain();
    // The job itself first: had it failed, its error says why.
    const job = await server()
      .db.selectFrom('jobs')
      .select(['status', 'last_error'])
      .where('kind', '=', 'render_report')
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ status: 'done', last_error: null });
    const [item] = (await listOf(server(), cookie)).reports_list;
    expect(item).toMatchObject({ report_id, status: 'Ready!' });
  });

  it('serves sample reports rendered from a real lodgement', async () => {
    const { cookie } = await loggedInUser(server(), STROMA);
    const res = await server().call(premium.reportsDemo, undefined, { cookie, query: { mode: 'demo' } });
    expect(res.status).toBe(200);
    const pdf = await openPdf(server(), ok(res).preliminary_url);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("lists the built-in branding first, read-only, then the user's own by name", async () => {
    const { cookie, id } = await loggedInUser(server(), STROMA);
    const now = Date.now();
    await server()
      .db.insertInto('brandings')
      .values([
        { user_id: id, company_name: 'zeta Homes', colour: '#111111', created_at: now, updated_at: now },
        { user_id: id, company_name: 'Alpha Energy', colour: '#222222', created_at: now, updated_at: now },
      ])
      .execute();
    const res = await server().call(brandings.getBrandings, undefined, { cookie });
    const names = ok(res).brandings.map((b) => [b.company_name, b.ro]);
    expect(names).toEqual([
      ['EPCplus', true],
      ['Alpha Energy', false],
      ['zeta Homes', false],
    ]);
  });

  it('asks an elmhurst assessor for the RdSAP survey file (file B) before making the report', async () => {
    const { cookie } = await loggedInUser(server(), ELMHURST_ASSESSOR);
    const { key } = await uploadSurvey(server(), cookie);
    const body = {
      xml1_key: key,
      xml1_original_filename: 'a.xml',
      cTaxPropertyAddress: '',
      selectedBranding: 'EPCplus',
      manualCTaxBand: 'A' as const,
    };
    const without = await server().call(reports.createReport, body, { cookie });
    expect(without.status).toBe(400);
    expect(without.body).toMatchObject({ error: 'Please upload the RdSAP survey file (file B) first.' });
    const b = await putUpload(server(), cookie, fixture(SAMPLE));
    await server().call(uploads.uploadFollowup, { filename: b.key, which_one: 'B' }, { cookie });
    const withB = await server().call(reports.createReport, { ...body, xml2_key: b.key, xml2_original_filename: 'b.xml' }, { cookie });
    expect(withB.status).toBe(200);
  });

  it('answers the fixture in the upload as parsed', async () => {
    const { cookie } = await loggedInUser(server(), STROMA);
    const { followup } = await uploadSurvey(server(), cookie, fixture(SAMPLE));
    expect(ok(followup).message).toMatch(/energy rating 64 \(D\), 5 suggested improvements/);
  });
});
