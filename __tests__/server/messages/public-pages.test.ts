import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publishPrivacyPolicy, publishTerms } from '../../../src/server/messages/messages';
import { loadConfig } from '../../../src/server/platform/config/config';
import { describeEachDatabase } from '../helpers/databases';
import { buildTestServer, useTestServer, type TestServer } from '../helpers/test-server';
import { runCli, withDb } from '../helpers/operator-cli';

const page = async (server: TestServer, url: string) => {
  const res = await server.app.inject({ method: 'GET', url });
  return { status: res.statusCode, type: String(res.headers['content-type']), html: res.body, headers: res.headers };
};

describeEachDatabase('public terms and privacy pages', (dialect) => {
  const server = useTestServer(dialect);

  it('serves the newest published terms and privacy policy as plain HTML pages with no script', async () => {
    await publishTerms(server().db, 'Old terms', '<p>Superseded.</p>', Date.UTC(2026, 0, 1));
    await publishTerms(server().db, 'Terms of use', '<p>Be fair to <strong>everyone</strong>.</p>', Date.UTC(2026, 5, 2));
    await publishPrivacyPolicy(server().db, 'Privacy & you', '<h2>What we keep</h2><p>Your email.</p>', Date.UTC(2026, 6, 3));

    const terms = await page(server(), '/terms');
    expect(terms.status).toBe(200);
    expect(terms.type).toMatch(/^text\/html/);
    expect(terms.html).toContain('<h1>Terms of use</h1>');
    expect(terms.html).toContain('Published 2 June 2026');
    expect(terms.html).toContain('<p>Be fair to <strong>everyone</strong>.</p>');
    expect(terms.html).not.toContain('Superseded');
    expect(terms.html).not.toMatch(/<script/i);
    // The site's own policy still holds on these pages.
    expect(terms.headers['content-security-policy']).toContain("script-src 'self'");

    const privacy = await page(server(), '/privacy');
    expect(privacy.status).toBe(200);
    // The operator's title is text, never markup.
    expect(privacy.html).toContain('<h1>Privacy &amp; you</h1>');
    expect(privacy.html).toContain('<h2>What we keep</h2><p>Your email.</p>');
    expect(privacy.html).toContain('href="/terms"');
    expect(privacy.html).toContain('href="/privacy"');

    const css = await page(server(), '/public-page.css');
    expect(css.status).toBe(200);
    expect(css.type).toMatch(/^text\/css/);
  });

  it('says a page is not published yet with a 404 page, not an error', async () => {
    const privacy = await page(server(), '/privacy');
    expect(privacy.status).toBe(404);
    expect(privacy.type).toMatch(/^text\/html/);
    expect(privacy.html).toContain('No privacy policy has been published yet.');
    expect((await page(server(), '/terms')).html).toContain('No terms and conditions have been published yet.');
  });

  it('cleans the published privacy policy as terms are: no script, handler or javascript: link survives', async () => {
    await publishPrivacyPolicy(
      server().db,
      'Privacy',
      '<p onclick="steal()">Kept</p><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)><a href="https://example.com">ok</a>',
    );
    const { html } = await page(server(), '/privacy');
    expect(html).toContain('<p>Kept</p>');
    expect(html).toContain('<a href="https://example.com">ok</a>');
    expect(html).not.toMatch(/script|onclick|onerror|javascript:/i);
  });

  it('refuses an empty or overlong title, or a file with nothing left after cleaning, keeping nothing', async () => {
    await expect(publishPrivacyPolicy(server().db, '  ', '<p>x</p>')).rejects.toThrow(/title/);
    await expect(publishPrivacyPolicy(server().db, 'x'.repeat(201), '<p>x</p>')).rejects.toThrow(/title/);
    await expect(publishPrivacyPolicy(server().db, 'Privacy', '<script>only()</script>')).rejects.toThrow(/no text/);
    expect(await server().db.selectFrom('privacy_policies').selectAll().execute()).toEqual([]);
  });
});

describeEachDatabase('the marketing site address (MARKETING_URL)', (dialect) => {
  let webRoot: string;
  beforeAll(async () => {
    webRoot = await mkdtemp(join(tmpdir(), 'epcplus-web-'));
    await writeFile(join(webRoot, 'index.html'), '<!doctype html><html><head><title>EPCplus</title></head><body></body></html>');
    await writeFile(join(webRoot, 'shared.html'), '<!doctype html><html><head><title>Your report</title></head><body></body></html>');
  });
  afterAll(() => rm(webRoot, { recursive: true, force: true }));

  it('is written into the head of the app and the shared page, and the public pages link home to it', async () => {
    const s = await buildTestServer({ dialect, webRoot, env: { MARKETING_URL: 'https://www.example.co.uk/' } });
    try {
      const meta = '<meta name="marketing-url" content="https://www.example.co.uk" /></head>';
      expect((await page(s, '/reports')).html).toContain(meta);
      expect((await page(s, '/s/12/abc')).html).toContain(meta);
      await publishTerms(s.db, 'Terms', '<p>t</p>');
      expect((await page(s, '/terms')).html).toContain('class="brand" href="https://www.example.co.uk"');
    } finally {
      await s.close();
    }
  });

  it('leaves the pages alone when unset, and the public pages link home to the app', async () => {
    const s = await buildTestServer({ dialect, webRoot });
    try {
      expect((await page(s, '/reports')).html).not.toContain('marketing-url');
      await publishTerms(s.db, 'Terms', '<p>t</p>');
      expect((await page(s, '/terms')).html).toContain('class="brand" href="/"');
    } finally {
      await s.close();
    }
  });
});

describe('MARKETING_URL setting', () => {
  const base = { SESSION_SECRET: 'x', DATA_DIR: join(tmpdir(), 'epcplus-unused') };
  it('is an http(s) address without query, kept without its trailing slash', () => {
    expect(loadConfig(base).marketingUrl).toBeNull();
    expect(loadConfig({ ...base, MARKETING_URL: ' ' }).marketingUrl).toBeNull();
    expect(loadConfig({ ...base, MARKETING_URL: 'https://www.example.co.uk/site/' }).marketingUrl).toBe('https://www.example.co.uk/site');
    expect(() => loadConfig({ ...base, MARKETING_URL: 'www.example.co.uk' })).toThrow(/MARKETING_URL/);
    expect(() => loadConfig({ ...base, MARKETING_URL: 'javascript:alert(1)' })).toThrow(/MARKETING_URL/);
    expect(() => loadConfig({ ...base, MARKETING_URL: 'https://x.example/?a=1' })).toThrow(/MARKETING_URL/);
  });
});

describe('privacy publish (operator CLI)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'epcplus-cli-privacy-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('publishes the privacy policy from an HTML file, cleaned; a later one replaces it on /privacy', async () => {
    const file = join(dataDir, 'privacy.html');
    await writeFile(file, '<h2>Who we are</h2><p>We keep little.</p><script>alert(1)</script>');
    const res = await runCli(dataDir, 'privacy', 'publish', '--title', 'Privacy policy', '--html', file);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Published the privacy policy "Privacy policy"');
    const rows = await withDb(dataDir, (db) => db.selectFrom('privacy_policies').select(['title', 'message_html']).execute());
    expect(rows).toEqual([{ title: 'Privacy policy', message_html: '<h2>Who we are</h2><p>We keep little.</p>' }]);
  });

  it('refuses a missing file or title, publishing nothing', async () => {
    const before = await withDb(dataDir, (db) => db.selectFrom('privacy_policies').selectAll().execute());
    const missing = await runCli(dataDir, 'privacy', 'publish', '--title', 'P', '--html', join(dataDir, 'nope.html'));
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toMatch(/Error: .*nope\.html/);
    const noTitle = await runCli(dataDir, 'privacy', 'publish', '--html', join(dataDir, 'privacy.html'));
    expect(noTitle.code).not.toBe(0);
    expect(await withDb(dataDir, (db) => db.selectFrom('privacy_policies').selectAll().execute())).toEqual(before);
  });
});
