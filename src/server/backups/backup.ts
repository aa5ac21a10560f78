import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';
import type { Config } from '../platform/config/config';
import { backupName, describeS3, parseS3Location, uploadArchive } from './locations';
import {
  DATABASE_MEMBER,
  FILES_FOLDER,
  MANIFEST,
  SESSION_SECRET_MEMBER,
  sha256Of,
  sqliteFileOf,
  type BackupManifest,
  type BackupMember,
} from './manifest';
import { storedFilesOf } from './stored-files';

export interface BackupWritten {
  /** The archive's file or s3:// address. */
  location: string;
  manifest: BackupManifest;
}

/**
 * A consistent snapshot of the database through SQLite's online backup API, taken in one step:
 * SQLite restarts a backup whenever another connection writes between its steps, so small steps
 * might never finish on a busy server, while one step holds only a read transaction, which in
 * WAL mode leaves writers going (https://www.sqlite.org/backup.html, https://www.sqlite.org/wal.html).
 */
async function snapshotDatabase(databaseFile: string, into: string): Promise<void> {
  const source = new SQLite(databaseFile, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(into, { progress: ({ remainingPages }) => remainingPages });
  } finally {
    source.close();
  }
}

/** Rows per table, and every stored file a row refers to, as the snapshot has them. */
function readSnapshot(file: string): { counts: Record<string, number>; referencedKeys: Set<string> } {
  const snapshot = new SQLite(file, { fileMustExist: true });
  try {
    const tables = snapshot
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .pluck()
      .all() as string[];
    const counts: Record<string, number> = {};
    for (const table of tables)
      counts[table] = snapshot
        .prepare(`SELECT count(*) FROM "${table.replaceAll('"', '""')}"`)
        .pluck()
        .get() as number;
    const referencedKeys = new Set(
      snapshot
        .prepare(
          `SELECT pdf_key FROM reports WHERE pdf_key IS NOT NULL
           UNION SELECT xml1_key FROM reports UNION SELECT xml2_key FROM reports
           UNION SELECT image_key FROM brandings`,
        )
        .pluck()
        .all() as string[],
    );
    referencedKeys.delete('');
    return { counts, referencedKeys };
  } finally {
    snapshot.close();
  }
}

/** Where the archive is built: beside a file destination (so the final rename is atomic), else in the temp folder. */
async function destinationOf(target: string, at: Date): Promise<{ file: string | null; work: string; name: string }> {
  const s3 = parseS3Location(target);
  if (s3) return { file: null, work: await mkdtemp(join(tmpdir(), 'epcplus-backup-')), name: s3.name ?? backupName(at) };
  let file = resolve(target);
  const existing = await stat(file).catch(() => null);
  if (existing?.isDirectory()) file = join(file, backupName(at));
  if (!existsSync(dirname(file))) throw new Error(`The folder ${dirname(file)} does not exist; create it first.`);
  return { file, work: await mkdtemp(join(dirname(file), '.epcplus-backup-')), name: backupName(at) };
}

/**
 * Writes one backup archive (tar.gz) to a file, a folder (a dated name in it) or s3://bucket/prefix:
 * the database snapshot first, then the stored files, so every file the snapshot refers to is
 * there unless it was deleted in between (listed in the manifest's missingFiles). A file stored
 * after the snapshot is harmless: nothing in the restored database points at it, and a report's
 * PDF that was drawn again is that report's newer picture under the same name.
 */
export async function writeBackup(config: Config, target: string, at = new Date()): Promise<BackupWritten> {
  const databaseFile = sqliteFileOf(config);
  if (!existsSync(databaseFile)) throw new Error(`There is no database at ${databaseFile}: nothing to back up.`);
  const destination = await destinationOf(target, at);
  const content = join(destination.work, 'content');
  const files = storedFilesOf(config);
  try {
    await mkdir(join(content, FILES_FOLDER), { recursive: true, mode: 0o700 });
    const members: BackupMember[] = [];
    const addMember = async (path: string) => {
      const full = join(content, path);
      members.push({ path, size: (await stat(full)).size, sha256: await sha256Of(full) });
    };

    await snapshotDatabase(databaseFile, join(content, DATABASE_MEMBER));
    await chmod(join(content, DATABASE_MEMBER), 0o600);
    const { counts, referencedKeys } = readSnapshot(join(content, DATABASE_MEMBER));
    await addMember(DATABASE_MEMBER);

    const copied = new Set<string>();
    for await (const key of files.keys()) {
      const data = await files.storage.get(key);
      if (!data) continue; // deleted since it was listed
      const path = `${FILES_FOLDER}${key}`;
      await mkdir(dirname(join(content, path)), { recursive: true, mode: 0o700 });
      await writeFile(join(content, path), data, { mode: 0o600 });
      members.push({ path, size: data.length, sha256: createHash('sha256').update(data).digest('hex') });
      copied.add(key);
    }
    const secret = join(config.dataDir, 'session-secret');
    if (existsSync(secret)) {
      await copyFile(secret, join(content, SESSION_SECRET_MEMBER));
      await addMember(SESSION_SECRET_MEMBER);
    }

    const manifest: BackupManifest = {
      format: 'epcplus-backup',
      version: 1,
      createdAt: at.toISOString(),
      database: 'sqlite',
      counts,
      missingFiles: [...referencedKeys].filter((key) => !copied.has(key)).sort(),
      members,
    };
    await writeFile(join(content, MANIFEST), JSON.stringify(manifest, null, 2), { mode: 0o600 });

    // Built under a temporary name and renamed (or PUT whole): a half-written backup never looks complete.
    const archive = join(destination.work, destination.name);
    await tar.c({ gzip: true, file: archive, cwd: content, portable: true }, [MANIFEST, ...members.map((m) => m.path)]);
    await chmod(archive, 0o600);
    const s3 = parseS3Location(target);
    if (s3) {
      await uploadArchive(s3, destination.name, archive);
      return { location: describeS3(s3, destination.name), manifest };
    }
    await rename(archive, destination.file!);
    return { location: destination.file!, manifest };
  } finally {
    files.close();
    await rm(destination.work, { recursive: true, force: true });
  }
}
