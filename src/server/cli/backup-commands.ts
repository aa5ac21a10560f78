import { say } from './text';
import type { Command } from 'commander';
import { loadConfig } from '../platform/config/config';
import { writeBackup } from '../backups/backup';
import { restoreBackup } from '../backups/restore';
import type { BackupManifest } from '../backups/manifest';

const summary = (m: BackupManifest) => {
  const files = m.members.filter((member) => member.path.startsWith('files/')).length;
  return `${m.counts.users ?? 0} users, ${m.counts.reports ?? 0} reports, ${m.counts.purchases ?? 0} purchases, ${files} files`;
};

/**
 * `backup` and `restore`: the SQLite database with its stored files and session secret, as one
 * checked archive. PostgreSQL installations are answered with where to look instead (its own tools).
 */
export function registerBackupCommands(program: Command): void {
  program
    .command('backup <destination>')
    .description('write a consistent backup while the server runs: to a file, into a folder (a dated name), or to s3://bucket/prefix')
    .action(async (destination: string) => {
      const { location, manifest } = await writeBackup(loadConfig(), destination);
      say(`Backup written to ${location}: ${summary(manifest)}.`);
      for (const key of manifest.missingFiles)
        say(`warning: the database names ${key}, which was gone from storage when files were copied; it is not in the backup.`);
    });
  program
    .command('restore <source>')
    .description(
      'restore a backup file, s3://bucket/prefix/name.tar.gz, or the newest under s3://bucket/prefix, into a DATA_DIR with no database',
    )
    .action(async (source: string) => {
      const config = loadConfig();
      const { from, manifest } = await restoreBackup(config, source);
      say(`Restored ${from} (taken ${manifest.createdAt}) into ${config.dataDir}: ${summary(manifest)}. Start the server on it.`);
    });
}
