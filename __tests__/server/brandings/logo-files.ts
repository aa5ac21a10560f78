import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import * as uploads from '../../../src/shared/api/uploads';
import * as brandings from '../../../src/shared/api/brandings';
import type { RequestOf } from '../../../src/shared/api/define';
import type { TestServer } from '../helpers/test-server';
import { ok, refused } from '../helpers/answers';
import { putUpload } from '../helpers/reports';

type Rgb = [number, number, number];
const RED: Rgb = [220, 20, 20];

/** A small opaque picture in a format sharp writes: red on top, blue below, so orientation shows. */
export async function rasterLogo(format: 'png' | 'jpeg' | 'gif', width = 40, height = 20): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw.set(y < height / 2 ? RED : [20, 20, 220], (y * width + x) * 3);
  return sharp(raw, { raw: { width, height, channels: 3 } })
    [format]()
    .toBuffer();
}

/** A 24-bit BMP written by hand (bottom row first, rows padded to 4 bytes): red on top, blue below. */
export function bmp24(width = 5, height = 4): Buffer {
  const row = Math.ceil((width * 3) / 4) * 4;
  const b = Buffer.alloc(54 + row * height);
  b.write('BM', 0, 'latin1');
  b.writeUInt32LE(b.length, 2);
  b.writeUInt32LE(54, 10);
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(width, 18);
  b.writeInt32LE(height, 22);
  b.writeUInt16LE(1, 26);
  b.writeUInt16LE(24, 28);
  b.writeUInt32LE(row * height, 34);
  for (let fileRow = 0; fileRow < height; fileRow++) {
    const topRow = height - 1 - fileRow;
    const [r, g, bl] = topRow < height / 2 ? RED : [20, 20, 220];
    for (let x = 0; x < width; x++) b.set([bl, g, r], 54 + fileRow * row + x * 3);
  }
  return b;
}

/** An 8-bit palette BMP of one colour (the palette path of the decoder). */
export function bmp8(width = 6, height = 3, [r, g, bl]: Rgb = [0, 160, 0]): Buffer {
  const row = Math.ceil(width / 4) * 4;
  const offset = 54 + 256 * 4;
  const b = Buffer.alloc(offset + row * height);
  b.write('BM', 0, 'latin1');
  b.writeUInt32LE(b.length, 2);
  b.writeUInt32LE(offset, 10);
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(width, 18);
  b.writeInt32LE(height, 22);
  b.writeUInt16LE(1, 26);
  b.writeUInt16LE(8, 28);
  b.writeUInt32LE(256, 46);
  b.set([bl, g, r, 0], 54 + 4); // palette entry 1
  for (let y = 0; y < height; y++) b.fill(1, offset + y * row, offset + y * row + width);
  return b;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG of a few hundred bytes whose header claims width x height pixels: a decompression bomb. */
export function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(width * 3 + 1))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const SIMPLE_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 40"><rect width="100" height="40" fill="#0a7"/></svg>';

/** Starts a logo upload and PUTs the bytes, as the branding form does; no follow-up yet. */
export const putLogo = (server: TestServer, cookie: string, data: Buffer, extension: string) =>
  putUpload(server, cookie, data, extension, true);

/** Upload, PUT and the LOGO follow-up; returns the key and the follow-up's answer. */
export async function uploadLogo(server: TestServer, cookie: string, data: Buffer, extension: string) {
  const { key } = await putLogo(server, cookie, data, extension);
  const followup = await server.call(uploads.uploadFollowup, { filename: key, which_one: 'LOGO' }, { cookie });
  const accepted = followup.status === 200;
  return { key, followup, error: accepted ? undefined : refused(followup).error, message: accepted ? ok(followup).message : undefined };
}

export const saveBranding = (server: TestServer, cookie: string, body: RequestOf<typeof brandings.saveBranding>) =>
  server.call(brandings.saveBranding, body, { cookie });

/** A new branding through the API; returns its id. */
export async function newBranding(
  server: TestServer,
  cookie: string,
  company_name: string,
  image = '',
  overprint_colour = '#123456',
): Promise<string> {
  const res = await saveBranding(server, cookie, { action: 'new', company_name, overprint_colour, image });
  const { id } = ok(res);
  if (!id) throw new Error('a new branding answers its id');
  return id;
}

export async function brandingsOf(server: TestServer, cookie: string) {
  return ok(await server.call(brandings.getBrandings, undefined, { cookie })).brandings;
}

const SVG_OPEN = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 600 240">';

/** One <text> of `characters` letters: Pango lays it out in time growing with the square of its length. */
export const longTextSvg = (characters: number) =>
  Buffer.from(
    `${SVG_OPEN}<text x="0" y="120" font-size="20">${'Acme-Ltd-'.repeat(Math.ceil(characters / 9)).slice(0, characters)}</text></svg>`,
  );

/**
 * A few hundred bytes with no text that take librsvg about a second per filter step on a
 * 600 x 240 logo: beyond any limit the sanitiser knows, so only the converter's deadline stops it.
 */
export const slowFilterSvg = (steps = 60) =>
  Buffer.from(
    `${SVG_OPEN}<filter id="f">${'<feMorphology radius="300"/>'.repeat(steps)}</filter><rect width="600" height="240" fill="#0a7" filter="url(#f)"/></svg>`,
  );
