import { LOGO_MAX_BYTES } from '../../shared/constants';
import { MAX_SURVEY_BYTES } from '../surveys/epc/parse-survey';

/** An upload address works once, for a quarter of an hour. */
export const UPLOAD_VALID_MS = 15 * 60_000;

export const ADDRESS_USED = 'This upload address has expired or was used already. Please try again.';

export const limitFor = (kind: 'xml' | 'logo') => (kind === 'xml' ? MAX_SURVEY_BYTES : LOGO_MAX_BYTES);
export const sizeText = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
