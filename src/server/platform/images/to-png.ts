import sharp from 'sharp';
import { isEmbeddableLogo } from './logo-check';
import { decodeBmp } from './decode-bmp';
import { LogoError } from './logo-error';
import { sanitiseSvg } from './sanitise-svg';
import { LOGO_TYPE_LABELS, sniffImage, type LogoType } from './sniff';
import { LOGO_BOX } from './svg-size';

export interface LogoPng {
  png: Buffer;
  width: number;
  height: number;
  /** For an SVG: what the sanitiser removed, for the uploader to hear. */
  removed: string[];
}

/**
 * Decoding stops beyond this many pixels: a 1 MB PNG of one flat colour can claim 400 million,
 * gigabytes once decoded. A phone photo of a letterhead (12 MP) still passes.
 */
const MAX_INPUT_PIXELS = 50_000_000;

function mismatch(claimed: LogoType, found: LogoType | null): LogoError {
  const label = LOGO_TYPE_LABELS[claimed];
  const hint = found
    ? ` It is a ${LOGO_TYPE_LABELS[found]} image: please save it with the .${found === 'jpeg' ? 'jpg' : found} extension and upload it again.`
    : '';
  return new LogoError(`The file is not a valid ${label} image.${hint}`);
}

/**
 * Turns an uploaded logo into the one form everything downstream reads: an 8-bit sRGB PNG within
 * LOGO_BOX, without metadata (EXIF orientation applied first). The content must be the type the
 * extension claims: a .jpg holding a PNG is refused, not quietly accepted, so what the assessor
 * picked and what we checked never differ. GIF keeps its first frame only.
 *
 * Runs in the logo converter process (logo-converter.ts), which is killed at its deadline: a file
 * that takes too long (heavy filters) never holds the server's threads.
 */
export async function logoToPng(data: Buffer, claimed: LogoType): Promise<LogoPng> {
  const found = sniffImage(data);
  if (found !== claimed) throw mismatch(claimed, found);
  let removed: string[] = [];
  let image: sharp.Sharp;
  if (claimed === 'svg') {
    const clean = sanitiseSvg(data);
    removed = clean.removed;
    // Rendered at its fitted size; librsvg gets the rebuilt text, never the upload.
    image = sharp(Buffer.from(clean.svg), { limitInputPixels: MAX_INPUT_PIXELS, density: 72 });
  } else if (claimed === 'bmp') {
    const bmp = decodeBmp(data);
    image = sharp(bmp.data, { raw: { width: bmp.width, height: bmp.height, channels: 4 }, limitInputPixels: MAX_INPUT_PIXELS });
  } else {
    image = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1, failOn: 'error' });
  }

  let out: { data: Buffer; info: sharp.OutputInfo };
  try {
    out = await image
      .rotate()
      .resize({ width: LOGO_BOX.width, height: LOGO_BOX.height, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .png({ compressionLevel: 9, adaptiveFiltering: true, palette: false })
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    const message = String((err as Error).message);
    if (/pixel limit/i.test(message))
      throw new LogoError(`The image is too large to use as a logo: at most ${MAX_INPUT_PIXELS / 1_000_000} million pixels.`);
    throw new LogoError(`The file is not a valid ${LOGO_TYPE_LABELS[claimed]} image.`);
  }
  if (await isBlank(out.data)) throw new LogoError('The logo is empty: nothing in it would be visible.');
  // What we wrote must be what the PDF renderer accepts; if not, it is our fault, not the upload's.
  if (!isEmbeddableLogo(out.data)) throw new Error('A converted logo is not a PNG the PDF renderer can embed.');
  return { png: out.data, width: out.info.width, height: out.info.height, removed };
}

/** Fully transparent: an SVG whose only content was a script, or a PNG with nothing drawn. */
async function isBlank(png: Buffer): Promise<boolean> {
  const { channels, isOpaque } = await sharp(png).stats();
  return !isOpaque && channels.length === 4 && channels[3].max === 0;
}
