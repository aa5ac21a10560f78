import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from '../../src/server/platform/db/database';
import { migrateToLatest } from '../../src/server/platform/db/migrate';
import { listReports } from '../../src/server/reports/list';
import { REPORT_STATUS } from '../../src/shared/states';

const REPORTS = 10_000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timeIt(label: string, runs: number, once: () => Promise<unknown>) {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    await once();
    samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  console.log(`${label.padEnd(40)} median ${median(samples).toFixed(2)} ms (${runs} runs)`);
}

/** The Report List's query at 10 000 reports of one assessor (SQLite file, as `npm start` has it). */
export async function reportListBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'epcplus-bench-list-'));
  const db = createDb({ databaseUrl: null, dataDir: dir });
  try {
    await migrateToLatest(db);
    const now = Date.now();
    const { id: userId } = await db
      .insertInto('users')
      .values({
        email: 'list@example.com',
        password_hash: 'x',
        name: 'List',
        phone: '',
        role: 'surveyor',
        scheme: 'other',
        email_confirmed_at: now,
        confirm_code_hash: null,
        locked_until: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = Array.from({ length: REPORTS }, (_, i) => {
      const name = `${i + 1} Bench Street, Town, AB${i % 90} ${i % 9}CD`;
      return {
        user_id: userId,
        slug: `bench-slug-${i}-0123456789`,
        type: 'preliminary' as const,
        status: REPORT_STATUS.ready,
        name,
        search_text: `${name} 0000-0000-0000-${String(i).padStart(4, '0')}`.toLowerCase(),
        assessor_ref: `0000-0000-0000-${String(i).padStart(4, '0')}`,
        current_epc: 50,
        current_epc_band: 'E',
        survey: '{}',
        measures: '[]',
        ctax_band: 'C',
        branding_id: null,
        xml1_key: 'uploads/x.xml',
        pdf_key: null,
        created_at: now - i * 60_000,
        updated_at: now,
        deleted_at: i % 10 === 0 ? now : null,
      };
    });
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('reports')
        .values(rows.slice(i, i + 500))
        .execute();
    const q = { userId, mode: 'preliminary' as const, deleted: false, search: '', page: 1 };
    await timeIt(`first page of ${REPORTS} reports`, 50, () => listReports(db, 'http://localhost', q));
    await timeIt('page 200', 50, () => listReports(db, 'http://localhost', { ...q, page: 200 }));
    await timeIt('search by postcode (matches ~1 in 90)', 50, () => listReports(db, 'http://localhost', { ...q, search: 'ab17 ' }));
    await timeIt('search with no match', 50, () => listReports(db, 'http://localhost', { ...q, search: 'nowhere' }));
    await timeIt('deleted list', 50, () => listReports(db, 'http://localhost', { ...q, deleted: true }));
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}
