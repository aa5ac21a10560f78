/** The image types a logo may be, told apart by their first bytes rather than by their name. */
export type LogoType = 'png' | 'jpeg' | 'gif' | 'bmp' | 'svg';

export const LOGO_TYPE_LABELS: Record<LogoType, string> = { png: 'PNG', jpeg: 'JPEG', gif: 'GIF', bmp: 'BMP', svg: 'SVG' };

/** What a file's extension claims it is (the upload call has already limited it to LOGO_EXTENSIONS). */
export function typeOfExtension(extension: string): LogoType | null {
  const ext = extension.replace(/^\./, '').toLowerCase();
  if (ext === 'jpg' || ext === 'jpeg') return 'jpeg';
  return ext === 'png' || ext === 'gif' || ext === 'bmp' || ext === 'svg' ? ext : null;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** BITMAPINFOHEADER and its later versions (V2 to V5); the 12-byte OS/2 core header is not read by bmp-ts. */
const BMP_INFO_HEADER_SIZES = new Set([40, 52, 56, 108, 124]);

/**
 * What the bytes are, or null for anything else. SVG is recognised loosely here (text that opens
 * like XML); whether it really is an SVG image is for the sanitiser's parse to decide.
 */
export function sniffImage(data: Buffer): LogoType | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(PNG)) return 'png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  const head = data.toString('latin1', 0, 6);
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  if (data.length >= 30 && head.startsWith('BM') && BMP_INFO_HEADER_SIZES.has(data.readUInt32LE(14))) return 'bmp';
  if (looksLikeXml(data)) return 'svg';
  return null;
}

function looksLikeXml(data: Buffer): boolean {
  let text: string;
  try {
    // Only UTF-8 (or ASCII) text: the parser and librsvg would read other encodings differently.
    text = new TextDecoder('utf-8', { fatal: true }).decode(data.subarray(0, 4096));
  } catch {
    // A multi-byte character cut by the 4096-byte window is not a reason to refuse.
    if (data.length <= 4096) return false;
    text = data.toString('utf8', 0, 4096);
  }
  return /^\uFEFF?\s*<(\?xml|svg[\s>/]|!--|!DOCTYPE)/i.test(text);
}
