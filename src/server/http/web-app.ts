import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config';
import { sendNotFound } from './error-handler';
import { compressOnce, sendCompressedPage, type CompressedPage } from './compressed-page';
import { MARKETING_URL_META, PAYMENT_COMPLETE_PATH } from '../../shared/links';

const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The page with the marketing site's address in its head: the built file is read, and
 * compressed, once (the fallback for app paths is no route, so no per-request compression reaches it).
 */
function pageWithMarketingUrl(webRoot: string, marketingUrl: string) {
  const pages = new Map<string, Promise<CompressedPage>>();
  const meta = `<meta name="${MARKETING_URL_META}" content="${attribute(marketingUrl)}" />`;
  return (file: string): Promise<CompressedPage> => {
    let page = pages.get(file);
    if (!page) {
      page = readFile(join(webRoot, file), 'utf8').then((html) =>
        compressOnce(html.includes('</head>') ? html.replace('</head>', `${meta}</head>`) : meta + html),
      );
      pages.set(file, page);
    }
    return page;
  };
}

/**
 * Hashed chunk names change with their content, so they may be cached for a year; the build's
 * brotli or gzip copy sent for one (`.br`, `.gz`) is the same file.
 */
const HASHED = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|jpg)(\.br|\.gz)?$/;
/** Files the build keeps a compressed copy of: a cache must keep one copy per Accept-Encoding. */
const HAS_COMPRESSED_COPIES = /\.(js|css|html|svg|json|txt)(\.br|\.gz)?$/;

/**
 * The built web app's static files, and index.html for every other GET so that a deep link
 * (/account, /s/12/slug) opens the app. Calls under /api/ and missing files get a JSON 404.
 * Fastify takes one not-found handler, so it is set here in both cases.
 */
export async function registerWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const index = join(config.webRoot, 'index.html');
  if (!existsSync(index)) {
    if (config.env === 'production') app.log.warn(`No built web app at ${config.webRoot}; run npm run build.`);
    app.setNotFoundHandler(sendNotFound);
    return;
  }
  await app.register(fastifyStatic, {
    // The build first; then public/ itself for static images the build does not copy (measure icons).
    root: [config.webRoot, resolve(config.webRoot, '../../public')],
    wildcard: false,
    index: false,
    // Otherwise send's own 'public, max-age=0' replaces the header setHeaders chose.
    cacheControl: false,
    // The build's brotli and gzip copies (tools/precompress-plugin.ts): no compression at request time.
    preCompressed: true,
    setHeaders(res, path) {
      res.setHeader('Cache-Control', HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (HAS_COMPRESSED_COPIES.test(path)) res.setHeader('Vary', 'Accept-Encoding');
    },
  });
  const withMarketingUrl = config.marketingUrl ? pageWithMarketingUrl(config.webRoot, config.marketingUrl) : null;
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    if (request.method !== 'GET' || path.startsWith('/api/') || /\.[a-z0-9]+$/i.test(path)) return sendNotFound(request, reply);
    reply.header('Cache-Control', 'no-cache');
    // Owners open shared links, and come back from paying, on phones: those get the small page with none of the logged-in app.
    const file = path.startsWith('/s/') || path === PAYMENT_COMPLETE_PATH ? 'shared.html' : 'index.html';
    if (!withMarketingUrl) return reply.sendFile(file);
    return sendCompressedPage(request, reply, await withMarketingUrl(file));
  });
}
