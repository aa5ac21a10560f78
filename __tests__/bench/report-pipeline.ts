import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/platform/config/config';
import { REPORT_STATUS } from '../../src/shared/states';
import { BENCH_PUBLIC_URL, createReportFrom, logIn, signedUpAssessor, uploadSampleSurvey } from './bench-api';
import { percentile } from './bench-db';

const median = (xs: number[]) => percentile(xs, 50);
const p95 = (xs: number[]) => percentile(xs, 95);

/**
 * From the follow-up call (file A checked) to the PDF being ready, through the real HTTP stack,
 * database and job queue (SQLite, in process): what an assessor waits for after picking a branding.
 * 25 reports: the create call allows 30 a minute from one address.
 */
export async function reportPipelineBench(runs = 25): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'epcplus-bench-'));
  const app = await buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: BENCH_PUBLIC_URL }));
  try {
    const email = 'bench@example.com';
    await signedUpAssessor(app, email);
    const cookie = await logIn(app, email);
    const total: number[] = [];
    const request: number[] = [];
    for (let i = 0; i < runs + 3; i++) {
      const key = await uploadSampleSurvey(app, cookie);
      const t0 = process.hrtime.bigint();
      const reportId = await createReportFrom(app, cookie, key);
      const answered = process.hrtime.bigint();
      await app.deps.jobs.drain();
      const row = await app.deps.db.selectFrom('reports').select('status').where('id', '=', reportId).executeTakeFirstOrThrow();
      if (row.status !== REPORT_STATUS.ready) throw new Error(`report ${reportId} ended ${row.status}`);
      const done = process.hrtime.bigint();
      if (i < 3) continue; // warm-up
      total.push(Number(done - t0) / 1e6);
      request.push(Number(answered - t0) / 1e6);
    }
    console.log(
      `follow-up + create answered     median ${median(request).toFixed(1)} ms, p95 ${p95(request).toFixed(1)} ms (${runs} reports)`,
    );
    console.log(`follow-up to PDF ready          median ${median(total).toFixed(1)} ms, p95 ${p95(total).toFixed(1)} ms (${runs} reports)`);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
