import { loadConfig } from './platform/config/config';
import { buildApp, type ProcessRole } from './app';
import { firstStartInvite } from './access/first-start';
import { describeDb } from './platform/db/database';
import { formatInviteCode } from '../shared/rules/invite-code';
import { warmUpTasks } from './premium/samples';
import { warnOfMissingPolicies } from './messages/policies';

/** A process that would not stop by itself within the grace period (plus this) is ended anyway. */
const HARD_STOP_EXTRA_MS = 5_000;

/**
 * Starts one process in its role (main.ts: all-in-one; web.ts; worker.ts) and stops it gracefully
 * on SIGTERM or SIGINT: no new requests or jobs, running ones finish within SHUTDOWN_GRACE_MS,
 * sockets close so their clients reconnect to another process.
 */
async function serve(role: ProcessRole): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config, { role });
  if (role !== 'worker') {
    const invite = await firstStartInvite(app.deps.db);
    if (invite) {
      // The one secret we print: without it nobody can sign up on a new installation.
      console.log(`\nNo users yet. Sign up at ${config.publicUrl}/signup with this invite code:\n\n  ${formatInviteCode(invite)}\n`);
    }
  }
  // Every role says it: whichever process's log the operator reads, a fresh installation's missing terms and privacy policy show.
  await warnOfMissingPolicies(app.deps.db, app.log).catch((err: unknown) =>
    app.log.warn({ err }, 'could not check the published policies'),
  );
  await app.listen({ port: config.port, host: config.host });
  // Listening first: start-up is not slowed. Web processes leave renders to workers, and read the surveys uploaded to them.
  void Promise.resolve()
    .then(() => app.deps.renders.warm(warmUpTasks({ renders: role !== 'web', surveys: role !== 'worker' })))
    .catch((err: unknown) => app.log.warn({ err }, 'render threads not warmed up'));
  const jobs = role === 'web' ? 'jobs left to workers' : `jobs ${app.deps.jobs.concurrency} at a time`;
  app.log.info(`${role}: ${describeDb(config)} database; files: ${app.deps.storage.describe}; ${jobs}; open ${config.publicUrl}`);

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info(`${signal}: closing`);
      setTimeout(() => process.exit(1), config.shutdownGraceMs + HARD_STOP_EXTRA_MS).unref();
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}

export function serveOrExit(role: ProcessRole): void {
  serve(role).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
