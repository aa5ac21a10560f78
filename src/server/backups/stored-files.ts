import { join } from 'node:path';
import { paginateListObjectsV2 } from '@aws-sdk/client-s3';
import type { Config } from '../platform/config/config';
import { isSafeStorageKey, localFileStorage, localStorageKeys, type FileStorage } from '../platform/storage/file-storage';
import { s3Client, s3FileStorage } from '../platform/storage/s3-storage';
import { fileUrlSigner } from '../platform/storage/signed-urls';
import { isBackupName } from './locations';

const isBackupKey = (key: string) => isBackupName(key.slice(key.lastIndexOf('/') + 1));

/** The installation's files (DATA_DIR/files or the S3_BUCKET), listed whole, for backups and restores. */
export interface StoredFiles {
  storage: FileStorage;
  /** Every key kept, except our own backups (an operator may write them into the same bucket). */
  keys(): AsyncGenerator<string>;
  close(): void;
}

export function storedFilesOf(config: Config): StoredFiles {
  // Only get, put and listing are used: no address is ever signed, so the secret is of no account.
  const unsigned = fileUrlSigner('backups-sign-nothing');
  if (!config.s3) {
    const root = join(config.dataDir, 'files');
    return {
      storage: localFileStorage(root, unsigned),
      async *keys() {
        for await (const key of localStorageKeys(root)) if (!isBackupKey(key)) yield key;
      },
      close: () => undefined,
    };
  }
  const s3 = config.s3;
  const client = s3Client(s3);
  return {
    storage: s3FileStorage(s3, client),
    async *keys() {
      for await (const page of paginateListObjectsV2({ client }, { Bucket: s3.bucket })) {
        for (const { Key } of page.Contents ?? []) {
          if (!Key || !isSafeStorageKey(Key) || isBackupKey(Key)) continue;
          yield Key;
        }
      }
    },
    close: () => client.destroy(),
  };
}
