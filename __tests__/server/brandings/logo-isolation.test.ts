import { execFileSync } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as access from '../../../src/shared/api/access';
import * as operations from '../../../src/shared/api/operations';
import * as uploads from '../../../src/shared/api/uploads';
import { LogoError } from '../../../src/server/platform/images/logo-error';
import { createLogoConverter, LogoConverterBusy, type LogoConverter } from '../../../src/server/platform/images/logo-converter';
import { describeEachDatabase } from '../helpers/databases';
import { createUser, loggedInUser, type TestUser } from '../helpers/factories';
import { ok, refused } from '../helpers/answers';
import { useTestServer, type TestServer } from '../helpers/test-server';
import { longTextSvg, putLogo, SIMPLE_SVG, slowFilterSvg } from './logo-files';

const TOO_MUCH_TEXT = /^The SVG logo has too much text: at most 200 characters in one text element\./;
const TOO_SLOW = /^The image is too complex to use as a logo: drawing it took longer than 1\.5 seconds\./;

/** Each account's logos go through the real flow: the upload call and PUT first, then all follow-ups at once. */
async function followUpsAtOnce(server: TestServer, cookie: string, logos: Buffer[]) {
  const keys: string[] = [];
  for (const logo of logos) keys.push((await putLogo(server, cookie, logo, 'svg')).key);
  return keys.map((filename) => server.call(uploads.uploadFollowup, { filename, which_one: 'LOGO' }, { cookie }));
}

/**
 * Logs `user` in over and over while `busy` is unsettled (at least once, at most five times: the
 * login rate limit) and answers how long each login took.
 */
async function loginTimesWhile(server: TestServer, user: TestUser, busy: Promise<unknown>): Promise<number[]> {
  let settled = false;
  void busy.finally(() => (settled = true)).catch(() => {});
  const times: number[] = [];
  do {
    const started = performance.now();
    ok(await server.call(access.login, { username: user.email, password: user.password }));
    times.push(performance.now() - started);
  } while (!settled && times.length < 5);
  return times;
}

describeEachDatabase('logo conversion beside logins', (dialect) => {
  const server = useTestServer(dialect);

  it('four 12 KB SVG logos of long text from one account are refused, and another user logs in meanwhile in under a second', async () => {
    const uploader = await loggedInUser(server());
    const other = await createUser(server());
    const logos = [1, 2, 3, 4].map(() => longTextSvg(12_000));
    expect(logos[0].length).toBeGreaterThan(12_000);
    const followUps = await followUpsAtOnce(server(), uploader.cookie, logos);

    const loginTimes = await loginTimesWhile(server(), other, Promise.all(followUps));
    for (const answer of await Promise.all(followUps)) {
      expect(answer.status).toBe(400);
      expect(refused(answer).error).toMatch(TOO_MUCH_TEXT);
    }
    // Refused logos are forgotten: nothing of them is left to pick for a branding.
    expect(await server().db.selectFrom('uploads').select('id').execute()).toEqual([]);
    expect(Math.max(...loginTimes)).toBeLessThan(1000);
  }, 120_000);
});

describe('the logo converter', () => {
  const server = useTestServer('sqlite');
  let converter: LogoConverter | null = null;
  afterEach(async () => {
    await converter?.close();
    converter = null;
  });

  it('kills a conversion at its deadline with a clear error, and converts the next logo in a new process', async () => {
    converter = createLogoConverter({ deadlineMs: 1500 });
    // The process is up before the clock starts: the deadline is the conversion's, not the start-up's.
    await converter.toPng(Buffer.from(SIMPLE_SVG), 'svg');
    const [first] = converter.processIds;

    const started = performance.now();
    const slow = converter.toPng(slowFilterSvg(), 'svg');
    await expect(slow).rejects.toThrow(LogoError);
    await expect(slow).rejects.toThrow(TOO_SLOW);
    const took = performance.now() - started;
    // Drawn to the end, this file takes a minute or more; killed, it ends at the deadline.
    expect(took).toBeGreaterThanOrEqual(1500);
    expect(took).toBeLessThan(15_000);
    // The old process is gone, not left drawing.
    expect(() => process.kill(first, 0)).toThrow(/ESRCH/);

    const next = await converter.toPng(Buffer.from(SIMPLE_SVG), 'svg');
    expect(next.png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(converter.processIds).toHaveLength(1);
    expect(converter.processIds[0]).not.toBe(first);
  }, 120_000);

  it('takes a bounded queue of logos, one at a time, and tells the next to try again', async () => {
    converter = createLogoConverter({ deadlineMs: 1500, maxWaiting: 1 });
    const running = converter.toPng(slowFilterSvg(), 'svg');
    const waiting = converter.toPng(slowFilterSvg(), 'svg');
    const refusedNow = converter.toPng(Buffer.from(SIMPLE_SVG), 'svg');
    await expect(refusedNow).rejects.toThrow(LogoConverterBusy);
    await expect(refusedNow).rejects.toThrow('Many logos are being converted at the moment. Please try again in a minute.');
    await expect(running).rejects.toThrow(TOO_SLOW);
    await expect(waiting).rejects.toThrow(TOO_SLOW);
  }, 120_000);

  it('answers a follow-up 503 while the converter is busy, keeps the upload, and converts it when asked again', async () => {
    const { cookie } = await loggedInUser(server());
    const deps = server().app.deps;
    const own = deps.logos;
    converter = createLogoConverter({ deadlineMs: 1500, maxWaiting: 0 });
    deps.logos = converter;
    try {
      const hold = converter.toPng(slowFilterSvg(), 'svg');
      const { key } = await putLogo(server(), cookie, Buffer.from(SIMPLE_SVG), 'svg');
      const busy = await server().call(uploads.uploadFollowup, { filename: key, which_one: 'LOGO' }, { cookie });
      expect(busy.status).toBe(503);
      expect(refused(busy).error).toBe('Many logos are being converted at the moment. Please try again in a minute.');
      await expect(hold).rejects.toThrow(TOO_SLOW);

      const again = await server().call(uploads.uploadFollowup, { filename: key, which_one: 'LOGO' }, { cookie });
      expect(ok(again).message).toBe('Your logo is ready (600 × 240 pixels).');
    } finally {
      deps.logos = own;
    }
  }, 120_000);

  it('holds none of the threads logins use: four logos killed at their deadline while another user logs in', async () => {
    const uploader = await loggedInUser(server());
    const other = await createUser(server());
    const deps = server().app.deps;
    const own = deps.logos;
    converter = createLogoConverter({ deadlineMs: 1500, maxWaitMs: 120_000 });
    deps.logos = converter;
    try {
      const followUps = await followUpsAtOnce(
        server(),
        uploader.cookie,
        [1, 2, 3, 4].map(() => slowFilterSvg()),
      );
      const loginTimes = await loginTimesWhile(server(), other, Promise.all(followUps));
      for (const answer of await Promise.all(followUps)) {
        expect(answer.status).toBe(400);
        expect(refused(answer).error).toMatch(TOO_SLOW);
      }
      expect(Math.max(...loginTimes)).toBeLessThan(1000);
    } finally {
      deps.logos = own;
    }
  }, 120_000);

  it('makes /api/ready answer 503 while every thread of the pool logins use is held, and 200 once it is free', async () => {
    const threads = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
    // Opening a FIFO for reading holds a pool thread until a writer opens it: the pool stays full
    // for exactly as long as the test wants, however fast or busy the machine.
    const dir = await mkdtemp(join(tmpdir(), 'epcplus-pool-'));
    const fifo = join(dir, 'hold');
    execFileSync('mkfifo', [fifo]);
    const held = Array.from({ length: threads }, () => open(fifo, 'r'));
    let released = false;
    // The readers are waiting, so this open does not block; it lets every one of them through.
    const release = () => {
      if (!released) closeSync(openSync(fifo, 'w'));
      released = true;
    };
    // A readiness that waited for the pool itself would never answer while it is held: let go
    // after a while, so such a readiness fails this test (200) instead of hanging it.
    const safety = setTimeout(release, 20_000);
    try {
      const saturated = await server().call(operations.ready);
      expect(saturated.status).toBe(503);
      expect(refused(saturated).error).toBe("The server's worker threads are saturated.");
    } finally {
      clearTimeout(safety);
      release();
      await Promise.all(held.map(async (reader) => (await reader).close()));
      await rm(dir, { recursive: true, force: true });
    }
    expect((await server().call(operations.ready)).status).toBe(200);
  }, 60_000);
});
