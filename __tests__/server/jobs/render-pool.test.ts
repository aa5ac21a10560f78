import { createRenderPool, type RenderPool } from '../../../src/server/jobs/render-pool';
import { REPORT_STATUS } from '../../../src/shared/states';
import { describeEachDatabase } from '../helpers/databases';
import { STROMA_ASSESSOR, loggedInUser } from '../helpers/factories';
import { createReport, listOf } from '../helpers/reports';
import { useTestServer } from '../helpers/test-server';
import { makeInput, tinyPng } from '../pdf/report-factory';
import { readPdf } from '../pdf/pdf-reader';

const task = (reportName: string) =>
  ({
    kind: 'preliminary',
    input: makeInput({ reportName, branding: { companyName: 'Harper Energy', colour: '#1d6b3a', logo: { data: tinyPng(), type: 'png' } } }),
  }) as const;

describe('PDF render pool', () => {
  let pool: RenderPool;
  afterEach(() => pool.close());

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
});
