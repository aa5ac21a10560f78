import { rowIdFromText } from '../../shared/api/define';
import { SLUG_MIN_LENGTH } from '../../shared/api/shared-reports';
import { createHmac } from 'node:crypto';
import type { Deps } from '../deps';
import { inTransaction } from '../db/database';
import { countReportOpen, findReport, type ReportRow } from '../reports/repos/reports';
import { HttpError, notFound } from '../http/http-error';
import { assessorCardOf } from './assessor-card';
import type { Survey } from '../surveys/epc/survey';
import { normalisePostcode } from '../surveys/epc/postcode';
import { safeEqual } from '../security/tokens';

export type { ReportRow };

/**
 * One answer for every link that does not lead to a report (no such id, wrong slug, deleted,
 * not ready), so a caller cannot tell a real id from a made-up one.
 */
export const LINK_NOT_FOUND = 'This link is invalid or has expired.';

/**
 * The live report a shared link "id/slug" names. The slug is compared in constant time: the id
 * is public in the link, the slug is the secret. A report without its PDF yet is not shareable.
 */
export async function reportForLink(
  deps: Deps,
  path: string,
  opts: { type?: ReportRow['type']; needPdf?: boolean; explain?: boolean } = {},
): Promise<ReportRow> {
  const [idText = '', slug = ''] = path.split('/');
  const id = rowIdFromText(idText);
  const row = id !== null ? await findReport(deps.db, id) : undefined;
  // Compare even without a row, so a missing id takes as long as a wrong slug.
  const slugMatches = safeEqual(row?.slug ?? 'x'.repeat(slug.length), slug);
  const usable =
    row && slugMatches && row.deleted_at === null && (!opts.type || row.type === opts.type) && (!(opts.needPdf ?? true) || row.pdf_key);
  if (usable) return row;
  // Whom to ask for a new link goes only to someone holding this report's own link, whole or cut
  // short by a mail program (SLUG_MIN_LENGTH characters at least, as the link's format asks): the
  // report deleted or not ready yet. A guessed id with any slug learns nothing, so counting
  // through ids does not collect assessors' contact details.
  const holdsLink =
    row !== undefined &&
    slug.length >= SLUG_MIN_LENGTH &&
    slug.length <= row.slug.length &&
    safeEqual(row.slug.slice(0, slug.length), slug);
  if (!row || !opts.explain || !holdsLink) throw notFound(LINK_NOT_FOUND);
  throw new HttpError(404, LINK_NOT_FOUND, undefined, { assessor: await assessorCardOf(deps, row) });
}

export const surveyOf = (row: ReportRow) => JSON.parse(row.survey) as Survey;

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

/** Counts an open of the link: a row per open for later analysis, and the running count the assessor's list shows. */
export async function recordOpen(deps: Deps, row: ReportRow): Promise<void> {
  const now = Date.now();
  await inTransaction(deps.db, (tx) => countReportOpen(tx, row.id, now));
  deps.realtime.push(row.user_id, 'reportListUpdate', { report_id: row.id });
}
