import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { environment, loadConfig } from '../../../src/server/platform/config/config';
import { SESSION_COOKIE } from '../../../src/server/platform/http/sessions';

// js-yaml ships no types; only load() is used.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { load } = require('js-yaml') as { load: (text: string) => unknown };

const ROOT = resolve(__dirname, '../../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

interface Service {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, unknown> | string[];
  volumes?: string[];
}
const compose = load(read('docker-compose.yml')) as { services: Record<string, Service> };
const services = compose.services;
const appServices = Object.entries(services).filter(([, s]) => s.build === '.');
/** Read by the AWS SDK itself, not by the server's settings. */
const SDK_VARIABLES = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'];

describe('the compose file', () => {
  it('runs PostgreSQL, Redis, an S3-compatible store, two web processes, one worker and a proxy', () => {
    for (const name of ['postgres', 'redis', 'minio', 'proxy']) expect(services[name]).toBeDefined();
    const roles = appServices.map(([, s]) => s.command!.at(-1));
    expect(roles.sort()).toEqual(['dist/server/web.js', 'dist/server/web.js', 'dist/server/worker.js']);
    // Each compiled entry is built from a source file that exists (dist/ is made by npm run build).
    const sourceOf = (compiled: string) => compiled.replace(/^dist\//, 'src/').replace(/\.js$/, '.ts');
    for (const [, s] of appServices) expect(existsSync(join(ROOT, sourceOf(s.command!.at(-1)!)))).toBe(true);
  });

  it('gives every process settings the server reads, the same shared secret and a bucket, Redis and PostgreSQL', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'epcplus-compose-'));
    try {
      const secrets = new Set<string>();
      for (const [name, s] of appServices) {
        const env = s.environment!;
        for (const variable of Object.keys(env)) {
          if (!SDK_VARIABLES.includes(variable)) expect([name, variable in environment.shape]).toEqual([name, true]);
        }
        const config = loadConfig({ ...env, DATA_DIR: dataDir });
        expect(config.databaseUrl).toMatch(/^postgres:\/\/.+@postgres:5432\//);
        expect(config.redisUrl).toBe('redis://redis:6379');
        expect(config.s3).toMatchObject({ bucket: 'epcplus', endpoint: 'http://minio:9000', forcePathStyle: true });
        expect(config.smtpUrl).not.toBeNull();
        secrets.add(config.sessionSecret);
      }
      expect(secrets.size).toBe(1);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('has nginx spread requests over both web processes and keep a socket.io connection on one', () => {
    const nginx = read('deploy/nginx.conf');
    const webs = appServices.filter(([, s]) => s.command!.at(-1) === 'dist/server/web.js').map(([name]) => name);
    for (const name of webs) expect(nginx.match(new RegExp(`server ${name}:3000`, 'g'))).toHaveLength(2);
    expect(nginx).toContain(`hash $cookie_${SESSION_COOKIE} consistent;`);
    expect(services.proxy.volumes).toContain('./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro');
  });
});

describe('the Dockerfile', () => {
  const dockerfile = read('Dockerfile');

  it('builds in stages and runs production dependencies only, as an unprivileged user', () => {
    expect(dockerfile.match(/^FROM /gm)!.length).toBeGreaterThanOrEqual(3);
    expect(dockerfile).toContain('npm ci --omit=dev');
    expect(dockerfile).toContain('COPY --from=production-deps /app/node_modules ./node_modules');
    expect(dockerfile).toMatch(/^USER node$/m);
    // The image runs the compiled server, as `npm start` does: no TypeScript loader at run time.
    expect(dockerfile).toContain('RUN npm run build');
    expect(dockerfile).toContain('CMD ["node", "dist/server/main.js"]');
  });
});
