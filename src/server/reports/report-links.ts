import { rowIdFromText } from '../../shared/api/define';
import { SLUG_MIN_LENGTH } from '../../shared/api/sharing';
import type { Deps } from '../deps';
import { HttpError, notFound } from '../platform/http/http-error';
import { safeEqual } from '../platform/security/tokens';
import { assessorCardOf } from './assessor-card';
import { findReport, type ReportRow } from './repos/reports';

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
