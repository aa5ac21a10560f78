import * as uploads from '../../../src/shared/api/uploads';
import * as reports from '../../../src/shared/api/reports';
import * as payments from '../../../src/shared/api/payments';
import { describeEachDatabase } from '../helpers/databases';
import { countRows, ELMHURST_ASSESSOR, STROMA_ASSESSOR, loggedInUser } from '../helpers/factories';
import { useTestServer } from '../helpers/test-server';
import { addCouncilTax, fixture, putUpload, SAMPLE, sampleWith, uploadSurvey } from '../helpers/reports';
import { ok, refused } from '../helpers/answers';
import { createReportRequest } from '../../support/report-requests';
import { SURVEY_TEXT_LIMITS } from '../../../src/server/surveys/epc/survey-limits';

/** The sample's property address ("28-29 ST MARY STREET, CF10 1AB" as a report name) with its first line replaced. */
const withAddressLine = (line: string) => sampleWith('<Address-Line-1>28-29 ST MARY STREET<', `<Address-Line-1>${line}<`);

describeEachDatabase('survey uploads', (dialect) => {
  const server = useTestServer(dialect);

  it('reads file A and answers the council tax addresses of its postcode', async () => {
    const { cookie } = await loggedInUser(server());
    const { followup: first } = await uploadSurvey(server(), cookie);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, ctax: { addresses: [] } });
    const postcode = ok(first).message.match(/[A-Z]{1,2}[0-9][A-Z0-9]? [0-9][A-Z]{2}/)![0];
    await addCouncilTax(server(), [
      [postcode, '1 Sample Street', 'D'],
      [postcode, '2 Sample Street', 'E'],
      ['ZZ1 1ZZ', 'Elsewhere', 'A'],
    ]);
    const { followup } = await uploadSurvey(server(), cookie);
    expect(ok(followup).ctax).toEqual({
      addresses: [
        { address: '1 Sample Street', band: 'D' },
        { address: '2 Sample Street', band: 'E' },
      ],
    });
  });

  it('refuses what is not a survey, with a message, and keeps nothing of it', async () => {
    const { cookie } = await loggedInUser(server());
    const before = await countRows(server(), 'uploads');
    for (const bad of ['not xml at all', '<html><body>hi</body></html>', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>']) {
      const { key } = await putUpload(server(), cookie, Buffer.from(bad));
      const res = await server().call(uploads.uploadFollowup, { filename: key, which_one: 'A' }, { cookie });
      expect(res.status).toBe(400);
      expect(refused(res).error.length).toBeGreaterThan(10);
      expect(await server().app.deps.storage.get(key)).toBeNull();
    }
    expect(await countRows(server(), 'uploads')).toBe(before);
  });

  it('takes the bytes once, from their owner only, within the size limit', async () => {
    const ann = await loggedInUser(server());
    const bob = await loggedInUser(server());
    const start = await server().call(uploads.upload, { extension: 'xml' }, { cookie: ann.cookie });
    const { upload_to } = ok(start);
    const put = (cookie: string, payload: Buffer, type = 'application/octet-stream') =>
      server().app.inject({
        method: 'PUT',
        url: upload_to,
        payload,
        headers: { cookie, 'content-type': type, origin: 'http://localhost:3000' },
      });
    expect((await put(bob.cookie, fixture(SAMPLE))).statusCode).toBe(404);
    expect((await put(ann.cookie, Buffer.alloc(5 * 1024 * 1024 + 1, 32))).statusCode).toBe(413);
    expect((await put(ann.cookie, Buffer.from('<x/>'), 'text/plain')).statusCode).toBe(415);
    expect((await put(ann.cookie, fixture(SAMPLE))).statusCode).toBe(200);
    const again = await put(ann.cookie, fixture(SAMPLE));
    expect(again.statusCode).toBe(410);
    expect(again.json<{ error: string }>().error).toMatch(/expired or was used/);
  });

  it('refuses an upload address that has expired', async () => {
    const { cookie } = await loggedInUser(server());
    const start = await server().call(uploads.upload, { extension: 'xml' }, { cookie });
    await server()
      .db.updateTable('uploads')
      .set({ expires_at: Date.now() - 1 })
      .execute();
    const res = await server().app.inject({
      method: 'PUT',
      url: ok(start).upload_to,
      payload: fixture(SAMPLE),
      headers: { cookie, 'content-type': 'application/octet-stream' },
    });
    expect(res.statusCode).toBe(410);
  });

  it('accepts only .xml for survey files', async () => {
    const { cookie } = await loggedInUser(server());
    const res = await server().call(uploads.upload, { extension: 'exe' }, { cookie });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Survey files must be .xml files.' });
  });

  it("never checks another user's file", async () => {
    const ann = await loggedInUser(server());
    const bob = await loggedInUser(server());
    const { key } = await putUpload(server(), ann.cookie, fixture(SAMPLE));
    const res = await server().call(uploads.uploadFollowup, { filename: key, which_one: 'A' }, { cookie: bob.cookie });
    expect(res.status).toBe(404);
  });

  it('checks that file B is of the same property as file A', async () => {
    const { cookie } = await loggedInUser(server(), ELMHURST_ASSESSOR);
    await uploadSurvey(server(), cookie);
    const other = await putUpload(server(), cookie, fixture('RdSAP-Schema-S-18.0__epc.xml'));
    const wrong = await server().call(uploads.uploadFollowup, { filename: other.key, which_one: 'B' }, { cookie });
    expect(wrong.status).toBe(400);
    expect(refused(wrong).error).toMatch(/different property/);
    const same = await putUpload(server(), cookie, fixture(SAMPLE));
    const right = await server().call(uploads.uploadFollowup, { filename: same.key, which_one: 'B' }, { cookie });
    expect(right.status).toBe(200);
  });

  it('refuses at upload a survey whose text is longer than a report keeps, naming the field, and creates nothing', async () => {
    // A Stroma assessor needs no file B: the report calls below get as far as the survey.
    const { cookie } = await loggedInUser(server(), STROMA_ASSESSOR);
    const uploadsBefore = await countRows(server(), 'uploads');
    for (const [survey, field, limit] of [
      // A report name of over 500 characters: once accepted here and then a 500 from PostgreSQL.
      [withAddressLine(`28-29 ST MARY STREET ${'x'.repeat(480)}`), 'property address', SURVEY_TEXT_LIMITS.address],
      [sampleWith('<RRN>0000-1111-2220-3330-5550<', `<RRN>${'1'.repeat(100)}<`), 'report reference number (RRN)', SURVEY_TEXT_LIMITS.rrn],
      [
        sampleWith('<Certificate-Number>TSET000002<', `<Certificate-Number>${'A'.repeat(100)}<`),
        "assessor's identification number",
        SURVEY_TEXT_LIMITS.assessorId,
      ],
    ] as const) {
      const { key, followup } = await uploadSurvey(server(), cookie, survey);
      expect(followup.status).toBe(400);
      expect(refused(followup).error).toContain(`${field} is `);
      expect(refused(followup).error).toContain(`the most a report can hold is ${limit}`);
      expect(await server().app.deps.storage.get(key)).toBeNull();
      const body = { xml1_key: key, cTaxPropertyAddress: '', selectedBranding: 'EPCplus', manualCTaxBand: 'C' as const };
      const create = await server().call(reports.createReport, { ...body, xml1_original_filename: 'long.xml' }, { cookie });
      expect(refused(create).error).toBe('Please upload the lodged EPC XML (file A) again.');
      const buy = await server().call(
        payments.buyPremiumCheckoutInit,
        { ...body, originals: { xml1: 'long.xml' }, useCredit: true },
        { cookie },
      );
      expect(buy.status).toBe(400);
    }
    expect(await countRows(server(), 'uploads')).toBe(uploadsBefore);
    expect(await countRows(server(), 'reports')).toBe(0);
  });

  it('makes a report of a survey whose address is as long as a report keeps, on either database', async () => {
    const { cookie } = await loggedInUser(server(), STROMA_ASSESSOR);
    // The line and ", CF10 1AB" make a name exactly as long as the limit.
    const line = `28-29 ST MARY STREET ${'y'.repeat(SURVEY_TEXT_LIMITS.address - ', CF10 1AB'.length - '28-29 ST MARY STREET '.length)}`;
    const { key, followup } = await uploadSurvey(server(), cookie, withAddressLine(line));
    expect(followup.status).toBe(200);
    const created = await server().call(reports.createReport, createReportRequest(key, { xml1_original_filename: 'long.xml' }), { cookie });
    const { report_id } = ok(created);
    const { name } = await server().db.selectFrom('reports').select('name').where('id', '=', report_id).executeTakeFirstOrThrow();
    expect(name).toHaveLength(SURVEY_TEXT_LIMITS.address);
  });
});
