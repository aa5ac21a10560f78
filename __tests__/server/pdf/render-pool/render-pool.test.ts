import { createRenderPool, type RenderPool } from '../../../../src/server/pdf/render-pool/render-pool';
import { REPORT_STATUS } from '../../../../src/shared/states';
import { describeEachDatabase } from '../../helpers/databases';
import { STROMA_ASSESSOR, loggedInUser } from '../../helpers/factories';
import { createReport, listOf } from '../../helpers/reports';
import { useTestServer } from '../../helpers/test-server';
import { makeInput, tinyPng } from '../report-factory';
import { readPdf } from '../pdf-reader';
import { warmUpTasks } from '../../../../src/server/premium/samples';
import { Worker } from 'node:worker_threads';
import { readFileSync, readdirSync } from 'node:fs';
import { z } from 'zod';
import { defineJob } from '../../../../src/server/platform/jobs/define';
import { RENDER_REPORT } from '../../../../src/server/reports/render-report';
import { getPriority } from 'node:os';
import { renderPreliminaryPdf } from '../../../../src/server/pdf/render-preliminary';
import { parseSurvey } from '../../../../src/server/surveys/epc/parse-survey';
import { SurveyError } from '../../../../src/server/surveys/epc/survey';
import { readFixture } from '../../surveys/epc/fixture-files';

const task = (reportName: string) =>
  ({
    kind: 'preliminary',
    input: makeInput({ reportName, branding: { companyName: 'Harper Energy', colour: '#1d6b3a', logo: { data: tinyPng(), type: 'png' } } }),
  }) as const;

/** Each thread of this process by its id, with its nice value: field 19 of /proc/self/task/<tid>/stat (proc(5)). */
function niceOfThreads(): Map<number, number> {
  const nice = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    // The fields after the name, which is in parentheses and may hold spaces: the state is field 3.
    const fields = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
    nice.set(Number(tid), Number(fields[19 - 3]));
  }
  return nice;
}

describe('PDF render pool', () => {
  let pool: RenderPool;
  afterEach(() => pool.close());

  (process.platform === 'linux' ? it : it.skip)('draws at a lower priority than the event loop, which keeps its own', async () => {
    const before = niceOfThreads();
    const loopNice = getPriority(process.pid);
    const warnings: string[] = [];
    pool = createRenderPool(2, { warn: (message) => warnings.push(message) });
    await Promise.all([pool.render(task('9 Nice Road, AB1 2CD')), pool.render(task('10 Nice Road, AB1 2CD'))]);
    const lowered = [...niceOfThreads()].filter(([tid, nice]) => !before.has(tid) && nice === Math.max(loopNice, 10));
    expect(warnings).toEqual([]);
    // One thread per render thread, each at nice 10 (the process's threads of its own, V8's and libuv's, stay as they were).
    expect(lowered).toHaveLength(2);
    expect(niceOfThreads().get(process.pid)).toBe(loopNice);
    expect(loopNice).toBeLessThan(10);
  });

  it("draws at the event loop's priority when told to", async () => {
    const loopNice = getPriority(process.pid);
    pool = createRenderPool(1, { nice: 0 });
    const before = niceOfThreads();
    await pool.render(task('11 Level Lane, AB1 2CD'));
    const started = [...niceOfThreads()].filter(([tid]) => !before.has(tid));
    expect(started.length).toBeGreaterThan(0);
    expect(started.every(([, nice]) => nice === loopNice)).toBe(true);
  });

  it('draws PDFs on as many threads at once as it has, each its own report', async () => {
    pool = createRenderPool(2);
    const renders = [pool.render(task('1 First Road, AB1 2CD')), pool.render(task('2 Second Road, AB1 2CD'))];
    // Both were handed to a thread of their own at once; neither waits for the other.
    expect(pool.threads).toHaveLength(2);
    const [first, second] = await Promise.all(renders);
    expect(readPdf(first).text).toContain('1 First Road');
    expect(readPdf(second).text).toContain('2 Second Road');
    // A third waits for a free thread rather than starting another.
    const third = pool.render(task('3 Third Road, AB1 2CD'));
    expect(pool.threads).toHaveLength(2);
    expect(readPdf(await third).text).toContain('3 Third Road');
  });

  it('draws a report again on a fresh thread when its thread dies mid-render', async () => {
    pool = createRenderPool(1);
    const render = pool.render(task('4 Crash Close, AB1 2CD'));
    const [doomed] = pool.threads;
    const exited = new Promise((resolve) => doomed.once('exit', resolve));
    await doomed.terminate();
    await exited;
    expect(readPdf(await render).text).toContain('4 Crash Close');
    expect(pool.threads).toHaveLength(1);
    expect(pool.threads[0]).not.toBe(doomed);
  });

  it('warms every thread up with renders of its own, and a real render goes before the warm-ups left', async () => {
    pool = createRenderPool(2);
    const order: string[] = [];
    const warmed = pool.warm([task('Warm-up Way')], 3).then(() => order.push('warmed'));
    // Both threads start at once, before any real render asks for them.
    expect(pool.threads).toHaveLength(2);
    const real = await pool.render(task('5 Real Road, AB1 2CD'));
    order.push('real');
    await warmed;
    expect(order).toEqual(['real', 'warmed']);
    expect(readPdf(real).text).toContain('5 Real Road');
    expect(pool.threads).toHaveLength(2);
  });

  it('finishes warming up when a warming thread dies, and renders on', async () => {
    pool = createRenderPool(1);
    const warmed = pool.warm([task('Warm-up Way')], 2);
    const [doomed] = pool.threads;
    await doomed.terminate();
    await warmed;
    expect(readPdf(await pool.render(task('6 After Avenue, AB1 2CD'))).text).toContain('6 After Avenue');
  });

  it('stops warming up when closed', async () => {
    pool = createRenderPool(1);
    const warmed = pool.warm([task('Warm-up Way')], 1000);
    await pool.close();
    await warmed;
    expect(pool.threads).toHaveLength(0);
  });

  it('reads a survey file on a thread: the survey parseSurvey reads, and the JSON it is kept as', async () => {
    pool = createRenderPool(1);
    const xml = readFixture('RdSAP-Schema-S-18.0__epc.xml');
    const { survey, json } = await pool.readSurvey(xml);
    expect(survey).toEqual(parseSurvey(xml));
    expect(JSON.parse(json)).toEqual(survey);
    expect(pool.threads).toHaveLength(1);
  });

  it("refuses a file that is not a survey with parseSurvey's own message, and reads on", async () => {
    pool = createRenderPool(1);
    const notXml = Buffer.from('%PDF-1.7 this is a certificate, not its lodgement');
    const expected = (() => {
      try {
        parseSurvey(notXml);
      } catch (err) {
        return err as Error;
      }
      throw new Error('parseSurvey read a PDF as a survey');
    })();
    expect(expected).toBeInstanceOf(SurveyError);
    const refused = pool.readSurvey(notXml);
    await expect(refused).rejects.toBeInstanceOf(SurveyError);
    await expect(refused).rejects.toThrow(expected.message);
    const { survey } = await pool.readSurvey(readFixture('RdSAP-Schema-S-18.0__epc.xml'));
    expect(survey.address.postcode).toBeTruthy();
  });

  it('reads surveys ahead of the renders waiting, in the order they came: an assessor waits for each', async () => {
    pool = createRenderPool(1);
    const order: string[] = [];
    const xml = readFixture('RdSAP-Schema-S-18.0__epc.xml');
    const first = pool.render(task('7 First Road, AB1 2CD')).then(() => order.push('render 1'));
    const second = pool.render(task('8 Second Road, AB1 2CD')).then(() => order.push('render 2'));
    const a = pool.readSurvey(xml).then(() => order.push('survey A'));
    const b = pool.checkSurveyB(xml, parseSurvey(xml)).then(() => order.push('survey B'));
    await Promise.all([first, second, a, b]);
    // The first render had its thread already; the surveys went before the render still waiting.
    expect(order).toEqual(['render 1', 'survey A', 'survey B', 'render 2']);
  });

  it('warms each thread up on every task it is given, in turn', async () => {
    pool = createRenderPool(2);
    const posted = jest.spyOn(Worker.prototype, 'postMessage');
    await pool.warm([task('Warm-up Way'), { kind: 'survey-a', xml: readFixture('RdSAP-Schema-S-18.0__epc.xml') }], 2);
    const kinds = posted.mock.calls.map(([t]) => (t as { kind: string }).kind);
    posted.mockRestore();
    // Two threads, each twice over both tasks.
    expect(kinds.filter((k) => k === 'preliminary')).toHaveLength(4);
    expect(kinds.filter((k) => k === 'survey-a')).toHaveLength(4);
  });

  it("warms up on a report drawn as assessors' are and on reading the sample lodgement, as the process's work asks", async () => {
    const [render, survey] = warmUpTasks({ renders: true, surveys: true });
    if (render.kind !== 'preliminary') throw new Error('a Preliminary report was expected first');
    const { input } = render;
    const { text } = readPdf(await renderPreliminaryPdf(input));
    expect(text).toContain(input.reportName.split(',')[0]);
    expect(text).toContain('Sample Assessor');
    if (survey.kind !== 'survey-a') throw new Error('a survey to read was expected second');
    expect(parseSurvey(Buffer.from(survey.xml)).address).toEqual(input.survey.address);
    // A web process reads surveys and draws nothing; a worker draws and reads nothing.
    expect(warmUpTasks({ renders: false, surveys: true }).map((t) => t.kind)).toEqual(['survey-a']);
    expect(warmUpTasks({ renders: true, surveys: false }).map((t) => t.kind)).toEqual(['preliminary']);
  });
});

describeEachDatabase('report renders in parallel', (dialect) => {
  const server = useTestServer(dialect);

  it('renders two reports created together at the same time', async () => {
    const { cookie } = await loggedInUser(server(), STROMA_ASSESSOR);
    const { jobs, renders } = server().app.deps;
    await jobs.stop();
    await createReport(server(), cookie);
    await createReport(server(), cookie);
    let rendering = 0;
    let most = 0;
    const render = renders.render.bind(renders);
    jest.spyOn(renders, 'render').mockImplementation(async (t) => {
      most = Math.max(most, ++rendering);
      try {
        return await render(t);
      } finally {
        rendering--;
      }
    });
    await jobs.drain();
    expect(most).toBe(2);
    expect((await listOf(server(), cookie)).reports_list.map((r) => r.status)).toEqual([REPORT_STATUS.ready, REPORT_STATUS.ready]);
  });

  it('draws the next report while the finished ones are being stored', async () => {
    const { cookie } = await loggedInUser(server(), STROMA_ASSESSOR);
    const { jobs, renders, storage } = server().app.deps;
    await jobs.stop();
    for (let i = 0; i <= renders.size; i++) await createReport(server(), cookie);
    // Every finished PDF waits at the storage step until one more report than there are threads is being drawn.
    let allDrawing!: () => void;
    const drawing = new Promise<void>((resolve) => (allDrawing = resolve));
    let calls = 0;
    const render = renders.render.bind(renders);
    jest.spyOn(renders, 'render').mockImplementation((t) => {
      if (++calls === renders.size + 1) allDrawing();
      return render(t);
    });
    const put = storage.put.bind(storage);
    jest.spyOn(storage, 'put').mockImplementation(async (key, data) => {
      if (key.startsWith('reports/')) await drawing;
      return put(key, data);
    });
    await jobs.drain();
    const statuses = (await listOf(server(), cookie)).reports_list.map((r) => r.status);
    expect(statuses).toEqual(statuses.map(() => REPORT_STATUS.ready));
    expect(statuses).toHaveLength(renders.size + 1);
  });

  it('claims no more renders than two per thread, and runs other jobs beside a backlog of them', async () => {
    const { cookie } = await loggedInUser(server(), STROMA_ASSESSOR);
    const { jobs, renders, db } = server().app.deps;
    await jobs.stop();
    const lane = renders.size * 2;
    for (let i = 0; i < lane + 2; i++) await createReport(server(), cookie);
    // Queued after every render: it would wait for them all in a queue taken in order.
    const OTHER = defineJob('beside_renders', z.object({}));
    let otherRan!: () => void;
    const other = new Promise<void>((resolve) => (otherRan = resolve));
    jobs.handle(OTHER, () => Promise.resolve(otherRan()));
    await jobs.enqueue(OTHER, {});
    // Every render waits at the gate until the other job has run.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let laneFull!: () => void;
    const full = new Promise<void>((resolve) => (laneFull = resolve));
    let waiting = 0;
    const render = renders.render.bind(renders);
    jest.spyOn(renders, 'render').mockImplementation(async (t) => {
      if (++waiting === lane) laneFull();
      await gate;
      return render(t);
    });
    const drained = jobs.drain();
    await Promise.all([full, other]);
    const renderJobs = await db
      .selectFrom('jobs')
      .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('kind', '=', RENDER_REPORT.kind)
      .groupBy('status')
      .execute();
    expect(Object.fromEntries(renderJobs.map((r) => [r.status, Number(r.n)]))).toEqual({ running: lane, queued: 2 });
    open();
    await drained;
    const statuses = (await listOf(server(), cookie)).reports_list.map((r) => r.status);
    expect(statuses).toEqual(Array.from({ length: lane + 2 }, () => REPORT_STATUS.ready));
  }, 30_000);
});
