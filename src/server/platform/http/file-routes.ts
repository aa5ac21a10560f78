import type { FastifyInstance } from 'fastify';
import type { FileStorage } from '../storage/file-storage';
import type { FileUrlSigner } from '../storage/signed-urls';
import { forbidden, notFound } from './http-error';

const TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
};

/**
 * What the domain that owns the stored files under a prefix says about one of them: the name to
 * serve it under, or null once it may no longer be served (its owner deleted it). Domains give
 * their rules to the file routes, so these routes never read a domain's tables themselves.
 */
export interface StoredFileRule {
  prefix: string;
  downloadName(key: string): Promise<string | null>;
  /** Said when downloadName answers null. */
  goneMessage: string;
}

interface FileRouteDeps {
  storage: FileStorage;
  fileUrls: FileUrlSigner;
  rules: readonly StoredFileRule[];
}

/** Stored files behind short-lived signed addresses: no session needed, nothing guessable. */
export function fileRoutes(app: FastifyInstance, deps: FileRouteDeps): void {
  app.get<{ Params: { '*': string }; Querystring: { exp?: string; sig?: string } }>('/api/files/*', async (request, reply) => {
    const key = request.params['*'];
    if (!deps.fileUrls.verify(key, Number(request.query.exp), String(request.query.sig ?? ''))) {
      throw forbidden('This link has expired. Please open the report again from the app.');
    }
    let filename = key.split('/').pop()!;
    const rule = deps.rules.find((r) => key.startsWith(r.prefix));
    if (rule) {
      const name = await rule.downloadName(key);
      if (name === null) throw notFound(rule.goneMessage);
      filename = name;
    }
    const data = await deps.storage.get(key).catch(() => null);
    if (!data) throw notFound('That file does not exist.');
    const ext = key.split('.').pop()!.toLowerCase();
    reply
      .type(TYPES[ext] ?? 'application/octet-stream')
      .header('Content-Disposition', `inline; filename="${filename}"`)
      .header('Cache-Control', 'private, max-age=300')
      // An SVG logo opened directly must not run anything, whatever got past the sanitiser.
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    return reply.send(data);
  });
}
