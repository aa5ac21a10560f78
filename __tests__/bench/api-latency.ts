import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/platform/config/config';
import { BENCH_PUBLIC_URL, logIn, signedUpAssessor } from './bench-api';
import { percentile, timedRuns } from './bench-db';

async function time(label: string, runs: number, once: () => Promise<unknown>) {
  const samples = await timedRuns(runs, once);
  console.log(
    `${label.padEnd(28)} median ${percentile(samples, 50).toFixed(2)} ms, p95 ${percentile(samples, 95).toFixed(2)} ms (${runs} runs)`,
  );
}

/** Access calls through the full Fastify stack on SQLite, in process (inject: no network noise). */
export async function apiLatency(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'epcplus-bench-'));
  const app = await buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: BENCH_PUBLIC_URL }));
  const json = { 'content-type': 'application/json' };
  try {
    const email = 'bench@example.com';
    await signedUpAssessor(app, email);
    let cookie = '';
    await time('POST /api/login (argon2id)', 20, async () => {
      cookie = await logIn(app, email);
    });
    await time('POST /api/ping', 500, () => app.inject({ method: 'POST', url: '/api/ping', headers: { ...json, cookie }, payload: {} }));
    await time('GET /api/displayvars', 500, () => app.inject({ method: 'GET', url: '/api/displayvars', headers: { cookie } }));
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
