import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, withDb } from '../helpers/operator-cli';

const PUBLISH_BOTH = 'npm run cli -- policies publish --terms terms.html --privacy privacy.html';

let dataDir: string;
const cli = (...args: string[]) => runCli(dataDir, ...args);
const published = () =>
  withDb(dataDir, async (db) => ({
    terms: await db.selectFrom('terms').select(['title', 'message_html']).execute(),
    privacy: await db.selectFrom('privacy_policies').select(['title', 'message_html']).execute(),
  }));

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'epcplus-cli-policies-'));
  await writeFile(join(dataDir, 'terms.html'), '<h2>Using the service</h2><p>Be fair.</p><script>alert(1)</script>');
  await writeFile(join(dataDir, 'privacy.html'), '<p>We keep little.</p>');
  await writeFile(join(dataDir, 'blank.html'), '<script>alert(1)</script>');
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

// One data folder, in order: a fresh installation, then the terms, then both.
describe('policies (operator CLI)', () => {
  it('says on a fresh installation that neither is published and how to publish them, in the help too', async () => {
    const status = await cli('policies', 'status');
    expect(status.code).toBe(0);
    expect(status.stdout).toContain('terms and conditions: not published');
    expect(status.stdout).toContain('privacy policy: not published');
    expect(status.stdout).toContain(PUBLISH_BOTH);

    const help = await cli('help');
    expect(help.stdout).toContain('npm run cli -- policies status');
    expect(help.stdout).toContain(PUBLISH_BOTH);
  });

  it('reminds the operator on stderr after another command, leaving its output on stdout as it was', async () => {
    const invite = await cli('invite', 'create');
    expect(invite.code).toBe(0);
    expect(invite.stdout.trim()).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    expect(invite.stderr).toContain(`Reminder: No terms and conditions and no privacy policy published yet`);
    expect(invite.stderr).toContain(PUBLISH_BOTH);
  });

  it('publishes nothing when one of the two files is missing or has no text', async () => {
    const missing = await cli('policies', 'publish', '--terms', join(dataDir, 'terms.html'), '--privacy', join(dataDir, 'nope.html'));
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toMatch(/Error: .*nope\.html/);
    const blank = await cli('policies', 'publish', '--terms', join(dataDir, 'terms.html'), '--privacy', join(dataDir, 'blank.html'));
    expect(blank.code).not.toBe(0);
    expect(blank.stderr).toContain('The HTML file has no text to publish');
    const neither = await cli('policies', 'publish');
    expect(neither.code).not.toBe(0);
    expect(neither.stderr).toContain('Give --terms <file>, --privacy <file> or both');
    expect(await published()).toEqual({ terms: [], privacy: [] });
  });

  it('publishes the terms alone, cleaned, and then says only the privacy policy is missing', async () => {
    const res = await cli('policies', 'publish', '--terms', join(dataDir, 'terms.html'));
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Published the terms "Terms and conditions" at /terms');
    expect(res.stdout).toContain('No privacy policy published yet');
    expect(res.stdout).toContain('npm run cli -- policies publish --privacy privacy.html');
    expect((await published()).terms).toEqual([
      { title: 'Terms and conditions', message_html: '<h2>Using the service</h2><p>Be fair.</p>' },
    ]);
  });

  it('publishes the privacy policy with its own title; then status shows both with their dates and no reminder follows', async () => {
    const res = await cli('policies', 'publish', '--privacy', join(dataDir, 'privacy.html'), '--privacy-title', 'How we use your data');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Published the privacy policy "How we use your data" at /privacy');
    expect(res.stdout).toContain('Both the terms and the privacy policy are published.');

    const status = await cli('policies', 'status');
    expect(status.stdout).toMatch(/terms and conditions: "Terms and conditions", published \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC, at \/terms/);
    expect(status.stdout).toMatch(/privacy policy: "How we use your data", published \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC, at \/privacy/);
    expect(status.stdout).toContain('Both are published.');

    const invite = await cli('invite', 'create');
    expect(invite.code).toBe(0);
    expect(invite.stderr).not.toContain('Reminder');
  });
});
