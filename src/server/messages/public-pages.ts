import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Deps } from '../deps';
import { PRODUCT_NAME } from '../../shared/constants';
import { LEGAL_PATHS } from '../../shared/links';
import { newestPrivacyPolicy, newestTerms } from './repos/messages';

/** The public pages' one stylesheet: the policy forbids inline style, and these pages load no app bundle. */
const PUBLIC_PAGE_CSS_PATH = '/public-page.css';

const CSS = `*{box-sizing:border-box}body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2430;background:#f5f7fa}
header,footer{background:#2360b1;color:#fff}header div,footer div{max-width:46rem;margin:0 auto;padding:.9rem 1rem}
.brand{color:#fff;font-size:1.4rem;font-weight:800;text-decoration:none}.brand span{color:#bfe6bf}
main{max-width:46rem;margin:0 auto;padding:1.25rem 1rem 2.5rem}article{background:#fff;border-radius:8px;padding:1.25rem 1rem;box-shadow:0 1px 3px rgba(29,36,48,.12)}
h1{margin-top:0;font-size:1.6rem;line-height:1.25;color:#1a4a8a}.published{color:#5b6575;margin-top:-.5rem}a{color:#1a4a8a}
footer a{color:#fff;margin-right:1.5rem}footer p{margin:.5rem 0 0;font-size:.875rem}`;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

const longDate = (ms: number) =>
  new Date(ms).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * A whole page around the operator's text. Server-made HTML with no script: an owner following a
 * footer link on a phone gets the text at once. `bodyHtml` was sanitised when it was published.
 */
function publicPageHtml(opts: { title: string; bodyHtml: string; publishedAt?: number; homeUrl: string }): string {
  const title = escapeHtml(opts.title);
  const published = opts.publishedAt ? `<p class="published">Published ${longDate(opts.publishedAt)}</p>` : '';
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · ${PRODUCT_NAME}</title><link rel="stylesheet" href="${PUBLIC_PAGE_CSS_PATH}"></head>
<body><header><div><a class="brand" href="${escapeHtml(opts.homeUrl)}">EPC<span>plus</span></a></div></header>
<main><article><h1>${title}</h1>${published}
${opts.bodyHtml}
</article></main>
<footer><div><nav aria-label="Legal"><a href="${LEGAL_PATHS.privacy}">Privacy policy</a><a href="${LEGAL_PATHS.terms}">Terms and conditions</a></nav>
<p>© ${new Date().getUTCFullYear()} ${PRODUCT_NAME}</p></div></footer></body></html>
`;
}

type Published = { title: string; message_html: string; at: number } | undefined;

/** What a page is called, and the sentence shown while the operator has published none. */
const PAGES = {
  terms: { title: 'Terms and conditions', none: 'No terms and conditions have been published yet.' },
  privacy: { title: 'Privacy policy', none: 'No privacy policy has been published yet.' },
};

function send(reply: FastifyReply, homeUrl: string, what: (typeof PAGES)[keyof typeof PAGES], page: Published) {
  reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
  if (!page) {
    const bodyHtml = `<p>${what.none} Please ask your assessor or ${PRODUCT_NAME} if you need it now.</p>`;
    return reply.status(404).send(publicPageHtml({ title: what.title, bodyHtml, homeUrl }));
  }
  return reply.send(publicPageHtml({ title: page.title, bodyHtml: page.message_html, publishedAt: page.at, homeUrl }));
}

/** /terms and /privacy: the newest terms and privacy policy the operator published (CLI `terms publish`, `privacy publish`). */
export function registerPublicPages(app: FastifyInstance, deps: Deps): void {
  const homeUrl = deps.config.marketingUrl ?? '/';
  app.get(PUBLIC_PAGE_CSS_PATH, (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=3600').type('text/css; charset=utf-8').send(CSS),
  );
  app.get(LEGAL_PATHS.terms, async (_request, reply) => {
    const terms = await newestTerms(deps.db);
    return send(reply, homeUrl, PAGES.terms, terms && { ...terms, at: terms.updated_at });
  });
  app.get(LEGAL_PATHS.privacy, async (_request, reply) => {
    const policy = await newestPrivacyPolicy(deps.db);
    return send(reply, homeUrl, PAGES.privacy, policy && { ...policy, at: policy.published_at });
  });
}
