import type { Config } from './config';
import type { Db } from './db/database';
import type { SessionStore } from './http/session';
import type { Mailer } from './services/email';
import type { Realtime } from './services/realtime';
import type { FileStorage } from './services/storage';
import type { FileUrlSigner } from './services/signed-urls';
import type { JobQueue } from './services/jobs';

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
}
