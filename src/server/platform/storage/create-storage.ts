import { join } from 'node:path';
import type { Config } from '../config/config';
import { localFileStorage, type FileStorage } from './file-storage';
import { s3FileStorage } from './s3-storage';
import type { FileUrlSigner } from './signed-urls';

/** The bucket when S3_BUCKET is set, else the local folder (the embedded default). */
export function createFileStorage(config: Config, signer: FileUrlSigner): FileStorage {
  return config.s3 ? s3FileStorage(config.s3) : localFileStorage(join(config.dataDir, 'files'), signer);
}
