import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CLI_ENTRY } from '../../server/helpers/operator-cli';
import { freePort } from '../../server/scale-out/cluster';
import { buildIfNeeded } from '../../../tools/build-if-needed';

const ROOT = resolve(__dirname, '../../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
/** What `npm start` runs once its prestart has built whatever was stale. */
const SERVER_ENTRY = 'dist/server/main.js';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

export interface AppServer {
  url: string;
  dataDir: string;
  /** The server process, for figures such as its memory. */
  pid: number;
  /** Runs `npm run cli -- …` against this server's data. */
  cli(...args: string[]): string;
  /** The emails written to the outbox so far, oldest first. */
  outbox(): OutboxMail[];
  /** The outbox once it holds what `until` looks for: email is sent by a job shortly after the request that queued it. */
  waitForOutbox(until: (mails: OutboxMail[]) => boolean): Promise<OutboxMail[]>;
  stop(): Promise<void>;
}

/** The product as `npm start` runs it (built app, compiled server, SQLite, outbox email), in a temporary data folder. */
export async function startAppServer(
  extraEnv: Record<string, string> = {},
  options: { host?: 'localhost' | '127.0.0.1' } = {},
): Promise<AppServer> {
  const port = await freePort();
  // Chromium under Lighthouse does not resolve localhost to the IPv4 address the server listens on.
  const origin = `http://${options.host ?? 'localhost'}:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'epcplus-e2e-'));
  // The embedded defaults, as `npm start` has them: SQLite in DATA_DIR whatever the caller's shell says.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const env = {
    ...inherited,
    PORT: String(port),
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    ...extraEnv,
  };
  // As `npm start` does: its prestart step, then node on the compiled server (no TypeScript loader).
  buildIfNeeded();
  const child: ChildProcess = spawn(process.execPath, [SERVER_ENTRY], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = origin;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not start within 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const outbox = (): OutboxMail[] => {
    const dir = join(dataDir, 'outbox');
    let files: string[];
    try {
      files = readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort();
    } catch {
      return [];
    }
    return files.map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as OutboxMail);
  };
  return {
    url,
    dataDir,
    pid: child.pid!,
    cli: (...args) => execFileSync(TSX, [CLI_ENTRY, ...args], { cwd: ROOT, env, encoding: 'utf8' }),
    outbox,
    async waitForOutbox(until) {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const mails = outbox();
        if (until(mails)) return mails;
        if (Date.now() > deadline)
          throw new Error(`The outbox never held the expected email; it has: ${mails.map((m) => `${m.to} "${m.subject}"`).join(', ')}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
