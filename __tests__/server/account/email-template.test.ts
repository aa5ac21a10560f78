import * as account from '../../../src/shared/api/account';
import { describeEachDatabase } from '../helpers/databases';
import { loggedInUser } from '../helpers/factories';
import { useTestServer, type TestServer } from '../helpers/test-server';
import { ok } from '../helpers/answers';

const TOO_LONG = 'Email template must be 1000 characters long or shorter.';

const templateOf = async (server: TestServer, cookie: string) =>
  ok(await server.call(account.getUserSettings, undefined, { cookie })).settings.email_template;

describeEachDatabase('email template', (dialect) => {
  const server = useTestServer(dialect);

  it("saves the template as written, (LINK) included, and tells the user's other tabs", async () => {
    const { cookie, id } = await loggedInUser(server());
    const push = jest.spyOn(server().app.deps.realtime, 'push');
    const template = 'Dear customer,\n\nYour report is here: (LINK)\n\nKind regards, Ann  ';
    const res = await server().call(account.saveUserSettings, { email_template: template }, { cookie });
    expect(res.body).toEqual({ success: true });
    expect(push).toHaveBeenCalledWith(id, 'settingsUpdate', { what: 'usersettings' });
    expect(await templateOf(server(), cookie)).toBe(template);
  });

  it('offers a user who has written none a default text with (LINK), signed with their name, until they save their own', async () => {
    const { cookie } = await loggedInUser(server(), { name: 'Ann Smith' });
    const offered = await templateOf(server(), cookie);
    expect(offered).toMatch(/^Dear homeowner,\n\n/);
    expect(offered).toContain('You can open it here: (LINK)');
    expect(offered).toMatch(/Kind regards,\nAnn Smith$/);
    expect(offered.length).toBeLessThanOrEqual(1000);

    await server().call(account.saveUserSettings, { email_template: 'Mine: (LINK)' }, { cookie });
    expect(await templateOf(server(), cookie)).toBe('Mine: (LINK)');
    // Emptied, the template is none again: the default comes back rather than an email with no link.
    await server().call(account.saveUserSettings, { email_template: '  ' }, { cookie });
    expect(await templateOf(server(), cookie)).toBe(offered);
  });

  it('takes 1000 characters and refuses 1001 with the length message, keeping the saved one', async () => {
    const { cookie } = await loggedInUser(server());
    const push = jest.spyOn(server().app.deps.realtime, 'push');
    const full = `${'x'.repeat(994)}(LINK)`;
    expect((await server().call(account.saveUserSettings, { email_template: full }, { cookie })).status).toBe(200);
    push.mockClear();
    const res = await server().call(account.saveUserSettings, { email_template: `${full}!` }, { cookie });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: TOO_LONG });
    expect(push).not.toHaveBeenCalled();
    expect(await templateOf(server(), cookie)).toBe(full);
  });

  it("keeps each user's template to themselves, and needs a session", async () => {
    const ann = await loggedInUser(server());
    const bob = await loggedInUser(server());
    await server().call(account.saveUserSettings, { email_template: 'Ann writes (LINK)' }, { cookie: ann.cookie });
    expect(await templateOf(server(), bob.cookie)).not.toBe('Ann writes (LINK)');
    expect((await server().call(account.saveUserSettings, { email_template: 'x' })).status).toBe(401);
    expect((await server().call(account.getUserSettings)).status).toBe(401);
  });

  it('refuses a body that is not a template with a 400', async () => {
    const { cookie } = await loggedInUser(server());
    for (const payload of [{}, { email_template: 42 }, { email_template: null }]) {
      const res = await server().inject({
        method: 'POST',
        url: account.saveUserSettings.path,
        payload: JSON.stringify(payload),
        cookie,
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      });
      expect(res.status).toBe(400);
    }
  });
});
