import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../scale-out/cluster';

const run = promisify(execFile);

/**
 * A PostgreSQL of one test's own, on its own port and in its own folder, which the test may
 * stop, start and cut off: the shared one on 5432 serves every other test at the same moment.
 */
export interface OwnPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres, trust authentication. */
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Ends every other session on it, as `pg_terminate_backend` by an operator or a failover would: their process ids. */
  terminateOtherSessions(): Promise<number[]>;
  /** The process ids of the client sessions other than the asker's. */
  otherSessions(): Promise<number[]>;
  /** Stops it at once and deletes its folder; safe to call twice or after a failed start. */
  destroy(): Promise<void>;
}

/** The newest installed server's programs (Debian and Ubuntu put them under /usr/lib/postgresql/<major>/bin). */
function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const majors = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return majors.length ? join(root, majors[0], 'bin') : null;
}

/**
 * Why no PostgreSQL of a test's own can run here, or null if one can. Locally a test skips with
 * this reason; in CI (CI set) it fails, as the server project's global set-up does for the shared one.
 */
export function ownPostgresUnavailable(): string | null {
  if (!postgresBinDir()) return 'no PostgreSQL server programs (initdb) under /usr/lib/postgresql';
  if (process.getuid?.() === 0) {
    try {
      execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
    } catch {
      return 'running as root and there is no postgres user to run PostgreSQL as';
    }
  }
  return null;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(ownPostgresUnavailable() ?? 'no PostgreSQL');
  const dir = await mkdtemp(join(tmpdir(), 'epcplus-own-pg-'));
  const dataDir = join(dir, 'data');
  // PostgreSQL refuses to run as root: it runs as the postgres user, who must own its folder.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const [uid, gid] = await Promise.all(['-u', '-g'].map(async (flag) => Number((await run('id', [flag, 'postgres'])).stdout.trim())));
    await chown(dir, uid, gid);
  }
  const pgRun = (program: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, program), ...args]) : run(join(bin, program), args);
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let running = false;

  const pgCtl = (args: string[]) => pgRun('pg_ctl', ['-D', dataDir, ...args]);
  const stopNow = () => {
    if (!running) return;
    running = false;
    try {
      execFileSync(asRoot ? 'runuser' : join(bin, 'pg_ctl'), [
        ...(asRoot ? ['-u', 'postgres', '--', join(bin, 'pg_ctl')] : []),
        '-D',
        dataDir,
        'stop',
        '-m',
        'immediate',
      ]);
    } catch {
      // Already gone.
    }
  };
  // A worker that dies mid-test must not leave a PostgreSQL behind.
  process.once('exit', stopNow);

  const withClient = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    client.on('error', () => {});
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  const OTHER_SESSIONS = `from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()`;

  const own: OwnPostgres = {
    url,
    async start() {
      await pgCtl([
        'start',
        '-w',
        '-t',
        '60',
        '-l',
        join(dir, 'log'),
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      ]);
      running = true;
    },
    async stop() {
      await pgCtl(['stop', '-w', '-t', '60', '-m', 'fast']);
      running = false;
    },
    terminateOtherSessions: () =>
      withClient(async (c) =>
        (await c.query<{ pid: number }>(`select pid, pg_terminate_backend(pid) ${OTHER_SESSIONS}`)).rows.map((r) => r.pid),
      ),
    otherSessions: () => withClient(async (c) => (await c.query<{ pid: number }>(`select pid ${OTHER_SESSIONS}`)).rows.map((r) => r.pid)),
    async destroy() {
      process.removeListener('exit', stopNow);
      stopNow();
      await rm(dir, { recursive: true, force: true });
    },
  };
  try {
    await pgRun('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    await own.start();
  } catch (err) {
    await own.destroy();
    throw err;
  }
  return own;
}
