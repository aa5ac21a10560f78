import * as access from '../../../../src/shared/api/access';
import * as messages from '../../../../src/shared/api/messages';
import { postMessage, publishTerms } from '../../../../src/server/messages/messages';
import { describeEachDatabase } from '../../helpers/databases';
import { countRows, loggedInUser, newInvite, signupBody } from '../../helpers/factories';
import { useTestServer } from '../../helpers/test-server';

const statuses = (results: { status: number }[]) => results.map((r) => r.status).sort();

describeEachDatabase('double submissions', (dialect) => {
  const server = useTestServer(dialect);

  it('creates one account when the same email signs up twice at once, answering both alike', async () => {
    const email = 'twice@example.com';
    const [first, second] = await Promise.all([
      server().call(access.signup, signupBody(await newInvite(server()), { email })),
      server().call(access.signup, signupBody(await newInvite(server()), { email })),
    ]);
    // The second is a sign-up of a registered address: answered as the first, so it tells no one the address has an account.
    expect(statuses([first, second])).toEqual([200, 200]);
    expect(second.body).toEqual(first.body);
    expect(await countRows(server(), 'users')).toBe(1);
    const used = await server().db.selectFrom('invite_codes').select('code').where('used_at', 'is not', null).execute();
    expect(used).toHaveLength(2);
  });

  it('uses an invite once when two sign-ups race for it', async () => {
    const invite = await newInvite(server());
    const results = await Promise.all([server().call(access.signup, signupBody(invite)), server().call(access.signup, signupBody(invite))]);
    expect(statuses(results)).toEqual([200, 400]);
    expect(await countRows(server(), 'users')).toBe(1);
  });

  it('records a double-clicked answer to a message once, refusing the other with 400', async () => {
    const user = await loggedInUser(server());
    const id = await postMessage(server().db, 'Hello', '<p>Hi</p>', [{ label: 'OK', value: 'ok' }]);
    const answer = () => server().call(messages.answerMessage, { type: 'MESSAGE', id, response: 'ok' }, { cookie: user.cookie });
    const results = await Promise.all([answer(), answer()]);
    expect(statuses(results)).toEqual([200, 400]);
    expect(await countRows(server(), 'message_responses')).toBe(1);
  });

  it('accepts double-clicked terms without an error', async () => {
    const user = await loggedInUser(server());
    await publishTerms(server().db, 'Terms', '<p>Terms</p>', 1_700_000_000_000);
    const accept = () =>
      server().call(messages.answerMessage, { type: 'TERMS', acceptTerms: true, acceptedTo: 1_700_000_000_000 }, { cookie: user.cookie });
    const results = await Promise.all([accept(), accept(), accept()]);
    expect(statuses(results)).toEqual([200, 200, 200]);
    const check = await server().call(messages.checkMessages, undefined, { cookie: user.cookie });
    expect(check.body).toMatchObject({ type: 'NONE' });
  });
});
