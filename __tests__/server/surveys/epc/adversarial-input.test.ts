import * as operations from '../../../../src/shared/api/operations';
import * as uploads from '../../../../src/shared/api/uploads';
import { parseCostRange } from '../../../../src/server/surveys/epc/cost-range';
import { importCouncilTaxCsv } from '../../../../src/server/surveys/council-tax';
import { importContractorsCsv } from '../../../../src/server/contractors/contractors';
import { isEmail } from '../../../../src/shared/rules/signup';
import { describeEachDatabase } from '../../helpers/databases';
import { loggedInUser } from '../../helpers/factories';
import { putUpload, uploadSurvey } from '../../helpers/reports';
import { useTestServer, type TestServer } from '../../helpers/test-server';
import { ADVERSARIAL_SURVEYS } from './adversarial-inputs';
import { ok, refused } from '../../helpers/answers';

/**
 * The patterns this guards against held the event loop for 11 to 55 s on a 5 MB survey; a linear
 * parse takes tens of milliseconds. On a busy 2-core machine (the suite beside other work) a health
 * answer can still wait over a second for the CPU, so the line is drawn where the two cannot meet.
 */
const STALL_LIMIT_MS = 5000;

/**
 * Runs `work` while asking the server's health call over and over, and answers the longest any
 * of those took: a parser that holds the event loop shows up as a slow health answer.
 */
async function slowestAnswerDuring<T>(server: TestServer, work: Promise<T>): Promise<{ result: T; slowestMs: number; answered: number }> {
  let done = false;
  const finished = work.finally(() => {
    done = true;
  });
  let slowestMs = 0;
  let answered = 0;
  while (!done) {
    const started = performance.now();
    const res = await server.call(operations.health);
    expect(res.status).toBe(200);
    slowestMs = Math.max(slowestMs, performance.now() - started);
    answered++;
    // inject can answer within microtasks alone; give the follow-up's I/O its turn.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { result: await finished, slowestMs, answered };
}

describeEachDatabase('uploads built to stall a parser', (dialect) => {
  const server = useTestServer(dialect);

  it.each(Object.keys(ADVERSARIAL_SURVEYS))(
    '%s: answered with a clear message while other requests are answered meanwhile',
    async (name) => {
      const { cookie } = await loggedInUser(server());
      const { key, put } = await putUpload(server(), cookie, ADVERSARIAL_SURVEYS[name]());
      expect(put.statusCode).toBe(200);
      const followup = server().call(uploads.uploadFollowup, { filename: key, which_one: 'A' }, { cookie });
      const { result, slowestMs, answered } = await slowestAnswerDuring(server(), followup);
      expect(answered).toBeGreaterThan(0);
      expect(slowestMs).toBeLessThan(STALL_LIMIT_MS);
      if (result.status === 200) {
        expect(result.body).toMatchObject({ success: true });
      } else {
        expect(result.status).toBe(400);
        const { error } = refused(result);
        expect(error).toMatch(/file/i);
        // A message quotes at most the start of what the file holds, never megabytes of it.
        expect(error.length).toBeLessThan(400);
      }
    },
  );

  it('checks an adversarial file B against file A without stalling', async () => {
    const { cookie } = await loggedInUser(server());
    expect((await uploadSurvey(server(), cookie)).followup.status).toBe(200);
    for (const name of ['a text value of 5 MB of spaces', 'a cost of GBP followed by spaces', 'a nested element name of 5 MB']) {
      const { key } = await putUpload(server(), cookie, ADVERSARIAL_SURVEYS[name]());
      const followup = server().call(uploads.uploadFollowup, { filename: key, which_one: 'B' }, { cookie });
      const { result, slowestMs } = await slowestAnswerDuring(server(), followup);
      expect(slowestMs).toBeLessThan(STALL_LIMIT_MS);
      expect([200, 400]).toContain(result.status);
    }
  });

  it('takes a currency followed by a sea of blanks as no cost at all, not a number', async () => {
    const { cookie } = await loggedInUser(server());
    const { followup } = await uploadSurvey(server(), cookie, ADVERSARIAL_SURVEYS['a cost of GBP, spaces and a number']());
    expect(followup.status).toBe(200);
  });

  it('refuses control characters in survey text, which PostgreSQL cannot store', async () => {
    const { cookie } = await loggedInUser(server());
    const { followup } = await uploadSurvey(
      server(),
      cookie,
      Buffer.from('<RdSAP-Report><Address-Line-1>1 Main\u0000 Street</Address-Line-1></RdSAP-Report>'),
    );
    expect(followup.status).toBe(400);
    expect(refused(followup).error).toMatch(/control characters/);
  });

  it('refuses an element name far longer than any schema has, even in a small file', async () => {
    const { cookie } = await loggedInUser(server());
    const { followup } = await uploadSurvey(
      server(),
      cookie,
      Buffer.from(`<RdSAP-Report><${'x'.repeat(300)}>1</${'x'.repeat(300)}></RdSAP-Report>`),
    );
    expect(followup.status).toBe(400);
    expect(refused(followup).error).toMatch(/element name longer than 200 characters/);
  });

  const MB = 1024 * 1024 - 200;
  it.each([
    ['a 1 MB element name', `<svg xmlns="http://www.w3.org/2000/svg"><${'g'.repeat(MB)}/></svg>`],
    ['a 1 MB style value of url( openings', `<svg xmlns="http://www.w3.org/2000/svg"><rect style="${'url( '.repeat(MB / 5)}"/></svg>`],
    ['a 1 MB run of blanks in a length', `<svg xmlns="http://www.w3.org/2000/svg" width="1${' '.repeat(MB)}px"/>`],
    ['1 MB of entity-like text', `<svg xmlns="http://www.w3.org/2000/svg"><text>${'&#x'.repeat(MB / 3)}</text></svg>`],
  ])('a logo with %s is answered while other requests are answered meanwhile', async (_name, svg) => {
    const { cookie } = await loggedInUser(server());
    const start = ok(await server().call(uploads.upload, { extension: 'svg', isLogo: true }, { cookie }));
    const put = await server().app.inject({
      method: 'PUT',
      url: start.upload_to,
      payload: Buffer.from(svg),
      headers: { cookie, 'content-type': 'application/octet-stream', origin: 'http://localhost:3000' },
    });
    expect(put.statusCode).toBe(200);
    const key = start.filename;
    const followup = server().call(uploads.uploadFollowup, { filename: key, which_one: 'LOGO' }, { cookie });
    const { result, slowestMs } = await slowestAnswerDuring(server(), followup);
    expect(slowestMs).toBeLessThan(STALL_LIMIT_MS);
    expect([200, 400]).toContain(result.status);
  });

  it('reads operator CSV files with pathological cells as rows with problems, not as a stall', async () => {
    const blanks = ' '.repeat(1_000_000);
    const quotes = '"'.repeat(200_001);
    const ctax = await importCouncilTaxCsv(
      server().db,
      `postcode,address,band\nAB1 2CD,${blanks}x,${blanks}\n${quotes}\nAB1 2CD,1 Main Street,C`,
    );
    expect(ctax.problems.length).toBeGreaterThan(0);
    const contractors = await importContractorsCsv(
      server().db,
      `key,name,url,address,email,tel,image,measures,areas\nk1,Name,https://a.example/${blanks}x,addr,a@b.co,0123,/i.png,${';'.repeat(500_000)},${' ;'.repeat(300_000)}`,
    );
    expect(contractors.imported + contractors.problems.length).toBe(1);
  });
});

describe('patterns over user text stay linear', () => {
  it.each([
    ['a currency and 200 000 spaces', `GBP${' '.repeat(200_000)}`],
    ['a currency, spaces and a dash', `£1${' '.repeat(200_000)}-`],
    ['digits with a bad end', `${'1'.repeat(200_000)}x`],
    ['groups of thousands with a bad end', `£${'1,000'.repeat(40_000)}x`],
  ])('a cost of %s is no range', (_, lodged) => {
    expect(parseCostRange(lodged)).toBeNull();
  });

  it('tells a long near-miss from an email address', () => {
    expect(isEmail(`${'a.'.repeat(100_000)}`)).toBe(false);
    expect(isEmail(`a@${'b.'.repeat(100_000)} `)).toBe(false);
    expect(isEmail('name@example.co.uk')).toBe(true);
  });
});
