import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import type { CallDef } from '../../../src/shared/api/define';

const ROOT = resolve(__dirname, '../../..');

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => done(port));
    });
    srv.on('error', fail);
  });
}

/** Waits for a condition of the running processes (a file, a row, an answer), checking it again as they work. */
export async function until<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface Member {
  role: Role;
  url: string;
  child: ChildProcess;
  output(): string;
  /** Resolves once the process has exited. */
  exited: Promise<number | null>;
}

/** One process of the cluster as `npm run web` / `npm run worker` runs it, answering /api/ready. */
/** all: `npm start` (main.ts); web: `npm run web`; worker: `npm run worker`. */
type Role = 'all' | 'web' | 'worker';

export async function startMember(role: Role, env: Record<string, string>): Promise<Member> {
  const port = await freePort();
  // node itself with tsx's loader, as the image runs it: the tsx command would put a second process
  // between us and the server, and a SIGKILL would leave that one running.
  const child = spawn(process.execPath, ['--import', 'tsx', `src/server/${role === 'all' ? 'main' : role}.ts`], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const url = `http://127.0.0.1:${port}`;
  try {
    await until(`the ${role} process to be ready`, async () => child.exitCode !== null || (await fetch(`${url}/api/ready`)).ok);
    if (child.exitCode !== null) throw new Error(`it exited with ${child.exitCode}`);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`The ${role} process did not get ready: ${(err as Error).message}\n${output}`, { cause: err });
  }
  return { role, url, child, output: () => output, exited };
}

export async function stopMember(member: Member): Promise<void> {
  if (member.child.exitCode !== null || member.child.signalCode !== null) return;
  member.child.kill('SIGTERM');
  await member.exited;
}

/** A contract's call over HTTP to one process, as the web app makes it (same origin, session cookie). */
export async function callOver<C extends CallDef>(
  member: Member,
  publicUrl: string,
  call: C,
  body: unknown,
  cookie?: string,
  query?: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown>; cookie: string | null }> {
  const search = query ? `?${new URLSearchParams(query).toString()}` : '';
  const res = await fetch(`${member.url}${call.path}${search}`, {
    method: call.method,
    headers: {
      origin: publicUrl,
      'sec-fetch-site': 'same-origin',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('epcplus_sid='));
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, cookie: setCookie ? setCookie.split(';')[0] : null };
}

/** The emails the cluster wrote to its shared outbox. */
export async function outbox(dataDir: string): Promise<{ to: string; text: string }[]> {
  const dir = join(dataDir, 'outbox');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json')).sort();
  return Promise.all(names.map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8')) as { to: string; text: string }));
}
