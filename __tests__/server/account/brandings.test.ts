import * as brandings from '../../../src/shared/api/brandings';
import { describeEachDatabase } from '../helpers/databases';
import { loggedInUser } from '../helpers/factories';
import { useTestServer } from '../helpers/test-server';
import { brandingsOf, newBranding, saveBranding } from '../brandings/logo-files';
import { ok, refused } from '../helpers/answers';

const NO_NAME = 'You must specify a company name, you can use your own name if you are not a registered company.';

describeEachDatabase('brandings', (dialect) => {
  const server = useTestServer(dialect);

  it('creates, updates and deletes a branding, and tells every tab of the user each time', async () => {
    const { cookie, id: userId } = await loggedInUser(server());
    const push = jest.spyOn(server().app.deps.realtime, 'push');
    const created = await saveBranding(server(), cookie, {
      action: 'new',
      company_name: '  Warm Homes Ltd  ',
      overprint_colour: '#AA3300',
      image: '',
    });
    expect(created.status).toBe(200);
    const id = ok(created).id ?? '';
    expect(id).toMatch(/^\d+$/);
    expect(created.body).toEqual({ success: true, id });
    expect(push).toHaveBeenLastCalledWith(userId, 'settingsUpdate', { what: 'brandings' });
    expect((await brandingsOf(server(), cookie))[1]).toEqual({
      id,
      company_name: 'Warm Homes Ltd',
      colour: '#aa3300',
      image_key: '',
      image_url: false,
      ro: false,
    });

    push.mockClear();
    const updated = await saveBranding(server(), cookie, {
      action: 'update',
      id,
      company_name: 'Cosy Homes',
      overprint_colour: '#00ff00',
      image: '',
    });
    expect(updated.body).toEqual({ success: true, id });
    expect(push).toHaveBeenCalledWith(userId, 'settingsUpdate', { what: 'brandings' });
    expect((await brandingsOf(server(), cookie))[1]).toMatchObject({ id, company_name: 'Cosy Homes', colour: '#00ff00' });

    push.mockClear();
    const deleted = await saveBranding(server(), cookie, { action: 'delete', id });
    expect(deleted.body).toEqual({ success: true, id });
    expect(push).toHaveBeenCalledWith(userId, 'settingsUpdate', { what: 'brandings' });
    expect((await brandingsOf(server(), cookie)).map((b) => b.id)).toEqual(['EPCplus']);
  });

  it('refuses a blank or whitespace company name with the required-field message, on new and on update', async () => {
    const { cookie } = await loggedInUser(server());
    for (const company_name of ['', '   ', '\t\n ']) {
      const res = await saveBranding(server(), cookie, { action: 'new', company_name, overprint_colour: '#123456', image: '' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, error: NO_NAME });
    }
    const id = await newBranding(server(), cookie, 'Named Ltd');
    const res = await saveBranding(server(), cookie, { action: 'update', id, company_name: ' ', overprint_colour: '#123456', image: '' });
    expect(res.body).toEqual({ success: false, error: NO_NAME });
    expect((await brandingsOf(server(), cookie)).map((b) => b.company_name)).toEqual(['EPCplus', 'Named Ltd']);
  });

  it('refuses a colour that is not #rrggbb, and a name longer than the column', async () => {
    const { cookie } = await loggedInUser(server());
    for (const overprint_colour of ['red', '#12345', '#1234567', '123456', '#12345g', 'rgb(1,2,3)', '']) {
      const res = await saveBranding(server(), cookie, { action: 'new', company_name: 'Colours Ltd', overprint_colour, image: '' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, error: 'Colour must be a hex colour such as #2360b1.' });
    }
    const long = await saveBranding(server(), cookie, {
      action: 'new',
      company_name: 'x'.repeat(101),
      overprint_colour: '#123456',
      image: '',
    });
    expect(long.status).toBe(400);
    expect(await brandingsOf(server(), cookie)).toHaveLength(1);
  });

  it("answers another user's branding as missing (404) on update and delete, and leaves it as it was", async () => {
    const ann = await loggedInUser(server());
    const bob = await loggedInUser(server());
    const annsId = await newBranding(server(), ann.cookie, 'Ann Energy', '', '#111111');
    const update = await saveBranding(server(), bob.cookie, {
      action: 'update',
      id: annsId,
      company_name: 'Bob was here',
      overprint_colour: '#222222',
      image: '',
    });
    const remove = await saveBranding(server(), bob.cookie, { action: 'delete', id: annsId });
    const unknown = await saveBranding(server(), bob.cookie, { action: 'delete', id: '987654' });
    for (const res of [update, remove, unknown]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: 'That branding does not exist.' });
    }
    for (const id of ['abc', '-1', '0', '1.5', '99999999999', '']) {
      expect((await saveBranding(server(), bob.cookie, { action: 'delete', id })).status).toBe(404);
    }
    expect((await brandingsOf(server(), ann.cookie))[1]).toMatchObject({ id: annsId, company_name: 'Ann Energy', colour: '#111111' });
    expect(await brandingsOf(server(), bob.cookie)).toHaveLength(1);
  });

  it('keeps the built-in default branding read-only: it can be neither updated nor deleted', async () => {
    const { cookie } = await loggedInUser(server());
    const update = await saveBranding(server(), cookie, {
      action: 'update',
      id: 'EPCplus',
      company_name: 'Mine now',
      overprint_colour: '#000000',
      image: '',
    });
    const remove = await saveBranding(server(), cookie, { action: 'delete', id: 'EPCplus' });
    for (const res of [update, remove]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, error: 'The built-in EPCplus branding cannot be changed or deleted.' });
    }
    expect(await brandingsOf(server(), cookie)).toEqual([
      { id: 'EPCplus', company_name: 'EPCplus', colour: '#2360b1', image_key: '', image_url: false, ro: true },
    ]);
  });

  it("lists the default first, then the user's own sorted by company name whatever the case", async () => {
    const { cookie } = await loggedInUser(server());
    for (const name of ['beta Builders', 'Zeta Homes', 'alpha Energy', 'Gamma', 'Alpha Lofts', 'ágora'])
      await newBranding(server(), cookie, name);
    const names = (await brandingsOf(server(), cookie)).map((b) => b.company_name);
    expect(names).toEqual(['EPCplus', 'ágora', 'alpha Energy', 'Alpha Lofts', 'beta Builders', 'Gamma', 'Zeta Homes']);
  });

  it('refuses unknown actions and malformed bodies with a 400, never a 500', async () => {
    const { cookie } = await loggedInUser(server());
    const bodies: unknown[] = [
      {},
      { action: 'rename', id: '1' },
      { action: 'update', company_name: 'No id', overprint_colour: '#123456' },
      { action: 'new', company_name: 42, overprint_colour: '#123456' },
      { action: 'delete', id: 7 },
      { action: 'new', company_name: 'X', overprint_colour: '#123456', image: 'x'.repeat(201) },
    ];
    for (const payload of bodies) {
      const res = await server().inject({
        method: 'POST',
        url: brandings.saveBranding.path,
        payload: JSON.stringify(payload),
        cookie,
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      });
      expect(res.status).toBe(400);
      expect(refused(res).success).toBe(false);
    }
  });

  it('needs a session', async () => {
    expect((await server().call(brandings.saveBranding, { action: 'delete', id: '1' })).status).toBe(401);
    expect((await server().call(brandings.getBrandings)).status).toBe(401);
  });
});
