import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/platform/config/config';
import { createInvites } from '../../src/server/access/repos/invites';
import type * as uploads from '../../src/shared/api/uploads';
import type * as reports from '../../src/shared/api/reports';
import type { Failure, ResponseOf } from '../../src/shared/api/define';
import { REPORT_STATUS } from '../../src/shared/states';

const SAMPLE = resolve(__dirname, '../../src/server/data/sample-survey.xml');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];

/**
 * From the follow-up call (file A checked) to the PDF being ready, through the real HTTP stack,
 * database and job queue (SQLite, in process): what an assessor waits for after picking a branding.
 * 25 reports: the create call allows 30 a minute from one address.
 */
export async function reportPipelineBench(runs = 25): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'epcplus-bench-'));
  const app = await buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000' }));
  const json = { 'content-type': 'application/json' };
  const xml = readFileSync(SAMPLE);
  try {
    const [invite] = await createInvites(app.deps.db, 1);
    const password = 'bench-pass-1';
    await app.inject({
      method: 'POST',
      url: '/api/user',
      headers: json,
      payload: {
        inviteCode: invite,
        email: 'bench@example.com',
        name: 'Bench',
        role: 'surveyor',
        scheme: 'other',
        password,
        passwordConfirm: password,
        termsAgree: true,
      },
    });
    await app.deps.db.updateTable('users').set({ email_confirmed_at: Date.now() }).execute();
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: json,
      payload: { username: 'bench@example.com', password },
    });
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    const headers = { ...json, cookie };
    const total: number[] = [];
    const request: number[] = [];
    for (let i = 0; i < runs + 3; i++) {
      const start = (await app.inject({ method: 'POST', url: '/api/upload', headers, payload: { extension: 'xml' } })).json<
        ResponseOf<typeof uploads.upload>
      >();
      await app.inject({
        method: 'PUT',
        url: start.upload_to,
        headers: { cookie, 'content-type': 'application/octet-stream' },
        payload: xml,
      });
      const t0 = process.hrtime.bigint();
      await app.inject({ method: 'POST', url: '/api/uploadxmlfollowup', headers, payload: { filename: start.filename, which_one: 'A' } });
      const created = (
        await app.inject({
          method: 'POST',
          url: '/api/reports',
          headers,
          payload: {
            xml1_key: start.filename,
            xml1_original_filename: 'a.xml',
            cTaxPropertyAddress: '',
            selectedBranding: 'EPCplus',
            manualCTaxBand: 'D',
          },
        })
      ).json<ResponseOf<typeof reports.createReport> | Failure>();
      if (!created.success) throw new Error(`report refused: ${created.error}`);
      const answered = process.hrtime.bigint();
      await app.deps.jobs.drain();
      const row = await app.deps.db.selectFrom('reports').select('status').where('id', '=', created.report_id).executeTakeFirstOrThrow();
      if (row.status !== REPORT_STATUS.ready) throw new Error(`report ${created.report_id} ended ${row.status}`);
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
