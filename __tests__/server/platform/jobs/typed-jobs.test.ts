import { z } from 'zod';
import { rowId } from '../../../../src/shared/api/define';
import { JOB_STATUS } from '../../../../src/server/platform/db/job-status';
import { defineJob } from '../../../../src/server/platform/jobs/define';
import { insertJob } from '../../../../src/server/platform/jobs/repo';
import { describeEachDatabase } from '../../helpers/databases';
import { useTestServer } from '../../helpers/test-server';

describeEachDatabase('jobs typed by their definition', (dialect) => {
  const lines: string[] = [];
  const server = useTestServer(dialect, { log: { stream: { write: (line) => void lines.push(line) }, level: 'error' } });
  beforeEach(() => {
    lines.length = 0;
  });

  const TYPED = defineJob('typed_test', z.object({ report_id: rowId }));
  const jobRow = (id: number) =>
    server().db.selectFrom('jobs').select(['status', 'attempts', 'last_error']).where('id', '=', id).executeTakeFirstOrThrow();

  it('hands the handler the payload it was queued with, read through its schema', async () => {
    const { jobs } = server().app.deps;
    const ran: number[] = [];
    jobs.handle(TYPED, ({ report_id }) => {
      ran.push(report_id);
      return Promise.resolve();
    });
    const id = await jobs.enqueue(TYPED, { report_id: 7 });
    await jobs.drain();
    expect(ran).toEqual([7]);
    expect(await jobRow(id)).toMatchObject({ status: JOB_STATUS.done, attempts: 1 });
  });

  it('fails a job whose stored payload its schema refuses, for good and with a log line, without running it', async () => {
    const { jobs, db } = server().app.deps;
    const run = jest.fn(() => Promise.resolve());
    const failed = jest.fn();
    jobs.handle(TYPED, run, failed);
    // As a row written by an older version, or by hand, might hold it.
    const id = await insertJob(db, TYPED.kind, { report_id: 'seven' }, Date.now());
    await jobs.drain();
    expect(run).not.toHaveBeenCalled();
    expect(failed).not.toHaveBeenCalled();
    const row = await jobRow(id);
    expect(row).toMatchObject({ status: JOB_STATUS.failed, attempts: 1 });
    expect(row.last_error).toContain('report_id');
    const logged = lines.map((l) => JSON.parse(l) as { msg: string; kind?: string; job?: number; problem?: string });
    expect(logged).toContainEqual(
      expect.objectContaining({ msg: 'job not run: its payload is not what its kind takes', kind: TYPED.kind, job: id }),
    );
  });
});
