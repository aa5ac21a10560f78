/**
 * Every message the app shows saying something was sent, saved, charged, paid or requested is true
 * when it is shown: each test makes the call whose answer the message is shown on, and reads the
 * outbox (emails the server sent or queued), the database or the payment record at that moment.
 *
 * Messages covered (where each is shown):
 * - "The owner will be emailed their link when it is ready" / "the owner was not emailed because you
 *   bought it" (premium-reports-page.tsx, from the finalise answer's owner_emailed_when_ready)
 * - "Payment received … We have emailed your receipt to {email}" and "Receipt sent to {email}"
 *   (the owner's /paymentComplete, from checkpaymentstatus); "Your card has not been charged"
 * - "Your Premium Report for {name} is ready for you to finalise" (payment-step.tsx, a credit spent)
 * - "We have emailed a confirmation link to {address}" (confirm-page.tsx, after sign-up)
 * - "we have sent it a new confirmation email … Links in earlier emails no longer work" (resend-confirmation.tsx)
 * - "If we have a user registered at that email address, we have sent a link to reset the password"
 *   (forgot-password-done-page.tsx)
 * - "Your details were saved" (account-form.tsx)
 * - "Branding saved", "Branding deleted" (branding-form.tsx, branding-list.tsx)
 * - "Email template saved" (email-template-form.tsx)
 * - "Report deleted", "Report restored", "Report permanently deleted" (use-report-actions.tsx)
 * - "Your report is being created … It is in your Report List now" (share-screen.tsx)
 * - "Thank you for contacting …, we will be in touch" (contact-form.tsx): the enquiry is kept
 * - "Thank you, we will be back in touch once we hear from your selected contractors"
 *   (contractor-picker-page.tsx): the request is kept and each chosen contractor emailed
 *
 * One database (SQLite): what is checked is what the server claims, not how a dialect stores it;
 * each route's own tests run on both.
 */
import * as access from '../../src/shared/api/access';
import * as account from '../../src/shared/api/account';
import * as reports from '../../src/shared/api/reports';
import * as premium from '../../src/shared/api/premium';
import * as brandingCalls from '../../src/shared/api/brandings';
import * as contractors from '../../src/shared/api/contractors';
import { importContractorsCsv } from '../../src/server/contractors/contractors';
import { ok } from './helpers/answers';
import {
  CONFIRM_LINK,
  createUser,
  loggedInUser,
  newInvite,
  readOutbox,
  RESET_LINK,
  signupBody,
  STROMA_ASSESSOR,
} from './helpers/factories';
import { createReport, listOf } from './helpers/reports';
import { buildTestServer, useTestServer, type TestServer } from './helpers/test-server';
import { checkStatus, ownerBrowser, premiumReportsOf, purchasesOf, stripeEnv, usePrices } from './payments/payment-helpers';
import { finalise, finaliseBody, pendingByCredit, unprocessed } from './premium/premium-helpers';
import { CSV_HEADER, csvLine, sharedReport } from './sharing/shared-helpers';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';

const mailsTo = async (server: TestServer, to: string) => (await readOutbox(server)).filter((m) => m.to === to);
const userRow = (server: TestServer, id: number) =>
  server.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('messages about the assessor’s own account and reports', () => {
  const server = useTestServer('sqlite');

  it('"We have emailed a confirmation link to {address}": the email with the link is there when sign-up answers', async () => {
    const body = signupBody(await newInvite(server()));
    const { email } = ok(await server().call(access.signup, body));
    const [mail] = await mailsTo(server(), email);
    expect(mail.text).toMatch(CONFIRM_LINK);
  });

  it('"we have sent it a new confirmation email … earlier links no longer work": a new link is sent and the old one is void', async () => {
    const user = await createUser(server(), { confirmed: false });
    const [first] = await mailsTo(server(), user.email);
    ok(await server().call(access.resendConfirmation, { email: user.email }));
    const mails = await mailsTo(server(), user.email);
    expect(mails).toHaveLength(2);
    const oldCode = first.text.match(CONFIRM_LINK)![1];
    expect((await server().call(access.userValidate, { code: oldCode })).status).toBe(400);
    ok(await server().call(access.userValidate, { code: mails[1].text.match(CONFIRM_LINK)![1] }));
  });

  it('"we have sent a link to reset the password" to a registered address, and to no other', async () => {
    const user = await createUser(server());
    ok(await server().call(access.recoverPassword, { email: user.email }));
    ok(await server().call(access.recoverPassword, { email: 'nobody-registered@example.com' }));
    expect((await mailsTo(server(), user.email)).filter((m) => RESET_LINK.test(m.text))).toHaveLength(1);
    expect(await mailsTo(server(), 'nobody-registered@example.com')).toEqual([]);
  });

  it('"Your details were saved": the account row holds them', async () => {
    const user = await loggedInUser(server());
    ok(
      await server().call(account.saveAccount, { name: 'Sam Saved', phone: '07700 900123', coverage: 'AL1, AL2' }, { cookie: user.cookie }),
    );
    expect(await userRow(server(), user.id)).toMatchObject({ name: 'Sam Saved', phone: '07700 900123', coverage: 'AL1, AL2' });
  });

  it('"Branding saved", "Branding deleted" and "Email template saved": the rows are as said', async () => {
    const user = await loggedInUser(server());
    const brandings = () => server().db.selectFrom('brandings').selectAll().where('user_id', '=', user.id).execute();
    const { id } = ok(
      await server().call(
        brandingCalls.saveBranding,
        { action: 'new', company_name: 'Warm Homes Ltd', overprint_colour: '#aa3300', image: '' },
        { cookie: user.cookie },
      ),
    );
    expect((await brandings()).map((b) => [String(b.id), b.company_name, b.colour.toLowerCase()])).toEqual([
      [id, 'Warm Homes Ltd', '#aa3300'],
    ]);
    ok(await server().call(brandingCalls.saveBranding, { action: 'delete', id: id! }, { cookie: user.cookie }));
    expect(await brandings()).toEqual([]);
    ok(await server().call(account.saveUserSettings, { email_template: 'Dear owner, your report: {link}' }, { cookie: user.cookie }));
    expect((await userRow(server(), user.id)).email_template).toBe('Dear owner, your report: {link}');
  });

  it('"It is in your Report List now", then "Report deleted", "Report restored", "Report permanently deleted": the list and rows agree', async () => {
    const user = await loggedInUser(server(), STROMA_ASSESSOR);
    const { report_id } = await createReport(server(), user.cookie);
    expect((await listOf(server(), user.cookie)).reports_list.map((r) => r.report_id)).toContain(report_id);
    const row = () => server().db.selectFrom('reports').select(['deleted_at']).where('id', '=', report_id).executeTakeFirst();
    ok(await server().call(reports.reportDelete, { report_id, delete_mode: 'delete' }, { cookie: user.cookie }));
    expect((await row())?.deleted_at).not.toBeNull();
    ok(await server().call(reports.reportDelete, { report_id, delete_mode: 'undelete' }, { cookie: user.cookie }));
    expect((await row())?.deleted_at).toBeNull();
    ok(await server().call(reports.reportDelete, { report_id, delete_mode: 'delete' }, { cookie: user.cookie }));
    ok(await server().call(reports.reportDelete, { report_id, delete_mode: 'perma-delete' }, { cookie: user.cookie }));
    expect(await row()).toBeUndefined();
  });

  it('"Thank you for contacting …": the enquiry is kept', async () => {
    ok(await server().call(access.contactForm, { subject: 'Help', contactMethod: 'asker@example.com', message: 'Call me, please.' }));
    const kept = await server().db.selectFrom('contact_requests').selectAll().execute();
    expect(kept.map((r) => [r.contact_method, r.message])).toEqual([['asker@example.com', 'Call me, please.']]);
  });

  it('"Thank you, we will be back in touch once we hear from your selected contractors": kept, and each contractor emailed', async () => {
    const { path, measures, area } = await sharedReport(server());
    const code = measures[0].code;
    await importContractorsCsv(
      server().db,
      [CSV_HEADER, csvLine(['warm', 'Warm Lofts Ltd', '', '', 'quotes@warm.example.com', '', '', code, area])].join('\n'),
    );
    ok(
      await server().call(contractors.contractorsRequest, {
        report_path: path,
        measure_code: code,
        report_mode: 'preliminary',
        selected_contractors: ['warm'],
        email: 'owner@example.com',
        name: 'Olive Owner',
        phone: '',
        newsletter: false,
      }),
    );
    expect(await server().db.selectFrom('contractor_requests').select('email').execute()).toEqual([{ email: 'owner@example.com' }]);
    expect((await mailsTo(server(), 'quotes@warm.example.com')).map((m) => m.replyTo)).toEqual(['owner@example.com']);
  });
});

describe('messages about a Premium report the assessor bought with a credit', () => {
  const server = useTestServer('sqlite');

  it('"ready for you to finalise": the credit is spent and the report is in Pending', async () => {
    const { user, reportId } = await pendingByCredit(server());
    expect((await userRow(server(), user.id)).premium_credits).toBe(0);
    const pending = ok(await server().call(premium.pendingList, undefined, { cookie: user.cookie })).reports_list;
    expect(pending.map((r) => r.report_id)).toEqual([reportId]);
  });

  it('finalising answers that the owner will not be emailed, and nobody is, before or after the PDF is ready', async () => {
    const { user, reportId } = await pendingByCredit(server());
    const data = ok(await unprocessed(server(), user.cookie, reportId)).report_data;
    const before = (await readOutbox(server())).length;
    const answer = ok(await finalise(server(), user.cookie, finaliseBody(reportId, data)));
    expect(answer.owner_emailed_when_ready).toBe(false);
    // readOutbox runs the queue, so the PDF is drawn and any email that would follow it sent.
    const after = await readOutbox(server());
    const [listed] = (await listOf(server(), user.cookie, { mode: 'premium' })).reports_list;
    expect(listed.status).toBe('Ready!');
    expect(after.slice(before)).toEqual([]);
  });
});

describe('messages about what the owner paid for by card', () => {
  let standIn: StripeStandIn;
  let s: TestServer;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
  });
  afterAll(() => standIn.close());
  beforeEach(async () => {
    s = await buildTestServer({ dialect: 'sqlite', env: stripeEnv(standIn) });
    await usePrices(s);
  });
  afterEach(() => s.close());

  async function ownerStartsPaying(email: string) {
    const report = await sharedReport(s);
    const browser = ownerBrowser(s);
    const { pi_id } = await browser.startPayment(report.path, { email, priority: 'getToC' });
    return { ...report, pi_id };
  }

  it('"Payment received … We have emailed your receipt to {email}": the purchase is paid and the receipt is in the outbox', async () => {
    const { pi_id } = await ownerStartsPaying('payer@example.com');
    standIn.succeed(pi_id);
    const { data } = ok(await checkStatus(s, standIn.paymentIntent(pi_id)!));
    expect(data).toMatchObject({ paid: true, short: 'Payment received', email: 'payer@example.com' });
    expect(data.long).toContain('We have emailed your receipt to payer@example.com.');
    const [purchase] = await purchasesOf(s);
    expect(purchase).toMatchObject({ status: 'paid', payment_intent_id: pi_id, email: 'payer@example.com' });
    const receipts = (await mailsTo(s, 'payer@example.com')).filter((m) => /receipt/i.test(m.subject));
    expect(receipts).toHaveLength(1);
  });

  it('"Your card has not been charged": no purchase is paid, no receipt sent, no Premium report made', async () => {
    const { pi_id } = await ownerStartsPaying('declined@example.com');
    standIn.fail(pi_id, 'Your card was declined.');
    const { data } = ok(await checkStatus(s, standIn.paymentIntent(pi_id)!));
    expect(data.paid).toBe(false);
    expect(data.long).toContain('Your card has not been charged.');
    expect((await purchasesOf(s)).filter((p) => p.status === 'paid')).toEqual([]);
    expect(await mailsTo(s, 'declined@example.com')).toEqual([]);
    expect(await premiumReportsOf(s)).toEqual([]);
  });

  it('finalising an owner’s purchase answers that they will be emailed, and they are, with the link of the ready PDF', async () => {
    const { user, pi_id } = await ownerStartsPaying('owner@example.com');
    standIn.succeed(pi_id);
    ok(await checkStatus(s, standIn.paymentIntent(pi_id)!));
    const [premium] = await premiumReportsOf(s);
    const data = ok(await unprocessed(s, user.cookie, premium.id)).report_data;
    const readyMails = async () => (await mailsTo(s, 'owner@example.com')).filter((m) => m.subject.startsWith('Your Premium Report for'));
    expect(await readyMails()).toEqual([]);
    const answer = ok(await finalise(s, user.cookie, finaliseBody(premium.id, data)));
    expect(answer.owner_emailed_when_ready).toBe(true);
    const [mail] = await readyMails();
    expect(mail.text).toMatch(new RegExp(`/s/premium/${premium.id}/`));
    const [listed] = (await listOf(s, user.cookie, { mode: 'premium' })).reports_list;
    expect(listed.status).toBe('Ready!');
  });
});
