import * as access from '../../../../src/shared/api/access';
import * as operations from '../../../../src/shared/api/operations';
import { CONTACT_SUBJECT, SUPPORT_EMAIL } from '../../../../src/shared/constants';
import { describeEachDatabase } from '../../helpers/databases';
import { countRows, readOutbox } from '../../helpers/factories';
import { useTestServer } from '../../helpers/test-server';
import { refused } from '../../helpers/answers';

describeEachDatabase('contact form (contactform)', (dialect) => {
  const server = useTestServer(dialect);

  it('stores the request and emails it to the team, replying to the sender', async () => {
    const res = await server().call(access.contactForm, {
      subject: CONTACT_SUBJECT,
      contactMethod: 'housing@council.example.gov.uk',
      message: 'We would like to map our housing stock.',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });

    const rows = await server().db.selectFrom('contact_requests').selectAll().execute();
    expect(rows).toEqual([
      expect.objectContaining({
        subject: CONTACT_SUBJECT,
        contact_method: 'housing@council.example.gov.uk',
        message: 'We would like to map our housing stock.',
      }),
    ]);
    const [mail] = await readOutbox(server());
    expect(mail.to).toBe(SUPPORT_EMAIL);
    expect(mail.subject).toContain(CONTACT_SUBJECT);
    expect(mail.text).toContain('We would like to map our housing stock.');
    expect(mail.text).toContain('housing@council.example.gov.uk');
    expect(mail.replyTo).toBe('housing@council.example.gov.uk');
  });

  it('accepts a phone number as the contact method, without a reply-to', async () => {
    const res = await server().call(access.contactForm, {
      subject: CONTACT_SUBJECT,
      contactMethod: '020 7946 0000',
      message: 'Please call.',
    });
    expect(res.status).toBe(200);
    const [mail] = await readOutbox(server());
    expect(mail.text).toContain('020 7946 0000');
    expect(mail.replyTo).toBeUndefined();
  });

  it.each([
    ['an empty message', { message: '' }],
    ['a message of spaces', { message: '   ' }],
    ['no contact method', { contactMethod: '' }],
  ])('refuses %s with 400 and stores nothing', async (_what, overrides) => {
    const res = await server().call(access.contactForm, {
      subject: CONTACT_SUBJECT,
      contactMethod: 'a@b.example',
      message: 'Hello',
      ...overrides,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: expect.any(String) });
    expect(await countRows(server(), 'contact_requests')).toBe(0);
    expect(await readOutbox(server())).toEqual([]);
  });

  it('limits one address to five requests a minute', async () => {
    const send = () => server().call(access.contactForm, { subject: CONTACT_SUBJECT, contactMethod: 'a@b.example', message: 'Hello' });
    for (let i = 0; i < 5; i++) expect((await send()).status).toBe(200);
    const sixth = await send();
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ success: false, error: expect.any(String) });
    expect(await countRows(server(), 'contact_requests')).toBe(5);
  });
});

describeEachDatabase('client addresses for rate limits', (dialect) => {
  const server = useTestServer(dialect);

  const contact = (remoteAddress: string, forwardedFor: string) =>
    server().inject({
      method: 'POST',
      url: access.contactForm.path,
      payload: { subject: CONTACT_SUBJECT, contactMethod: 'a@b.example', message: 'Hello' },
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      remoteAddress,
    });

  it('ignores an X-Forwarded-For sent straight from the internet, so it cannot dodge a limit', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await contact('198.51.100.7', `203.0.113.${i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('believes no proxy the operator has not named, even one on a private network', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await contact('10.1.2.3', `203.0.113.${i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('says what happened and when to try again when the limit is reached', async () => {
    for (let i = 0; i < 5; i++) await contact('198.51.100.8', '');
    const limited = await contact('198.51.100.8', '');
    expect(limited.status).toBe(429);
    expect(refused(limited).error).toMatch(/^Too many requests from your address\. Please try again in \d+ seconds\.$/);
    expect(Number(limited.raw.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describeEachDatabase('client addresses behind a named proxy', (dialect) => {
  const server = useTestServer(dialect, { env: { TRUST_PROXY: '10.0.0.0/8' } });

  it('believes X-Forwarded-For from the proxy TRUST_PROXY names, so its users are counted apart', async () => {
    for (let i = 0; i < 6; i++) {
      const res = await server().inject({
        method: 'POST',
        url: access.contactForm.path,
        payload: { subject: CONTACT_SUBJECT, contactMethod: 'a@b.example', message: 'Hello' },
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i}` },
        remoteAddress: '10.1.2.3',
      });
      expect(res.status).toBe(200);
    }
  });
});

describeEachDatabase('analytics and health', (dialect) => {
  const server = useTestServer(dialect);

  it('says analytics are off when no Amplitude key is configured', async () => {
    const res = await server().call(access.amplitude);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, enabled: false, apiKey: null });
  });

  it('reports the database reachable', async () => {
    const res = await server().call(operations.health);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, database: 'ok' });
  });
});
