import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { PRODUCT_NAME, PROPERTY_SIZES, SUPPORT_EMAIL } from '../../../shared/constants';
import {
  address,
  mustBe,
  orNull,
  readSettings,
  refusal,
  setting,
  text,
  trueOrFalse,
  webAddress,
  wholeNumber,
  withoutTrailingSlashes,
} from './settings';

export type PropertySize = (typeof PROPERTY_SIZES)[number];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
type LogLevel = (typeof LOG_LEVELS)[number];

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

/** Scheduled backups of a SQLite installation, in the process that runs jobs. */
interface BackupConfig {
  /** BACKUP_TO: a folder, or s3://bucket/prefix. */
  to: string;
  /** BACKUP_EVERY: 30m, 6h, 1d, … */
  everyMs: number;
  /** BACKUP_KEEP: how many of the newest backups are kept there; older ones are deleted. */
  keep: number;
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
  /** POSTCODES_API_URL: a postcodes.io-compatible service the portfolio map's postcodes are looked up at, no trailing slash. */
  postcodesApiUrl: string;
  /** MAP_TILE_URL: the portfolio map's tiles, with {z}, {x} and {y} where the tile's zoom and position go. */
  mapTileUrl: string;
}

/** STRIPE_API_BASE as a URL the SDK can be pointed at: http(s), a host, nothing else. */
const stripeApiBase = address('STRIPE_API_BASE', 'http://127.0.0.1:12111')
  .pipe(
    mustBe(
      'STRIPE_API_BASE',
      'http(s)://host[:port] with no path',
      webAddress((url) => url.pathname === '/' || url.pathname === ''),
    ),
  )
  .transform((v) => new URL(v));

const s3Endpoint = (name: string) =>
  address(name, 'http://127.0.0.1:9000')
    .pipe(mustBe(name, 'http(s)://host[:port]', webAddress()))
    .transform(withoutTrailingSlashes);

/** The S3 settings of a bucket; read only when one is named (S3_BUCKET, or an s3:// backup address). */
const s3Settings = z
  .object({
    S3_BUCKET: text.pipe(z.string()),
    S3_ENDPOINT: orNull(s3Endpoint('S3_ENDPOINT')),
    S3_PUBLIC_ENDPOINT: orNull(s3Endpoint('S3_PUBLIC_ENDPOINT')),
    S3_REGION: text,
    AWS_REGION: text,
    S3_FORCE_PATH_STYLE: setting(mustBe('S3_FORCE_PATH_STYLE', 'true or false', trueOrFalse)).default(false),
  })
  .transform((s): S3Config => ({
    bucket: s.S3_BUCKET,
    endpoint: s.S3_ENDPOINT,
    publicEndpoint: s.S3_PUBLIC_ENDPOINT,
    region: s.S3_REGION ?? s.AWS_REGION ?? 'us-east-1',
    forcePathStyle: s.S3_FORCE_PATH_STYLE,
  }));

/** The S3 settings (S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE) applied to another bucket: where s3:// backups go. */
export function s3ConfigForBucket(bucket: string, env: NodeJS.ProcessEnv = process.env): S3Config {
  return readSettings(s3Settings, { ...env, S3_BUCKET: bucket });
}

const BACKUP_UNIT_MS: Record<string, number> = { m: 60_000, h: 3600_000, d: 24 * 3600_000 };

/** BACKUP_EVERY in milliseconds: up to four digits and a unit, at least a quarter of an hour. */
const backupPeriod = z
  .string()
  .regex(/^\d{1,4}[mhd]$/)
  .transform((v) => Number(v.slice(0, -1)) * BACKUP_UNIT_MS[v.slice(-1)])
  .pipe(z.number().min(15 * 60_000));

const BOTH_OR_NEITHER = 'Set BACKUP_TO and BACKUP_EVERY together (e.g. BACKUP_TO=/var/backups/epcplus BACKUP_EVERY=1d), or neither.';

/** Both BACKUP_TO and BACKUP_EVERY, or neither; backups of PostgreSQL are the operator's own (pg_dump). Read when either is set. */
const backupSettings = z
  .object({
    BACKUP_TO: text.pipe(z.string({ error: BOTH_OR_NEITHER })),
    BACKUP_EVERY: text
      .pipe(z.string({ error: BOTH_OR_NEITHER }))
      .pipe(mustBe('BACKUP_EVERY', 'a period such as 30m, 6h or 1d (at least 15m)', backupPeriod)),
    BACKUP_KEEP: setting(wholeNumber('BACKUP_KEEP', { min: 1, max: 1000 })).default(7),
    DATABASE_URL: text,
  })
  .refine((b) => !/^postgres(ql)?:\/\//.test(b.DATABASE_URL ?? ''), {
    path: ['BACKUP_TO'],
    message: 'BACKUP_TO backs up the SQLite database; back PostgreSQL up with its own tools (pg_dump, WAL archiving) and unset BACKUP_TO.',
    // Said beside a bad BACKUP_EVERY too: the operator fixes both at once.
    when: () => true,
  })
  .transform((b): BackupConfig => ({
    to: b.BACKUP_TO.startsWith('s3://') ? b.BACKUP_TO : resolve(b.BACKUP_TO),
    everyMs: b.BACKUP_EVERY,
    keep: b.BACKUP_KEEP,
  }));

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
function sessionSecretFor(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** One entry of ACUITY_APPOINTMENT_TYPES: SIZE=ID. */
const appointmentType = z
  .string()
  .transform((entry) => entry.split('=').map((x) => x.trim()))
  .pipe(z.tuple([z.enum(PROPERTY_SIZES), z.string().min(1)]));

/** ACUITY_APPOINTMENT_TYPES "1-3=11111,4-5=22222": a size missing from it has no calendar; a malformed entry stops the start. */
const appointmentTypes = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z
        .string()
        .refine((entry) => appointmentType.safeParse(entry).success, {
          error: (issue) =>
            `ACUITY_APPOINTMENT_TYPES entries are SIZE=ID with SIZE one of ${PROPERTY_SIZES.join(', ')}; got "${String(issue.input)}"`,
        })
        .pipe(appointmentType),
    ),
  )
  .transform((entries): SchedulingConfig['appointmentTypes'] => Object.fromEntries(entries));

const TUTORIALS = 'TUTORIAL_VIDEO_BASE_URL';
/** '/videos' is a path on this server; '//host/videos' would be another host's. */
const isPathHere = (v: string) => v.startsWith('/') && !v.startsWith('//');
const asFolder = (v: string) => (v.endsWith('/') ? v : `${v}/`);
const videoFolderAddress = webAddress((url) => !url.search && !url.hash);

/** TUTORIAL_VIDEO_BASE_URL as a folder address: http(s)://host/folder/ or /folder/ on this server. */
const tutorialVideoBase = z
  .string()
  .refine((v) => isPathHere(v) || URL.canParse(asFolder(v)), refusal(TUTORIALS, 'an http(s) address or a path starting with /'))
  // A pipe, not a second refine: one refusal per value.
  .pipe(
    z
      .string()
      .refine(
        (v) => isPathHere(v) || videoFolderAddress.safeParse(asFolder(v)).success,
        refusal(TUTORIALS, 'an http(s) address with no query'),
      ),
  )
  .transform((v) => (isPathHere(v) ? asFolder(v) : new URL(asFolder(v)).href));

/** MARKETING_URL as an origin with an optional path and no trailing slash; unset: no marketing site is linked. */
const marketingUrl = address('MARKETING_URL', 'https://www.example.co.uk')
  .pipe(
    mustBe(
      'MARKETING_URL',
      'http(s)://host[/path] with no query',
      webAddress((url) => !url.search && !url.hash && !url.username && !url.password),
    ),
  )
  .transform((v) => {
    const url = new URL(v);
    return withoutTrailingSlashes(`${url.origin}${url.pathname}`);
  });

/** POSTCODES_API_URL as http(s)://host[/path] with no query and no trailing slash: the bulk lookup's path is added to it. */
const postcodesApiUrl = address('POSTCODES_API_URL', 'https://api.postcodes.io')
  .pipe(
    mustBe(
      'POSTCODES_API_URL',
      'http(s)://host[/path] with no query',
      webAddress((url) => !url.search && !url.hash),
    ),
  )
  .transform(withoutTrailingSlashes);

/**
 * MAP_TILE_URL, kept as written: new URL() would escape its braces. Browsers load the tiles, so
 * an https address is what the pages' Content-Security-Policy lets them load (img-src https:).
 */
const mapTileUrl = address('MAP_TILE_URL', 'https://tile.openstreetmap.org/{z}/{x}/{y}.png').pipe(
  mustBe(
    'MAP_TILE_URL',
    'an http(s) address with {z}, {x} and {y} in it',
    webAddress().refine((v) => ['{z}', '{x}', '{y}'].every((part) => v.includes(part))),
  ),
);

const logLevel = mustBe('LOG_LEVEL', `one of ${LOG_LEVELS.join(', ')}`, z.string().toLowerCase().pipe(z.enum(LOG_LEVELS)));

/**
 * Every environment variable the server reads, with its rule and default (docs/operations.md
 * lists them for operators). HOST, DATA_DIR and WEB_ROOT are taken as written, even empty.
 */
export const environment = z.object({
  PORT: setting(wholeNumber('PORT', { min: 0, max: 65535 })).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: text,
  PUBLIC_URL: text,
  SESSION_SECRET: text,
  SMTP_URL: orNull(z.string()),
  REDIS_URL: orNull(z.string()),
  STRIPE_SECRET_KEY: orNull(z.string()),
  STRIPE_PUBLISHABLE_KEY: orNull(z.string()),
  STRIPE_WEBHOOK_SECRET: orNull(z.string()),
  STRIPE_API_BASE: orNull(stripeApiBase),
  AMPLITUDE_API_KEY: orNull(z.string()),
  ACUITY_OWNER: orNull(z.string()),
  ACUITY_APPOINTMENT_TYPES: setting(appointmentTypes).default({}),
  ACUITY_CALENDAR_ID: orNull(z.string()),
  MARKETING_URL: orNull(marketingUrl),
  TEAM_EMAIL: setting(z.string()).default(SUPPORT_EMAIL),
  MAIL_FROM: setting(z.string()).default(`${PRODUCT_NAME} <no-reply@epcplus.co.uk>`),
  // Anything but test or development, unset included, is production.
  NODE_ENV: z.enum(['production', 'development', 'test']).catch('production'),
  LOG_LEVEL: setting(logLevel),
  WEB_ROOT: z.string().default('dist/public'),
  /** No proxy is believed unless the operator names it: otherwise any client could choose its own address and escape rate limits. */
  TRUST_PROXY: setting(z.union([trueOrFalse, z.string()])).default(false),
  TUTORIAL_VIDEO_BASE_URL: orNull(tutorialVideoBase),
  // Read by s3Settings, and only when S3_BUCKET is set.
  S3_BUCKET: text,
  S3_ENDPOINT: text,
  S3_PUBLIC_ENDPOINT: text,
  S3_REGION: text,
  AWS_REGION: text,
  S3_FORCE_PATH_STYLE: text,
  WORKER_CONCURRENCY: orNull(wholeNumber('WORKER_CONCURRENCY', { min: 1, max: 64 })),
  METRICS_TOKEN: orNull(z.string()),
  SHUTDOWN_GRACE_MS: setting(wholeNumber('SHUTDOWN_GRACE_MS', { min: 100, unit: 'milliseconds' })).default(25_000),
  JOB_STALE_MS: setting(wholeNumber('JOB_STALE_MS', { min: 100, unit: 'milliseconds' })).default(60_000),
  MIN_FREE_DISK_MB: setting(wholeNumber('MIN_FREE_DISK_MB', { min: 0, unit: 'megabytes' })).default(200),
  // Read by backupSettings, and only when BACKUP_TO or BACKUP_EVERY is set.
  BACKUP_TO: text,
  BACKUP_EVERY: text,
  BACKUP_KEEP: text,
  // Two years: long enough for an owner to come back about the quotes they were sent.
  QUOTE_REQUEST_RETENTION_DAYS: setting(wholeNumber('QUOTE_REQUEST_RETENTION_DAYS', { min: 1, max: 36_500, unit: 'days' })).default(730),
  POSTCODES_API_URL: setting(postcodesApiUrl).default('https://api.postcodes.io'),
  // OpenStreetMap's own tiles, under its tile usage policy (https://operations.osmfoundation.org/policies/tiles/).
  MAP_TILE_URL: setting(mapTileUrl).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
});
type Environment = z.output<typeof environment>;

const s3Of = (env: Environment) => (env.S3_BUCKET ? s3Settings.safeParse(env) : null);
const backupOf = (env: Environment) => (env.BACKUP_TO || env.BACKUP_EVERY ? backupSettings.safeParse(env) : null);

/** The environment read into the server's settings, with every default and derived value. */
const configSchema = environment
  .superRefine(
    (env, ctx) => {
      for (const group of [s3Of(env), backupOf(env)])
        for (const issue of group?.error?.issues ?? []) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    },
    // Said beside the other bad settings, not after they are fixed.
    { when: () => true },
  )
  .transform((env): Config => {
    const dataDir = privateDir(resolve(env.DATA_DIR));
    return {
      port: env.PORT,
      host: env.HOST,
      dataDir,
      databaseUrl: env.DATABASE_URL ?? null,
      publicUrl: withoutTrailingSlashes(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`),
      sessionSecret: sessionSecretFor(dataDir, env.SESSION_SECRET),
      smtpUrl: env.SMTP_URL,
      redisUrl: env.REDIS_URL,
      stripe: {
        secretKey: env.STRIPE_SECRET_KEY,
        publishableKey: env.STRIPE_PUBLISHABLE_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        apiBase: env.STRIPE_API_BASE,
      },
      amplitudeApiKey: env.AMPLITUDE_API_KEY,
      scheduling: {
        owner: env.ACUITY_OWNER,
        appointmentTypes: env.ACUITY_APPOINTMENT_TYPES,
        calendarId: env.ACUITY_CALENDAR_ID,
      },
      marketingUrl: env.MARKETING_URL,
      teamEmail: env.TEAM_EMAIL,
      mailFrom: env.MAIL_FROM,
      env: env.NODE_ENV,
      // Tests read the log through their own stream.
      logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
      webRoot: resolve(env.WEB_ROOT),
      trustProxy: env.TRUST_PROXY,
      tutorialVideoBase: env.TUTORIAL_VIDEO_BASE_URL,
      s3: s3Of(env)?.data ?? null,
      // Unset: two jobs per PDF render thread (app.ts).
      workerConcurrency: env.WORKER_CONCURRENCY,
      metricsToken: env.METRICS_TOKEN,
      shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
      jobStaleMs: env.JOB_STALE_MS,
      minFreeDiskMb: env.MIN_FREE_DISK_MB,
      backup: backupOf(env)?.data ?? null,
      quoteRequestRetentionDays: env.QUOTE_REQUEST_RETENTION_DAYS,
      postcodesApiUrl: env.POSTCODES_API_URL,
      mapTileUrl: env.MAP_TILE_URL,
    };
  });

/** Every setting, read once at start; a bad environment stops it with one Error naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return readSettings(configSchema, env);
}
