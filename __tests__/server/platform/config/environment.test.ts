import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadConfig, s3ConfigForBucket } from '../../../../src/server/platform/config/config';

let root: string;
let dataDir: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'epcplus-environment-'));
  dataDir = join(root, 'data');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** The message loadConfig stops with, or null when it reads the environment. */
function refusal(env: NodeJS.ProcessEnv): string | null {
  try {
    loadConfig({ DATA_DIR: dataDir, ...env });
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

describe('a bad environment', () => {
  it('names every bad variable at once, one a line', () => {
    expect(refusal({ PORT: 'abc', STRIPE_API_BASE: 'http://127.0.0.1:12111/v1', LOG_LEVEL: 'loud', SMTP_URL: 'smtp://mail:25' })).toBe(
      [
        'Invalid settings:',
        '  PORT must be a whole number from 0 to 65535, got "abc"',
        '  STRIPE_API_BASE must be http(s)://host[:port] with no path, got "http://127.0.0.1:12111/v1"',
        '  LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
      ].join('\n'),
    );
  });

  it('names the bad settings of S3 and of backups beside the others', () => {
    const message = refusal({
      WORKER_CONCURRENCY: '0',
      S3_BUCKET: 'files',
      S3_ENDPOINT: 'minio:9000:x',
      S3_FORCE_PATH_STYLE: 'yes',
      BACKUP_TO: '/var/backups/epcplus',
      BACKUP_EVERY: '5m',
      DATABASE_URL: 'postgres://epcplus@db:5432/epcplus',
    });
    expect(message?.split('\n')).toEqual([
      'Invalid settings:',
      '  WORKER_CONCURRENCY must be a whole number from 1 to 64, got "0"',
      '  S3_ENDPOINT must be http(s)://host[:port], got "minio:9000:x"',
      '  S3_FORCE_PATH_STYLE must be true or false, got "yes"',
      '  BACKUP_EVERY must be a period such as 30m, 6h or 1d (at least 15m), got "5m"',
      '  BACKUP_TO backs up the SQLite database; back PostgreSQL up with its own tools (pg_dump, WAL archiving) and unset BACKUP_TO.',
    ]);
  });

  it('makes nothing on disk when it refuses to start', () => {
    expect(refusal({ JOB_STALE_MS: '50' })).toContain('JOB_STALE_MS must be a whole number of milliseconds (at least 100), got "50"');
    expect(existsSync(dataDir)).toBe(false);
  });

  it('reads the S3 and backup settings only when a bucket or a backup is set', () => {
    expect(refusal({ S3_ENDPOINT: 'not an address', S3_FORCE_PATH_STYLE: 'yes', BACKUP_KEEP: 'all' })).toBeNull();
    expect(refusal({ BACKUP_EVERY: '1d' })).toBe(
      'Invalid settings:\n  Set BACKUP_TO and BACKUP_EVERY together (e.g. BACKUP_TO=/var/backups/epcplus BACKUP_EVERY=1d), or neither.',
    );
  });

  it('refuses a fraction, a word or a number out of range for a whole-number setting', () => {
    for (const bad of ['1.5', 'ten', '-1', '100000', '9007199254740993', 'Infinity'])
      expect(refusal({ PORT: bad })).toBe(`Invalid settings:\n  PORT must be a whole number from 0 to 65535, got "${bad}"`);
  });
});

describe('the defaults', () => {
  it('give each documented variable its default when unset', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    const secret = readFileSync(join(dataDir, 'session-secret'), 'utf8');
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(config).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir,
      databaseUrl: null,
      publicUrl: 'http://localhost:3000',
      sessionSecret: secret,
      smtpUrl: null,
      redisUrl: null,
      stripe: { secretKey: null, publishableKey: null, webhookSecret: null, apiBase: null },
      amplitudeApiKey: null,
      scheduling: { owner: null, appointmentTypes: {}, calendarId: null },
      marketingUrl: null,
      teamEmail: 'support@epcplus.co.uk',
      mailFrom: 'EPCplus <no-reply@epcplus.co.uk>',
      env: 'production',
      logLevel: 'info',
      webRoot: resolve('dist/public'),
      trustProxy: false,
      tutorialVideoBase: null,
      s3: null,
      workerConcurrency: null,
      metricsToken: null,
      shutdownGraceMs: 25_000,
      jobStaleMs: 60_000,
      minFreeDiskMb: 200,
      backup: null,
      quoteRequestRetentionDays: 730,
      postcodesApiUrl: 'https://api.postcodes.io',
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    });
    // The secret is kept: a restart keeps sessions valid.
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(secret);
  });

  it('treat a variable set to spaces as unset', () => {
    const blank = Object.fromEntries(
      [
        'PORT',
        'DATABASE_URL',
        'PUBLIC_URL',
        'SMTP_URL',
        'STRIPE_API_BASE',
        'ACUITY_APPOINTMENT_TYPES',
        'MARKETING_URL',
        'TEAM_EMAIL',
        'MAIL_FROM',
        'LOG_LEVEL',
        'TRUST_PROXY',
        'TUTORIAL_VIDEO_BASE_URL',
        'S3_BUCKET',
        'WORKER_CONCURRENCY',
        'SHUTDOWN_GRACE_MS',
        'JOB_STALE_MS',
        'MIN_FREE_DISK_MB',
        'BACKUP_TO',
        'BACKUP_EVERY',
        'QUOTE_REQUEST_RETENTION_DAYS',
      ].map((name) => [name, '  ']),
    );
    expect(loadConfig({ DATA_DIR: dataDir, ...blank })).toEqual(loadConfig({ DATA_DIR: dataDir }));
  });

  it('are silent logs under tests, a production server for any other NODE_ENV, and S3 and backup defaults', () => {
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' })).toMatchObject({ env: 'test', logLevel: 'silent' });
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'staging' })).toMatchObject({ env: 'production', logLevel: 'info' });
    expect(loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'files' }).s3).toEqual({
      bucket: 'files',
      endpoint: null,
      publicEndpoint: null,
      region: 'us-east-1',
      forcePathStyle: false,
    });
    expect(loadConfig({ DATA_DIR: dataDir, BACKUP_TO: 'backups', BACKUP_EVERY: '1d' }).backup).toEqual({
      to: resolve('backups'),
      everyMs: 24 * 3600_000,
      keep: 7,
    });
  });
});

describe('valid values', () => {
  it('are read into the typed settings', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      PORT: ' 8080 ',
      SESSION_SECRET: 'from-the-environment',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
      ACUITY_APPOINTMENT_TYPES: '1-3=11111, 4-5 = 22222',
      MARKETING_URL: 'https://www.example.co.uk/site/',
      LOG_LEVEL: 'DEBUG',
      TRUST_PROXY: 'loopback, 10.0.0.0/8',
      TUTORIAL_VIDEO_BASE_URL: 'https://media.example.com/epcplus',
      WORKER_CONCURRENCY: '8',
      // Read as Number() reads it.
      SHUTDOWN_GRACE_MS: '3e4',
      MIN_FREE_DISK_MB: '0',
      S3_BUCKET: 'files',
      S3_ENDPOINT: 'http://minio:9000/',
      S3_PUBLIC_ENDPOINT: 'http://localhost:9000',
      AWS_REGION: 'eu-west-2',
      S3_FORCE_PATH_STYLE: 'true',
      BACKUP_TO: 's3://backups/epcplus',
      BACKUP_EVERY: '6h',
      BACKUP_KEEP: '3',
    });
    expect(config).toMatchObject({
      env: 'development',
      port: 8080,
      publicUrl: 'http://localhost:8080',
      sessionSecret: 'from-the-environment',
      scheduling: { appointmentTypes: { '1-3': '11111', '4-5': '22222' } },
      marketingUrl: 'https://www.example.co.uk/site',
      logLevel: 'debug',
      trustProxy: 'loopback, 10.0.0.0/8',
      tutorialVideoBase: 'https://media.example.com/epcplus/',
      workerConcurrency: 8,
      shutdownGraceMs: 30_000,
      minFreeDiskMb: 0,
      s3: {
        bucket: 'files',
        endpoint: 'http://minio:9000',
        publicEndpoint: 'http://localhost:9000',
        region: 'eu-west-2',
        forcePathStyle: true,
      },
      backup: { to: 's3://backups/epcplus', everyMs: 6 * 3600_000, keep: 3 },
    });
    expect(config.stripe.apiBase?.href).toBe('http://127.0.0.1:12111/');
    expect(existsSync(join(dataDir, 'session-secret'))).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://epc.example.com//' }).publicUrl).toBe('https://epc.example.com');
  });

  it('give a backup in another bucket the S3 settings', () => {
    expect(s3ConfigForBucket('backups', { S3_ENDPOINT: 'http://minio:9000', S3_REGION: 'eu-west-2', S3_FORCE_PATH_STYLE: 'true' })).toEqual(
      {
        bucket: 'backups',
        endpoint: 'http://minio:9000',
        publicEndpoint: null,
        region: 'eu-west-2',
        forcePathStyle: true,
      },
    );
    expect(() => s3ConfigForBucket('backups', { S3_ENDPOINT: 'minio' })).toThrow(
      'Invalid settings:\n  S3_ENDPOINT must be an address such as http://127.0.0.1:9000, got "minio"',
    );
  });
});
