import * as premium from '../../../src/shared/api/premium';
import * as sharing from '../../../src/shared/api/sharing';
import * as contractors from '../../../src/shared/api/contractors';
import { importContractorsCsv } from '../../../src/server/contractors/contractors';
import { RENDER_PREMIUM } from '../../../src/server/premium/render-job';
import { describeEachDatabase } from '../helpers/databases';
import { ok } from '../helpers/answers';
import { readOutbox } from '../helpers/factories';
import { buildTestServer, type TestServer } from '../helpers/test-server';
import { startStripeStandIn, type StripeStandIn } from '../../support/stripe-stand-in';
import { checkStatus, ownerBrowser, premiumReportsOf, stripeEnv, usePrices } from '../payments/payment-helpers';
import { CSV_HEADER, csvLine, sharedReport } from '../sharing/shared-helpers';
import { finalise, finaliseBody, unprocessed } from './premium-helpers';

let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(() => standIn.close());

/** An owner buys the Premium report on the assessor's shared link, giving their priority. */
async function boughtByOwner(s: TestServer, priority: string) {
  const report = await sharedReport(s);
  const browser = ownerBrowser(s);
  const { pi_id } = await browser.startPayment(report.path, { email: 'owner@example.com', priority });
  standIn.succeed(pi_id);
  ok(await checkStatus(s, standIn.paymentIntent(pi_id)!));
  const [premium] = await premiumReportsOf(s);
  return { ...report, premiumId: premium.id };
}

describeEachDatabase('a Premium report an owner bought', (dialect) => {
  let s: TestServer;
  beforeEach(async () => {
    s = await buildTestServer({ dialect, env: stripeEnv(standIn) });
    await usePrices(s);
  });
  afterEach(() => s.close());

  it("is pending with the owner's email and priority, and the owner's priority picks the leading plan", async () => {
    const { user, premiumId } = await boughtByOwner(s, 'getToC');
    const [item] = ok(await s.call(premium.pendingList, undefined, { cookie: user.cookie })).reports_list;
    expect(item.pending).toMatchObject({ bought_by: 'owner', buyer_email: 'owner@example.com', priority: 'getToC' });
    const data = ok(await unprocessed(s, user.cookie, premiumId)).report_data;
    expect(data.priority).toBe('getToC');
    expect(data.plans[0].id).toBe('cheapestToC');
  });

  it('emails the owner their Premium link once the PDF is drawn, and its contractors work in premium mode', async () => {
    const { user, premiumId, area, measures } = await boughtByOwner(s, 'improveEIR');
    await importContractorsCsv(
      s.db,
      [CSV_HEADER, csvLine(['warm', 'Warm Lofts Ltd', '', '', 'quotes@warm.example.com', '', '', measures[0].code, area])].join('\n'),
    );
    const data = ok(await unprocessed(s, user.cookie, premiumId)).report_data;
    expect(data.plans[0].id).toBe('largestCo2Cut');
    ok(await finalise(s, user.cookie, finaliseBody(premiumId, data, { customRemarks: 'Start with the loft.' })));

    const mails = await readOutbox(s);
    const ready = mails.filter((m) => m.to === 'owner@example.com' && m.subject.startsWith('Your Premium Report'));
    expect(ready).toHaveLength(1);
    const link = /\/s\/premium\/(\d+\/[\w-]+)/.exec(ready[0].text)!;
    expect(Number(link[1].split('/')[0])).toBe(premiumId);
    const path = link[1];
    ok(await s.call(sharing.sharedPremiumReport, { report_path: path }));

    const picker = ok(await s.call(contractors.contractors, { report_path: path, measure_code: measures[0].code, report_mode: 'premium' }));
    expect(picker.contractors.map((c) => c.key)).toEqual(['warm']);
    ok(
      await s.call(contractors.contractorsRequest, {
        report_path: path,
        measure_code: measures[0].code,
        selected_contractors: ['warm'],
        email: 'owner@example.com',
        report_mode: 'premium',
      }),
    );
    const quote = (await readOutbox(s)).find((m) => m.to === 'quotes@warm.example.com');
    expect(quote?.text).toContain(`/s/premium/${path}`);
    // Running the render again (a job taken up again after a restart) sends no second email.
    await s.app.deps.jobs.enqueue(RENDER_PREMIUM, { report_id: premiumId });
    expect((await readOutbox(s)).filter((m) => m.to === 'owner@example.com' && m.subject.startsWith('Your Premium Report'))).toHaveLength(
      1,
    );
  });
});
