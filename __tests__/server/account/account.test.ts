import * as account from '../../../src/shared/api/account';
import * as access from '../../../src/shared/api/access';
import type { Failure, RequestOf } from '../../../src/shared/api/define';
import { COVERAGE_MAX } from '../../../src/shared/constants';
import { setPrices } from '../../../src/server/pricing/prices';
import { describeEachDatabase } from '../helpers/databases';
import { loggedInUser, loginAs } from '../helpers/factories';
import { useTestServer } from '../helpers/test-server';

type AccountSave = RequestOf<typeof account.saveAccount>;
const keysOf = (body: unknown) => ((body as Failure).errors ?? []).map((e) => e.key);

describeEachDatabase('account', (dialect) => {
  const server = useTestServer(dialect);

  it("answers the user's own settings", async () => {
    const user = await loggedInUser(server(), { name: 'Sam Smith', phone: '07700 900123' });
    const res = await server().call(account.getAccount, undefined, { cookie: user.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, settings: { email: user.email, name: 'Sam Smith', phone: '07700 900123', coverage: '' } });
  });

  it('saves name, phone and coverage', async () => {
    const user = await loggedInUser(server());
    const save: AccountSave = { name: ' Sam Jones ', phone: '+44 20 7946 0000', coverage: 'Leeds, Bradford\nand Wakefield' };
    const res = await server().call(account.saveAccount, save, { cookie: user.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const after = await server().call(account.getAccount, undefined, { cookie: user.cookie });
    expect(after.body).toEqual({
      success: true,
      settings: { email: user.email, name: 'Sam Jones', phone: '+44 20 7946 0000', coverage: 'Leeds, Bradford\nand Wakefield' },
    });
  });

  it.each<[string, string, Partial<AccountSave>]>([
    ['a blank name', 'name', { name: '  ' }],
    ['a phone number with letters', 'phone', { phone: 'not a phone' }],
  ])('refuses %s keyed to its field and saves nothing', async (_what, key, overrides) => {
    const user = await loggedInUser(server(), { name: 'Kept Name' });
    const res = await server().call(
      account.saveAccount,
      { name: 'New Name', phone: '', coverage: 'changed', ...overrides },
      { cookie: user.cookie },
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'Please correct errors and try again.' });
    expect(keysOf(res.body)).toEqual([key]);
    const row = await server().db.selectFrom('users').select(['name', 'coverage']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Kept Name', coverage: '' });
  });

  it(`accepts coverage of ${COVERAGE_MAX} characters and refuses more with 400`, async () => {
    const user = await loggedInUser(server());
    const full = 'x'.repeat(COVERAGE_MAX);
    expect((await server().call(account.saveAccount, { name: 'A Name', coverage: full }, { cookie: user.cookie })).status).toBe(200);
    const over = await server().call(account.saveAccount, { name: 'A Name', coverage: `${full}y` }, { cookie: user.cookie });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ success: false, error: expect.stringContaining('coverage') });
    const row = await server().db.selectFrom('users').select('coverage').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.coverage).toBe(full);
  });

  it('changes the password only with the right current password', async () => {
    const user = await loggedInUser(server());
    const wrong = await server().call(
      account.saveAccount,
      { name: user.name, currentPassword: 'not-my-password-1', newPassword: 'fresh-password-2' },
      { cookie: user.cookie },
    );
    expect(wrong.status).toBe(400);
    expect(keysOf(wrong.body)).toEqual(['currentPassword']);
    const missing = await server().call(account.saveAccount, { name: user.name, newPassword: 'fresh-password-2' }, { cookie: user.cookie });
    expect(missing.status).toBe(400);
    expect(keysOf(missing.body)).toEqual(['currentPassword']);
    expect((await server().call(access.login, { username: user.email, password: user.password })).status).toBe(200);
  });

  it('refuses a weak new password keyed newPassword', async () => {
    const user = await loggedInUser(server());
    const res = await server().call(
      account.saveAccount,
      { name: user.name, currentPassword: user.password, newPassword: 'short' },
      { cookie: user.cookie },
    );
    expect(res.status).toBe(400);
    expect(keysOf(res.body)).toEqual(['newPassword']);
    expect((await server().call(access.login, { username: user.email, password: user.password })).status).toBe(200);
  });

  it("changes the password, ending the user's other sessions but keeping this one", async () => {
    const user = await loggedInUser(server());
    const otherDevice = await loginAs(server(), user.email, user.password);
    const res = await server().call(
      account.saveAccount,
      { name: user.name, currentPassword: user.password, newPassword: 'fresh-password-2' },
      { cookie: user.cookie },
    );
    expect(res.status).toBe(200);
    expect((await server().call(access.ping, undefined, { cookie: user.cookie })).status).toBe(200);
    expect((await server().call(access.ping, undefined, { cookie: otherDevice })).status).toBe(401);
    expect((await server().call(access.login, { username: user.email, password: user.password })).status).toBe(401);
    expect((await server().call(access.login, { username: user.email, password: 'fresh-password-2' })).status).toBe(200);
  });

  it("leaves other users' sessions alone when one changes a password", async () => {
    const changer = await loggedInUser(server());
    const bystander = await loggedInUser(server());
    await server().call(
      account.saveAccount,
      { name: changer.name, currentPassword: changer.password, newPassword: 'fresh-password-2' },
      { cookie: changer.cookie },
    );
    expect((await server().call(access.ping, undefined, { cookie: bystander.cookie })).status).toBe(200);
  });
});

describeEachDatabase('display vars (displayvars)', (dialect) => {
  const server = useTestServer(dialect);

  it('answers name, scheme, credits, pending count and a login count that grows with each login', async () => {
    const user = await loggedInUser(server(), { name: 'Dana Display', role: 'ra', scheme: 'cibse' });
    const first = await server().call(account.displayVars, undefined, { cookie: user.cookie });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      name: 'Dana Display',
      prc: 0,
      scheme: 'cibse',
      lc: 1,
      pcc: 0,
      card_payments: false,
      stripe_pk: null,
    });

    const again = await loginAs(server(), user.email, user.password);
    const second = await server().call(account.displayVars, undefined, { cookie: again });
    expect(second.body).toMatchObject({ lc: 2 });
  });

  it('does not count failed logins', async () => {
    const user = await loggedInUser(server());
    await server().call(access.login, { username: user.email, password: 'wrong-password-1' });
    const res = await server().call(account.displayVars, undefined, { cookie: user.cookie });
    expect(res.body).toMatchObject({ lc: 1 });
  });
});

describeEachDatabase('getting started (gettingstarted)', (dialect) => {
  const server = useTestServer(dialect);

  it('answers the prices from the settings, and follows a change', async () => {
    const user = await loggedInUser(server());
    const initial = await server().call(account.gettingStarted, undefined, { cookie: user.cookie });
    expect(initial.status).toBe(200);
    expect(initial.body).toEqual({
      success: true,
      current_premium_price_pence: 4500,
      current_upgrade_referral_pence: 1500,
      current_recommended_premium_sell_pence: 9900,
    });

    await setPrices(server().db, {
      tradePence: 5000,
      ownerPence: 14900,
      referralPence: 1250,
      recommendedSellPence: 12000,
      ownerDiscount: null,
    });
    const changed = await server().call(account.gettingStarted, undefined, { cookie: user.cookie });
    expect(changed.body).toEqual({
      success: true,
      current_premium_price_pence: 5000,
      current_upgrade_referral_pence: 1250,
      current_recommended_premium_sell_pence: 12000,
    });
  });
});
