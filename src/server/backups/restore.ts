import { existsSync } from 'node:fs';
import { chmod, copyFile, link, mkdir, mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import * as tar from 'tar';
import { z } from 'zod';
import type { Config } from '../platform/config/config';
import { isSafeStorageKey } from '../platform/storage/file-storage';
import { downloadArchive, parseS3Location } from './locations';
import { DATABASE_MEMBER, FILES_FOLDER, MANIFEST, SESSION_SECRET_MEMBER, sha256Of, sqliteFileOf, type BackupManifest } from './manifest';
import { storedFilesOf } from './stored-files';

const manifestSchema = z.object({
  format: z.literal('epcplus-backup'),
  version: z.literal(1),
  createdAt: z.string(),
  database: z.literal('sqlite'),
  counts: z.record(z.string(), z.number()),
  missingFiles: z.array(z.string()),
  members: z.array(z.object({ path: z.string(), size: z.number(), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
});

export interface Restored {
  /** The archive's file or s3:// address. */
  from: string;
  manifest: BackupManifest;
}

const isMemberPath = (path: string) =>
  path === DATABASE_MEMBER ||
  path === SESSION_SECRET_MEMBER ||
  (path.startsWith(FILES_FOLDER) && isSafeStorageKey(path.slice(FILES_FOLDER.length)));

async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => !e.isDirectory()).map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'));
}

/** Every member as the manifest lists it, byte for byte, and nothing else; else the backup is refused. */
async function verifiedManifest(content: string, damaged: (why: string) => Error): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(await readFile(join(content, MANIFEST), 'utf8')));
  } catch {
    throw damaged(`it has no readable ${MANIFEST}`);
  }
  const listed = new Set(manifest.members.map((m) => m.path));
  if (!listed.has(DATABASE_MEMBER)) throw damaged('it holds no database');
  for (const member of manifest.members) {
    if (!isMemberPath(member.path)) throw damaged(`it lists an unexpected member ${member.path}`);
    const full = join(content, member.path);
    const size = await stat(full).then(
      (s) => (s.isFile() ? s.size : null),
      () => null,
    );
    if (size === null) throw damaged(`${member.path} is missing`);
    if (size !== member.size || (await sha256Of(full)) !== member.sha256) throw damaged(`${member.path} does not match its checksum`);
  }
  for (const path of await filesUnder(content)) if (path !== MANIFEST && !listed.has(path)) throw damaged(`${path} is not in its manifest`);
  return manifest;
}

/**
 * Brings a backup (a file, s3://bucket/prefix/name.tar.gz, or the newest under s3://bucket/prefix)
 * back into a DATA_DIR without a database: every byte is checked against the manifest first, the
 * files are put back next, and the database comes last, linked into place only if none appeared
 * meanwhile. Until then the DATA_DIR has no database, so a restore that failed is simply run again.
 */
export async function restoreBackup(config: Config, source: string): Promise<Restored> {
  const databaseFile = sqliteFileOf(config);
  const refuseIfDatabase = () => {
    for (const file of [databaseFile, `${databaseFile}-wal`])
      if (existsSync(file))
        throw new Error(`${file} exists: a backup is restored only where there is no database yet, never over one. Nothing was changed.`);
  };
  refuseIfDatabase();
  await mkdir(dirname(databaseFile), { recursive: true, mode: 0o700 });
  const work = await mkdtemp(join(dirname(databaseFile), '.epcplus-restore-'));
  try {
    const s3 = parseS3Location(source);
    let archive = resolve(source);
    let from = archive;
    if (s3) {
      archive = join(work, 'backup.tar.gz');
      from = await downloadArchive(s3, archive);
    } else if (!existsSync(archive)) {
      throw new Error(`There is no backup at ${archive}.`);
    }
    const damaged = (why: string) => new Error(`The backup ${from} is damaged: ${why}. Nothing was restored.`);

    const content = join(work, 'content');
    await mkdir(content, { mode: 0o700 });
    try {
      // Regular files and folders only; node-tar keeps every path inside `cwd` (no absolute paths, no '..').
      await tar.x({
        file: archive,
        cwd: content,
        strict: true,
        preserveOwner: false,
        filter: (_path, entry) => 'type' in entry && (entry.type === 'File' || entry.type === 'Directory'),
      });
    } catch (err) {
      throw damaged((err as Error).message);
    }
    const manifest = await verifiedManifest(content, damaged);

    const files = storedFilesOf(config);
    try {
      for (const member of manifest.members) {
        if (!member.path.startsWith(FILES_FOLDER)) continue;
        await files.storage.put(member.path.slice(FILES_FOLDER.length), await readFile(join(content, member.path)));
      }
    } finally {
      files.close();
    }
    if (listedMember(manifest, SESSION_SECRET_MEMBER)) {
      // Replaces the one made when this empty DATA_DIR was first opened: sessions, links and codes were signed with the backup's.
      await copyFile(join(content, SESSION_SECRET_MEMBER), join(config.dataDir, 'session-secret'));
      await chmod(join(config.dataDir, 'session-secret'), 0o600);
    }
    refuseIfDatabase();
    await chmod(join(content, DATABASE_MEMBER), 0o600);
    // A link never replaces a file: if a server created a database meanwhile, this fails rather than overwrite it.
    await link(join(content, DATABASE_MEMBER), databaseFile).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'EEXIST') refuseIfDatabase();
      throw err;
    });
    return { from, manifest };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const listedMember = (manifest: BackupManifest, path: string) => manifest.members.some((m) => m.path === path);
