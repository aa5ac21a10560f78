import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../platform/config/config';

export const MANIFEST = 'manifest.json';
/** Inside an archive: the database snapshot, the session secret (hashes and signed links depend on it), and files/<key>. */
export const DATABASE_MEMBER = 'database.sqlite';
export const SESSION_SECRET_MEMBER = 'session-secret';
export const FILES_FOLDER = 'files/';

export interface BackupMember {
  path: string;
  size: number;
  sha256: string;
}

/** What a backup holds, written into it so a restore can check every byte before it uses any. */
export interface BackupManifest {
  format: 'epcplus-backup';
  version: 1;
  createdAt: string;
  database: 'sqlite';
  /** Rows per table at the snapshot's moment. */
  counts: Record<string, number>;
  /** Files the snapshot refers to that were gone by the time they were copied (deleted meanwhile). */
  missingFiles: string[];
  members: BackupMember[];
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** Postgres is backed up by its own tools; a SQLite installation's file is in DATA_DIR unless DATABASE_URL names another. */
export function sqliteFileOf(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  const url = config.databaseUrl;
  if (url && /^postgres(ql)?:\/\//.test(url))
    throw new Error(
      'This installation keeps its data in PostgreSQL: back it up with PostgreSQL’s own tools (pg_dump -Fc, or base backups with WAL archiving), and the files with the bucket’s (e.g. aws s3 sync, or bucket versioning). See "Backups" in docs/operations.md.',
    );
  const file = url ? url.replace(/^sqlite:/, '') : join(config.dataDir, 'epcplus.sqlite');
  if (file === ':memory:')
    throw new Error(
      'DATABASE_URL is :memory:, a database that lives only while the server runs; there is nothing to back up or restore into.',
    );
  return file;
}
