import { decode } from 'bmp-ts';
import { LogoError } from './logo-error';

export interface RgbaImage {
  width: number;
  height: number;
  /** width * height * 4 bytes, rows top to bottom. */
  data: Buffer;
}

/** Far more than a 1 MB file can honestly hold (8 million pixels at 1 bit each). */
const MAX_BMP_PIXELS = 20_000_000;
const BI_RGB = 0;
const BI_BITFIELDS = 3;
const BI_ALPHA_BITFIELDS = 6;

const PLEASE_PNG = 'Please save it as a PNG and upload it again.';

/**
 * libvips has no BMP loader, so BMP is decoded here (bmp-ts) and handed to sharp as raw RGBA.
 * The header is checked first: bmp-ts allocates width * height * 4 bytes before reading a
 * pixel, so a lying header would be a memory bomb, and its RLE decoding writes pixels to the
 * wrong places, so compressed files are refused rather than drawn garbled.
 */
export function decodeBmp(data: Buffer): RgbaImage {
  const invalid = new LogoError('The file is not a valid BMP image.');
  if (data.length < 54) throw invalid;
  const offset = data.readUInt32LE(10);
  const width = data.readInt32LE(18);
  const height = Math.abs(data.readInt32LE(22));
  const bitsPerPixel = data.readUInt16LE(28);
  const compression = data.readUInt32LE(30);
  const colours = data.readUInt32LE(46);
  if (width <= 0 || height <= 0 || ![1, 4, 8, 16, 24, 32].includes(bitsPerPixel)) throw invalid;
  if (width * height > MAX_BMP_PIXELS) throw new LogoError('The BMP image is too large to use as a logo.');
  if (![BI_RGB, BI_BITFIELDS, BI_ALPHA_BITFIELDS].includes(compression)) {
    throw new LogoError(`Compressed BMP files cannot be used as logos. ${PLEASE_PNG}`);
  }
  if (colours > 256) throw invalid;
  // bmp-ts stops after the first row of a 16-colour image whose width is odd.
  if (bitsPerPixel === 4 && width % 2 === 1)
    throw new LogoError(`16-colour BMP images of odd width cannot be used as logos. ${PLEASE_PNG}`);
  const rowBytes = Math.floor((bitsPerPixel * width + 31) / 32) * 4;
  if (offset + rowBytes * height > data.length) throw invalid;

  let decoded: { width: number; height: number; data: Buffer };
  try {
    // toRGBA false: every bit depth then lays pixels out alike, as A B G R (with toRGBA the palette depths do not follow it).
    decoded = decode(data, { toRGBA: false });
  } catch {
    throw invalid;
  }
  return { width: decoded.width, height: decoded.height, data: abgrToRgba(decoded.data, bitsPerPixel === 16 || bitsPerPixel === 32) };
}

/** Only 16- and 32-bit BMPs carry alpha; a file whose alpha is all zero meant none (common among writers). */
function abgrToRgba(abgr: Buffer, mayHaveAlpha: boolean): Buffer {
  let useAlpha = false;
  if (mayHaveAlpha) {
    for (let i = 0; i < abgr.length; i += 4) {
      if (abgr[i] !== 0) {
        useAlpha = true;
        break;
      }
    }
  }
  const rgba = Buffer.allocUnsafe(abgr.length);
  for (let i = 0; i < abgr.length; i += 4) {
    rgba[i] = abgr[i + 3];
    rgba[i + 1] = abgr[i + 2];
    rgba[i + 2] = abgr[i + 1];
    rgba[i + 3] = useAlpha ? abgr[i] : 255;
  }
  return rgba;
}
