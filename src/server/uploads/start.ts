import { randomBytes } from 'node:crypto';
import { LOGO_EXTENSIONS } from '../../shared/constants';
import type { ParsedRequestOf, ResponseOf } from '../../shared/api/define';
import type * as uploads from '../../shared/api/uploads';
import type { Deps } from '../deps';
import { badRequest, HttpError } from '../platform/http/http-error';
import { randomToken } from '../platform/security/tokens';
import { PENDING_UPLOAD_BYTES_MAX, PENDING_UPLOADS_MAX, pendingUploadsOf, TOO_MANY_PENDING_UPLOADS } from './pending-uploads';
import { insertUpload } from './repos/uploads';
import { limitFor, sizeText, UPLOAD_VALID_MS } from './upload-limits';

/**
 * An address for one file's bytes: ours (PUT with its token, receive.ts) or, with an object
 * store, a presigned one signed for the file's exact size. The file is named by its storage key.
 */
export async function startUpload(
  deps: Deps,
  userId: number,
  body: ParsedRequestOf<typeof uploads.upload>,
): Promise<ResponseOf<typeof uploads.upload>> {
  const { db, storage, hash } = deps;
  const extension = body.extension.replace(/^\./, '').toLowerCase();
  const kind = body.isLogo ? 'logo' : 'xml';
  if (kind === 'xml' && extension !== 'xml') throw badRequest('Survey files must be .xml files.');
  if (kind === 'logo' && !(LOGO_EXTENSIONS as readonly string[]).includes(extension)) {
    throw badRequest('Unknown image file type, please try .jpg .png .svg .bmp or .gif');
  }
  const pending = await pendingUploadsOf(deps, userId);
  if (pending.count >= PENDING_UPLOADS_MAX || pending.bytes >= PENDING_UPLOAD_BYTES_MAX) throw new HttpError(429, TOO_MANY_PENDING_UPLOADS);
  const direct = storage.browserOrigin !== null;
  if (direct && body.size === undefined) throw badRequest("Send the file's size to upload it.");
  if (body.size !== undefined && body.size > limitFor(kind))
    throw new HttpError(413, `The file is larger than ${sizeText(limitFor(kind))}.`);
  if (body.size === 0) throw badRequest('The file is empty.');
  if (body.size !== undefined && pending.bytes + body.size > PENDING_UPLOAD_BYTES_MAX) throw new HttpError(429, TOO_MANY_PENDING_UPLOADS);
  const token = randomToken();
  const key = `uploads/${randomBytes(16).toString('hex')}.${extension}`;
  const now = Date.now();
  await insertUpload(db, {
    user_id: userId,
    key,
    kind,
    extension,
    token_hash: hash(token),
    expires_at: now + UPLOAD_VALID_MS,
    uploaded_at: null,
    size: null,
    checked_as: null,
    parsed: null,
    created_at: now,
  });
  const presigned = direct ? await storage.directUploadUrl(key, body.size!, UPLOAD_VALID_MS) : null;
  return { success: true as const, upload_to: presigned ?? `/api/uploads/${token}`, filename: key };
}
