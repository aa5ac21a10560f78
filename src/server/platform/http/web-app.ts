import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config/config';
import { sendNotFound } from './error-handler';
import { builtFileOf, readBuiltFiles, sendBuiltFile, type BuiltFile } from './built-files';
import { MARKETING_URL_META, PAYMENT_COMPLETE_PATH } from '../../../shared/links';

const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The pages with the marketing site's address in their head, written and compressed once at
 * start in place of the built ones.
 */
function withMarketingUrl(built: Map<string, BuiltFile>, marketingUrl: string): void {
  const meta = `<meta name="${MARKETING_URL_META}" content="${attribute(marketingUrl)}" />`;
  for (const url of ['/index.html', '/shared.html']) {
    const html = built.get(url)?.plain.body.toString('utf8');
    if (html === undefined) continue;
    built.set(url, builtFileOf(url, html.includes('</head>') ? html.replace('</head>', `${meta}</head>`) : meta + html));
  }
}

/**
 * The built web app's files, sent from memory (built-files.ts); public/'s own static images the
 * build does not copy (measure icons, tutorial screenshots, an operator's tutorial videos) from
 * disk; and index.html for every other GET so that a deep link (/account, /s/12/slug) opens the
 * app. Calls under /api/ and missing files get a JSON 404. Fastify takes one not-found handler,
 * so it is set here in both cases. Answers the build's files, for the front door (front-door.ts)
 * to answer them before Fastify does.
 */
export async function registerWebApp(app: FastifyInstance, config: Config): Promise<ReadonlyMap<string, BuiltFile>> {
  if (!existsSync(join(config.webRoot, 'index.html'))) {
    if (config.env === 'production') app.log.warn(`No built web app at ${config.webRoot}; run npm run build.`);
    app.setNotFoundHandler(sendNotFound);
    return new Map();
  }
  const built = await readBuiltFiles(config.webRoot);
  if (config.marketingUrl) withMarketingUrl(built, config.marketingUrl);
  // Already compressed by the build, or not worth it (images): never again per request.
  const sendsBuilt = { config: { compress: false } } as const;
  for (const [url, file] of built) app.get(url, sendsBuilt, (request, reply) => sendBuiltFile(request, reply, file));
  await app.register(fastifyStatic, {
    root: resolve(config.webRoot, '../../public'),
    // The build's own copies (index.html, shared.html) are the ones sent.
    globIgnore: [...built.keys()].map((url) => url.slice(1)),
    wildcard: false,
    index: false,
    // Otherwise send's own 'public, max-age=0' replaces the header setHeaders chose.
    cacheControl: false,
    setHeaders(res) {
      res.setHeader('Cache-Control', 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    if (request.method !== 'GET' || path.startsWith('/api/') || /\.[a-z0-9]+$/i.test(path)) return sendNotFound(request, reply);
    // Owners open shared links, and come back from paying, on phones: those get the small page with none of the logged-in app.
    const file = path.startsWith('/s/') || path === PAYMENT_COMPLETE_PATH ? 'shared.html' : 'index.html';
    const page = built.get(`/${file}`);
    return page ? sendBuiltFile(request, reply, page) : sendNotFound(request, reply);
  });
  return built;
}
