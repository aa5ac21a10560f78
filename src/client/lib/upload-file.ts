import type { RequestOf, ResponseOf } from '../../shared/api/define';
import { upload, uploadFollowup } from '../../shared/api/uploads';
import { api } from './api';
import { request } from './request';
import { errorMessage } from './errors';
import { putFile } from './put-file';
import type { AppDispatch } from './hooks';

type WhichFile = RequestOf<typeof uploadFollowup>['which_one'];
type CheckedUpload = ResponseOf<typeof uploadFollowup>;

/** The two calls every upload makes; each is a one-off exchange, nothing to cache. */
const uploadApi = api.injectEndpoints({
  endpoints: (build) => ({
    startUpload: build.mutation<ResponseOf<typeof upload>, RequestOf<typeof upload>>({
      query: (body) => request(upload, body),
    }),
    checkUpload: build.mutation<CheckedUpload, RequestOf<typeof uploadFollowup>>({
      query: (body) => request(uploadFollowup, body),
    }),
  }),
});

/** How far an upload has gone, for the screen that shows it. */
export interface UploadProgress {
  /** The server gave the file its name (the key a report or branding will refer to). */
  sent?: (filename: string) => void;
  /** Percent of the bytes sent so far. */
  percent: (percent: number) => void;
  /** The bytes are there; the server is checking the file. */
  checking?: () => void;
}

/** `rejected`: the server's check refused the file itself (not the connection or the start). */
export type UploadResult = { ok: true; filename: string; checked: CheckedUpload } | { ok: false; message: string; rejected: boolean };

/**
 * One file from the user's computer to a checked file on the server, as survey files and logos
 * both go: ask where to put it, PUT the bytes with progress, then have the server check it.
 */
export async function uploadFile(
  dispatch: AppDispatch,
  file: Blob,
  what: { extension: string; isLogo?: boolean; which: WhichFile },
  progress: UploadProgress,
): Promise<UploadResult> {
  const started = await dispatch(
    uploadApi.endpoints.startUpload.initiate(
      { extension: what.extension, size: file.size, ...(what.isLogo ? { isLogo: true } : {}) },
      { track: false },
    ),
  );
  if (!started.data) return { ok: false, message: errorMessage(started.error), rejected: false };
  const { filename, upload_to } = started.data;
  progress.sent?.(filename);
  try {
    await putFile(upload_to, file, progress.percent);
  } catch (error) {
    return { ok: false, message: (error as Error).message, rejected: false };
  }
  progress.checking?.();
  const checked = await dispatch(uploadApi.endpoints.checkUpload.initiate({ filename, which_one: what.which }, { track: false }));
  if (!checked.data) return { ok: false, message: errorMessage(checked.error), rejected: true };
  return { ok: true, filename, checked: checked.data };
}
