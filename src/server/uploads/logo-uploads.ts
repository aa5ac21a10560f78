import { LOGO_MAX_BYTES } from '../../shared/constants';
import type { Deps } from '../deps';
import type { UploadsTable } from '../platform/db/schema';
import { badRequest, HttpError } from '../platform/http/http-error';
import { LogoError } from '../platform/images/logo-error';
import { typeOfExtension } from '../platform/images/sniff';
import { LogoConverterBusy } from '../platform/images/logo-converter';
import type { LogoPng } from '../platform/images/to-png';
import { deleteUpload, markUploadChecked } from './repos/uploads';

type Upload = Pick<UploadsTable, 'key' | 'extension' | 'checked_as' | 'parsed'> & { id: number };

/** What a checked logo upload records in `uploads.parsed`: where its PNG is, and its size. */
export interface CheckedLogo {
  logo_key: string;
  width: number;
  height: number;
}

/** A preview address lives as long as the branding form is likely to stay open. */
const PREVIEW_TTL_MS = 2 * 3600_000;

const logoKeyOf = (uploadKey: string) => `logos/${uploadKey.replace(/^uploads\//, '').replace(/\.[a-z]+$/i, '')}.png`;

export const checkedLogoOf = (row: Pick<UploadsTable, 'checked_as' | 'parsed'>): CheckedLogo | null =>
  row.checked_as === 'LOGO' && row.parsed ? (JSON.parse(row.parsed) as CheckedLogo) : null;

/** A refused logo is forgotten: its bytes and its row go, so it can never be picked for a branding. */
async function refuse(deps: Deps, upload: Upload, message: string): Promise<never> {
  await deps.storage.remove(upload.key);
  await deleteUpload(deps.db, upload.id);
  throw badRequest(message);
}

function readyMessage(logo: CheckedLogo, removed: string[]): string {
  const ready = `Your logo is ready (${logo.width} × ${logo.height} pixels).`;
  return removed.length ? `${ready} For safety these were removed from the SVG: ${removed.slice(0, 6).join(', ')}.` : ready;
}

/**
 * The LOGO follow-up: checks the upload by its content, converts it to PNG (SVG sanitised first),
 * stores the PNG under logos/ and drops the upload's own bytes, which are never served or drawn.
 * Asked twice, it answers the same without converting again.
 */
export async function checkUploadedLogo(deps: Deps, upload: Upload) {
  const done = checkedLogoOf(upload);
  if (done)
    return {
      success: true as const,
      message: readyMessage(done, []),
      image_url: await deps.storage.signedUrl(done.logo_key, PREVIEW_TTL_MS),
    };
  const claimed = typeOfExtension(upload.extension);
  if (!claimed) return refuse(deps, upload, 'Unknown image file type, please try .jpg .png .svg .bmp or .gif');
  const data = await deps.storage.get(upload.key);
  if (!data) return refuse(deps, upload, 'That file was not uploaded. Please upload it again.');
  // The PUT enforces this already; checked again because the stored bytes are what count.
  if (data.length > LOGO_MAX_BYTES) return refuse(deps, upload, 'The logo must be 1 MB or smaller.');

  let converted: LogoPng;
  try {
    converted = await deps.logos.toPng(data, claimed);
  } catch (err) {
    if (err instanceof LogoError) return refuse(deps, upload, err.message);
    // Not the file's fault: it stays, and the same follow-up converts it once the queue has room.
    if (err instanceof LogoConverterBusy) throw new HttpError(503, err.message);
    throw err;
  }
  const logo: CheckedLogo = { logo_key: logoKeyOf(upload.key), width: converted.width, height: converted.height };
  await deps.storage.put(logo.logo_key, converted.png);
  await markUploadChecked(deps.db, upload.id, 'LOGO', JSON.stringify(logo));
  await deps.storage.remove(upload.key);
  return {
    success: true as const,
    message: readyMessage(logo, converted.removed),
    image_url: await deps.storage.signedUrl(logo.logo_key, PREVIEW_TTL_MS),
  };
}
