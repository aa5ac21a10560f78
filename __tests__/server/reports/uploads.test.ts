import * as reports from '../../../src/shared/api/reports';
import { describeEachDatabase } from '../helpers/databases';
import { ELMHURST_ASSESSOR, loggedInUser } from '../helpers/factories';
import { useTestServer } from '../helpers/test-server';
import { addCouncilTax, fixture, putUpload, SAMPLE, uploadSurvey } from '../helpers/reports';
import { ok, refused } from '../helpers/answers';

const countUploads = async (server: ReturnType<ReturnType<typeof useTestServer>>) =>
  Number(
    (
      await server.db
        .selectFrom('uploads')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

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
    const before = await countUploads(server());
    for (const bad of ['not xml at all', '<html><body>hi</body></html>', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>']) {
      const { key } = await putUpload(server(), cookie, Buffer.from(bad));
      const res = await server().call(reports.uploadFollowup, { filename: key, which_one: 'A' }, { cookie });
      expect(res.status).toBe(400);
      expect(refused(res).error.length).toBeGreaterThan(10);
      expect(await server().app.deps.storage.get(key)).toBeNull();
    }
    expect(await countUploads(server())).toBe(before);
  });

  it('takes the bytes once, from their owner only, within the size limit', async () => {
    const ann = await loggedInUser(server());
    const bob = await loggedInUser(server());
    const start = await server().call(reports.upload, { extension: 'xml' }, { cookie: ann.cookie });
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
    const start = await server().call(reports.upload, { extension: 'xml' }, { cookie });
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
    const res = await server().call(reports.upload, { extension: 'exe' }, { cookie });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Survey files must be .xml files.' });
  });

  it("never checks another user's file", async () => {
    const ann = await loggedInUser(server());
    const bob = await loggedInUser(server());
    const { key } = await putUpload(server(), ann.cookie, fixture(SAMPLE));
    const res = await server().call(reports.uploadFollowup, { filename: key, which_one: 'A' }, { cookie: bob.cookie });
    expect(res.status).toBe(404);
  });

  it('checks that file B is of the same property as file A', async () => {
    const { cookie } = await loggedInUser(server(), ELMHURST_ASSESSOR);
    await uploadSurvey(server(), cookie);
    const other = await putUpload(server(), cookie, fixture('RdSAP-Schema-S-18.0__epc.xml'));
    const wrong = await server().call(reports.uploadFollowup, { filename: other.key, which_one: 'B' }, { cookie });
    expect(wrong.status).toBe(400);
    expect(refused(wrong).error).toMatch(/different property/);
    const same = await putUpload(server(), cookie, fixture(SAMPLE));
    const right = await server().call(reports.uploadFollowup, { filename: same.key, which_one: 'B' }, { cookie });
    expect(right.status).toBe(200);
  });
});
