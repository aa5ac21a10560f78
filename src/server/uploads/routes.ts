import type { FastifyInstance } from 'fastify';
import * as reports from '../../shared/api/reports';
import { LOGO_EXTENSIONS, LOGO_MAX_BYTES } from '../../shared/constants';
import type { Deps } from '../deps';
import { HttpError, badRequest, notFound, unauthorised } from '../platform/http/http-error';
import type { Routes } from '../platform/http/route';
import { randomToken } from '../platform/security/tokens';
import { randomBytes } from 'node:crypto';
import { MAX_SURVEY_BYTES } from '../surveys/epc/parse-survey';
import { checkUploadedSurvey } from './survey-uploads';
import { checkUploadedLogo } from './logo-uploads';
import { PENDING_UPLOAD_BYTES_MAX, PENDING_UPLOADS_MAX, pendingUploadsOf, TOO_MANY_PENDING_UPLOADS } from './pending-uploads';
import {
  claimUploadAddress,
  findUploadByTokenHash,
  findUsersUpload,
  findUsersUploadedFile,
  insertUpload,
  releaseUploadAddress,
  type UploadRow,
} from './repos/uploads';

/** An upload address works once, for a quarter of an hour. */
const UPLOAD_VALID_MS = 15 * 60_000;

const limitFor = (kind: 'xml' | 'logo') => (kind === 'xml' ? MAX_SURVEY_BYTES : LOGO_MAX_BYTES);
const sizeText = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export function uploadRoutes(app: FastifyInstance, routes: Routes, deps: Deps): void {
  const { db, storage, hash } = deps;

  routes.userCall(
    reports.upload,
    async ({ body, user }) => {
      const extension = body.extension.replace(/^\./, '').toLowerCase();
      const kind = body.isLogo ? 'logo' : 'xml';
      if (kind === 'xml' && extension !== 'xml') throw badRequest('Survey files must be .xml files.');
      if (kind === 'logo' && !(LOGO_EXTENSIONS as readonly string[]).includes(extension)) {
        throw badRequest('Unknown image file type, please try .jpg .png .svg .bmp or .gif');
      }
      const pending = await pendingUploadsOf(deps, user.id);
      if (pending.count >= PENDING_UPLOADS_MAX || pending.bytes >= PENDING_UPLOAD_BYTES_MAX)
        throw new HttpError(429, TOO_MANY_PENDING_UPLOADS);
      const direct = storage.browserOrigin !== null;
      if (direct && body.size === undefined) throw badRequest("Send the file's size to upload it.");
      if (body.size !== undefined && body.size > limitFor(kind))
        throw new HttpError(413, `The file is larger than ${sizeText(limitFor(kind))}.`);
      if (body.size === 0) throw badRequest('The file is empty.');
      if (body.size !== undefined && pending.bytes + body.size > PENDING_UPLOAD_BYTES_MAX)
        throw new HttpError(429, TOO_MANY_PENDING_UPLOADS);
      const token = randomToken();
      const key = `uploads/${randomBytes(16).toString('hex')}.${extension}`;
      const now = Date.now();
      await insertUpload(db, {
        user_id: user.id,
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
    },
    { perMinute: 60 },
  );

  // The file's bytes, PUT by the browser (with upload progress) to the address `upload` gave.
  void app.register((scope, _options, registered) => {
    scope.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: MAX_SURVEY_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    scope.put<{ Params: { token: string } }>('/api/uploads/:token', { bodyLimit: MAX_SURVEY_BYTES }, async (request) => {
      if (!request.user) throw unauthorised();
      const data = request.body as Buffer | undefined;
      if (!Buffer.isBuffer(data)) throw badRequest('Send the file as application/octet-stream.');
      const row = await findUploadByTokenHash(db, hash(request.params.token.slice(0, 100)));
      if (!row || row.user_id !== request.user.id) throw notFound('This upload address is not valid.');
      if (data.length > limitFor(row.kind)) throw new HttpError(413, `The file is larger than ${sizeText(limitFor(row.kind))}.`);
      if (data.length === 0) throw badRequest('The file is empty.');
      const pending = await pendingUploadsOf(deps, request.user.id);
      if (pending.bytes + data.length > PENDING_UPLOAD_BYTES_MAX) throw new HttpError(429, TOO_MANY_PENDING_UPLOADS);
      if (!(await claimUploadAddress(db, row.id, data.length, Date.now())))
        throw new HttpError(410, 'This upload address has expired or was used already. Please try again.');
      try {
        await storage.put(row.key, data);
      } catch (err) {
        // The address stays usable when the bytes could not be kept.
        await releaseUploadAddress(db, row.id);
        throw err;
      }
      return { success: true };
    });
    registered();
  });

  /**
   * Bytes PUT straight to an object store arrive without us: the follow-up records them, once,
   * when they are in the store within the size the address was for.
   */
  async function arrivedInStore(userId: number, key: string): Promise<UploadRow | undefined> {
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
      throw new HttpError(410, 'This upload address has expired or was used already. Please try again.');
    }
    return { ...row, uploaded_at: Date.now(), size };
  }

  routes.userCall(
    reports.uploadFollowup,
    async ({ body, user }) => {
      const row = (await findUsersUploadedFile(db, user.id, body.filename)) ?? (await arrivedInStore(user.id, body.filename));
      if (!row) throw notFound('That file was not uploaded. Please upload it again.');
      if (body.which_one === 'LOGO') {
        if (row.kind !== 'logo') throw badRequest('That file is not a logo.');
        return checkUploadedLogo(deps, row);
      }
      if (row.kind !== 'xml') throw badRequest('That file is not a survey file.');
      return checkUploadedSurvey(deps, row, body.which_one, user.id);
    },
    { perMinute: 60 },
  );
}
