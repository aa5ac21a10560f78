import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PRODUCT_NAME, PROPERTY_SIZES, SUPPORT_EMAIL } from '../../../shared/constants';

export type PropertySize = (typeof PROPERTY_SIZES)[number];

/** The visit-booking calendar (Acuity): whose account, which appointment type per property size, which calendar. */
export interface SchedulingConfig {
  owner: string | null;
  appointmentTypes: Partial<Record<PropertySize, string>>;
  calendarId: string | null;
}

/** Card payment: Stripe's keys, and where its API is (unset: Stripe's own; tests point it at a local stand-in). */
export interface StripeConfig {
  secretKey: string | null;
  publishableKey: string | null;
  webhookSecret: string | null;
  apiBase: URL | null;
}

/** STRIPE_API_BASE as a URL the SDK can be pointed at: http(s), a host, nothing else. */
function stripeApiBaseFrom(value: string | undefined): URL | null {
  const v = blankToNull(value);
  if (!v) return null;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw new Error(`STRIPE_API_BASE must be an address such as http://127.0.0.1:12111, got "${v}"`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || (url.pathname !== '/' && url.pathname !== ''))
    throw new Error(`STRIPE_API_BASE must be http(s)://host[:port] with no path, got "${v}"`);
  return url;
}

/**
 * S3-compatible object storage for uploads, logos and PDFs (S3_BUCKET set), else local files.
 * Credentials come from the standard AWS environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY,
 * AWS_PROFILE, an instance role), so no secret is a setting of ours.
 */
export interface S3Config {
  bucket: string;
  /** Unset: AWS itself. MinIO and other stores: their address. */
  endpoint: string | null;
  /**
   * S3_PUBLIC_ENDPOINT: the store's address as browsers reach it, when it differs from ours
   * (compose: http://localhost:9000 outside, http://minio:9000 inside). Presigned addresses use it.
   */
  publicEndpoint: string | null;
  region: string;
  /** bucket in the path (MinIO, s3rver) rather than in the host name (AWS). */
  forcePathStyle: boolean;
}

function s3EndpointFrom(name: string, value: string | undefined): string | null {
  const v = blankToNull(value);
  if (!v) return null;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw new Error(`${name} must be an address such as http://127.0.0.1:9000, got "${v}"`);
  }
  if (!['http:', 'https:'].includes(url.protocol)) throw new Error(`${name} must be http(s)://host[:port], got "${v}"`);
  return withoutTrailingSlashes(v);
}

function s3ConfigFrom(env: NodeJS.ProcessEnv): S3Config | null {
  const bucket = blankToNull(env.S3_BUCKET);
  if (!bucket) return null;
  const endpoint = s3EndpointFrom('S3_ENDPOINT', env.S3_ENDPOINT);
  const publicEndpoint = s3EndpointFrom('S3_PUBLIC_ENDPOINT', env.S3_PUBLIC_ENDPOINT);
  const pathStyle = blankToNull(env.S3_FORCE_PATH_STYLE);
  if (pathStyle && !['true', 'false'].includes(pathStyle)) throw new Error(`S3_FORCE_PATH_STYLE must be true or false, got "${pathStyle}"`);
  return {
    bucket,
    endpoint,
    publicEndpoint,
    region: blankToNull(env.S3_REGION) ?? blankToNull(env.AWS_REGION) ?? 'us-east-1',
    forcePathStyle: pathStyle === 'true',
  };
}

/**
 * A whole-number setting within its range, or `fallback` when unset. The message names the
 * setting, what it counts (`unit`) and its range, and repeats what was given.
 */
function wholeNumberFrom<F extends number | null>(
  name: string,
  value: string | undefined,
  fallback: F,
  range: { min: number; max?: number; unit?: string },
): number | F {
  const v = blankToNull(value);
  if (!v) return fallback;
  const n = Number(v);
  if (Number.isSafeInteger(n) && n >= range.min && (range.max === undefined || n <= range.max)) return n;
  const bounds =
    range.max !== undefined ? `from ${range.min} to ${range.max}` : range.min === 0 ? '(0 or more)' : `(at least ${range.min})`;
  throw new Error(`${name} must be a whole number ${range.unit ? `of ${range.unit} ` : ''}${bounds}, got "${v}"`);
}

/** The S3 settings (S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE) applied to another bucket: where s3:// backups go. */
export function s3ConfigForBucket(bucket: string, env: NodeJS.ProcessEnv = process.env): S3Config {
  return s3ConfigFrom({ ...env, S3_BUCKET: bucket })!;
}

/** Scheduled backups of a SQLite installation, in the process that runs jobs. */
export interface BackupConfig {
  /** BACKUP_TO: a folder, or s3://bucket/prefix. */
  to: string;
  /** BACKUP_EVERY: 30m, 6h, 1d, … */
  everyMs: number;
  /** BACKUP_KEEP: how many of the newest backups are kept there; older ones are deleted. */
  keep: number;
}

const BACKUP_UNIT_MS: Record<string, number> = { m: 60_000, h: 3600_000, d: 24 * 3600_000 };

/** Both BACKUP_TO and BACKUP_EVERY, or neither; backups of PostgreSQL are the operator's own (pg_dump). */
function backupConfigFrom(env: NodeJS.ProcessEnv): BackupConfig | null {
  const to = blankToNull(env.BACKUP_TO);
  const every = blankToNull(env.BACKUP_EVERY);
  if (!to && !every) return null;
  if (!to || !every)
    throw new Error('Set BACKUP_TO and BACKUP_EVERY together (e.g. BACKUP_TO=/var/backups/epcplus BACKUP_EVERY=1d), or neither.');
  if (/^postgres(ql)?:\/\//.test(env.DATABASE_URL ?? ''))
    throw new Error(
      'BACKUP_TO backs up the SQLite database; back PostgreSQL up with its own tools (pg_dump, WAL archiving) and unset BACKUP_TO.',
    );
  const match = /^(\d{1,4})([mhd])$/.exec(every);
  const everyMs = match ? Number(match[1]) * BACKUP_UNIT_MS[match[2]] : 0;
  if (everyMs < 15 * 60_000) throw new Error(`BACKUP_EVERY must be a period such as 30m, 6h or 1d (at least 15m), got "${every}"`);
  const keep = wholeNumberFrom('BACKUP_KEEP', env.BACKUP_KEEP, 7, { min: 1, max: 1000 });
  return { to: to.startsWith('s3://') ? to : resolve(to), everyMs, keep };
}

/** Every setting of the server, read once from the environment with the embedded defaults. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: a SQLite file in dataDir. postgres://…: PostgreSQL. ':memory:' is for tests. */
  databaseUrl: string | null;
  publicUrl: string;
  sessionSecret: string;
  smtpUrl: string | null;
  redisUrl: string | null;
  stripe: StripeConfig;
  amplitudeApiKey: string | null;
  scheduling: SchedulingConfig;
  /** The public marketing site the pages link to (menu, questionnaire); null: those links are left out. */
  marketingUrl: string | null;
  /** Where contact requests go, and who our emails come from. */
  teamEmail: string;
  mailFrom: string;
  /** production serves the built app and marks cookies Secure when publicUrl is https. */
  env: 'production' | 'development' | 'test';
  /** LOG_LEVEL: the least severe level logged (info: one line per request; warn: problems only). */
  logLevel: LogLevel;
  /** Where the built web app is, served in production. */
  webRoot: string;
  /**
   * Which peers may name the client in X-Forwarded-For (rate limits count per client address):
   * TRUST_PROXY as true, false or a comma-separated list of addresses, ranges and the names
   * loopback, linklocal, uniquelocal. Unset: none.
   */
  trustProxy: boolean | string;
  /**
   * Where the operator keeps the Help page's tutorial videos (TUTORIAL_VIDEO_BASE_URL): an
   * http(s) address or a path on this server, ending in '/'. Null: no videos, the tutorials show
   * their steps and screenshots only.
   */
  tutorialVideoBase: string | null;
  /** Null: files under dataDir/files. */
  s3: S3Config | null;
  workerConcurrency: number | null;
  /** METRICS_TOKEN: /metrics answers only a request bearing it; unset: /metrics is off. */
  metricsToken: string | null;
  /** SHUTDOWN_GRACE_MS: how long a SIGTERM waits for running requests and jobs. */
  shutdownGraceMs: number;
  /** JOB_STALE_MS: a running job whose worker stopped refreshing its claim this long ago is taken up again. */
  jobStaleMs: number;
  /** MIN_FREE_DISK_MB: below this much free space in DATA_DIR, /api/ready answers 503 (local files or SQLite only). */
  minFreeDiskMb: number;
  /** BACKUP_TO, BACKUP_EVERY, BACKUP_KEEP; null: no scheduled backups. */
  backup: BackupConfig | null;
  /** QUOTE_REQUEST_RETENTION_DAYS: owners' names, emails and phones in quote requests are erased this many days after the request. */
  quoteRequestRetentionDays: number;
}

function withoutTrailingSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end--;
  return url.slice(0, end);
}

const blankToNull = (v: string | undefined) => (v && v.trim() ? v.trim() : null);

/**
 * No proxy is believed unless the operator names it: otherwise any client could choose its own
 * address in X-Forwarded-For and escape rate limits.
 */
function trustProxyFrom(value: string | undefined): boolean | string {
  const v = blankToNull(value);
  if (!v) return false;
  return v === 'true' || v === 'false' ? v === 'true' : v;
}

/**
 * DATA_DIR holds the database, uploads, reports, emails and the session secret: readable by the
 * server's own user only, whatever the umask, including a folder that already existed.
 */
function privateDir(dir: string): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  return dir;
}

/** The session secret is generated once and kept in DATA_DIR, so restarts keep sessions valid. */
function sessionSecretFor(dataDir: string, fromEnv: string | null): string {
  if (fromEnv) return fromEnv;
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** ACUITY_APPOINTMENT_TYPES "1-3=11111,4-5=22222": a size missing from it has no calendar; a malformed entry stops the start. */
function appointmentTypesFrom(value: string | undefined): SchedulingConfig['appointmentTypes'] {
  const types: SchedulingConfig['appointmentTypes'] = {};
  for (const entry of (blankToNull(value) ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [size, id, ...rest] = entry.split('=').map((x) => x.trim());
    if (rest.length || !id || !(PROPERTY_SIZES as readonly string[]).includes(size)) {
      throw new Error(`ACUITY_APPOINTMENT_TYPES entries are SIZE=ID with SIZE one of ${PROPERTY_SIZES.join(', ')}; got "${entry}"`);
    }
    types[size as PropertySize] = id;
  }
  return types;
}

/** TUTORIAL_VIDEO_BASE_URL as a folder address: http(s)://host/folder/ or /folder/ on this server. */
function tutorialVideoBaseFrom(value: string | undefined): string | null {
  const v = blankToNull(value);
  if (!v) return null;
  const folder = v.endsWith('/') ? v : `${v}/`;
  if (folder.startsWith('/') && !folder.startsWith('//')) return folder;
  let url: URL;
  try {
    url = new URL(folder);
  } catch {
    throw new Error(`TUTORIAL_VIDEO_BASE_URL must be an http(s) address or a path starting with /, got "${v}"`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.search || url.hash)
    throw new Error(`TUTORIAL_VIDEO_BASE_URL must be an http(s) address with no query, got "${v}"`);
  return url.href;
}

/** MARKETING_URL as an origin with an optional path and no trailing slash; unset: no marketing site is linked. */
function marketingUrlFrom(value: string | undefined): string | null {
  const v = blankToNull(value);
  if (!v) return null;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw new Error(`MARKETING_URL must be an address such as https://www.example.co.uk, got "${v}"`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.search || url.hash || url.username || url.password)
    throw new Error(`MARKETING_URL must be http(s)://host[/path] with no query, got "${v}"`);
  return withoutTrailingSlashes(`${url.origin}${url.pathname}`);
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** LOG_LEVEL, or info (silent under tests, which read the log through their own stream). */
function logLevelFrom(value: string | undefined, mode: Config['env']): LogLevel {
  const v = blankToNull(value)?.toLowerCase();
  if (!v) return mode === 'test' ? 'silent' : 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(v)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
  return v as LogLevel;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const dataDir = privateDir(resolve(env.DATA_DIR ?? './data'));
  const mode = env.NODE_ENV === 'test' ? 'test' : env.NODE_ENV === 'development' ? 'development' : 'production';
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: blankToNull(env.DATABASE_URL),
    publicUrl: withoutTrailingSlashes(blankToNull(env.PUBLIC_URL) ?? `http://localhost:${port}`),
    sessionSecret: sessionSecretFor(dataDir, blankToNull(env.SESSION_SECRET)),
    smtpUrl: blankToNull(env.SMTP_URL),
    redisUrl: blankToNull(env.REDIS_URL),
    stripe: {
      secretKey: blankToNull(env.STRIPE_SECRET_KEY),
      publishableKey: blankToNull(env.STRIPE_PUBLISHABLE_KEY),
      webhookSecret: blankToNull(env.STRIPE_WEBHOOK_SECRET),
      apiBase: stripeApiBaseFrom(env.STRIPE_API_BASE),
    },
    amplitudeApiKey: blankToNull(env.AMPLITUDE_API_KEY),
    scheduling: {
      owner: blankToNull(env.ACUITY_OWNER),
      appointmentTypes: appointmentTypesFrom(env.ACUITY_APPOINTMENT_TYPES),
      calendarId: blankToNull(env.ACUITY_CALENDAR_ID),
    },
    marketingUrl: marketingUrlFrom(env.MARKETING_URL),
    teamEmail: blankToNull(env.TEAM_EMAIL) ?? SUPPORT_EMAIL,
    mailFrom: blankToNull(env.MAIL_FROM) ?? `${PRODUCT_NAME} <no-reply@epcplus.co.uk>`,
    env: mode,
    logLevel: logLevelFrom(env.LOG_LEVEL, mode),
    webRoot: resolve(env.WEB_ROOT ?? 'dist/public'),
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    tutorialVideoBase: tutorialVideoBaseFrom(env.TUTORIAL_VIDEO_BASE_URL),
    s3: s3ConfigFrom(env),
    // WORKER_CONCURRENCY unset: two jobs per PDF render thread (app.ts).
    workerConcurrency: wholeNumberFrom('WORKER_CONCURRENCY', env.WORKER_CONCURRENCY, null, { min: 1, max: 64 }),
    metricsToken: blankToNull(env.METRICS_TOKEN),
    shutdownGraceMs: wholeNumberFrom('SHUTDOWN_GRACE_MS', env.SHUTDOWN_GRACE_MS, 25_000, { min: 100, unit: 'milliseconds' }),
    jobStaleMs: wholeNumberFrom('JOB_STALE_MS', env.JOB_STALE_MS, 60_000, { min: 100, unit: 'milliseconds' }),
    minFreeDiskMb: wholeNumberFrom('MIN_FREE_DISK_MB', env.MIN_FREE_DISK_MB, 200, { min: 0, unit: 'megabytes' }),
    backup: backupConfigFrom(env),
    // Two years: long enough for an owner to come back about the quotes they were sent.
    quoteRequestRetentionDays: wholeNumberFrom('QUOTE_REQUEST_RETENTION_DAYS', env.QUOTE_REQUEST_RETENTION_DAYS, 730, {
      min: 1,
      max: 36_500,
      unit: 'days',
    }),
  };
}
