import type { ParsedRequestOf, ResponseOf } from '../../shared/api/define';
import type * as uploads from '../../shared/api/uploads';
import type { Deps } from '../deps';
import { badRequest, HttpError, notFound } from '../platform/http/http-error';
import { checkUploadedLogo } from './logo-uploads';
import { claimUploadAddress, findUsersUpload, findUsersUploadedFile, type UploadRow } from './repos/uploads';
import { checkUploadedSurvey } from './survey-uploads';
import { ADDRESS_USED, limitFor, sizeText } from './upload-limits';

/**
 * Bytes PUT straight to an object store arrive without us: the follow-up records them, once,
 * when they are in the store within the size the address was for.
 */
async function arrivedInStore(deps: Deps, userId: number, key: string): Promise<UploadRow | undefined> {
  const { db, storage } = deps;
  if (storage.browserOrigin === null) return undefined;
  const row = await findUsersUpload(db, userId, key);
  if (!row || row.uploaded_at !== null) return undefined;
  const size = await storage.size(key);
  if (size === null) return undefined;
  if (size > limitFor(row.kind) || size === 0) {
    await storage.remove(key);
    throw new HttpError(
      size === 0 ? 400 : 413,
      size === 0 ? 'The file is empty.' : `The file is larger than ${sizeText(limitFor(row.kind))}.`,
    );
  }
  if (!(await claimUploadAddress(db, row.id, size, Date.now()))) {
    // The same follow-up sent twice at once (a double click, a retry): the other claimed these bytes, which stay.
    const claimedMeanwhile = await findUsersUploadedFile(db, userId, key);
    if (claimedMeanwhile) return claimedMeanwhile;
    await storage.remove(key);
    throw new HttpError(410, ADDRESS_USED);
  }
  return { ...row, uploaded_at: Date.now(), size };
}

/** The uploaded file is checked as what the user says it is: a logo, or survey file A or B. */
export async function followUpUpload(
  deps: Deps,
  userId: number,
  body: ParsedRequestOf<typeof uploads.uploadFollowup>,
): Promise<ResponseOf<typeof uploads.uploadFollowup>> {
  const row = (await findUsersUploadedFile(deps.db, userId, body.filename)) ?? (await arrivedInStore(deps, userId, body.filename));
  if (!row) throw notFound('That file was not uploaded. Please upload it again.');
  if (body.which_one === 'LOGO') {
    if (row.kind !== 'logo') throw badRequest('That file is not a logo.');
    return checkUploadedLogo(deps, row);
  }
  if (row.kind !== 'xml') throw badRequest('That file is not a survey file.');
  return checkUploadedSurvey(deps, row, body.which_one, userId);
}
