import { printable, row, say } from './text';
import { readFileSync } from 'node:fs';
import { Command, InvalidArgumentError } from 'commander';
import { loadConfig } from '../config';
import { createDb, inTransaction, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createInvites } from '../access/repos/invites';
import { setPrices } from '../reports/prices';
import { postMessage, publishTerms } from '../messages/messages';
import { addPremiumCredits, findUserByEmail, listUsers, updateUser } from '../access/repos/users';
import { deleteSessions } from '../access/repos/sessions';
import { importCouncilTaxCsv } from '../reports/council-tax';
import { formatInviteCode } from '../../shared/rules/invite-code';
import { registerSharingCommands } from './sharing-commands';
import { isAllowedRole } from '../../shared/constants';

const wholeNumber = (min: number) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new InvalidArgumentError(`must be a whole number of at least ${min}`);
  return n;
};

/** Runs one operator command against the configured database, then closes it. */
function withDb<Args extends unknown[]>(action: (db: Db, ...args: Args) => Promise<void>) {
  return async (...args: Args) => {
    const config = loadConfig();
    const db = createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      await migrateToLatest(db);
      await action(db, ...args);
    } finally {
      await db.destroy();
    }
  };
}

async function userByEmailOrFail(db: Db, email: string) {
  const user = await findUserByEmail(db, email);
  if (!user) throw new Error(`No user with the email ${email}`);
  return user;
}

const program = new Command('cli').description('Operator commands of the EPCplus platform').showHelpAfterError();

const invite = program.command('invite').description('invite codes for sign-up');
invite
  .command('create')
  .option('--count <n>', 'how many codes', wholeNumber(1), 1)
  .action(
    withDb(async (db, opts: { count: number }) => {
      for (const code of await createInvites(db, opts.count)) say(formatInviteCode(code));
    }),
  );

const user = program.command('user').description('user accounts');
user.command('list').action(
  withDb(async (db) => {
    const rows = await listUsers(db);
    if (!rows.length) say('No users.');
    for (const r of rows) {
      row([
        r.id,
        r.email,
        r.name,
        r.role,
        r.scheme ?? '-',
        r.email_confirmed_at ? 'confirmed' : 'unconfirmed',
        `logins ${r.login_count}`,
        `credits ${r.premium_credits}`,
      ]);
    }
  }),
);
user
  .command('set-role <email> <role>')
  .description("change a user's role; a role the app does not allow (e.g. disabled) ends their sessions at once")
  .action(
    withDb(async (db, email: string, role: string) => {
      const u = await userByEmailOrFail(db, email);
      await inTransaction(db, async (tx) => {
        await updateUser(tx, u.id, { role });
        // The server's socket sweep closes their open tabs' connections once the sessions are gone.
        if (!isAllowedRole(role)) await deleteSessions(tx, { userId: u.id });
      });
      say(`${u.email} is now ${role}${isAllowedRole(role) ? '' : '; logged out everywhere'}`);
    }),
  );

program
  .command('prices')
  .description('premium price, referral fee and recommended sell price, in pence')
  .command('set')
  .requiredOption('--premium <pence>', 'trade price of a premium report', wholeNumber(0))
  .requiredOption('--referral <pence>', 'referral fee for an upgrade', wholeNumber(0))
  .requiredOption('--sell <pence>', 'recommended sell price', wholeNumber(0))
  .action(
    withDb(async (db, o: { premium: number; referral: number; sell: number }) => {
      await setPrices(db, { premiumPricePence: o.premium, upgradeReferralPence: o.referral, recommendedSellPence: o.sell });
      say(`Prices set: premium ${o.premium}p, referral ${o.referral}p, sell ${o.sell}p`);
    }),
  );

program
  .command('credits')
  .command('grant <email> <n>')
  .description('give a user N premium credits')
  .action(
    withDb(async (db, email: string, n: string) => {
      const count = wholeNumber(1)(n);
      const u = await userByEmailOrFail(db, email);
      // Added in the database, so two grants at once both count.
      say(`${u.email} now has ${await addPremiumCredits(db, u.id, count)} premium credits`);
    }),
  );

program
  .command('terms')
  .command('publish')
  .requiredOption('--title <title>')
  .requiredOption('--html <file>', 'an HTML file with the terms')
  .action(
    withDb(async (db, o: { title: string; html: string }) => {
      await publishTerms(db, o.title, readFileSync(o.html, 'utf8'));
      say(`Published terms "${o.title}"; every user is asked to accept them at their next visit.`);
    }),
  );

const collectOption = (value: string, previous: { label: string; value: string }[]) => {
  const at = value.indexOf('=');
  if (at < 1 || at === value.length - 1) throw new InvalidArgumentError('options are LABEL=VALUE');
  return [...previous, { label: value.slice(0, at), value: value.slice(at + 1) }];
};

program
  .command('message')
  .command('post')
  .requiredOption('--title <title>')
  .requiredOption('--html <file>', 'an HTML file with the message')
  .option('--option <LABEL=VALUE>', 'an answer button (repeat for more)', collectOption, [])
  .action(
    withDb(async (db, o: { title: string; html: string; option: { label: string; value: string }[] }) => {
      const options = o.option.length ? o.option : [{ label: 'OK', value: 'ok' }];
      const id = await postMessage(db, o.title, readFileSync(o.html, 'utf8'), options);
      say(`Posted message ${id} "${o.title}" with answers ${options.map((x) => x.label).join(', ')}`);
    }),
  );

program
  .command('ctax')
  .description('the council tax table: address and band by postcode')
  .command('import <file>')
  .description('import a CSV with columns postcode, address, band; bad rows are reported by line and skipped')
  .action(
    withDb(async (db, file: string) => {
      const { imported, problems } = await importCouncilTaxCsv(db, readFileSync(file, 'utf8'));
      for (const p of problems) say(`line ${p.line}: ${p.error} (skipped)`);
      say(`Imported ${imported} council tax entries; skipped ${problems.length} rows.`);
    }),
  );

registerSharingCommands(program, withDb, userByEmailOrFail);

program.parseAsync().catch((err: Error) => {
  console.error(printable(`Error: ${err.message}`));
  process.exit(1);
});
