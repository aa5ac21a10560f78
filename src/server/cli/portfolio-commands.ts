import { say } from './text';
import { createReadStream } from 'node:fs';
import { access, constants } from 'node:fs/promises';
import type { Command } from 'commander';
import type { FastifyBaseLogger } from 'fastify';
import { portfolioFields } from '../../shared/api/portfolios';
import type { Deps } from '../deps';
import { loadConfig } from '../platform/config/config';
import type { Db } from '../platform/db/database';
import { describeZodError } from '../platform/http/zod-message';
import { createJobQueue } from '../platform/jobs/queue';
import type { Realtime } from '../platform/realtime/realtime';
import { createPortfolio } from '../portfolios/create';
import { importRegister } from '../portfolios/register-import/import';
import { deleteEmptyPortfolio } from '../portfolios/register-import/repos';

type WithDb = <Args extends unknown[]>(action: (db: Db, ...args: Args) => Promise<void>) => (...args: Args) => Promise<void>;
type UserByEmail = (db: Db, email: string) => Promise<{ id: number; email: string }>;

interface ImportOptions {
  assessor: string;
  name: string;
  certificates: string;
  recommendations: string;
  clientEmail?: string;
}

/** The queue's own failures go to the operator's screen; its routine lines are not theirs to read. */
function warningsOnly(): FastifyBaseLogger {
  const quiet = () => undefined;
  const warn = (obj: unknown, msg?: string) => console.error(msg ?? String(obj));
  const log = {
    level: 'warn',
    fatal: warn,
    error: warn,
    warn,
    info: quiet,
    debug: quiet,
    trace: quiet,
    silent: quiet,
  } as unknown as FastifyBaseLogger;
  log.child = () => log;
  return log;
}

/**
 * What creating and filling a portfolio needs from the server's dependencies. The command has no
 * sockets of its own: the assessor's open pages show the portfolio when they next load it. The
 * postcode lookup is queued in the database, where the server's workers take it up.
 */
function commandDeps(db: Db): Deps {
  const config = loadConfig();
  const realtime: Pick<Realtime, 'push'> = { push: () => undefined };
  const partial: Pick<Deps, 'config' | 'db' | 'realtime' | 'jobs' | 'log'> = {
    config,
    db,
    realtime: realtime as Realtime,
    jobs: createJobQueue(db, warningsOnly()),
    log: warningsOnly(),
  };
  // createPortfolio and the import read only these.
  return partial as Deps;
}

async function readableOrFail(path: string, what: string): Promise<void> {
  try {
    await access(path, constants.R_OK);
  } catch {
    throw new Error(`The ${what} file ${path} cannot be read.`);
  }
}

/** Operator commands of landlords' portfolios. */
export function registerPortfolioCommands(program: Command, withDb: WithDb, userByEmailOrFail: UserByEmail): void {
  program
    .command('portfolio')
    .description("landlords' portfolios of homes")
    .command('import')
    .description(
      "a new portfolio for an assessor, filled from the public EPC register's bulk files (certificates.csv, recommendations.csv)",
    )
    .requiredOption('--assessor <email>', "the assessor's email: the portfolio is theirs")
    .requiredOption('--name <name>', "the portfolio's name, also its client's name")
    .requiredOption('--certificates <file>', 'certificates.csv from the register')
    .requiredOption('--recommendations <file>', 'recommendations.csv from the register')
    .option('--client-email <email>', "the client's email (the assessor's unless given)")
    .action(
      withDb(async (db, opts: ImportOptions) => {
        await readableOrFail(opts.certificates, 'certificates');
        await readableOrFail(opts.recommendations, 'recommendations');
        const assessor = await userByEmailOrFail(db, opts.assessor);
        const fields = portfolioFields.safeParse({
          name: opts.name,
          client_name: opts.name,
          client_email: opts.clientEmail ?? assessor.email,
          branding_id: 'default',
        });
        if (!fields.success) throw new Error(describeZodError(fields.error));
        const deps = commandDeps(db);
        const created = await createPortfolio(deps, assessor.id, fields.data);
        let result;
        try {
          result = await importRegister(deps, {
            userId: assessor.id,
            portfolioId: created.portfolio_id,
            certificates: createReadStream(opts.certificates),
            recommendations: createReadStream(opts.recommendations),
          });
        } catch (err) {
          // Nothing was imported: no empty portfolio is left behind to be mistaken for one.
          await deleteEmptyPortfolio(db, created.portfolio_id);
          throw err;
        }
        say(`Imported ${result.homes} homes from ${result.rows} certificate rows into portfolio ${created.portfolio_id}.`);
        for (const p of result.problems) say(`${p.file} line ${p.line}: ${p.message} (skipped)`);
        const unlisted = result.problem_count - result.problems.length;
        if (unlisted > 0) say(`… and ${unlisted} more problems not listed.`);
        say(`Landlord's link: ${created.share_url}`);
      }),
    );
}
