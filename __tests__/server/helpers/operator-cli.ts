import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import type { Insertable } from 'kysely';
import { createDb, type Db } from '../../../src/server/platform/db/database';
import { migrateToLatest } from '../../../src/server/platform/db/migrate';
import type { UsersTable } from '../../../src/server/platform/db/schema';

export const ROOT = resolve(__dirname, '../../..');
export const CLI_ENTRY = 'src/server/cli/main.ts';
const TSX = resolve(ROOT, 'node_modules/.bin/tsx');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `npm run cli -- …` as an operator runs it, against a DATA_DIR of the test's own (SQLite,
 * whatever DATABASE_URL the caller's shell has).
 */
export function runCli(dataDir: string, ...args: string[]): Promise<CliResult> {
  return runCliWith({ DATA_DIR: dataDir }, ...args);
}

/** The same, with more environment of the caller's (DATABASE_URL, S3_*, …). */
export function runCliWith(env: Record<string, string> & { DATA_DIR: string }, ...args: string[]): Promise<CliResult> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  return new Promise((done) => {
    execFile(TSX, [CLI_ENTRY, ...args], { cwd: ROOT, env: { ...inherited, ...env }, timeout: 60_000 }, (err, stdout, stderr) => {
      done({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout: String(stdout), stderr: String(stderr) });
    });
  });
}

/** Opens the database of a DATA_DIR between commands, as the server would, and closes it again. */
export async function withDb<T>(dataDir: string, work: (db: Db) => Promise<T>): Promise<T> {
  const db = createDb({ databaseUrl: null, dataDir });
  try {
    await migrateToLatest(db);
    return await work(db);
  } finally {
    await db.destroy();
  }
}

/** A confirmed assessor as a row, for tests that set the database up directly rather than through sign-up. */
export function userRow(overrides: Partial<Insertable<UsersTable>> & { email: string }): Insertable<UsersTable> {
  return {
    password_hash: 'not-a-hash',
    name: 'Test User',
    phone: '',
    role: 'surveyor',
    scheme: 'elmhurst',
    email_confirmed_at: Date.now(),
    confirm_code_hash: null,
    locked_until: null,
    created_at: Date.now(),
    ...overrides,
  };
}
