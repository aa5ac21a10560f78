import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as contractors from '../../../src/shared/api/contractors';
import { importContractorsCsv } from '../../../src/server/contractors/contractors';
import { ERASE_OLD_QUOTE_CONTACTS } from '../../../src/server/contractors/quote-request-retention';
import { loadConfig } from '../../../src/server/platform/config/config';
import { describeEachDatabase } from '../helpers/databases';
import { useTestServer, type TestServer } from '../helpers/test-server';
import { CSV_HEADER, csvLine, sharedReport } from '../sharing/shared-helpers';
import { ok } from '../helpers/answers';

const DAY_MS = 24 * 3600_000;

/** Runs the daily erasure now, as if its day had come. */
async function runDailyErasureNow(server: TestServer) {
  await server.db
    .updateTable('jobs')
    .set({ run_after: 0 })
    .where('kind', '=', ERASE_OLD_QUOTE_CONTACTS.kind)
    .where('status', '=', 'queued')
    .execute();
  await server.app.deps.jobs.drain();
}

describeEachDatabase('quote requests kept for a limited time', (dialect) => {
  const server = useTestServer(dialect);

  it("erases the owner's name, email and phone from requests older than two years, and leaves newer ones", async () => {
    const { path, measures, area, reportId } = await sharedReport(server());
    const code = measures[0].code;
    const csv = [CSV_HEADER, csvLine(['warm', 'Warm Lofts Ltd', '', '', 'quotes@warm.example.com', '', '', code, area])].join('\n');
    expect(await importContractorsCsv(server().db, csv)).toEqual({ imported: 1, problems: [] });
    const ask = (name: string) =>
      server().call(contractors.contractorsRequest, {
        report_path: path,
        measure_code: code,
        report_mode: 'preliminary',
        selected_contractors: ['warm'],
        email: `${name.toLowerCase()}@example.com`,
        name,
        phone: '07700 900000',
        newsletter: true,
      });
    ok(await ask('Old'));
    ok(await ask('Recent'));
    const now = Date.now();
    await server()
      .db.updateTable('contractor_requests')
      .set({ created_at: now - 731 * DAY_MS })
      .where('name', '=', 'Old')
      .execute();
    await server()
      .db.updateTable('contractor_requests')
      .set({ created_at: now - 729 * DAY_MS })
      .where('name', '=', 'Recent')
      .execute();

    await runDailyErasureNow(server());
    const rows = await server()
      .db.selectFrom('contractor_requests')
      .select(['report_id', 'measure_code', 'contractors', 'name', 'email', 'phone', 'newsletter'])
      .orderBy('created_at')
      .execute();
    expect(rows).toEqual([
      { report_id: reportId, measure_code: code, contractors: '["warm"]', name: '', email: '', phone: '', newsletter: 0 },
      {
        report_id: reportId,
        measure_code: code,
        contractors: '["warm"]',
        name: 'Recent',
        email: 'recent@example.com',
        phone: '07700 900000',
        newsletter: 1,
      },
    ]);
    // Tomorrow's run is booked.
    const next = await server()
      .db.selectFrom('jobs')
      .select('run_after')
      .where('kind', '=', ERASE_OLD_QUOTE_CONTACTS.kind)
      .where('status', '=', 'queued')
      .execute();
    expect(next.map((j) => Number(j.run_after))).toEqual([expect.any(Number)]);
    expect(Number(next[0].run_after)).toBeGreaterThan(now + DAY_MS / 2);
  });
});

describe('QUOTE_REQUEST_RETENTION_DAYS', () => {
  it('is two years unless set, and refuses what is not a number of days', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quote-retention-'));
    const days = (value?: string) =>
      loadConfig({
        SESSION_SECRET: 'x'.repeat(32),
        DATA_DIR: dataDir,
        ...(value !== undefined ? { QUOTE_REQUEST_RETENTION_DAYS: value } : {}),
      }).quoteRequestRetentionDays;
    try {
      expect(days()).toBe(730);
      expect(days('')).toBe(730);
      expect(days('90')).toBe(90);
      for (const bad of ['0', '-5', '1.5', 'two years', '99999'])
        expect(() => days(bad)).toThrow(/QUOTE_REQUEST_RETENTION_DAYS must be a whole number of days/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
