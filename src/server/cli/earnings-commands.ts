import { row, say } from './text';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { loadConfig } from '../platform/config/config';
import type { Db } from '../platform/db/database';
import { insertJob } from '../platform/jobs/repo';
import { SEND_EMAIL, type Mailer } from '../platform/email/mailer';
import { markMonthPaid, owedForMonth, type MonthOwed } from '../earnings/payouts';
import { formatMoney } from '../../shared/money';
import { toCsv } from '../../shared/csv';
import { EARNING_STATUS } from '../../shared/states';
import { isMonth, monthName } from '../../shared/rules/london-month';

type WithDb = <Args extends unknown[]>(action: (db: Db, ...args: Args) => Promise<void>) => (...args: Args) => Promise<void>;
type UserByEmail = (db: Db, email: string) => Promise<{ id: number; email: string }>;

const monthOption = (value: string) => {
  if (!isMonth(value)) throw new InvalidArgumentError('must be a month written YYYY-MM, e.g. 2026-03');
  return value;
};

/**
 * Emails queued in the database exactly as the server's mailer queues them: the server's email
 * job sends them (and retries while the mail server is away), so the command never waits on it.
 */
const queueingMailer = (db: Db): Mailer => ({
  async send(mail, via) {
    await insertJob(via ?? db, SEND_EMAIL.kind, mail, Date.now());
  },
});

const CSV_HEADER = ['month', 'email', 'name', 'amount_pence', 'amount', 'carried_in_pence', 'entries', 'status', 'paid_at'];

function csvOf(month: string, rows: MonthOwed[]): string {
  return toCsv([
    CSV_HEADER,
    ...rows.map((r) => [
      month,
      r.email,
      r.name,
      r.amountPence,
      formatMoney(r.amountPence),
      r.carriedPence,
      r.entries,
      r.status,
      r.paidAt ? new Date(r.paidAt).toISOString() : '',
    ]),
  ]);
}

function describe(r: MonthOwed): (string | number)[] {
  if (r.status === EARNING_STATUS.paid)
    return [r.email, r.name, formatMoney(r.amountPence), `paid ${new Date(r.paidAt ?? 0).toISOString()}`];
  const carried = r.carriedPence ? `, ${formatMoney(r.carriedPence)} of it carried from earlier months` : '';
  const state = r.amountPence < 0 ? 'nothing to pay: a negative balance, carried forward' : 'owed';
  return [r.email, r.name, formatMoney(r.amountPence), `${state} (${r.entries} ${r.entries === 1 ? 'entry' : 'entries'}${carried})`];
}

/** Operator commands of the referral fees: what each assessor is owed for a month, and marking it paid. */
export function registerEarningsCommands(program: Command, withDb: WithDb, userByEmailOrFail: UserByEmail): void {
  const earnings = program.command('earnings').description("assessors' referral fees: what is owed, and paying it (months in UK time)");

  earnings
    .command('report')
    .description('print what each assessor is owed for a month (fees not yet paid, made before it ended) and write it as a CSV')
    .requiredOption('--month <YYYY-MM>', 'the month to pay', monthOption)
    .option('--out <file>', 'where to write the CSV (default DATA_DIR/payouts/earnings-YYYY-MM.csv)')
    .action(
      withDb(async (db, o: { month: string; out?: string }) => {
        const rows = await owedForMonth(db, o.month);
        const file = resolve(o.out ?? join(loadConfig().dataDir, 'payouts', `earnings-${o.month}.csv`));
        // Names and emails of assessors: readable by the operator's user only, like the rest of DATA_DIR.
        mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
        writeFileSync(file, csvOf(o.month, rows), { mode: 0o600 });
        say(`Referral fees for ${monthName(o.month)} (${o.month}):`);
        if (!rows.length) say('Nobody is owed anything for this month, and nobody was paid for it.');
        for (const r of rows) row(describe(r));
        const owed = rows.filter((r) => r.status === EARNING_STATUS.unpaid && r.amountPence > 0);
        const total = owed.reduce((sum, r) => sum + r.amountPence, 0);
        say(`Owed in all: ${formatMoney(total)} to ${owed.length} ${owed.length === 1 ? 'assessor' : 'assessors'}.`);
        say(`CSV written to ${file}`);
      }),
    );

  earnings
    .command('mark-paid')
    .description(
      'mark a month paid for every assessor owed for it (or one): settles their fees and emails each; re-running changes nothing',
    )
    .requiredOption('--month <YYYY-MM>', 'the month paid', monthOption)
    .option('--email <email>', 'only this assessor')
    .action(
      withDb(async (db, o: { month: string; email?: string }) => {
        const user = o.email === undefined ? undefined : await userByEmailOrFail(db, o.email);
        const config = loadConfig();
        const outcomes = await markMonthPaid({ db, mailer: queueingMailer(db), publicUrl: config.publicUrl }, o.month, {
          userId: user?.id,
        });
        if (!outcomes.length) say(`Nobody ${user ? `(${user.email}) ` : ''}is owed anything for ${o.month}: nothing changed.`);
        for (const r of outcomes) {
          if (r.outcome === 'paid') row([r.email, `paid ${formatMoney(r.amountPence)} for ${o.month}; email queued`]);
          else if (r.outcome === 'already paid')
            row([r.email, `already paid ${formatMoney(r.amountPence)} for ${o.month}; nothing changed`]);
          else if (r.amountPence === 0) row([r.email, `nothing to pay for ${o.month}: the fees and reversals cancel out; settled`]);
          else row([r.email, `nothing to pay for ${o.month} (balance ${formatMoney(r.amountPence)}); carried forward`]);
        }
        const paid = outcomes.filter((r) => r.outcome === 'paid');
        const total = formatMoney(paid.reduce((sum, r) => sum + r.amountPence, 0));
        if (paid.length) say(`Marked ${o.month} paid for ${paid.length} ${paid.length === 1 ? 'assessor' : 'assessors'}, ${total} in all.`);
        else if (outcomes.length) say(`Nobody newly paid for ${o.month}; no email sent.`);
      }),
    );
}
