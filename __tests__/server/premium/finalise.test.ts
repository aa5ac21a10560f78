import * as account from '../../../src/shared/api/account';
import * as premiumCalls from '../../../src/shared/api/premium';
import * as reports from '../../../src/shared/api/reports';
import * as payments from '../../../src/shared/api/payments';
import * as sharing from '../../../src/shared/api/sharing';
import { CUSTOM_PLAN_DEFAULT_NAME, CUSTOM_PLAN_MEASURES_LIMIT } from '../../../src/shared/constants';
import { premiumDueDate } from '../../../src/server/premium/working-days';
import { describeEachDatabase } from '../helpers/databases';
import { ok, refused } from '../helpers/answers';
import { loggedInUser, STROMA_ASSESSOR } from '../helpers/factories';
import { createReport, fixture, listOf, uploadSurvey } from '../helpers/reports';
import { addPremiumCredits } from '../../../src/server/access/repos/users';
import { useTestServer } from '../helpers/test-server';
import { recordPushes } from '../payments/payment-helpers';
import { finalise, finaliseBody, finaliseTraces, pendingByCredit, premiumPdfText, unprocessed } from './premium-helpers';

describeEachDatabase('the Pending list and the finalise screen', (dialect) => {
  const server = useTestServer(dialect);

  it('lists a pending report with who bought it, when, and its due date, counted in display vars', async () => {
    const before = Date.now();
    const { user, reportId } = await pendingByCredit(server());
    const { reports_list } = ok(await server().call(premiumCalls.pendingList, undefined, { cookie: user.cookie }));
    expect(reports_list).toHaveLength(1);
    const [item] = reports_list;
    expect(item).toMatchObject({ report_id: reportId, status: 'Pending', deleteable: false });
    expect(item.share_url).toMatch(new RegExp(`/s/premium/${reportId}/[\\w-]{16,}$`));
    expect(item.pending).toMatchObject({ bought_by: 'assessor', buyer_email: '', priority: null });
    expect(item.pending!.purchased_at * 1000).toBeGreaterThanOrEqual(before - 1000);
    expect(item.pending!.due_date).toBe(premiumDueDate(item.pending!.purchased_at * 1000, 'england-and-wales'));
    expect(ok(await server().call(account.displayVars, undefined, { cookie: user.cookie })).prc).toBe(1);
    // Not in the Premium list until it is finalised.
    expect((await listOf(server(), user.cookie, { mode: 'premium' })).reports_list).toEqual([]);
  });

  it("gives the report's measures, its plans with the default priority's plan first, and the custom plan's rules", async () => {
    const { user, reportId } = await pendingByCredit(server());
    const data = ok(await unprocessed(server(), user.cookie, reportId)).report_data;
    expect(data).toMatchObject({
      epcStart: 64,
      customPlanMeasures: [],
      customPlanMeasuresLimit: CUSTOM_PLAN_MEASURES_LIMIT,
      customPlanDefaultName: CUSTOM_PLAN_DEFAULT_NAME,
      priority: null,
      letting: null,
    });
    expect(data.name).toMatch(/\S/);
    expect(data.measures).toHaveLength(5);
    expect(data.plans.map((p) => p.id)).toEqual(['highestEpc', 'cheapestToC', 'largestCo2Cut', 'allRecommended']);
    const toC = data.plans.find((p) => p.id === 'cheapestToC')!;
    expect(toC.data.measures.map((m) => [m.epcTotal, m.epcBand])).toEqual([[80, 'C']]);
  });

  it("answers another assessor's report, a Preliminary report and a missing one alike: 404", async () => {
    const { reportId } = await pendingByCredit(server());
    const other = await loggedInUser(server(), STROMA_ASSESSOR);
    const theirs = await unprocessed(server(), other.cookie, reportId);
    const missing = await unprocessed(server(), other.cookie, reportId + 1000);
    const { report_id: preliminary } = await createReport(server(), other.cookie);
    const notPremium = await unprocessed(server(), other.cookie, preliminary);
    for (const res of [theirs, missing, notPremium]) expect([res.status, refused(res).error]).toEqual([404, 'That report does not exist.']);
    const steal = await finalise(server(), other.cookie, { report_id: reportId, plan_data: [], customPlanName: '', customRemarks: '' });
    expect(steal.status).toBe(404);
    expect(await finaliseTraces(server(), reportId)).toEqual({ status: 'Pending', kept: 0, jobs: 0 });
  });
});

describeEachDatabase('finalising a Premium report', (dialect) => {
  const server = useTestServer(dialect);

  it('keeps the plans, custom plan and remarks, renders the PDF and moves the report to the Premium list, once', async () => {
    const { user, reportId } = await pendingByCredit(server());
    const data = ok(await unprocessed(server(), user.cookie, reportId)).report_data;
    const pushes = recordPushes(server());
    const [first, , third] = data.measures;
    // The assessor raises a measure's points and writes their own cost; the totals they send are nonsense.
    const adjusted = { ...first, epcIncrease: first.epcIncrease + 1, implementationCost: '£150', epcTotal: 1, costTotal: '£1' };
    const plans = data.plans
      .filter((p) => p.id !== 'largestCo2Cut')
      .map((p) => ({ ...p, data: { measures: p.data.measures.map((m) => (m.code === first.code ? adjusted : m)) } }));
    const remarks = `${'Insulate the loft before anything else. '.repeat(1)}\n${'x'.repeat(72 * 48)}`;
    const custom = { id: 'custom' as const, name: '', collect: 'EPC' as const, data: { measures: [third, adjusted] } };
    ok(
      await finalise(
        server(),
        user.cookie,
        finaliseBody(reportId, data, { plan_data: [...plans, custom], customPlanName: 'Loft first', customRemarks: remarks }),
      ),
    );
    expect(pushes.map((p) => p.event)).toEqual(expect.arrayContaining(['pendingUpdate', 'reportListUpdate']));
    expect(ok(await server().call(premiumCalls.pendingList, undefined, { cookie: user.cookie })).reports_list).toEqual([]);
    expect(ok(await server().call(account.displayVars, undefined, { cookie: user.cookie })).prc).toBe(0);
    expect((await listOf(server(), user.cookie, { mode: 'premium' })).reports_list.map((r) => [r.report_id, r.status])).toEqual([
      [reportId, 'Generating'],
    ]);

    const kept = await server().db.selectFrom('premium_reports').selectAll().where('report_id', '=', reportId).executeTakeFirstOrThrow();
    const keptPlans = JSON.parse(kept.plans) as { id: string; steps: { code: string; epcTotal: number; costTotal: string }[] }[];
    expect(keptPlans.map((p) => p.id)).toEqual(['highestEpc', 'cheapestToC', 'allRecommended']);
    const everything = keptPlans.find((p) => p.id === 'allRecommended')!;
    // Recomputed by the server: the first step starts from 64 with the raised points and the assessor's cost.
    expect(everything.steps[0]).toMatchObject({ code: first.code, epcTotal: 64 + first.epcIncrease + 1, costTotal: '£150' });
    expect(JSON.parse(kept.custom_plan!)).toMatchObject({ name: 'Loft first', steps: [{ code: third.code }, { code: first.code }] });
    expect(kept.remarks).toBe(remarks);

    await server().app.deps.jobs.drain();
    const [listed] = (await listOf(server(), user.cookie, { mode: 'premium' })).reports_list;
    expect(listed).toMatchObject({ report_id: reportId, status: 'Ready!' });
    const text = await premiumPdfText(server(), user.cookie, reportId);
    for (const words of ['Highest energy rating', 'Cheapest route to band C', 'Everything recommended', 'Loft first', 'Insulate the loft'])
      expect(text).toContain(words);
    expect(text).not.toContain('Largest cut in carbon emissions');

    const again = await finalise(server(), user.cookie, finaliseBody(reportId, data));
    expect([again.status, refused(again).error]).toEqual([400, 'This Premium report has already been finalised.']);
    expect((await unprocessed(server(), user.cookie, reportId)).status).toBe(404);
    const path = listed.share_url.split('/s/premium/')[1];
    expect(ok(await server().call(sharing.sharedPremiumReport, { report_path: path })).pdfUrl).toMatch(/\/api\/files\//);

    // What was paid for stays: the list offers no delete, and the server refuses one.
    expect(listed.deleteable).toBe(false);
    for (const delete_mode of ['delete', 'perma-delete'] as const) {
      const res = await server().call(reports.reportDelete, { report_id: reportId, delete_mode }, { cookie: user.cookie });
      expect([res.status, refused(res).error]).toEqual([400, 'Premium reports can not be deleted']);
    }
    expect(ok(await server().call(sharing.sharedPremiumReport, { report_path: path })).pdfUrl).toMatch(/\/api\/files\//);
  });

  it('refuses 50 lines of remarks, and a custom plan over its limit, changing nothing', async () => {
    const { user, reportId } = await pendingByCredit(server(), fixture('RdSAP-Schema-S-18.0__epc.xml'));
    const data = ok(await unprocessed(server(), user.cookie, reportId)).report_data;
    expect(data.measures.length).toBeGreaterThan(CUSTOM_PLAN_MEASURES_LIMIT);
    const fifty = Array.from({ length: 50 }, () => 'a line').join('\n');
    const long = await finalise(server(), user.cookie, finaliseBody(reportId, data, { customRemarks: fifty }));
    expect([long.status, refused(long).error]).toEqual([400, 'You are over the length limit']);
    const wrapped = await finalise(server(), user.cookie, finaliseBody(reportId, data, { customRemarks: 'x'.repeat(72 * 50) }));
    expect(refused(wrapped).error).toBe('You are over the length limit');

    const custom = (n: number) => ({
      id: 'custom' as const,
      name: 'Mine',
      collect: 'EPC' as const,
      data: { measures: data.measures.slice(0, n) },
    });
    const over = await finalise(
      server(),
      user.cookie,
      finaliseBody(reportId, data, { plan_data: [custom(CUSTOM_PLAN_MEASURES_LIMIT + 1)] }),
    );
    expect([over.status, refused(over).error]).toEqual([400, `The custom plan can have at most ${CUSTOM_PLAN_MEASURES_LIMIT} measures.`]);
    expect(await finaliseTraces(server(), reportId)).toEqual({ status: 'Pending', kept: 0, jobs: 0 });

    // At the limit, with 49 lines, it is accepted; the custom plan alone is enough, under its default name.
    const atLimit = finaliseBody(reportId, data, {
      plan_data: [custom(CUSTOM_PLAN_MEASURES_LIMIT)],
      customRemarks: Array.from({ length: 49 }, () => 'a line').join('\n'),
    });
    ok(await finalise(server(), user.cookie, atLimit));
    const kept = await server().db.selectFrom('premium_reports').selectAll().where('report_id', '=', reportId).executeTakeFirstOrThrow();
    expect(JSON.parse(kept.custom_plan!)).toMatchObject({ name: CUSTOM_PLAN_DEFAULT_NAME });
  });

  it('refuses unknown measures, bad points and costs, altered plans and repeated plans with a 400, changing nothing', async () => {
    const { user, reportId } = await pendingByCredit(server());
    const data = ok(await unprocessed(server(), user.cookie, reportId)).report_data;
    const everything = data.plans.find((p) => p.id === 'allRecommended')!;
    const toC = data.plans.find((p) => p.id === 'cheapestToC')!;
    const withMeasures = (plan: typeof everything, measures: typeof everything.data.measures) => ({ ...plan, data: { measures } });
    const [m0, m1] = everything.data.measures;
    const bad = [
      { plans: [withMeasures(everything, [{ ...m0, code: 'not-a-measure' }])], error: /is not one of this report's measures/ },
      {
        plans: [withMeasures(everything, [{ ...m0, epcIncrease: 500 }, ...everything.data.measures.slice(1)])],
        error: /whole numbers from -100 to 100/,
      },
      {
        plans: [withMeasures(everything, [{ ...m0, implementationCost: '£'.repeat(41) }, ...everything.data.measures.slice(1)])],
        error: /40 characters or fewer/,
      },
      { plans: [withMeasures(everything, [m1, m0, ...everything.data.measures.slice(2)])], error: /does not match this report's measures/ },
      { plans: [withMeasures(everything, everything.data.measures.slice(1))], error: /does not match this report's measures/ },
      { plans: [everything, everything], error: /only once/ },
      { plans: [withMeasures(toC, [{ ...toC.data.measures[0], epcIncrease: 1 }])], error: /no longer reaches band C/ },
      {
        plans: [everything, withMeasures(toC, [{ ...toC.data.measures[0], implementationCost: '£1' }])],
        error: /different points or costs in two plans/,
      },
      { plans: [], error: /at least one plan/ },
    ];
    for (const { plans, error } of bad) {
      const res = await finalise(server(), user.cookie, finaliseBody(reportId, data, { plan_data: plans }));
      expect([res.status, refused(res).error]).toEqual([400, expect.stringMatching(error)]);
    }
    const fractional = await server().inject({
      method: 'POST',
      url: premiumCalls.finalisePremiumReport.path,
      cookie: user.cookie,
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      payload: finaliseBody(reportId, data, { plan_data: [withMeasures(everything, [{ ...m0, epcIncrease: 1.5 }])] }),
    });
    expect(fractional.status).toBe(400);
    expect(await finaliseTraces(server(), reportId)).toEqual({ status: 'Pending', kept: 0, jobs: 0 });
    expect(ok(await server().call(premiumCalls.pendingList, undefined, { cookie: user.cookie })).reports_list).toHaveLength(1);
  });

  it('finalises once when two tabs send it at the same moment', async () => {
    const { user, reportId } = await pendingByCredit(server());
    const data = ok(await unprocessed(server(), user.cookie, reportId)).report_data;
    const both = await Promise.all([1, 2].map(() => finalise(server(), user.cookie, finaliseBody(reportId, data))));
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await finaliseTraces(server(), reportId)).toEqual({ status: 'Generating', kept: 1, jobs: 1 });
  });

  it('offers a shared Premium link only once the report is finalised and drawn', async () => {
    const { user, reportId } = await pendingByCredit(server());
    const [pending] = ok(await server().call(premiumCalls.pendingList, undefined, { cookie: user.cookie })).reports_list;
    const path = pending.share_url.split('/s/premium/')[1];
    expect((await server().call(sharing.sharedPremiumReport, { report_path: path })).status).toBe(404);
    const data = ok(await unprocessed(server(), user.cookie, reportId)).report_data;
    ok(await finalise(server(), user.cookie, finaliseBody(reportId, data)));
    expect((await server().call(sharing.sharedPremiumReport, { report_path: path })).status).toBe(404);
    await server().app.deps.jobs.drain();
    ok(await server().call(sharing.sharedPremiumReport, { report_path: path }));
  });

  it('lists finalised reports in the Premium list with its search, never pending ones', async () => {
    const { user, reportId: first } = await pendingByCredit(server());
    await addPremiumCredits(server().db, user.id, 1);
    const { key } = await uploadSurvey(server(), user.cookie, fixture('RdSAP-Schema-S-18.0__epc.xml'));
    const { rid: second } = ok(
      await server().call(
        payments.buyPremiumCheckoutInit,
        {
          xml1_key: key,
          originals: { xml1: 's.xml' },
          cTaxPropertyAddress: '',
          manualCTaxBand: 'B',
          selectedBranding: 'EPCplus',
          useCredit: true,
        },
        { cookie: user.cookie },
      ),
    );
    const finaliseAsOffered = async (id: number) =>
      ok(await finalise(server(), user.cookie, finaliseBody(id, ok(await unprocessed(server(), user.cookie, id)).report_data)));
    await finaliseAsOffered(first);
    // The Scottish survey's report is due by Scotland's bank holidays.
    const [scottish] = ok(await server().call(premiumCalls.pendingList, undefined, { cookie: user.cookie })).reports_list;
    expect(scottish.report_id).toBe(second);
    expect(scottish.pending!.due_date).toBe(premiumDueDate(scottish.pending!.purchased_at * 1000, 'scotland'));
    const premium = (query: Record<string, string> = {}) => listOf(server(), user.cookie, { mode: 'premium', ...query });
    expect((await premium()).reports_list.map((r) => r.report_id)).toEqual([first]);
    await finaliseAsOffered(second);
    await server().app.deps.jobs.drain();
    const both = await premium();
    expect(both.reports_list.map((r) => [r.report_id, r.status])).toEqual([
      [second, 'Ready!'],
      [first, 'Ready!'],
    ]);
    const secondName = both.reports_list[0].name;
    const postcode = secondName.split(', ').at(-1)!;
    expect((await premium({ search: postcode })).reports_list.map((r) => r.report_id)).toEqual([second]);
    expect(await premium({ search: 'no such street anywhere' })).toMatchObject({ reports_list: [], total: 0 });
    expect(await premium({ page: '7' })).toMatchObject({ total: 2, page: 1 });
    expect((await listOf(server(), user.cookie, { mode: 'preliminary' })).reports_list).toEqual([]);
  });
});
