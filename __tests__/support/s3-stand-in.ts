import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
// s3rver ships no types; the little used here is typed below.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
};

/** s3rver's fixed credentials; the SDK reads them from the standard AWS environment. */
const CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export interface S3StandIn {
  /** The S3_* and AWS_* environment that points the server at this store. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A local S3-compatible store on 127.0.0.1 (s3rver, in this process), with one bucket, for the
 * object-storage tests: the official SDK talks to it as it would to AWS or MinIO.
 */
export async function startS3StandIn(bucket = 'epcplus-test'): Promise<S3StandIn> {
  const directory = await mkdtemp(join(tmpdir(), 'epcplus-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      ...CREDENTIALS,
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** The SDK takes credentials from process.env only, as in production. */
export function useAwsCredentialsOf(standIn: S3StandIn): void {
  process.env.AWS_ACCESS_KEY_ID = standIn.env.AWS_ACCESS_KEY_ID;
  process.env.AWS_SECRET_ACCESS_KEY = standIn.env.AWS_SECRET_ACCESS_KEY;
}
