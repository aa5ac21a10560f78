import sharp from 'sharp';
import * as uploads from '../../../src/shared/api/uploads';
import { describeEachDatabase } from '../helpers/databases';
import { loggedInUser } from '../helpers/factories';
import { useTestServer, type TestServer } from '../helpers/test-server';
import {
  bmp24,
  bmp8,
  brandingsOf,
  newBranding,
  pngClaiming,
  putLogo,
  rasterLogo,
  saveBranding,
  SIMPLE_SVG,
  uploadLogo,
} from './logo-files';
import { ok } from '../helpers/answers';

const PNG_MAGIC = '89504e470d0a1a0a';

/** The PNG a branding shows, read back from storage through its image_key. */
async function storedLogo(server: TestServer, cookie: string, name: string) {
  const branding = (await brandingsOf(server, cookie)).find((b) => b.company_name === name)!;
  expect(branding.image_key).toMatch(/^logos\/[0-9a-f]{32}\.png$/);
  const data = (await server.app.deps.storage.get(branding.image_key))!;
  return { branding, data, meta: await sharp(data).metadata() };
}

const countUploads = async (server: TestServer) => (await server.db.selectFrom('uploads').select('id').execute()).length;

describeEachDatabase('logos', (dialect) => {
  const server = useTestServer(dialect);

  const cases: [string, () => Promise<Buffer> | Buffer, string][] = [
    ['PNG', () => rasterLogo('png'), 'png'],
    ['JPEG (.jpg)', () => rasterLogo('jpeg'), 'jpg'],
    ['JPEG (.jpeg)', () => rasterLogo('jpeg'), 'jpeg'],
    ['GIF', () => rasterLogo('gif'), 'gif'],
    ['24-bit BMP', () => bmp24(), 'bmp'],
    ['SVG', () => Buffer.from(SIMPLE_SVG), 'svg'],
  ];
  it.each(cases)('takes a %s logo, stores it as a PNG the PDF can draw, and a branding shows it', async (_label, make, ext) => {
    const { cookie } = await loggedInUser(server());
    const { key, followup, message } = await uploadLogo(server(), cookie, await make(), ext);
    expect(followup.status).toBe(200);
    expect(message).toMatch(/^Your logo is ready \(\d+ × \d+ pixels\)\.$/);
    expect(ok(followup).image_url).toMatch(/^\/api\/files\/logos\/.+\.png\?exp=/);
    // The upload's own bytes are gone: only the converted PNG is ever served or drawn.
    expect(await server().app.deps.storage.get(key)).toBeNull();
    await newBranding(server(), cookie, 'Logo Ltd', key);
    const { branding, data, meta } = await storedLogo(server(), cookie, 'Logo Ltd');
    expect(data.subarray(0, 8).toString('hex')).toBe(PNG_MAGIC);
    expect(meta).toMatchObject({ format: 'png', depth: 'uchar', space: 'srgb' });
    expect(meta.width).toBeLessThanOrEqual(600);
    expect(meta.height).toBeLessThanOrEqual(240);
    const served = await server().app.inject({ method: 'GET', url: branding.image_url as string });
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('keeps a raster logo the right way up and its colours (BMP rows are stored bottom first)', async () => {
    const { cookie } = await loggedInUser(server());
    for (const [name, data, ext] of [
      ['bmp', bmp24(6, 4), 'bmp'],
      ['png', await rasterLogo('png', 6, 4), 'png'],
    ] as const) {
      const { key } = await uploadLogo(server(), cookie, data, ext);
      await newBranding(server(), cookie, name, key);
      const { data: png } = await storedLogo(server(), cookie, name);
      const { data: px, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => [...px.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
      expect(at(0, 0)).toEqual([220, 20, 20]);
      expect(at(0, 3)).toEqual([20, 20, 220]);
    }
    const { key } = await uploadLogo(server(), cookie, bmp8(), 'bmp');
    await newBranding(server(), cookie, 'palette', key);
    const stats = await sharp((await storedLogo(server(), cookie, 'palette')).data).stats();
    expect(stats.channels.slice(0, 3).map((c) => c.mean)).toEqual([0, 160, 0]);
    expect(stats.isOpaque).toBe(true);
  });

  it('shrinks a large logo to fit 600 x 240, never enlarges a small one, and strips its metadata', async () => {
    const { cookie } = await loggedInUser(server());
    const big = await sharp(await rasterLogo('png', 1800, 300))
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-exif-text' } } })
      .toBuffer();
    expect((await sharp(big).metadata()).exif).toBeDefined();
    await newBranding(server(), cookie, 'big', (await uploadLogo(server(), cookie, big, 'jpg')).key);
    const { data, meta } = await storedLogo(server(), cookie, 'big');
    expect([meta.width, meta.height]).toEqual([600, 100]);
    expect(meta.exif).toBeUndefined();
    expect(data.includes('secret-exif-text')).toBe(false);
    await newBranding(server(), cookie, 'small', (await uploadLogo(server(), cookie, await rasterLogo('gif', 30, 10), 'gif')).key);
    expect((await storedLogo(server(), cookie, 'small')).meta).toMatchObject({ width: 30, height: 10 });
  });

  it('keeps the first frame of an animated GIF, and turns a 16-bit PNG into the 8-bit one pdfkit reads', async () => {
    const { cookie } = await loggedInUser(server());
    const raw = Buffer.alloc(6 * 8 * 4);
    for (let i = 0; i < 48; i++) raw.set(i < 24 ? [255, 0, 0, 255] : [0, 0, 255, 255], i * 4);
    const gif = await sharp(raw, { raw: { width: 6, height: 8, channels: 4, pageHeight: 4 } })
      .gif({ loop: 0, delay: [100, 100] })
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);
    await newBranding(server(), cookie, 'gif', (await uploadLogo(server(), cookie, gif, 'gif')).key);
    const frame = await sharp((await storedLogo(server(), cookie, 'gif')).data)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([frame.info.width, frame.info.height, ...frame.data.subarray(0, 3)]).toEqual([6, 4, 255, 0, 0]);
    const deep = await sharp(await rasterLogo('png'))
      .toColourspace('rgb16')
      .png()
      .toBuffer();
    expect((await sharp(deep).metadata()).depth).toBe('ushort');
    await newBranding(server(), cookie, 'deep', (await uploadLogo(server(), cookie, deep, 'png')).key);
    expect((await storedLogo(server(), cookie, 'deep')).meta).toMatchObject({ depth: 'uchar', space: 'srgb' });
  });

  it('refuses a file that is not the image its extension claims, and forgets it (file and row)', async () => {
    const { cookie } = await loggedInUser(server());
    const png = await rasterLogo('png');
    const refused: [Buffer, string, RegExp][] = [
      [Buffer.from('just some text, not an image'), 'png', /^The file is not a valid PNG image\.$/],
      [
        png,
        'jpg',
        /^The file is not a valid JPEG image\. It is a PNG image: please save it with the \.png extension and upload it again\.$/,
      ],
      [await rasterLogo('jpeg'), 'gif', /^The file is not a valid GIF image\. It is a JPEG image.*\.jpg extension/],
      [png, 'svg', /^The file is not a valid SVG image\. It is a PNG image/],
      [Buffer.from('<html><body>hello</body></html>'), 'svg', /^The file is not a valid SVG image\.$/],
      [
        Buffer.from('<?xml version="1.0"?><html><body>hello</body></html>'),
        'svg',
        /^The file is not a valid SVG image: its root element is <html>, not <svg>\.$/,
      ],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/><svg xmlns="http://www.w3.org/2000/svg"/>'),
        'svg',
        /^The file is not a valid SVG image: it must hold exactly one root element\.$/,
      ],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><g></svg>'), 'svg', /^The file is not a valid SVG image: .*line 1/],
      [png.subarray(0, 60), 'png', /^The file is not a valid PNG image\.$/],
      [Buffer.from('BM this is not a bitmap at all, only text pretending'), 'bmp', /^The file is not a valid BMP image\.$/],
      [pngClaiming(30000, 30000), 'png', /^The image is too large to use as a logo: at most 50 million pixels\.$/],
    ];
    const before = await countUploads(server());
    for (const [data, ext, message] of refused) {
      const { key, followup, error } = await uploadLogo(server(), cookie, data, ext);
      expect(followup.status).toBe(400);
      expect(error).toMatch(message);
      expect(await server().app.deps.storage.get(key)).toBeNull();
      // Forgotten, so it can be neither checked again nor used in a branding.
      expect((await server().call(uploads.uploadFollowup, { filename: key, which_one: 'LOGO' }, { cookie })).status).toBe(404);
      expect(
        (await saveBranding(server(), cookie, { action: 'new', company_name: 'X', overprint_colour: '#123456', image: key })).status,
      ).toBe(400);
    }
    expect(await countUploads(server())).toBe(before);
  });

  it('refuses a logo over 1 MB on the PUT, and again at the follow-up if one got into storage', async () => {
    const { cookie, id } = await loggedInUser(server());
    const { put } = await putLogo(server(), cookie, Buffer.concat([await rasterLogo('png'), Buffer.alloc(1024 * 1024)]), 'png');
    expect(put.statusCode).toBe(413);
    expect(put.json<{ error: string }>().error).toBe('The file is larger than 1 MB.');
    // As if written some other way (an object store's own upload): the follow-up checks the bytes it finds.
    const { key } = await putLogo(server(), cookie, await rasterLogo('png'), 'png');
    await server().app.deps.storage.put(key, Buffer.alloc(1024 * 1024 + 1));
    const res = await server().call(uploads.uploadFollowup, { filename: key, which_one: 'LOGO' }, { cookie });
    expect(res.body).toEqual({ success: false, error: 'The logo must be 1 MB or smaller.' });
    expect(await server().db.selectFrom('uploads').select('id').where('user_id', '=', id).where('key', '=', key).execute()).toEqual([]);
  });

  it('takes only the listed extensions, and keeps logos and survey files apart', async () => {
    const { cookie } = await loggedInUser(server());
    const tiff = await server().call(uploads.upload, { extension: 'tiff', isLogo: true }, { cookie });
    expect(tiff.body).toEqual({ success: false, error: 'Unknown image file type, please try .jpg .png .svg .bmp or .gif' });
    const { key } = await putLogo(server(), cookie, await rasterLogo('png'), 'png');
    expect((await server().call(uploads.uploadFollowup, { filename: key, which_one: 'A' }, { cookie })).body).toMatchObject({
      error: 'That file is not a survey file.',
    });
    const start = await server().call(uploads.upload, { extension: 'xml' }, { cookie });
    const xmlKey = ok(start).filename;
    await server().app.inject({
      method: 'PUT',
      url: ok(start).upload_to,
      payload: Buffer.from('<x/>'),
      headers: { cookie, 'content-type': 'application/octet-stream' },
    });
    expect((await server().call(uploads.uploadFollowup, { filename: xmlKey, which_one: 'LOGO' }, { cookie })).body).toMatchObject({
      error: 'That file is not a logo.',
    });
  });

  it('answers a repeated follow-up the same way without converting again', async () => {
    const { cookie } = await loggedInUser(server());
    const { key, message } = await uploadLogo(server(), cookie, await rasterLogo('png'), 'png');
    const again = await server().call(uploads.uploadFollowup, { filename: key, which_one: 'LOGO' }, { cookie });
    expect(again.status).toBe(200);
    expect(ok(again).message).toBe(message);
  });

  it("never lets a branding use another user's logo, an unchecked upload, or another user's stored PNG", async () => {
    const ann = await loggedInUser(server());
    const bob = await loggedInUser(server());
    const { key: annsUpload } = await uploadLogo(server(), ann.cookie, await rasterLogo('png'), 'png');
    await newBranding(server(), ann.cookie, 'Ann Ltd', annsUpload);
    const annsPng = (await brandingsOf(server(), ann.cookie))[1].image_key;
    const { key: unchecked } = await putLogo(server(), bob.cookie, await rasterLogo('png'), 'png');
    const bobs = await newBranding(server(), bob.cookie, 'Bob Ltd');
    for (const image of [annsUpload, annsPng, unchecked, 'logos/../../etc/passwd', 'uploads/nothing.png']) {
      const created = await saveBranding(server(), bob.cookie, {
        action: 'new',
        company_name: 'Bob Two',
        overprint_colour: '#123456',
        image,
      });
      const updated = await saveBranding(server(), bob.cookie, {
        action: 'update',
        id: bobs,
        company_name: 'Bob Ltd',
        overprint_colour: '#123456',
        image,
      });
      for (const res of [created, updated])
        expect(res.body).toEqual({ success: false, error: 'That logo was not uploaded or is not ready yet. Please upload it again.' });
    }
    expect((await brandingsOf(server(), bob.cookie)).map((b) => [b.company_name, b.image_key])).toEqual([
      ['EPCplus', ''],
      ['Bob Ltd', ''],
    ]);
    // Bob cannot check Ann's upload either.
    expect((await server().call(uploads.uploadFollowup, { filename: annsUpload, which_one: 'LOGO' }, { cookie: bob.cookie })).status).toBe(
      404,
    );
  });

  it("keeps, replaces or removes a branding's logo, and deletes a PNG no branding shows any more", async () => {
    const { cookie } = await loggedInUser(server());
    const { key } = await uploadLogo(server(), cookie, await rasterLogo('png'), 'png');
    const id = await newBranding(server(), cookie, 'Keep Ltd', key);
    const first = (await brandingsOf(server(), cookie))[1].image_key;
    const update = (image: string) =>
      saveBranding(server(), cookie, { action: 'update', id, company_name: 'Keep Ltd', overprint_colour: '#123456', image });
    expect((await update(first)).status).toBe(200); // the existing logo, sent back by its key
    expect((await brandingsOf(server(), cookie))[1].image_key).toBe(first);
    const { key: second } = await uploadLogo(server(), cookie, await rasterLogo('gif'), 'gif');
    await update(second);
    const replaced = (await brandingsOf(server(), cookie))[1].image_key;
    expect(replaced).not.toBe(first);
    expect(await server().app.deps.storage.get(first)).toBeNull();
    await update('');
    expect((await brandingsOf(server(), cookie))[1]).toMatchObject({ image_key: '', image_url: false });
    expect(await server().app.deps.storage.get(replaced)).toBeNull();
  });
});
