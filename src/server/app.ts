import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import compress from '@fastify/compress';
import { join } from 'node:path';
import type { Config } from './config';
import { createDb, type Db } from './db/database';
import { migrateToLatest } from './db/migrate';
import { registerErrorHandler } from './http/error-handler';
import { badRequest } from './http/http-error';
import { registerSameOriginCheck } from './http/same-origin';
import { registerSessions, sessionStore, type SessionStore } from './http/session';
import { routeFactory } from './http/route';
import { createMailer, type Mailer } from './services/email';
import { startRealtime, type Realtime } from './services/realtime';
import { tokenHasher } from './services/tokens';
import { localFileStorage, type FileStorage } from './services/storage';
import { fileUrlSigner, type FileUrlSigner } from './services/signed-urls';
import { createJobQueue, type JobQueue } from './services/jobs';
import { registerWebApp } from './http/web-app';
import { accessRoutes } from './routes/access';
import { accountRoutes } from './routes/account';
import { messageRoutes } from './routes/messages';
import { settingsRoutes } from './routes/settings';
import { brandingRoutes } from './routes/brandings';
import { uploadRoutes } from './routes/uploads';
import { reportRoutes } from './routes/reports';
import { fileRoutes } from './routes/files';
import { sharedReportRoutes } from './routes/shared-reports';
import { contractorRoutes } from './routes/contractors';
import { registerReportJobs } from './services/report-jobs';

/** What routes and jobs share: built once per server, passed explicitly. */
export interface Deps {
  config: Config;
  db: Db;
  mailer: Mailer;
  sessions: SessionStore;
  realtime: Realtime;
  /** Keyed hash for tokens and emailed codes. */
  hash: (token: string) => string;
  storage: FileStorage;
  /** Short-lived addresses of stored files (report PDFs). */
  fileUrls: FileUrlSigner;
  jobs: JobQueue;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}

/** Loggers never see secrets: cookies, passwords and codes are redacted wherever they appear. */
const REDACT = [
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.passwordConfirm',
  '*.code',
  '*.token',
];

/**
 * App links carry secrets in their path (/confirm/{code}, /resetpassword/{email}/{code}) and the
 * card provider's client secret in the query of /paymentComplete: outside /api/ the log keeps
 * the route only.
 */
export function loggableUrl(url: string): string {
  if (url.startsWith('/api/')) return url;
  return url.split('?')[0].replace(/^\/(confirm|resetpassword)\/.*/, '/$1/[redacted]');
}

/** PostgreSQL text cannot hold U+0000; refused up front, it would otherwise fail as a 500 in the database. */
function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value && typeof value === 'object') return Object.values(value).some(containsNul);
  return false;
}

export interface BuildOptions {
  db?: Db;
  /** Where the log goes and from which level (tests read it); the redaction applies whatever the destination. */
  log?: { stream: { write(msg: string): void }; level?: string };
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: opts.log?.level ?? (config.env === 'test' ? 'silent' : 'info'),
      redact: REDACT,
      serializers: {
        req: (request: FastifyRequest) => ({ method: request.method, url: loggableUrl(request.url), host: request.host, remoteAddress: request.ip }),
      },
      ...(opts.log ? { stream: opts.log.stream } : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });

  const db = opts.db ?? createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(db);
  const hash = tokenHasher(config.sessionSecret);
  const sessions = sessionStore(db, hash);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, outboxDir: join(config.dataDir, 'outbox'), from: config.mailFrom, log: app.log });
  const realtime = await startRealtime({ server: app.server, sessions, publicUrl: config.publicUrl, redisUrl: config.redisUrl, log: app.log });
  const storage = localFileStorage(join(config.dataDir, 'files'));
  const fileUrls = fileUrlSigner(`${config.sessionSecret}:files`);
  const jobs = createJobQueue(db, app.log);
  app.decorate('deps', { config, db, mailer, sessions, realtime, hash, storage, fileUrls, jobs });
  app.addHook('preClose', async () => {
    await jobs.stop();
    await realtime.close();
  });
  app.addHook('onClose', async () => db.destroy());

  // JSON only: a cross-site form can post text/plain without a preflight, so that parser goes.
  app.removeContentTypeParser('text/plain');
  // A call without fields (ping, logout) may send an empty JSON body; the default parser refuses it.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, {});
    parseJson(request, body as string, (err, value) => {
      if (err) return done(err, undefined);
      // A raw NUL is not valid JSON, so only a body with the escape \u0000 can carry one.
      if ((body as string).includes('\\u0000') && containsNul(value)) return done(badRequest('Text must not contain NUL characters.'), undefined);
      done(null, value);
    });
  });
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(compress, { threshold: 1024 });
  registerErrorHandler(app);
  registerSessions(app, sessions, config.publicUrl.startsWith('https:'));
  registerSameOriginCheck(app, config.publicUrl);

  const routes = routeFactory(app, { checkResponses: config.env === 'test' });
  accessRoutes(routes, app.deps);
  accountRoutes(routes, app.deps);
  messageRoutes(routes, app.deps);
  settingsRoutes(routes, app.deps);
  brandingRoutes(routes, app.deps);
  uploadRoutes(app, routes, app.deps);
  reportRoutes(routes, app.deps);
  fileRoutes(app, app.deps);
  sharedReportRoutes(routes, app.deps);
  contractorRoutes(routes, app.deps);
  await registerReportJobs(app.deps);
  jobs.start();

  await registerWebApp(app, config);
  return app;
}
