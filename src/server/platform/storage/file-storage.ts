import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import type { FileUrlSigner } from './signed-urls';

/**
 * Where uploaded XML, logos and generated PDFs live: a local folder by default, an S3-compatible
 * bucket when several processes share the files (s3-storage.ts). Routes and jobs see only this.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  /** The stored size in bytes; null when there is no such file. */
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
  /**
   * A short-lived address a browser opens without a session (a PDF in a new tab, a logo). The
   * filename is what a download is saved as; a local file's route works it out itself.
   */
  signedUrl(key: string, ttlMs: number, options?: { filename?: string }): Promise<string>;
  /**
   * Where the browser PUTs an upload of exactly `size` bytes, straight into the store; null: the
   * bytes come through our own PUT route (local files).
   */
  directUploadUrl(key: string, size: number, ttlMs: number): Promise<string | null>;
  /** Resolves when the store answers (readiness); throws otherwise. */
  ping(): Promise<void>;
  /** The store's own origin when browsers fetch from it (Content-Security-Policy), else null. */
  browserOrigin: string | null;
  describe: string;
}

/** Keys are ours (random or by id), never a user's filename: no way to climb out of the folder. */
const SAFE_KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;

export function isSafeStorageKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes('..');
}

function pathOf(root: string, key: string): string {
  if (!isSafeStorageKey(key)) throw new Error(`Unsafe storage key: ${key}`);
  return join(root, key);
}

const missingIsNull = <T>(err: unknown): T | null => {
  if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
  throw err;
};

export function localFileStorage(root: string, signer: FileUrlSigner): FileStorage {
  return {
    async put(key, data) {
      const path = pathOf(root, key);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      // Written aside, then renamed over the key (atomic within a folder): a reader (a download, a
      // backup) sees the old file or the new one whole, never half of one, and a write cut short
      // (ENOSPC, a crash) leaves the old file as it was. The temporary name starts with a dot, which
      // no key does, so listings never take it for a file.
      const aside = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
      try {
        await writeFile(aside, data, { mode: 0o600 });
        await rename(aside, path);
      } catch (err) {
        await rm(aside, { force: true }).catch(() => undefined);
        throw err;
      }
    },
    get: (key) => readFile(pathOf(root, key)).catch((err: unknown) => missingIsNull<Buffer>(err)),
    size: (key) =>
      stat(pathOf(root, key)).then(
        (s) => s.size,
        (err: unknown) => missingIsNull<number>(err),
      ),
    async remove(key) {
      await rm(pathOf(root, key), { force: true });
    },
    signedUrl: (key, ttlMs) => Promise.resolve(signer.url(key, ttlMs)),
    directUploadUrl: () => Promise.resolve(null),
    async ping() {
      await mkdir(root, { recursive: true, mode: 0o700 });
    },
    browserOrigin: null,
    describe: `files in ${root}`,
  };
}

/** Every key kept under a local files folder, for `storage migrate`. */
export async function* localStorageKeys(root: string): AsyncGenerator<string> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((err: unknown) => missingIsNull<never[]>(err));
  for (const entry of entries ?? []) {
    if (!entry.isFile()) continue;
    const key = relative(root, join(entry.parentPath, entry.name)).split(sep).join('/');
    if (isSafeStorageKey(key)) yield key;
  }
}
