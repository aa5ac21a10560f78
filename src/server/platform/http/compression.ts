import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/** Smaller answers gain less from compression than it costs (a JSON ok, a ping): sent as they are. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** The levels meant for dynamic content, here and for answers kept compressed (kept-answer.ts). */
export const DYNAMIC_BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
export const DYNAMIC_GZIP_OPTIONS = { level: 6 };

/**
 * Compression of answers made per request (API JSON, pages written from the database). Built
 * files never come here compressed-on-the-fly: the build keeps brotli and gzip copies that
 * web-app.ts sends as they are. Levels are the ones meant for dynamic content (brotli 4, gzip 6):
 * brotli's default 11 spends tens of milliseconds and megabytes of window per answer for a few
 * per cent fewer bytes.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    brotliOptions: DYNAMIC_BROTLI_OPTIONS,
    zlibOptions: DYNAMIC_GZIP_OPTIONS,
  });
}
