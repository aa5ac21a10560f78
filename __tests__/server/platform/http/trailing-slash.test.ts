import * as brandings from '../../../../src/shared/api/brandings';
import * as account from '../../../../src/shared/api/account';
import * as reports from '../../../../src/shared/api/reports';
import * as premium from '../../../../src/shared/api/premium';
import * as access from '../../../../src/shared/api/access';
import { describeEachDatabase } from '../../helpers/databases';
import { loggedInUser } from '../../helpers/factories';
import { PUBLIC_URL, useTestServer } from '../../helpers/test-server';

/** The calls the API's description writes with a trailing slash answer the same with it as without. */
describeEachDatabase('calls written with a trailing slash', (dialect) => {
  const server = useTestServer(dialect);

  it('answer as the same call without it', async () => {
    const { cookie } = await loggedInUser(server());
    const both = async (method: 'GET' | 'POST', path: string, query = '', payload?: object) => {
      const headers = method === 'POST' ? { 'content-type': 'application/json', origin: PUBLIC_URL } : undefined;
      const send = (url: string) => server().inject({ method, url, cookie, payload, headers });
      const [bare, slashed] = [await send(`${path}${query}`), await send(`${path}/${query}`)];
      expect(slashed.status).toBe(bare.status);
      expect(slashed.body).toEqual(bare.body);
      return slashed;
    };
    expect((await both('GET', brandings.getBrandings.path)).status).toBe(200);
    expect((await both('GET', account.getUserSettings.path)).status).toBe(200);
    expect((await both('GET', reports.reportsList.path, '?mode=preliminary')).status).toBe(200);
    expect((await both('GET', premium.pendingList.path)).status).toBe(200);
    // A refusal is the same refusal either way.
    expect(
      (await both('POST', access.resetPasswordPrecheck.path, '?precheck=yes', { username: 'nobody@example.com', code: 'x' })).status,
    ).toBe(400);
  });
});
