import * as sharing from '../../../src/shared/api/sharing';
import { SHARE_BROWSER_COOKIE } from '../../../src/server/sharing/shared-reports';
import { describeEachDatabase } from '../helpers/databases';
import { listOf } from '../helpers/reports';
import { PUBLIC_URL, useTestServer, type TestServer } from '../helpers/test-server';
import { sharedReport } from './shared-helpers';

const DAY_MS = 86_400_000;
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1';

interface Opening {
  browserId?: string;
  address?: string;
  userAgent?: string;
}

/** An owner's browser opening the shared page; answers the browser id it was given, if any. */
async function open(server: TestServer, path: string, { browserId, address = '10.0.0.1', userAgent = FIREFOX }: Opening = {}) {
  const res = await server.inject({
    method: 'POST',
    url: sharing.sharedReport.path,
    payload: JSON.stringify({ report_path: path }),
    headers: { 'content-type': 'application/json', origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin', 'user-agent': userAgent },
    cookie: browserId ? `${SHARE_BROWSER_COOKIE}=${browserId}` : null,
    remoteAddress: address,
  });
  expect(res.status).toBe(200);
  const given = res.raw.cookies.find((c) => c.name === SHARE_BROWSER_COOKIE);
  return given;
}

describeEachDatabase('share link open counts', (dialect) => {
  const server = useTestServer(dialect);

  const openedCount = async (cookie: string) => (await listOf(server(), cookie)).reports_list[0].opened_count;

  it('counts 50 opens of one browser in a day once, even as its address changes', async () => {
    const { path, user, reportId } = await sharedReport(server());
    const given = await open(server(), path);
    expect(given).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: sharing.sharedReport.path, maxAge: 365 * 24 * 3600 });
    expect(given!.value).toMatch(/^[A-Za-z0-9_-]{32}$/);
    for (let i = 2; i <= 50; i += 1) {
      // A phone moving between networks: the cookie, not the address, says it is the same browser.
      expect(await open(server(), path, { browserId: given!.value, address: `10.0.1.${i}` })).toBeUndefined();
    }
    expect(await openedCount(user.cookie)).toBe(1);
    expect(await server().db.selectFrom('share_opens').select('id').where('report_id', '=', reportId).execute()).toHaveLength(1);
  });

  it('counts a browser without the cookie once a day by its address and user agent', async () => {
    const { path, user } = await sharedReport(server());
    for (let i = 0; i < 20; i += 1) await open(server(), path);
    expect(await openedCount(user.cookie)).toBe(1);
    await open(server(), path, { userAgent: SAFARI });
    await open(server(), path, { address: '10.0.0.2' });
    expect(await openedCount(user.cookie)).toBe(3);
    // No address is stored, only keyed hashes.
    const rows = await server().db.selectFrom('share_open_browsers').select('browser_hash').execute();
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.browser_hash))).toBe(true);
  });

  it('counts two browsers twice, each again the next day, and forgets old days', async () => {
    const { path, user, reportId } = await sharedReport(server());
    const first = (await open(server(), path))!.value;
    const second = (await open(server(), path, { userAgent: SAFARI, address: '10.0.0.9' }))!.value;
    await open(server(), path, { browserId: first });
    await open(server(), path, { browserId: second });
    expect(await openedCount(user.cookie)).toBe(2);

    // The next day: the rows of today become yesterday's.
    const today = Math.floor(Date.now() / DAY_MS);
    await server()
      .db.updateTable('share_open_browsers')
      .set({ day: today - 1 })
      .where('report_id', '=', reportId)
      .execute();
    await server()
      .db.insertInto('share_open_browsers')
      .values({ report_id: reportId, browser_hash: 'f'.repeat(64), day: today - 10 })
      .execute();
    await open(server(), path, { browserId: first });
    await open(server(), path, { browserId: first });
    await open(server(), path, { browserId: second });
    expect(await openedCount(user.cookie)).toBe(4);
    const days = await server().db.selectFrom('share_open_browsers').select('day').where('report_id', '=', reportId).execute();
    expect(days.map((d) => d.day).sort()).toEqual([today - 1, today - 1, today - 1, today - 1, today, today].sort());
  });
});
