import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Where uploaded XML, logos and generated PDFs live. Local folder by default; the interface is
 * what an S3-compatible store would implement when users outgrow one machine.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

/** Keys are ours (random or by id), never a user's filename: no way to climb out of the folder. */
const SAFE_KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;

function pathOf(root: string, key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
  return join(root, key);
}

export function localFileStorage(root: string): FileStorage {
  return {
    async put(key, data) {
      const path = pathOf(root, key);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      await writeFile(path, data, { mode: 0o600 });
    },
    async get(key) {
      try {
        return await readFile(pathOf(root, key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(key) {
      await rm(pathOf(root, key), { force: true });
    },
  };
}
