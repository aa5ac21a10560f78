import type { ResponseOf } from '../../../shared/api/define';
import type { upload } from '../../../shared/api/reports';
import { LOGO_EXTENSIONS, LOGO_MAX_BYTES } from '../../../shared/constants';

export type LogoExtension = (typeof LOGO_EXTENSIONS)[number];

/** The file's extension when it is one of the logo types, lower-cased; null otherwise. */
export function logoExtension(name: string): LogoExtension | null {
  const extension = /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase();
  return LOGO_EXTENSIONS.find((allowed) => allowed === extension) ?? null;
}

export const isTooLarge = (file: Blob) => file.size > LOGO_MAX_BYTES;

export const TOO_LARGE = 'This file is larger than 1MB. Please choose a smaller logo.';

/** What the file picker offers: the same types the server takes. */
export const LOGO_ACCEPT = LOGO_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/**
 * The key a saved branding refers to its logo by, once the follow-up has accepted the file. Kept in
 * this one place: it is the storage key the upload call gave, and if the server ever stores the
 * converted logo under another key, only this line changes.
 */
export const savedLogoKey = (started: ResponseOf<typeof upload>): string => started.filename;
