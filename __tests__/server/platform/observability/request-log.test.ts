import * as access from '../../../../src/shared/api/access';
import pino from 'pino';
import { loadConfig } from '../../../../src/server/platform/config/config';
import { LOG_REDACT, requestLoggerOnDemand } from '../../../../src/server/platform/observability/logging';
import { buildTestServer } from '../../helpers/test-server';

/** A server whose log is read back, line by line, at the level LOG_LEVEL names. */
async function loggedServer(logLevel: string) {
  const lines: string[] = [];
  const server = await buildTestServer({
    dialect: 'sqlite',
    log: { stream: { write: (line: string) => void lines.push(line) } },
    env: { LOG_LEVEL: logLevel },
  });
  return { server, lines };
}

describe('request log', () => {
  it('writes one line per request with its method, address, status and time', async () => {
    const { server, lines } = await loggedServer('info');
    try {
      // Logged out: the ping answers 401, which the line records.
      await server.call(access.ping, undefined);
      await server.inject({ method: 'GET', url: '/confirm/secret-confirm-code' });
      const requests = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'request completed');
      expect(requests).toHaveLength(2);
      expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/ping', statusCode: 401, reqId: expect.any(String) });
      expect(typeof requests[0].responseTime).toBe('number');
      // The link's code is its secret: the line keeps the route only.
      expect(requests[1]).toMatchObject({ method: 'GET', url: '/confirm/[redacted]' });
      expect(lines.join('')).not.toContain('secret-confirm-code');
      expect(lines.join('')).not.toContain('incoming request');
    } finally {
      await server.close();
    }
  });

  it('still redacts secrets in every other line, while the request line skips that search', async () => {
    const { server, lines } = await loggedServer('info');
    try {
      server.app.log.error({ err: { message: 'failed', password: 'hunter2-secret' }, body: { token: 'a-session-token' } }, 'job failed');
      const logged = lines.join('');
      expect(logged).toContain('job failed');
      expect(logged).not.toContain('hunter2-secret');
      expect(logged).not.toContain('a-session-token');
    } finally {
      await server.close();
    }
  });

  it("makes a request's own logger when it first logs, with the request's id and the redaction", () => {
    const lines: string[] = [];
    const root = pino({ level: 'info', redact: LOG_REDACT }, { write: (line: string) => void lines.push(line) });
    const made: unknown[] = [];
    const parent = Object.assign(Object.create(root) as typeof root, {
      child: (...args: Parameters<typeof root.child>) => (made.push(args[0]), root.child(...args)),
    });
    const log = requestLoggerOnDemand(parent, { reqId: 'req-7' }, {});
    expect(log.level).toBe('info');
    expect(made).toEqual([]);
    log.debug('not logged at info');
    log.error({ err: { message: 'failed', password: 'hunter2-secret' } }, 'request failed');
    log.warn('again');
    expect(made).toEqual([{ reqId: 'req-7' }]);
    expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toMatchObject([
      { reqId: 'req-7', msg: 'request failed', err: { password: '[Redacted]' } },
      { reqId: 'req-7', msg: 'again' },
    ]);
  });

  it('logs from the level LOG_LEVEL names', async () => {
    const { server, lines } = await loggedServer('warn');
    try {
      await server.call(access.ping, undefined);
      expect(lines).toEqual([]);
      expect(loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'DEBUG', DATA_DIR: server.dataDir }).logLevel).toBe('debug');
      expect(() => loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'loud', DATA_DIR: server.dataDir })).toThrow(
        'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
      );
    } finally {
      await server.close();
    }
  });
});
