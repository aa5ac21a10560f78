import { say } from './text';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { loadConfig } from '../platform/config/config';
import { localStorageKeys } from '../platform/storage/file-storage';
import { s3FileStorage } from '../platform/storage/s3-storage';

/**
 * `storage migrate`: a local installation's files (uploads, logos, PDFs) copied into the bucket
 * named by S3_BUCKET, so the same database can run on object storage. A file already in the
 * bucket at the same size is skipped, so an interrupted copy is simply run again.
 */
export function registerStorageCommands(program: Command): void {
  program
    .command('storage')
    .description('where uploaded files, logos and PDFs are kept')
    .command('migrate')
    .description('copy DATA_DIR/files (or --from DIR) into the S3 bucket (S3_BUCKET, S3_ENDPOINT, …); the local files are left as they are')
    .option('--from <dir>', 'the local files folder')
    .action(async (opts: { from?: string }) => {
      const config = loadConfig();
      if (!config.s3)
        throw new Error('Set S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE as needed) to name the bucket to copy into.');
      const root = resolve(opts.from ?? join(config.dataDir, 'files'));
      const bucket = s3FileStorage(config.s3);
      await bucket.ping();
      let copied = 0;
      let skipped = 0;
      for await (const key of localStorageKeys(root)) {
        const { size } = await stat(join(root, key));
        if ((await bucket.size(key)) === size) {
          skipped++;
          continue;
        }
        await bucket.put(key, await readFile(join(root, key)));
        copied++;
      }
      say(`Copied ${copied} files from ${root} to ${bucket.describe}; ${skipped} were there already.`);
    });
}
