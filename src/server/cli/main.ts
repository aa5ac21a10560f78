import { printable, row, say } from './text';
import { readFileSync } from 'node:fs';
import { Command, InvalidArgumentError } from 'commander';
import { loadConfig } from '../platform/config/config';
import { createDb, type Db } from '../platform/db/database';
import { migrateToLatest } from '../platform/db/migrate';
import { createInvites } from '../access/repos/invites';
import { pricesHistory, setPrices, type Prices } from '../pricing/prices';
import { formatMoney } from '../../shared/money';
import { postMessage, publishPrivacyPolicy, publishTerms } from '../messages/messages';
import { addPremiumCredits, findUserByEmail, listUsers } from '../access/repos/users';
import { setUserRole } from './user-role';
import { eraseUser } from '../account/erase-user';
import { announceEndedSessions } from '../platform/realtime/sessions-ended';
import { createFileStorage } from '../platform/storage/create-storage';
import { fileUrlSigner } from '../platform/storage/signed-urls';
import { importCouncilTaxCsv } from '../surveys/council-tax';
import { formatInviteCode } from '../../shared/rules/invite-code';
import { registerSharingCommands } from './sharing-commands';
import { registerEarningsCommands } from './earnings-commands';
import { registerFundingCommands } from './funding-commands';
import { registerStorageCommands } from './storage-commands';
import { registerBackupCommands } from './backup-commands';
import { registerPortfolioCommands } from './portfolio-commands';
import { POLICIES_HELP, privacyPolicyChecklist, registerPolicyCommands, remindOfMissingPolicies } from './policy-commands';

const wholeNumber = (min: number) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new InvalidArgumentError(`must be a whole number of at least ${min}`);
  return n;
};

/**
 * Runs one operator command against the configured database, then closes it; after a command that
 * succeeded, reminds the operator of a missing terms or privacy policy (unless the command is about them).
 */
function withDb<Args extends unknown[]>(action: (db: Db, ...args: Args) => Promise<void>, remindOfPolicies = true) {
  return async (...args: Args) => {
    const config = loadConfig();
    const db = createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      await migrateToLatest(db);
      await action(db, ...args);
      if (remindOfPolicies) await remindOfMissingPolicies(db);
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

const program = new Command('cli')
  .description('Operator commands of the EPCplus platform')
  .showHelpAfterError()
  .addHelpText('after', POLICIES_HELP);

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
      say(await setUserRole(db, loadConfig().redisUrl, email, role));
    }),
  );

user
  .command('erase <email>')
  .description('erase a user, their reports, brandings and files for good (a user with money records is refused: disable them)')
  .action(
    withDb(async (db, email: string) => {
      const config = loadConfig();
      const found = await userByEmailOrFail(db, email);
      const storage = createFileStorage(config, fileUrlSigner(`${config.sessionSecret}:files`));
      const result = await eraseUser(db, storage, found.id);
      if (!result.erased) throw new Error(result.reason);
      if (config.redisUrl) await announceEndedSessions(config.redisUrl, result.endedSessions);
      say(`${found.email} erased; ${result.filesRemoved} files removed`);
      if (result.filesLeft.length) say(`Not removed (remove them by hand): ${result.filesLeft.join(', ')}`);
    }),
  );

const describePrices = (p: Omit<Prices, 'id'>) =>
  [
    `trade ${formatMoney(p.tradePence)}`,
    `owner ${formatMoney(p.ownerPence)}`,
    `referral ${formatMoney(p.referralPence)}`,
    `sell ${formatMoney(p.recommendedSellPence)}`,
    p.ownerDiscount ? `owner discount ${formatMoney(p.ownerDiscount.pence)} (${p.ownerDiscount.code})` : 'no owner discount',
  ].join(', ');

/** Codes appear in the owner's cost line: letters, digits and dashes, as people type them from a leaflet. */
const discountCode = (value: string) => {
  if (!/^[A-Za-z0-9-]{1,40}$/.test(value)) throw new InvalidArgumentError('must be 1 to 40 letters, digits or dashes');
  return value.toUpperCase();
};

const prices = program.command('prices').description('what a Premium report costs, in pence; every change is kept');
prices
  .command('set')
  .description('set the prices in force from now on (purchases keep the prices they were made at)')
  .requiredOption('--trade <pence>', 'what an assessor pays for a Premium report', wholeNumber(0))
  .requiredOption('--owner <pence>', 'what a property owner pays on a shared link', wholeNumber(0))
  .requiredOption('--referral <pence>', "the assessor's referral fee when an owner buys", wholeNumber(0))
  .requiredOption('--sell <pence>', 'recommended sell price for assessors', wholeNumber(0))
  .option('--discount-code <code>', "an automatic owner discount's code, shown in the cost line", discountCode)
  .option('--discount <pence>', 'the automatic owner discount', wholeNumber(1))
  .action(
    withDb(async (db, o: { trade: number; owner: number; referral: number; sell: number; discountCode?: string; discount?: number }) => {
      if (Boolean(o.discountCode) !== Boolean(o.discount)) throw new Error('Give --discount-code and --discount together, or neither.');
      if (o.discount && o.discount >= o.owner) throw new Error('The owner discount must be less than the owner price.');
      const set = await setPrices(db, {
        tradePence: o.trade,
        ownerPence: o.owner,
        referralPence: o.referral,
        recommendedSellPence: o.sell,
        ownerDiscount: o.discountCode && o.discount ? { code: o.discountCode, pence: o.discount } : null,
      });
      say(`Prices set: ${describePrices(set)}`);
    }),
  );
prices
  .command('history')
  .description('every price change, newest first')
  .action(
    withDb(async (db) => {
      const rows = await pricesHistory(db);
      if (!rows.length) say('No prices set.');
      for (const p of rows) row([new Date(p.setAt).toISOString(), describePrices(p)]);
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
  .description('the terms and conditions (policies publish does the same for both documents)')
  .command('publish')
  .requiredOption('--title <title>')
  .requiredOption('--html <file>', 'an HTML file with the terms')
  .action(
    withDb(async (db, o: { title: string; html: string }) => {
      await publishTerms(db, o.title, readFileSync(o.html, 'utf8'));
      say(`Published terms "${o.title}"; every user is asked to accept them at their next visit.`);
    }),
  );

program
  .command('privacy')
  .description('the privacy policy (policies publish does the same for both documents)')
  .command('publish')
  .requiredOption('--title <title>')
  .requiredOption('--html <file>', 'an HTML file with the privacy policy')
  .action(
    withDb(async (db, o: { title: string; html: string }) => {
      await publishPrivacyPolicy(db, o.title, readFileSync(o.html, 'utf8'));
      say(`Published the privacy policy "${o.title}"; it is shown at /privacy from now on.`);
      say(privacyPolicyChecklist());
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
registerEarningsCommands(program, withDb, userByEmailOrFail);
registerFundingCommands(program);
registerStorageCommands(program);
registerBackupCommands(program);
registerPortfolioCommands(program, withDb, userByEmailOrFail);
// Its commands print what is published themselves: no reminder after them.
registerPolicyCommands(program, (action) => withDb(action, false));

program.parseAsync().catch((err: Error) => {
  // A refused configuration names each bad setting on a line of its own: keep the lines, clean each.
  for (const line of `Error: ${err.message}`.split('\n')) console.error(printable(line));
  process.exit(1);
});
