import { loadConfig } from './config';
import { buildApp } from './app';
import { firstStartInvite } from './access/first-start';
import { describeDb } from './db/database';
import { formatInviteCode } from '../shared/rules/invite-code';

async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  const invite = await firstStartInvite(app.deps.db);
  if (invite) {
    // The one secret we print: without it nobody can sign up on a new installation.
    console.log(`\nNo users yet. Sign up at ${config.publicUrl}/signup with this invite code:\n\n  ${formatInviteCode(invite)}\n`);
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`${describeDb(config)} database; data in ${config.dataDir}; open ${config.publicUrl}`);

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info(`${signal}: closing`);
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
