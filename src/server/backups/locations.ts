import { createReadStream, createWriteStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, paginateListObjectsV2, type S3Client } from '@aws-sdk/client-s3';
import { s3ConfigForBucket } from '../platform/config/config';
import { s3Client } from '../platform/storage/s3-storage';

/** Our backups' names sort by time: epcplus-backup-20250131T120000123Z.tar.gz (UTC, to the millisecond). */
const BACKUP_NAME = /^epcplus-backup-\d{8}T\d{9}Z\.tar\.gz$/;

export function backupName(at: Date): string {
  return `epcplus-backup-${at.toISOString().replace(/[-:]/g, '').replace('.', '')}.tar.gz`;
}

export const isBackupName = (name: string) => BACKUP_NAME.test(name);

/** Names alone are compared: the timestamp in them sorts the same as the time. Newest first. */
const newestFirst = (names: string[]) => names.filter(isBackupName).sort().reverse();

export interface S3Location {
  bucket: string;
  /** '' or a folder ending in '/'. */
  prefix: string;
  /** A named archive (…tar.gz); null: the newest under the prefix, or a new name. */
  name: string | null;
}

/** s3://bucket/prefix/ or s3://bucket/prefix/name.tar.gz */
export function parseS3Location(location: string): S3Location | null {
  if (!location.startsWith('s3://')) return null;
  const rest = location.slice('s3://'.length);
  const slash = rest.indexOf('/');
  const bucket = slash < 0 ? rest : rest.slice(0, slash);
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new Error(
      `"${location}" does not name a bucket: write s3://bucket/prefix (bucket names are 3 to 63 lower-case letters, digits, dots and dashes).`,
    );
  const path = slash < 0 ? '' : rest.slice(slash + 1);
  if (path.endsWith('.tar.gz')) {
    const cut = path.lastIndexOf('/') + 1;
    return { bucket, prefix: path.slice(0, cut), name: path.slice(cut) };
  }
  return { bucket, prefix: path && !path.endsWith('/') ? `${path}/` : path, name: null };
}

export const describeS3 = (l: S3Location, name = l.name ?? '') => `s3://${l.bucket}/${l.prefix}${name}`;

function s3ClientFor(location: S3Location): S3Client {
  return s3Client(s3ConfigForBucket(location.bucket));
}

export async function uploadArchive(location: S3Location, name: string, file: string): Promise<void> {
  const client = s3ClientFor(location);
  try {
    const { size } = await stat(file);
    // One PUT stores the object whole or not at all: a half-sent backup is never listed.
    await client.send(
      new PutObjectCommand({
        Bucket: location.bucket,
        Key: `${location.prefix}${name}`,
        Body: createReadStream(file),
        ContentLength: size,
        ContentType: 'application/gzip',
      }),
    );
  } finally {
    client.destroy();
  }
}

async function s3BackupNames(client: S3Client, location: S3Location): Promise<string[]> {
  const names: string[] = [];
  for await (const page of paginateListObjectsV2({ client }, { Bucket: location.bucket, Prefix: location.prefix, Delimiter: '/' })) {
    for (const object of page.Contents ?? []) names.push(object.Key!.slice(location.prefix.length));
  }
  return newestFirst(names);
}

/** Downloads the named archive, or the newest under the prefix, to `file`; answers where it came from. */
export async function downloadArchive(location: S3Location, file: string): Promise<string> {
  const client = s3ClientFor(location);
  try {
    const name = location.name ?? (await s3BackupNames(client, location))[0];
    if (!name) throw new Error(`There is no backup under ${describeS3(location)}.`);
    const answer = await client
      .send(new GetObjectCommand({ Bucket: location.bucket, Key: `${location.prefix}${name}` }))
      .catch((err: unknown) => {
        if ((err as Error).name === 'NoSuchKey') throw new Error(`There is no backup ${describeS3(location, name)}.`);
        throw err;
      });
    await pipeline(answer.Body as Readable, createWriteStream(file, { mode: 0o600 }));
    return describeS3(location, name);
  } finally {
    client.destroy();
  }
}

/** Deletes all but the `keep` newest of our backups there; anything else in the folder or prefix is left alone. */
export async function pruneBackups(to: string, keep: number): Promise<string[]> {
  const s3 = parseS3Location(to);
  if (!s3) {
    const old = newestFirst(await readdir(to)).slice(keep);
    for (const name of old) await rm(join(to, name), { force: true });
    return old;
  }
  const client = s3ClientFor(s3);
  try {
    const old = (await s3BackupNames(client, s3)).slice(keep);
    for (const name of old) await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: `${s3.prefix}${name}` }));
    return old;
  } finally {
    client.destroy();
  }
}
