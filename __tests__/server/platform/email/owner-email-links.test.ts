import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as contractors from '../../../../src/shared/api/contractors';
import * as sharing from '../../../../src/shared/api/sharing';
import { importContractorsCsv } from '../../../../src/server/contractors/contractors';
import { insertBranding } from '../../../../src/server/brandings/repos/brandings';
import { describeEachDatabase } from '../../helpers/databases';
import { ok } from '../../helpers/answers';
import { buildTestServer, PUBLIC_URL, type TestServer } from '../../helpers/test-server';
import { startStripeStandIn, type StripeStandIn } from '../../../support/stripe-stand-in';
import { checkStatus, ownerBrowser, premiumReportsOf, stripeEnv, usePrices } from '../../payments/payment-helpers';
import { CSV_HEADER, csvLine, sharedReport } from '../../sharing/shared-helpers';
import { finalise, finaliseBody, unprocessed } from '../../premium/premium-helpers';

/** A 1×1 PNG: the assessor's stored logo. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const OWNER = 'owner@example.com';

/** Each email the server wrote, with the raw message as a mail program receives it. */
async function ownerMails(server: TestServer) {
  await server.app.deps.jobs.drain();
  const dir = join(server.dataDir, 'outbox');
  const names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  const mails = await Promise.all(
    names.map(async (n) => ({
      ...(JSON.parse(await readFile(join(dir, n), 'utf8')) as { to: string; subject: string; text: string; html?: string }),
      raw: await readFile(join(dir, n.replace(/\.json$/, '.eml')), 'utf8'),
    })),
  );
  return mails.filter((m) => m.to === OWNER);
}

/** Every web address in an email: the HTML's links and images, and the text's. */
function addressesIn(mail: { text: string; html?: string }): string[] {
  const fromHtml = [...(mail.html ?? '').matchAll(/(?:href|src)="(https?:[^"]+)"/g)].map((m) => m[1].replace(/&#38;/g, '&'));
  const fromText = [...mail.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
  return [...new Set([...fromHtml, ...fromText])];
}

let standIn: StripeStandIn;
let webRoot: string;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  // The owner's pages are the built shared-link page; a stand-in for the build serves them here.
  webRoot = await mkdtemp(join(tmpdir(), 'epcplus-emails-web-'));
  await mkdir(webRoot, { recursive: true });
  await writeFile(join(webRoot, 'index.html'), '<!doctype html><title>EPCplus</title><div id="root"></div>');
  await writeFile(join(webRoot, 'shared.html'), '<!doctype html><title>Your report</title><div id="shared-root"></div>');
});
afterAll(async () => {
  await standIn.close();
  await rm(webRoot, { recursive: true, force: true });
});

describeEachDatabase("the emails an owner gets, in their assessor's branding", (dialect) => {
  let s: TestServer;
  beforeEach(async () => {
    s = await buildTestServer({ dialect, env: stripeEnv(standIn), webRoot });
    await usePrices(s);
  });
  afterEach(() => s.close());

  it('are HTML and text naming the assessor, and every link in them opens: receipt, Premium ready, quote request copy', async () => {
    const report = await sharedReport(s);
    await s.app.deps.storage.put('logos/hargreaves.png', PNG);
    const brandingId = await insertBranding(
      s.db,
      report.user.id,
      { company_name: 'Hargreaves Energy Ltd', colour: '#0b6e4f', image_key: 'logos/hargreaves.png' },
      Date.now(),
    );
    await s.db.updateTable('reports').set({ branding_id: brandingId }).where('id', '=', report.reportId).execute();

    // The owner buys the Premium report on the link.
    const { pi_id } = await ownerBrowser(s).startPayment(report.path, { email: OWNER, priority: 'getToC' });
    standIn.succeed(pi_id);
    ok(await checkStatus(s, standIn.paymentIntent(pi_id)!));
    // The assessor finalises it.
    const [premium] = await premiumReportsOf(s);
    const data = ok(await unprocessed(s, report.user.cookie, premium.id)).report_data;
    ok(await finalise(s, report.user.cookie, finaliseBody(premium.id, data)));
    // The owner asks a contractor for a quote from the free report's link.
    await importContractorsCsv(
      s.db,
      [
        CSV_HEADER,
        csvLine(['warm', 'Warm Lofts Ltd', '', '', 'quotes@warm.example.com', '', '', report.measures[0].code, report.area]),
      ].join('\n'),
    );
    ok(
      await s.call(contractors.contractorsRequest, {
        report_path: report.path,
        measure_code: report.measures[0].code,
        selected_contractors: ['warm'],
        email: OWNER,
        report_mode: 'preliminary',
      }),
    );

    const mails = await ownerMails(s);
    // The Premium is drawn by a job of its own: its email may come before or after the quote's copy.
    expect(mails).toHaveLength(3);
    expect(mails[0].subject).toBe('Receipt for your Premium Report from Hargreaves Energy Ltd');
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Receipt for your Premium Report from Hargreaves Energy Ltd',
      expect.stringMatching(/^Your Premium Report for .+ is ready$/),
      expect.stringMatching(/^Your quote request: .+/),
    ]);
    for (const mail of mails) {
      expect(mail.raw).toMatch(/^Content-Type: multipart\/alternative/m);
      expect(mail.raw).toMatch(/^Content-Type: text\/plain/m);
      expect(mail.raw).toMatch(/^Content-Type: text\/html/m);
      for (const part of [mail.text, mail.html!]) {
        expect(part).toContain(report.user.name);
        expect(part).toContain('Hargreaves Energy Ltd');
        expect(part).toContain(report.user.email);
      }
      expect(mail.html).toContain('#0b6e4f');

      const addresses = addressesIn(mail);
      expect(addresses.length).toBeGreaterThan(1);
      for (const address of addresses) {
        expect(address.startsWith(`${PUBLIC_URL}/`)).toBe(true);
        const { pathname, search } = new URL(address);
        const res = await s.inject({ method: 'GET', url: `${pathname}${search}` });
        expect({ address, status: res.status }).toEqual({ address, status: 200 });
        // A page's address answers for every path; its report has to be there too.
        const premiumPath = /^\/s\/premium\/(\d+\/[\w-]+)$/.exec(pathname);
        const freePath = /^\/s\/(\d+\/[\w-]+)(?:\/c)?$/.exec(pathname);
        if (premiumPath) ok(await s.call(sharing.sharedPremiumReport, { report_path: premiumPath[1] }));
        else if (freePath) ok(await s.call(sharing.sharedReport, { report_path: freePath[1] }));
        else expect(pathname).toBe('/api/files/logos/hargreaves.png');
      }
    }
  });
});
