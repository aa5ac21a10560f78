import { inflateSync } from 'node:zlib';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Far beyond any logo; keeps a small file that inflates to gigabytes from being decoded. */
const MAX_PIXELS = 4096 * 4096;

/**
 * Whether pdfkit can embed this logo. pdfkit decodes a PNG with transparency in a zlib callback,
 * where a corrupt one throws out of reach of any try/catch (crashing the worker and leaving the
 * render waiting for ever), so its pixel data is inflated here first, synchronously. JPEG data
 * is copied into the PDF as it is and needs no more than pdfkit's own header check.
 */
export function isEmbeddableLogo(data: Buffer): boolean {
  if (data.subarray(0, 8).equals(PNG_SIGNATURE)) return isWholePng(data);
  return data.length > 4 && data[0] === 0xff && data[1] === 0xd8;
}

function isWholePng(data: Buffer): boolean {
  let height = 0;
  let rowBytes = 0;
  let interlaced = false;
  const idat: Buffer[] = [];
  for (let at = 8; at + 8 <= data.length;) {
    const length = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    const body = data.subarray(at + 8, at + 8 + length);
    if (body.length !== length) return false;
    if (type === 'IHDR') {
      const width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const channels = CHANNELS[body[9]];
      if (!channels || !width || !height || width * height > MAX_PIXELS) return false;
      rowBytes = Math.ceil((width * channels * body[8]) / 8) + 1;
      interlaced = body[12] === 1;
    } else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  if (!rowBytes || idat.length === 0) return false;
  const expected = rowBytes * height;
  try {
    const pixels = inflateSync(Buffer.concat(idat), { maxOutputLength: expected + 65536 });
    return interlaced ? pixels.length > 0 : pixels.length >= expected;
  } catch {
    return false;
  }
}
