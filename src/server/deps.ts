import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Config } from './platform/config/config';
import type { Db } from './platform/db/database';
import type { SessionStore } from './platform/http/sessions';
import type { Mailer } from './platform/email/mailer';
import type { Realtime } from './platform/realtime/realtime';
import type { FileStorage } from './platform/storage/file-storage';
import type { FileUrlSigner } from './platform/storage/signed-urls';
import type { JobQueue } from './platform/jobs/queue';
import type { RenderPool } from './pdf/render-pool/render-pool';
import type { LogoConverter } from './platform/images/logo-converter';

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
