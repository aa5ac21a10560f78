import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema';
import { defineJob } from '../jobs/define';
import type { JobQueue } from '../jobs/queue';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export interface Mailer {
  /**
   * Queues a message; the email job sends it and retries while the mail server is away. Given a
   * transaction (`via`), the message exists only if the transaction commits: call jobs.kick() after.
   */
  send(mail: OutgoingEmail, via?: Kysely<Database>): Promise<void>;
}

export const SEND_EMAIL = defineJob<OutgoingEmail>(
  'send_email',
  z.object({ to: z.string(), subject: z.string(), text: z.string(), html: z.string().optional(), replyTo: z.string().optional() }),
);
/** 15 tries, 2 s apart at first and doubling: a mail server may be away for most of a day before a message is given up. */
const EMAIL_ATTEMPTS = 15;

/** Written under a temporary name, then renamed: whoever reads the outbox never finds half a message. */
async function writeWhole(path: string, data: string | Buffer): Promise<void> {
  await writeFile(`${path}.partial`, data, { mode: 0o600 });
  await rename(`${path}.partial`, path);
}

/**
 * SMTP when SMTP_URL is set; otherwise every message is written to DATA_DIR/outbox as the raw
 * .eml nodemailer builds plus a .json of its parts, so an operator (and a test) can read it.
 */
function createTransport(opts: {
  smtpUrl: string | null;
  outboxDir: string;
  from: string;
  log: FastifyBaseLogger;
}): (mail: OutgoingEmail) => Promise<void> {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return async (mail) => {
      await transport.sendMail({ from: opts.from, ...mail });
      opts.log.info({ to: mail.to, subject: mail.subject }, 'email sent');
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return async (mail) => {
    const info = await transport.sendMail({ from: opts.from, ...mail });
    await mkdir(opts.outboxDir, { recursive: true, mode: 0o700 });
    const base = join(opts.outboxDir, `${Date.now()}-${String(++sequence).padStart(4, '0')}`);
    await writeWhole(`${base}.eml`, info.message as Buffer);
    await writeWhole(`${base}.json`, JSON.stringify({ from: opts.from, ...mail, sentAt: new Date().toISOString() }, null, 2));
    opts.log.info({ to: mail.to, subject: mail.subject, file: `${base}.eml` }, 'email written to outbox');
  };
}

/**
 * Email goes through the job queue kept in the database: a request never waits on, or fails
 * with, the mail server, and a message queued while it is down goes out when it is back.
 */
export function createMailer(
  jobs: JobQueue,
  opts: { smtpUrl: string | null; outboxDir: string; from: string; log: FastifyBaseLogger },
): Mailer {
  const deliver = createTransport(opts);
  jobs.handle(SEND_EMAIL, deliver, (mail, err) => opts.log.error({ err, to: mail.to }, 'email given up after every retry'), {
    maxAttempts: EMAIL_ATTEMPTS,
    forgetPayload: true,
  });
  return {
    async send(mail, via) {
      await jobs.enqueue(SEND_EMAIL, mail, Date.now(), via);
    },
  };
}
