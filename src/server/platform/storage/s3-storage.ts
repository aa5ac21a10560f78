import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../config/config';
import type { FileStorage } from './file-storage';

const TYPES: Record<string, string> = { pdf: 'application/pdf', png: 'image/png' };
/** Browsers PUT uploads as this type; the presigned address is signed for it. */
const UPLOAD_CONTENT_TYPE = 'application/octet-stream';
/** SigV4 addresses live at most a week. */
const MAX_PRESIGN_S = 7 * 24 * 3600;

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

export function s3Client(config: S3Config, endpoint = config.endpoint): S3Client {
  return new S3Client({
    region: config.region,
    ...(endpoint ? { endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them: a presigned PUT must not carry a checksum of no body.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Files in an S3-compatible bucket: every web process and worker sees the same files, and
 * browsers send and fetch the bytes through short-lived presigned addresses, not through us.
 */
export function s3FileStorage(config: S3Config, client = s3Client(config)): FileStorage {
  const Bucket = config.bucket;
  // Addresses for browsers are signed for the host they reach the store at.
  const signer = config.publicEndpoint ? s3Client(config, config.publicEndpoint) : client;
  const browserEndpoint = config.publicEndpoint ?? config.endpoint;
  const seconds = (ttlMs: number) => Math.max(1, Math.min(MAX_PRESIGN_S, Math.ceil(ttlMs / 1000)));
  return {
    async put(key, data) {
      const ext = key.split('.').pop()!.toLowerCase();
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: TYPES[ext] ?? UPLOAD_CONTENT_TYPE }));
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return Buffer.from(await answer.Body!.transformToByteArray());
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async size(key) {
      try {
        return (await client.send(new HeadObjectCommand({ Bucket, Key: key }))).ContentLength ?? 0;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    signedUrl(key, ttlMs, options = {}) {
      const ext = key.split('.').pop()!.toLowerCase();
      return getSignedUrl(
        signer,
        new GetObjectCommand({
          Bucket,
          Key: key,
          ResponseContentType: TYPES[ext] ?? UPLOAD_CONTENT_TYPE,
          ResponseContentDisposition: `inline; filename="${options.filename ?? key.split('/').pop()!}"`,
          ResponseCacheControl: 'private, max-age=300',
        }),
        { expiresIn: seconds(ttlMs) },
      );
    },
    // Length and type are signed: the store refuses a body of any other size or type.
    directUploadUrl: (key, size, ttlMs) =>
      getSignedUrl(signer, new PutObjectCommand({ Bucket, Key: key, ContentLength: size, ContentType: UPLOAD_CONTENT_TYPE }), {
        expiresIn: seconds(ttlMs),
        signableHeaders: new Set(['content-length', 'content-type']),
      }),
    async ping() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    browserOrigin: browserEndpoint
      ? new URL(browserEndpoint).origin
      : `https://${config.forcePathStyle ? '' : `${Bucket}.`}s3.${config.region}.amazonaws.com`,
    describe: `bucket ${Bucket}${config.endpoint ? ` at ${config.endpoint}` : ''}`,
  };
}
