import * as operations from '../../../src/shared/api/operations';
import * as messages from '../../../src/shared/api/messages';
import * as access from '../../../src/shared/api/access';
import { publishPrivacyPolicy, publishTerms } from '../../../src/server/messages/messages';
import { warnOfMissingPolicies } from '../../../src/server/messages/policies';
import { describeEachDatabase } from '../helpers/databases';
import { countRows, newInvite, readOutbox, signupBody } from '../helpers/factories';
import { useTestServer } from '../helpers/test-server';
import { ok } from '../helpers/answers';

const METRICS_TOKEN = 'scrape-me-0123456789';
const PUBLISH_BOTH = 'npm run cli -- policies publish --terms terms.html --privacy privacy.html';

describeEachDatabase('terms and privacy on a fresh installation', (dialect) => {
  const server = useTestServer(dialect, { env: { METRICS_TOKEN } });

  it('answers ready while neither is published, reporting both missing with the command that publishes them', async () => {
    const res = await server().call(operations.ready, undefined);
    expect(res.status).toBe(200);
    const body = ok(res);
    expect(body.policies).toEqual({ terms: false, privacy: false });
    expect(body.warnings).toHaveLength(1);
    expect(body.warnings[0]).toContain('No terms and conditions and no privacy policy published yet');
    expect(body.warnings[0]).toContain(PUBLISH_BOTH);

    await publishTerms(server().db, 'Terms', '<p>Be fair.</p>');
    const termsOnly = ok(await server().call(operations.ready, undefined));
    expect(termsOnly.policies).toEqual({ terms: true, privacy: false });
    expect(termsOnly.warnings).toEqual([expect.stringContaining('npm run cli -- policies publish --privacy privacy.html')]);
    expect(termsOnly.warnings[0]).not.toContain('terms and conditions');

    await publishPrivacyPolicy(server().db, 'Privacy', '<p>We keep little.</p>');
    const both = ok(await server().call(operations.ready, undefined));
    expect(both.policies).toEqual({ terms: true, privacy: true });
    expect(both.warnings).toEqual([]);
  });

  it('tells pages what is published, so they link to nothing empty', async () => {
    expect(ok(await server().call(messages.publishedPolicies, undefined))).toEqual({ success: true, terms: false, privacy: false });
    await publishPrivacyPolicy(server().db, 'Privacy', '<p>We keep little.</p>');
    expect(ok(await server().call(messages.publishedPolicies, undefined))).toEqual({ success: true, terms: false, privacy: true });
  });

  it('shows each on /metrics as 1 once published, 0 before', async () => {
    const scrape = async () =>
      (await server().app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;
    const before = await scrape();
    expect(before).toContain('epcplus_policy_published{policy="terms"} 0');
    expect(before).toContain('epcplus_policy_published{policy="privacy"} 0');
    await publishTerms(server().db, 'Terms', '<p>Be fair.</p>');
    const after = await scrape();
    expect(after).toContain('epcplus_policy_published{policy="terms"} 1');
    expect(after).toContain('epcplus_policy_published{policy="privacy"} 0');
  });

  it('logs one warning at start naming what is missing and the command, and none once both are published', async () => {
    const warnings: string[] = [];
    const log = { warn: (message: string) => warnings.push(message) };
    await warnOfMissingPolicies(server().db, log);
    expect(warnings).toEqual([expect.stringContaining(PUBLISH_BOTH)]);
    expect(warnings[0]).toContain('/terms and /privacy answer 404');

    await publishPrivacyPolicy(server().db, 'Privacy', '<p>We keep little.</p>');
    await warnOfMissingPolicies(server().db, log);
    expect(warnings[1]).toContain('No terms and conditions published yet');
    expect(warnings[1]).toContain('npm run cli -- policies publish --terms terms.html');
    expect(warnings[1]).not.toContain('--privacy');

    await publishTerms(server().db, 'Terms', '<p>Be fair.</p>');
    await warnOfMissingPolicies(server().db, log);
    expect(warnings).toHaveLength(2);
  });

  it('signs up without agreeing to terms while none are published, and asks for agreement once they are', async () => {
    const withoutTerms = await server().call(access.signup, signupBody(await newInvite(server()), { termsAgree: false }));
    expect(withoutTerms.status).toBe(200);
    expect(await countRows(server(), 'users')).toBe(1);

    await publishTerms(server().db, 'Terms', '<p>Be fair.</p>');
    const refused = await server().call(
      access.signup,
      signupBody(await newInvite(server()), { email: 'second@example.com', termsAgree: false }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errors: [{ key: 'termsAgree', error: 'You must agree to the terms and conditions' }] });
    expect(await countRows(server(), 'users')).toBe(1);
    expect((await readOutbox(server())).map((m) => m.to)).not.toContain('second@example.com');
  });
});
