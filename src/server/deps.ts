import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Config } from './config';
import type { Db } from './db/database';
import type { SessionStore } from './access/sessions';
import type { Mailer } from './email/mailer';
import type { Realtime } from './realtime/realtime';
import type { FileStorage } from './storage/file-storage';
import type { FileUrlSigner } from './storage/signed-urls';
import type { JobQueue } from './jobs/queue';
import type { RenderPool } from './jobs/render-pool';
import type { LogoConverter } from './brandings/logos/logo-converter';

/**
 * What routes and jobs share: built once per server by app.ts, passed explicitly. Its own module,
 * so routes and services depend on it without importing the app that imports them.
 */
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
  /** Draws PDFs and reads survey files on worker threads: the event loop never does either. */
  renders: RenderPool;
  /** Converts uploaded logos in processes of its own, killed at their deadline: never on the threads logins and file reads use. */
  logos: LogoConverter;
  /** The official Stripe SDK, or null when card payment is not set up. */
  stripe: Stripe | null;
  log: FastifyBaseLogger;
}
