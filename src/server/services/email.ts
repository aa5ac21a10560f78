import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export interface Mailer {
  send(mail: OutgoingEmail): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise every message is written to DATA_DIR/outbox as the raw
 * .eml nodemailer builds plus a .json of its parts, so an operator (and a test) can read it.
 */
export function createMailer(opts: { smtpUrl: string | null; outboxDir: string; from: string; log: FastifyBaseLogger }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
        opts.log.info({ to: mail.to, subject: mail.subject }, 'email sent');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      await mkdir(opts.outboxDir, { recursive: true, mode: 0o700 });
      const base = join(opts.outboxDir, `${Date.now()}-${String(++sequence).padStart(4, '0')}`);
      await writeFile(`${base}.eml`, info.message as Buffer, { mode: 0o600 });
      await writeFile(`${base}.json`, JSON.stringify({ from: opts.from, ...mail, sentAt: new Date().toISOString() }, null, 2), { mode: 0o600 });
      opts.log.info({ to: mail.to, subject: mail.subject, file: `${base}.eml` }, 'email written to outbox');
    },
  };
}
