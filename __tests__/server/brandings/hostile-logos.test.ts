import { LogoError } from '../../../src/server/platform/images/logo-error';
import type { LogoType } from '../../../src/server/platform/images/sniff';
import { logoToPng } from '../../../src/server/platform/images/to-png';
import { bmp24, bmp8, rasterLogo, SIMPLE_SVG } from './logo-files';

/** A fixed sequence, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/** Only two outcomes are allowed: a PNG, or a LogoError with a message for the uploader (a 400). */
async function outcome(data: Buffer, type: LogoType): Promise<'png' | 'refused'> {
  try {
    const { png } = await logoToPng(data, type);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    return 'png';
  } catch (err) {
    if (!(err instanceof LogoError))
      throw new Error(`${type} (${data.length} bytes) failed as a server error: ${String(err)}`, { cause: err });
    expect(err.message.length).toBeGreaterThan(10);
    return 'refused';
  }
}

describe('hostile logo files', () => {
  const samples: [LogoType, () => Promise<Buffer> | Buffer][] = [
    ['png', () => rasterLogo('png', 30, 12)],
    ['jpeg', () => rasterLogo('jpeg', 30, 12)],
    ['gif', () => rasterLogo('gif', 30, 12)],
    ['bmp', () => bmp24(7, 5)],
    ['bmp', () => bmp8(9, 4)],
    [
      'svg',
      () => Buffer.from(`<?xml version="1.0"?>${SIMPLE_SVG.replace('</svg>', '<text x="1" y="9" style="fill:#000">A&amp;B</text></svg>')}`),
    ],
  ];

  it.each(samples)('a truncated or corrupted %s is converted or refused, never a server error', async (type, make) => {
    const good = await make();
    const next = random(good.length);
    for (let cut = 1; cut < good.length; cut += Math.max(1, Math.floor(good.length / 40))) await outcome(good.subarray(0, cut), type);
    for (let round = 0; round < 60; round++) {
      const bad = Buffer.from(good);
      for (let flips = 1 + Math.floor(next() * 4); flips > 0; flips--) bad[Math.floor(next() * bad.length)] = Math.floor(next() * 256);
      await outcome(bad, type);
    }
  });

  it('refuses a BMP whose header claims more pixels than its bytes hold, before allocating them', async () => {
    const bmp = bmp24(7, 5);
    bmp.writeInt32LE(40_000, 18);
    bmp.writeInt32LE(-40_000, 22);
    await expect(logoToPng(bmp, 'bmp')).rejects.toThrow('The BMP image is too large to use as a logo.');
    const rle = bmp8();
    rle.writeUInt32LE(1, 30);
    await expect(logoToPng(rle, 'bmp')).rejects.toThrow(
      'Compressed BMP files cannot be used as logos. Please save it as a PNG and upload it again.',
    );
  });
});
