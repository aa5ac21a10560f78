import * as account from '../../../../src/shared/api/account';
import * as reports from '../../../../src/shared/api/reports';
import { hasControlCharacter } from '../../../../src/server/platform/security/control-characters';
import { describeEachDatabase } from '../../helpers/databases';
import { STROMA_ASSESSOR, loggedInUser } from '../../helpers/factories';
import { useTestServer } from '../../helpers/test-server';
import { fixture, listOf, SAMPLE, uploadSurvey } from '../../helpers/reports';
import { ok, refused } from '../../helpers/answers';
import { readPdf } from '../../pdf/pdf-reader';
import { createReportRequest } from '../../../support/report-requests';

/**
 * What a hostile or broken lodgement can hide in its text: a terminal escape and a C1 CSI (as
 * character references, since XML forbids raw C0 controls), a right-to-left override and an
 * isolate (raw), noncharacters and a lone surrogate.
 */
const HIDDEN = {
  address: '28-29 &#x1B;[2J&#x9B;31mST MARY\u202E STREET\u2066&#xFDD0;&#x1FFFF;&#xD800;',
  description: 'Solid brick,\u202D as built&#x85;, no insulation&#xFFFE; (assumed)&#x7;',
};

/** Every string in a parsed JSON value. */
const stringsIn = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(stringsIn) : [];

function hostileSurvey(): Buffer {
  const xml = fixture(SAMPLE)
    .toString('utf8')
    .replace('<Address-Line-1>28-29 ST MARY STREET<', `<Address-Line-1>${HIDDEN.address}<`)
    .replace('>Solid brick, as built, no insulation (assumed)<', `>${HIDDEN.description}<`);
  if (!xml.includes('\u202E') || !xml.includes('\u202D')) throw new Error('the sample changed: the hostile text was not put in');
  return Buffer.from(xml);
}

describeEachDatabase('text a survey file or a user sends', (dialect) => {
  const server = useTestServer(dialect);

  it('keeps no control, bidirectional-override or noncharacter of a survey in the report, its list or its PDF', async () => {
    const { cookie } = await loggedInUser(server(), STROMA_ASSESSOR);
    const { key, followup } = await uploadSurvey(server(), cookie, hostileSurvey());
    // The assessor cannot change a lodged file: it is read, without those characters.
    expect(ok(followup).message).toMatch(/^28-29 \[2J31mST MARY STREET, CF10 1AB: /);
    const created = ok(await server().call(reports.createReport, createReportRequest(key), { cookie }));
    await server().app.deps.jobs.drain();
    const [item] = (await listOf(server(), cookie)).reports_list;
    expect(item.name).toBe('28-29 [2J31mST MARY STREET, CF10 1AB');
    const stored = await server()
      .db.selectFrom('reports')
      .select(['survey', 'measures'])
      .where('id', '=', created.report_id)
      .executeTakeFirstOrThrow();
    // Parsed, so that a lone surrogate JSON escapes as \ud800 is seen as the character it is.
    expect(stringsIn(JSON.parse(stored.survey)).filter(hasControlCharacter)).toEqual([]);
    expect(stringsIn(JSON.parse(stored.measures)).filter(hasControlCharacter)).toEqual([]);

    const url = ok(await server().call(reports.reportUrl, { report_id: created.report_id, mode: 'preliminary' }, { cookie })).report_url;
    const pdf = await server().app.inject({ method: 'GET', url });
    expect(pdf.statusCode).toBe(200);
    const { text } = readPdf(pdf.rawPayload);
    // Before, each hidden character printed as a '?' (or a space) in the owner's PDF.
    expect(text.replace(/\s+/g, ' ')).toContain('28-29 [2J31mST MARY STREET');
    expect(text.replace(/\s+/g, ' ')).toContain('Solid brick, as built, no insulation (assumed)');
    expect(text).not.toContain('?');
    expect(hasControlCharacter(text.replace(/[\f]/g, ''))).toBe(false);
  });

  it.each([
    ['a right-to-left override', 'Eve\u202Elive'],
    ['an isolate', 'Eve\u2067x'],
    ['a C1 control', 'Eve\u009B2J'],
    ['an escape', 'Eve\u001B[2J'],
    ['a noncharacter', 'Eve\uFDD0'],
    ['a lone surrogate', 'Eve\uD800'],
  ])('refuses %s in a text field with 400, naming the field, and saves nothing', async (_label, name) => {
    const { cookie, id } = await loggedInUser(server());
    const before = await server().db.selectFrom('users').select('name').where('id', '=', id).executeTakeFirstOrThrow();
    const res = await server().call(account.saveAccount, { name, phone: '', coverage: '' }, { cookie });
    expect(res.status).toBe(400);
    expect(refused(res).error).toMatch(/^The field "name" contains control characters or invisible formatting characters/);
    const after = await server().db.selectFrom('users').select('name').where('id', '=', id).executeTakeFirstOrThrow();
    expect(after.name).toBe(before.name);
  });

  it('names a field in a query string and a nested one, and takes text with emoji, accents and line breaks', async () => {
    const { cookie } = await loggedInUser(server(), STROMA_ASSESSOR);
    const search = await server().call(reports.reportsList, undefined, {
      cookie,
      query: { mode: 'preliminary', search: 'x\u202Ey' } as never,
    });
    expect(refused(search).error).toMatch(/^The field "search" /);
    const nested = await server().inject({
      method: 'POST',
      url: account.saveAccount.path,
      payload: JSON.stringify({ name: 'Eve', extra: { notes: ['fine', 'bad\u2066'] } }),
      cookie,
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
    });
    expect(refused(nested).error).toMatch(/^The field "extra\.notes\.1" /);
    const fine = await server().call(
      account.saveAccount,
      { name: 'Siân 😀 O’Neill', phone: '', coverage: 'Line one\nLine two\ttabbed' },
      { cookie },
    );
    expect(fine.status).toBe(200);
  });
});
