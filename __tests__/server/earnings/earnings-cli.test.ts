import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../../../src/server/platform/db/database';
import { SEND_EMAIL, type OutgoingEmail } from '../../../src/server/platform/email/mailer';
import { londonMonthOf } from '../../../src/shared/rules/london-month';
import { runCli, withDb as withDataDirDb } from '../helpers/operator-cli';
import { seedAssessor, seedEarning } from './ledger-factory';

let dataDir: string;
const cli = (...args: string[]) => runCli(dataDir, ...args);
const withDb = <T>(work: (db: Db) => Promise<T>) => withDataDirDb(dataDir, work);

const ANN = 'ann@example.com';
/** A name a spreadsheet would run as a formula, with a quote and a comma in it. */
const TRICKY_NAME = '=HYPERLINK("http://x.example"), Bob';
const BOB = 'bob@example.com';
const OCTOBER = '2025-10';
const inOctober = (day: number) => Date.UTC(2025, 9, day, 12);

/** Ann earned two fees in October 2025, one in September not yet paid; Bob one in October. */
async function seedOctober() {
  return withDb(async (db) => {
    const ann = await seedAssessor(db, ANN, 'Ann Assessor');
    const bob = await seedAssessor(db, BOB, TRICKY_NAME);
    await seedEarning(db, ann, { at: Date.UTC(2025, 8, 20, 12), address: '9 Earlier Street, AB1 2CD' });
    await seedEarning(db, ann, { at: inOctober(3), address: '1 High Street, AB1 2CD' });
    await seedEarning(db, ann, { at: inOctober(30), address: '2 High Street, AB1 2CD' });
    await seedEarning(db, bob, { at: inOctober(12), address: '3 Low Road, AB1 2CD', pence: 4000 });
    // November's fee is not October's to pay.
    await seedEarning(db, bob, { at: Date.UTC(2025, 10, 2, 12), address: '4 Low Road, AB1 2CD' });
    return { ann, bob };
  });
}

const queuedEmails = () =>
  withDb(async (db) =>
    (await db.selectFrom('jobs').select('payload').where('kind', '=', SEND_EMAIL.kind).orderBy('id').execute()).map(
      (j) => JSON.parse(j.payload) as OutgoingEmail,
    ),
  );
const payouts = () => withDb((db) => db.selectFrom('payouts').selectAll().orderBy('id').execute());

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'epcplus-earnings-cli-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('earnings operator commands (SQLite)', () => {
  it('prints what each assessor is owed for a month, with what is carried from earlier months, and writes it as a CSV', async () => {
    await seedOctober();
    const out = join(dataDir, 'to-pay.csv');
    const res = await cli('earnings', 'report', '--month', OCTOBER, '--out', out);
    expect(res.code).toBe(0);
    const lines = res.stdout.trim().split('\n');
    expect(lines[0]).toBe('Referral fees for October 2025 (2025-10):');
    expect(lines).toContain(`${ANN}\tAnn Assessor\t£75.00\towed (3 entries, £25.00 of it carried from earlier months)`);
    expect(lines).toContain(`${BOB}\t${TRICKY_NAME}\t£40.00\towed (1 entry)`);
    expect(lines).toContain('Owed in all: £115.00 to 2 assessors.');
    expect(lines).toContain(`CSV written to ${out}`);

    expect((await readFile(out, 'utf8')).split('\r\n')).toEqual([
      '"month","email","name","amount_pence","amount","carried_in_pence","entries","status","paid_at"',
      `"2025-10","${ANN}","Ann Assessor","7500","£75.00","2500","3","Unpaid",""`,
      `"2025-10","${BOB}","'=HYPERLINK(""http://x.example""), Bob","4000","£40.00","0","1","Unpaid",""`,
      '',
    ]);
  });

  it('writes the CSV into DATA_DIR/payouts unless told where', async () => {
    await seedOctober();
    const res = await cli('earnings', 'report', '--month', OCTOBER);
    expect(res.code).toBe(0);
    const file = join(dataDir, 'payouts', `earnings-${OCTOBER}.csv`);
    expect(res.stdout).toContain(`CSV written to ${file}`);
    expect(await readFile(file, 'utf8')).toContain(`"${ANN}"`);
  });

  it('marks a month paid once: a payout and one email each; running it again changes nothing and sends nothing', async () => {
    await seedOctober();
    const first = await cli('earnings', 'mark-paid', '--month', OCTOBER);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`${ANN}\tpaid £75.00 for ${OCTOBER}; email queued`);
    expect(first.stdout).toContain(`${BOB}\tpaid £40.00 for ${OCTOBER}; email queued`);
    expect(first.stdout).toContain(`Marked ${OCTOBER} paid for 2 assessors, £115.00 in all.`);
    const mails = await queuedEmails();
    expect(mails.map((m) => [m.to, m.subject]).sort()).toEqual([
      [ANN, 'Your EPCplus referral fees for October 2025 have been paid'],
      [BOB, 'Your EPCplus referral fees for October 2025 have been paid'],
    ]);
    expect(mails.find((m) => m.to === ANN)?.text).toContain('We have paid you £75.00');
    const paid = await payouts();
    expect(paid.map((p) => [p.month, p.amount_pence])).toEqual([
      [OCTOBER, 7500],
      [OCTOBER, 4000],
    ]);

    const again = await cli('earnings', 'mark-paid', '--month', OCTOBER);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`${ANN}\talready paid £75.00 for ${OCTOBER}; nothing changed`);
    expect(again.stdout).toContain(`Nobody newly paid for ${OCTOBER}; no email sent.`);
    expect(await queuedEmails()).toHaveLength(2);
    expect(await payouts()).toEqual(paid);

    const report = await cli('earnings', 'report', '--month', OCTOBER, '--out', join(dataDir, 'after.csv'));
    expect(report.stdout).toMatch(new RegExp(`${ANN}\\tAnn Assessor\\t£75\\.00\\tpaid 20\\d\\d-`));
    expect(report.stdout).toContain('Owed in all: £0.00 to 0 assessors.');
  });

  it('pays one assessor with --email, leaving the others owed', async () => {
    await seedOctober();
    const res = await cli('earnings', 'mark-paid', '--month', OCTOBER, '--email', BOB);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(`${BOB}\tpaid £40.00 for ${OCTOBER}; email queued`);
    expect(res.stdout).not.toContain(ANN);
    expect((await queuedEmails()).map((m) => m.to)).toEqual([BOB]);
    const report = await cli('earnings', 'report', '--month', OCTOBER, '--out', join(dataDir, 'r.csv'));
    expect(report.stdout).toContain(`${ANN}\tAnn Assessor\t£75.00\towed`);
  });

  it('refuses bad arguments with a clear message and exit code 1, changing nothing', async () => {
    await seedOctober();
    const badMonth = await cli('earnings', 'mark-paid', '--month', '2025-13');
    expect(badMonth.code).toBe(1);
    expect(badMonth.stderr).toContain('must be a month written YYYY-MM');
    const noMonth = await cli('earnings', 'report');
    expect(noMonth.code).toBe(1);
    expect(noMonth.stderr).toContain("required option '--month <YYYY-MM>' not specified");
    const stranger = await cli('earnings', 'mark-paid', '--month', OCTOBER, '--email', 'nobody@example.com');
    expect(stranger.code).toBe(1);
    expect(stranger.stderr).toContain('No user with the email nobody@example.com');
    const current = londonMonthOf(Date.now());
    const notEnded = await cli('earnings', 'mark-paid', '--month', current);
    expect(notEnded.code).toBe(1);
    expect(notEnded.stderr).toContain(`Error: ${current} has not ended yet`);

    expect(await payouts()).toEqual([]);
    expect(await queuedEmails()).toEqual([]);
  });
});
