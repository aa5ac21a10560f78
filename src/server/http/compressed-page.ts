import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A page made once and sent to every visitor: kept as it is and compressed, both once. */
export interface CompressedPage {
  plain: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export function compressOnce(html: string): CompressedPage {
  const plain = Buffer.from(html);
  return {
    plain,
    br: brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gzip: gzipSync(plain, { level: constants.Z_BEST_COMPRESSION }),
  };
}

/** Brotli, else gzip, when the client's Accept-Encoding takes it (a q=0 refuses it); otherwise none. */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    weights.set(name, q === undefined ? 1 : Number(q.slice(2)));
  }
  const star = weights.get('*') ?? 0;
  for (const encoding of ['br', 'gzip'] as const) if ((weights.get(encoding) ?? star) > 0) return encoding;
  return null;
}

/** Sends the copy the client takes; caches keep one per Accept-Encoding. */
export function sendCompressedPage(request: FastifyRequest, reply: FastifyReply, page: CompressedPage) {
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  reply.header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
  if (!encoding) return reply.send(page.plain);
  return reply.header('Content-Encoding', encoding).send(page[encoding]);
}
