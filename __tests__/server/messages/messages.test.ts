import * as messages from '../../../src/shared/api/messages';
import type { ResponseOf } from '../../../src/shared/api/define';
import { postMessage, publishTerms } from '../../../src/server/messages/messages';
import { describeEachDatabase } from '../helpers/databases';
import { loggedInUser } from '../helpers/factories';
import { useTestServer, type TestServer } from '../helpers/test-server';
import { ok } from '../helpers/answers';

type Pending = ResponseOf<typeof messages.checkMessages>;

async function pending(server: TestServer, cookie: string): Promise<Pending> {
  const res = await server.call(messages.checkMessages, undefined, { cookie });
  expect(res.status).toBe(200);
  return ok(res);
}

const CHOICES = [
  { label: 'Yes please', value: 'yes' },
  { label: 'No thanks', value: 'no' },
];

describeEachDatabase('messages (checkmessages)', (dialect) => {
  const server = useTestServer(dialect);

  it('answers NONE when nothing is waiting', async () => {
    const user = await loggedInUser(server());
    expect(await pending(server(), user.cookie)).toEqual({ success: true, type: 'NONE', terms: [], updated_at: null, message: null });
  });

  it('asks for newly published terms until they are accepted', async () => {
    const user = await loggedInUser(server());
    await publishTerms(server().db, 'Terms of use', '<p>Be <b>nice</b>.</p>', 1_700_000_000_000);
    const asked = await pending(server(), user.cookie);
    expect(asked).toEqual({
      success: true,
      type: 'TERMS',
      terms: [{ title: 'Terms of use', message_html: '<p>Be <b>nice</b>.</p>', updated_at: 1_700_000_000_000 }],
      updated_at: 1_700_000_000_000,
      message: null,
    });

    const accept = await server().call(
      messages.answerMessage,
      { type: 'TERMS', acceptTerms: true, acceptedTo: asked.updated_at! },
      { cookie: user.cookie },
    );
    expect(accept.status).toBe(200);
    expect((await pending(server(), user.cookie)).type).toBe('NONE');

    await publishTerms(server().db, 'Terms of use, revised', '<p>Still be nice.</p>', 1_800_000_000_000);
    const again = await pending(server(), user.cookie);
    expect(again.type).toBe('TERMS');
    expect(again.terms.map((t) => t.title)).toEqual(['Terms of use, revised']);
  });

  it('refuses acceptance of terms newer than any published', async () => {
    const user = await loggedInUser(server());
    await publishTerms(server().db, 'Terms', '<p>Terms</p>', 1_700_000_000_000);
    const res = await server().call(
      messages.answerMessage,
      { type: 'TERMS', acceptTerms: true, acceptedTo: 1_900_000_000_000 },
      { cookie: user.cookie },
    );
    expect(res.status).toBe(400);
    expect((await pending(server(), user.cookie)).type).toBe('TERMS');
  });

  it('asks terms before a message', async () => {
    const user = await loggedInUser(server());
    await postMessage(server().db, 'Survey', '<p>Question?</p>', CHOICES);
    await publishTerms(server().db, 'Terms', '<p>Terms</p>');
    expect((await pending(server(), user.cookie)).type).toBe('TERMS');
  });

  it('shows a message with its options, records the answer, then answers NONE', async () => {
    const user = await loggedInUser(server());
    const id = await postMessage(server().db, 'Would you like a demo?', '<p>We can show you round.</p>', CHOICES);
    const asked = await pending(server(), user.cookie);
    expect(asked).toEqual({
      success: true,
      type: 'MESSAGE',
      terms: [],
      updated_at: null,
      message: {
        id,
        title: 'Would you like a demo?',
        message_html: '<p>We can show you round.</p>',
        options: [
          { type: 'button', label: 'Yes please', value: 'yes' },
          { type: 'button', label: 'No thanks', value: 'no' },
        ],
      },
    });

    const wrong = await server().call(messages.answerMessage, { type: 'MESSAGE', id, response: 'maybe' }, { cookie: user.cookie });
    expect(wrong.status).toBe(400);
    expect((await pending(server(), user.cookie)).type).toBe('MESSAGE');

    const answer = await server().call(messages.answerMessage, { type: 'MESSAGE', id, response: 'no' }, { cookie: user.cookie });
    expect(answer.status).toBe(200);
    const rows = await server().db.selectFrom('message_responses').selectAll().execute();
    expect(rows).toEqual([expect.objectContaining({ user_id: user.id, message_id: id, response: 'no' })]);
    expect(await pending(server(), user.cookie)).toMatchObject({ type: 'NONE', message: null });

    const twice = await server().call(messages.answerMessage, { type: 'MESSAGE', id, response: 'yes' }, { cookie: user.cookie });
    expect(twice.status).toBe(400);
  });

  it('refuses an answer to a message that does not exist', async () => {
    const user = await loggedInUser(server());
    const res = await server().call(messages.answerMessage, { type: 'MESSAGE', id: 4242, response: 'yes' }, { cookie: user.cookie });
    expect(res.status).toBe(400);
  });

  it("keeps one user's answer from hiding the message from another", async () => {
    const first = await loggedInUser(server());
    const second = await loggedInUser(server());
    const id = await postMessage(server().db, 'Hello', '<p>Hi</p>', CHOICES);
    await server().call(messages.answerMessage, { type: 'MESSAGE', id, response: 'yes' }, { cookie: first.cookie });
    expect((await pending(server(), second.cookie)).message?.id).toBe(id);
  });

  it("strips scripts and event handlers from the operator's HTML, keeping formatting and links", async () => {
    const user = await loggedInUser(server());
    await publishTerms(
      server().db,
      'Terms',
      '<p onclick="steal()">Read <a href="https://example.com/t" onmouseover="x()">these</a></p><script>alert(1)</script><img src=x onerror="alert(2)">',
    );
    const terms = await pending(server(), user.cookie);
    const html = terms.terms[0].message_html;
    expect(html).toBe('<p>Read <a href="https://example.com/t">these</a></p>');

    await server().call(
      messages.answerMessage,
      { type: 'TERMS', acceptTerms: true, acceptedTo: terms.updated_at! },
      { cookie: user.cookie },
    );
    await postMessage(server().db, 'News', '<b>New</b><script>document.cookie</script><a href="javascript:alert(1)">x</a>', CHOICES);
    const message = await pending(server(), user.cookie);
    expect(message.message?.message_html).not.toMatch(/script|javascript:/i);
    expect(message.message?.message_html).toContain('<b>New</b>');
  });
});
