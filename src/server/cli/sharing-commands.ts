import { row, say } from './text';
import { readFileSync } from 'node:fs';
import { InvalidArgumentError, type Command } from 'commander';
import type { Db } from '../platform/db/database';
import { updateUser } from '../access/repos/users';
import { importContractorsCsv, listContractors } from '../contractors/contractors';
import { addVoucher, endOfDay, listVouchers, removeVoucher } from '../sharing/vouchers';
import { SHARE_MODES, type ShareMode } from '../../shared/states';

const isShareMode = (mode: string): mode is ShareMode => (SHARE_MODES as readonly string[]).includes(mode);

type WithDb = <Args extends unknown[]>(action: (db: Db, ...args: Args) => Promise<void>) => (...args: Args) => Promise<void>;
type UserByEmail = (db: Db, email: string) => Promise<{ id: number; email: string }>;

/** Operator commands of the owner's side: how an assessor's links open, contractors, vouchers. */
export function registerSharingCommands(program: Command, withDb: WithDb, userByEmailOrFail: UserByEmail): void {
  program
    .command('sharing')
    .description("how an assessor's shared links open")
    .command('set-mode <email> <mode>')
    .description('upsell: the landing page offering the premium report (default); download: straight to the PDF')
    .action(
      withDb(async (db, email: string, mode: string) => {
        if (!isShareMode(mode)) throw new Error(`mode must be one of ${SHARE_MODES.join(', ')}`);
        const u = await userByEmailOrFail(db, email);
        await updateUser(db, u.id, { share_mode: mode });
        say(`${u.email}'s shared links now open in ${mode} mode`);
      }),
    );

  const contractors = program.command('contractors').description('contractors recommended for measures, by postcode area');
  contractors
    .command('import <file>')
    .description(
      "CSV columns key,name,url,address,email,tel,image,measures,areas (lists separated by ';' or spaces); re-import updates by key",
    )
    .action(
      withDb(async (db, file: string) => {
        const { imported, problems } = await importContractorsCsv(db, readFileSync(file, 'utf8'));
        for (const p of problems) say(`line ${p.line}: ${p.error} (skipped)`);
        say(`Imported ${imported} contractors; skipped ${problems.length} rows.`);
      }),
    );
  contractors.command('list').action(
    withDb(async (db) => {
      const rows = await listContractors(db);
      if (!rows.length) say('No contractors.');
      for (const c of rows) row([c.key, c.name, c.email, c.tel || '-', `measures ${c.measures.join(' ')}`, `areas ${c.areas.join(' ')}`]);
    }),
  );

  const vouchers = program.command('vouchers').description('discount codes of the visit booking');
  const dateOption = (value: string) => {
    const end = endOfDay(value);
    if (end === null) throw new InvalidArgumentError('must be a date YYYY-MM-DD');
    return end;
  };
  vouchers
    .command('add <code>')
    .description('add a code, or change its message and expiry and make it active again')
    .requiredOption('--message <text>', 'shown to the owner when the code is valid')
    .option('--expires <YYYY-MM-DD>', 'last day the code is valid', dateOption)
    .action(
      withDb(async (db, code: string, o: { message: string; expires?: number }) => {
        await addVoucher(db, code, o.message, o.expires ?? null);
        say(`Voucher ${code.trim().toUpperCase()} is active${o.expires ? ` until ${new Date(o.expires).toISOString().slice(0, 10)}` : ''}`);
      }),
    );
  vouchers.command('list').action(
    withDb(async (db) => {
      const rows = await listVouchers(db);
      if (!rows.length) say('No vouchers.');
      for (const v of rows) {
        const expiry = v.expires_at === null ? 'no expiry' : `expires ${new Date(v.expires_at).toISOString().slice(0, 10)}`;
        row([v.code, v.active ? 'active' : 'removed', expiry, v.message]);
      }
    }),
  );
  vouchers
    .command('remove <code>')
    .description('stop a code working')
    .action(
      withDb(async (db, code: string) => {
        if (!(await removeVoucher(db, code))) throw new Error(`No voucher ${code}`);
        say(`Voucher ${code.trim().toUpperCase()} removed`);
      }),
    );
}
