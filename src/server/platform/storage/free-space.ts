import { statfs } from 'node:fs/promises';
import type { Config } from '../config/config';

/** A disk that does not answer within this (a hung network mount) is as good as full to a load balancer. */
const STATFS_DEADLINE_MS = 1000;
const MB = 1024 * 1024;

/** Bytes an unprivileged process may still write under `dir` (statfs's f_bavail, not the root-reserved blocks). */
async function freeBytesIn(dir: string): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`statfs ${dir} did not answer within ${STATFS_DEADLINE_MS} ms`)), STATFS_DEADLINE_MS);
  });
  try {
    const stats = await Promise.race([statfs(dir), deadline]);
    return stats.bavail * stats.bsize;
  } finally {
    clearTimeout(timer);
  }
}

/** Whether anything this process writes lives in DATA_DIR: files without a bucket, or the SQLite database. */
const writesToDataDir = (config: Config) => config.s3 === null || !/^postgres(ql)?:\/\//.test(config.databaseUrl ?? '');

/**
 * For readiness: a sentence saying DATA_DIR's disk is almost full (below MIN_FREE_DISK_MB), or
 * null when there is room or nothing of ours is written there. A load balancer then sends new
 * uploads and reports to a process that can keep them, before writes start to fail.
 */
export async function lowDiskSpace(config: Config): Promise<string | null> {
  if (!writesToDataDir(config)) return null;
  const free = await freeBytesIn(config.dataDir);
  if (free >= config.minFreeDiskMb * MB) return null;
  return `The file storage is almost full (${Math.floor(free / MB)} MB free).`;
}
