import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/platform/config/config';
import { createInvites } from '../../src/server/access/repos/invites';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function time(label: string, runs: number, once: () => Promise<unknown>) {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await once();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  samples.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(28)} median ${percentile(samples, 50).toFixed(2)} ms, p95 ${percentile(samples, 95).toFixed(2)} ms (${runs} runs)`,
  );
}

/** Access calls through the full Fastify stack on SQLite, in process (inject: no network noise). */
export async function apiLatency(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'epcplus-bench-'));
  const app = await buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000' }));
  const json = { 'content-type': 'application/json' };
  try {
    const [invite] = await createInvites(app.deps.db, 1);
    const email = 'bench@example.com';
    const password = 'bench-pass-1';
    await app.inject({
      method: 'POST',
      url: '/api/user',
      headers: json,
      payload: {
        inviteCode: invite,
        email,
        name: 'Bench',
        role: 'surveyor',
        scheme: 'other',
        password,
        passwordConfirm: password,
        termsAgree: true,
      },
    });
    await app.deps.db.updateTable('users').set({ email_confirmed_at: Date.now() }).execute();
    let cookie = '';
    await time('POST /api/login (argon2id)', 20, async () => {
      const res = await app.inject({ method: 'POST', url: '/api/login', headers: json, payload: { username: email, password } });
      cookie = String(res.headers['set-cookie']).split(';')[0];
    });
    await time('POST /api/ping', 500, () => app.inject({ method: 'POST', url: '/api/ping', headers: { ...json, cookie }, payload: {} }));
    await time('GET /api/displayvars', 500, () => app.inject({ method: 'GET', url: '/api/displayvars', headers: { cookie } }));
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
