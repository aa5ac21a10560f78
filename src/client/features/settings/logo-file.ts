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
 * What a save sends as `image` for a new logo the follow-up accepted: the upload's filename. The
 * server keeps the converted PNG under a key of its own and maps one to the other (it accepts
 * only the user's own checked uploads), so this is the one place that knows the rule.
 */
export const savedLogoKey = (upload: { filename: string }): string => upload.filename;
