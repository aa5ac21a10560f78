import { createHmac } from 'node:crypto';
import type { Deps } from '../deps';
import { inTransaction } from '../platform/db/database';
import { countReportOpen, type ReportRow } from '../reports/repos/reports';
import { settledSurveyOf } from '../reports/report-figures';
import type { Survey } from '../surveys/epc/survey';
import { normalisePostcode } from '../surveys/epc/postcode';
import { randomToken } from '../platform/security/tokens';
import { forgetBrowsersBefore, markBrowserSeen } from './repos/share-open-browsers';
import { PUBLIC_PATHS } from '../../shared/api/paths';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type { ReportRow };

export const surveyOf = (row: ReportRow): Survey => settledSurveyOf(row);

/** "12 High Street, AB1 2CD": what the owner recognises their home by. */
export function shortTitleOf(row: ReportRow): string {
  const { address } = surveyOf(row);
  return [address.lines[0] ?? '', normalisePostcode(address.postcode ?? '')].filter(Boolean).join(', ');
}

/**
 * The analytics user id of a shared report: the same for every open of one report, and not the
 * report id itself, so analytics data cannot be walked back to links.
 */
export function trackingIdOf(secret: string, reportId: number): string {
  return createHmac('sha256', `${secret}:tracking`).update(`report:${reportId}`).digest('base64url').slice(0, 32);
}

/** The cookie that tells one browser's opens of shared links from another's: a random id, nothing else. */
export const SHARE_BROWSER_COOKIE = 'share_browser';
const BROWSER_ID = /^[A-Za-z0-9_-]{32,64}$/;
const DAY_MS = 86_400_000;
/** Which browsers opened which link is kept this many days (today's count needs today's only), then forgotten. */
const BROWSER_DAYS_KEPT = 3;

/**
 * Who is opening a link, as the open counter tells browsers apart: the id in its cookie when it
 * sent one; otherwise its address and user agent, and it is given a cookie so its next opens are
 * known by that (its first open is recorded under both).
 */
export interface OpeningBrowser {
  id: string;
  newId?: string;
}

export function openingBrowser(deps: Deps, request: FastifyRequest, reply: FastifyReply): OpeningBrowser {
  const sent = request.cookies[SHARE_BROWSER_COOKIE];
  if (sent && BROWSER_ID.test(sent)) return { id: `cookie:${sent}` };
  const fresh = randomToken(24);
  // Only the call that counts opens reads it: no other request carries it.
  reply.setCookie(SHARE_BROWSER_COOKIE, fresh, {
    path: PUBLIC_PATHS.sharedReport,
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.config.publicUrl.startsWith('https:'),
    maxAge: 365 * 24 * 3600,
  });
  const userAgent = String(request.headers['user-agent'] ?? '').slice(0, 512);
  return { id: `address:${request.ip}\n${userAgent}`, newId: `cookie:${fresh}` };
}

/**
 * Counts an open of the link, once per browser and day however often it reloads: a row in
 * share_opens for later analysis and the running count the assessor's list shows. A browser is
 * stored only as a keyed hash that changes every day, never its address, and forgotten after
 * BROWSER_DAYS_KEPT days.
 */
export async function recordOpen(deps: Deps, row: ReportRow, browser: OpeningBrowser, now = Date.now()): Promise<void> {
  const day = Math.floor(now / DAY_MS);
  const hashOf = (id: string) => deps.hash(`share-browser:${day}:${id}`);
  const counted = await inTransaction(deps.db, async (tx) => {
    if (!(await markBrowserSeen(tx, row.id, hashOf(browser.id), day))) return false;
    if (browser.newId) await markBrowserSeen(tx, row.id, hashOf(browser.newId), day);
    await countReportOpen(tx, row.id, now);
    return true;
  });
  if (!counted) return;
  deps.realtime.push(row.user_id, 'reportListUpdate', { report_id: row.id });
  await forgetBrowsersBefore(deps.db, day - BROWSER_DAYS_KEPT);
}
