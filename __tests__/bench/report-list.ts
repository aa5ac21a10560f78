import { listReports } from '../../src/server/reports/list';
import { insertBenchUser, openBenchDb, percentile, seedReports, timedRuns } from './bench-db';

const REPORTS = 10_000;

async function timeIt(label: string, runs: number, once: () => Promise<unknown>) {
  const samples = await timedRuns(runs, once);
  console.log(`${label.padEnd(40)} median ${percentile(samples, 50).toFixed(2)} ms (${runs} runs)`);
}

/** The Report List's query at 10 000 reports of one assessor (SQLite file, as `npm start` has it). */
export async function reportListBench(): Promise<void> {
  const bench = await openBenchDb('SQLite');
  try {
    const { db } = bench;
    const userId = await insertBenchUser(db, 'list@example.com');
    await seedReports(db, userId, REPORTS);
    const q = { userId, mode: 'preliminary' as const, deleted: false, search: '', page: 1 };
    await timeIt(`first page of ${REPORTS} reports`, 50, () => listReports(db, 'http://localhost', q));
    await timeIt('page 200', 50, () => listReports(db, 'http://localhost', { ...q, page: 200 }));
    await timeIt('search by postcode (matches ~1 in 90)', 50, () => listReports(db, 'http://localhost', { ...q, search: 'ab17 ' }));
    await timeIt('search with no match', 50, () => listReports(db, 'http://localhost', { ...q, search: 'nowhere' }));
    await timeIt('deleted list', 50, () => listReports(db, 'http://localhost', { ...q, deleted: true }));
  } finally {
    await bench.close();
  }
}
