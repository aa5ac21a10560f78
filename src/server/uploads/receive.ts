import type { Deps } from '../deps';
import { badRequest, HttpError, notFound } from '../platform/http/http-error';
import { PENDING_UPLOAD_BYTES_MAX, pendingUploadsOf, TOO_MANY_PENDING_UPLOADS } from './pending-uploads';
import { claimUploadAddress, findUploadByTokenHash, releaseUploadAddress } from './repos/uploads';
import { ADDRESS_USED, limitFor, sizeText } from './upload-limits';

/** The bytes PUT to the address start.ts gave: kept once, for the user it was given to, within the limits. */
export async function receiveUpload(deps: Deps, userId: number, token: string, data: Buffer): Promise<void> {
  const { db, storage, hash } = deps;
  const row = await findUploadByTokenHash(db, hash(token.slice(0, 100)));
  if (!row || row.user_id !== userId) throw notFound('This upload address is not valid.');
  if (data.length > limitFor(row.kind)) throw new HttpError(413, `The file is larger than ${sizeText(limitFor(row.kind))}.`);
  if (data.length === 0) throw badRequest('The file is empty.');
  const pending = await pendingUploadsOf(deps, userId);
  if (pending.bytes + data.length > PENDING_UPLOAD_BYTES_MAX) throw new HttpError(429, TOO_MANY_PENDING_UPLOADS);
  if (!(await claimUploadAddress(db, row.id, data.length, Date.now()))) throw new HttpError(410, ADDRESS_USED);
  try {
    await storage.put(row.key, data);
  } catch (err) {
    // The address stays usable when the bytes could not be kept.
    await releaseUploadAddress(db, row.id);
    throw err;
  }
}
