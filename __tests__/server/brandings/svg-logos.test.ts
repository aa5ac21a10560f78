import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { sanitiseSvg } from '../../../src/server/platform/images/sanitise-svg';
import { describeEachDatabase } from '../helpers/databases';
import { loggedInUser } from '../helpers/factories';
import { useTestServer } from '../helpers/test-server';
import { brandingsOf, newBranding, uploadLogo } from './logo-files';

const svg = (body: string, rootAttrs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 40"${rootAttrs}>${body}</svg>`;
const DRAWING = '<rect id="box" width="100" height="40" fill="#0a7"/>';
const clean = (text: string) => sanitiseSvg(Buffer.from(text));

describe('SVG sanitiser', () => {
  it.each([
    ['a <script> element', svg(`${DRAWING}<script>alert(1)</script><script xlink:href="http://evil.example/x.js"/>`), ['<script>']],
    ['an onload= handler', svg(DRAWING, ' onload="alert(1)"'), ['onload']],
    [
      'handlers on any element, in any case',
      svg('<rect width="9" height="9" onclick="x()" onMouseOver="y()"/>'),
      ['onclick', 'onmouseover'],
    ],
    [
      'a <foreignObject>',
      svg(`${DRAWING}<foreignObject><div xmlns="http://www.w3.org/1999/xhtml"><iframe src="http://evil.example"/></div></foreignObject>`),
      ['<foreignObject>'],
    ],
    ['an external <image href>', svg(`${DRAWING}<image href="http://evil.example/track.png" width="10" height="10"/>`), ['<image>']],
    ['a data: <image>', svg(`${DRAWING}<image xlink:href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>`), ['<image>']],
    ['xlink:href="javascript:…" on a link', svg(`<a xlink:href="javascript:alert(1)">${DRAWING}</a>`), ['a link to javascript:alert(1)']],
    ['an entity-encoded javascript: link', svg(`<a href="jav&#x61;script:alert(1)">${DRAWING}</a>`), ['a link to javascript:alert(1)']],
    [
      'a <use> of another file',
      svg(`${DRAWING}<use href="http://evil.example/sprite.svg#icon"/><use xlink:href="file:///etc/passwd#x"/>`),
      ['a link to http://evil.example/sprite.svg#icon', 'a link to file:///etc/passwd#x'],
    ],
    [
      'an external url() in fill and in style',
      svg(`<rect width="9" height="9" fill="url(http://evil.example/p#g)" style="stroke:url('//evil.example/s');opacity:0.5"/>`),
      ['a reference in fill="url(http://evil.example/p#g)"', `a reference in style "stroke:url('//evil.example/s')"`],
    ],
    [
      'an @import in a <style> sheet',
      svg(`<style>@import url(http://evil.example/a.css); rect{fill:red}</style>${DRAWING}`),
      ['a <style> sheet with external references'],
    ],
    [
      'animation that could rewrite an href',
      svg(`<a>${DRAWING}<set attributeName="href" to="javascript:alert(1)"/><animate attributeName="fill"/></a>`),
      ['<set>', '<animate>'],
    ],
    ['an <feImage> filter input', svg(`<filter id="f"><feImage href="http://evil.example/x.png"/></filter>${DRAWING}`), ['<feImage>']],
  ])('removes %s', (_what, text, reported) => {
    const out = clean(text);
    expect(out.removed).toEqual(reported);
    for (const gone of [
      'script',
      'alert',
      'evil.example',
      'foreignObject',
      'javascript',
      'data:',
      'file:',
      '<image',
      '@import',
      'onload',
      'onclick',
      '<set',
      'feImage',
    ]) {
      expect(out.svg).not.toContain(gone);
    }
    expect(out.svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"')).toBe(true);
  });

  it('keeps the drawing: shapes, text, a <style> sheet, and references inside the file', () => {
    const text = svg(
      '<defs><linearGradient id="a"><stop offset="0" stop-color="#f00"/></linearGradient><linearGradient id="b" xlink:href="#a"/></defs>' +
        '<style><![CDATA[ .t > tspan { fill: #123; } ]]></style>' +
        '<g class="t"><rect width="50" height="20" fill="url(#b)" style="stroke: #000; stroke-width: 2"/><use href="#box"/>' +
        '<text x="1" y="30">A &amp; B &lt;Ltd&gt;</text></g>',
    );
    const out = clean(text);
    expect(out.removed).toEqual([]);
    expect(out.svg).toContain('<linearGradient id="b" xlink:href="#a"/>');
    expect(out.svg).toContain('fill="url(#b)"');
    expect(out.svg).toContain('<use href="#box"/>');
    expect(out.svg).toContain('<style> .t &gt; tspan { fill: #123; } </style>');
    expect(out.svg).toContain('<text x="1" y="30">A &amp; B &lt;Ltd&gt;</text>');
  });

  it('drops a DOCTYPE that only names the SVG DTD, and refuses one that declares entities', () => {
    const dtd = '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">';
    expect(clean(`<?xml version="1.0"?>${dtd}${svg(DRAWING)}`).svg).not.toContain('DOCTYPE');
    const bombs = [
      `<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>${svg('<text>&b;</text>')}`,
      `<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${svg('<text>&xxe;</text>')}`,
      `<!DOCTYPE svg SYSTEM "http://evil.example/x.dtd" [ <!ATTLIST svg onload CDATA "alert(1)"> ]>${svg(DRAWING)}`,
    ];
    for (const text of bombs)
      expect(() => clean(text)).toThrow(/^The file is not a valid SVG image: it( declares entities|s document type declaration)/);
    expect(() => clean(svg('<text>&undefined;</text>'))).toThrow(
      'The file is not a valid SVG image: it uses the undefined entity &undefined;.',
    );
  });

  it('drops processing instructions and comments, and sizes the drawing to fit 600 x 240', () => {
    const out = clean(`<?xml-stylesheet href="http://evil.example/a.css"?><!-- note -->${svg(DRAWING, ' width="10cm" height="4cm"')}`);
    expect(out.svg).not.toMatch(/evil|note|xml-stylesheet/);
    expect([out.width, out.height]).toEqual([600, 240]);
    expect(clean('<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><circle r="5" cx="10" cy="10"/></svg>')).toMatchObject({
      width: 240,
      height: 240,
    });
    expect(clean('<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100"/>').svg).toContain(
      'width="600" height="1" viewBox="0 0 100000 100"',
    );
  });

  it('refuses an SVG too deep or too large to be a logo', () => {
    expect(() => clean(svg('<g>'.repeat(80) + '</g>'.repeat(80)))).toThrow('The SVG image is too complex to use as a logo.');
    expect(() => clean(svg('<rect/>'.repeat(20_001)))).toThrow('The SVG image is too complex to use as a logo.');
    expect(() => clean(svg('<g>'.repeat(200_000) + '</g>'.repeat(200_000)))).toThrow(/^The file is not a valid SVG image: /);
    expect(() => clean(svg('<__proto__ polluted="yes"/>'))).toThrow(/^The file is not a valid SVG image: /);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses references that multiply (a <use> bomb, a cycle) and keeps ordinary reuse', () => {
    let levels = '<rect id="l0" width="1" height="1"/>';
    for (let i = 1; i <= 12; i++) levels += `<g id="l${i}">${`<use href="#l${i - 1}"/>`.repeat(10)}</g>`;
    expect(() => clean(svg(`<defs>${levels}</defs><use href="#l12"/>`))).toThrow('The SVG image is too complex to use as a logo.');
    expect(() => clean(svg('<g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g>'))).toThrow(
      'The SVG image is too complex to use as a logo.',
    );
    const patterns =
      '<pattern id="p0" width="1" height="1"><rect width="1" height="1"/></pattern>' +
      Array.from(
        { length: 8 },
        (_, i) => `<pattern id="p${i + 1}" width="1" height="1">${`<rect width="1" height="1" fill="url(#p${i})"/>`.repeat(10)}</pattern>`,
      ).join('');
    expect(() => clean(svg(`<defs>${patterns}</defs><rect width="9" height="9" style="fill:url(#p8)"/>`))).toThrow(
      'The SVG image is too complex to use as a logo.',
    );
    const dots = `<defs><symbol id="dot"><circle r="1" fill="url(#g)"/></symbol><radialGradient id="g"><stop offset="0"/></radialGradient></defs>${'<use href="#dot"/>'.repeat(500)}`;
    expect(clean(svg(dots)).svg.match(/<use /g)).toHaveLength(500);
  });

  it('refuses more text than a logo holds, per text element and in all, repeats through <use> included', () => {
    const perElement = /^The SVG logo has too much text: at most 200 characters in one text element\. Please shorten it, or convert/;
    const inAll = /^The SVG logo has too much text: at most 1,000 characters may be drawn in all \(text repeated through <use> counts/;
    const letters = (n: number) => 'Acme-Ltd-'.repeat(Math.ceil(n / 9)).slice(0, n);
    // A company name and a strapline, laid out in tspans and indented as editors write them, pass.
    const logo = `<text x="0" y="20">\n    <tspan>${letters(100)}</tspan>\n    <tspan x="0" dy="20">${letters(90)}</tspan>\n  </text>`;
    expect(clean(svg(logo)).svg).toContain(`<text x="0" y="20"> <tspan>${letters(100)}</tspan> <tspan`);
    expect(clean(svg(`<text>${letters(200)}</text>`.repeat(5))).svg).toContain(letters(200));
    expect(() => clean(svg(`<text>${letters(201)}</text>`))).toThrow(perElement);
    expect(() => clean(svg(`<text><tspan>${letters(100)}</tspan><textPath>${letters(101)}</textPath></text>`))).toThrow(perElement);
    expect(() => clean(svg(`<text><![CDATA[${letters(201)}]]></text>`))).toThrow(perElement);
    expect(() => clean(svg(`<title>${letters(201)}</title>`))).toThrow(perElement);
    expect(() => clean(svg(`<text>${letters(200)}</text>`.repeat(5) + '<text>x</text>'))).toThrow(inAll);
    // 1 000 drawn from one <text> of 200: refused though the file holds 200 characters.
    const reused = `<defs><text id="t">${letters(200)}</text><g id="g">${'<use href="#t"/>'.repeat(10)}</g></defs><use href="#g"/>`;
    expect(() => clean(svg(reused))).toThrow(inAll);
    expect(clean(svg(`<defs><text id="t">${letters(20)}</text></defs>${'<use href="#t"/>'.repeat(40)}`)).svg).toContain(letters(20));
  });
});

describeEachDatabase('SVG logos', (dialect) => {
  const server = useTestServer(dialect);
  let web: Server;
  let hits: string[];
  beforeEach(async () => {
    hits = [];
    web = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.end();
    });
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  });
  afterEach(() => new Promise<void>((resolve) => web.close(() => resolve())));

  it('stores a sanitised SVG as a PNG, fetching nothing it refers to, and says what it removed', async () => {
    const { cookie } = await loggedInUser(server());
    const at = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
    const text =
      `<?xml-stylesheet href="${at}/pi.css"?>` +
      svg(
        `<style>@import url(${at}/import.css);</style><image href="${at}/image.png" width="50" height="20"/>` +
          `<use xlink:href="${at}/use.svg#x"/><rect width="100" height="40" fill="#0a7" style="stroke:url(${at}/paint#p)"/><script>fetch('${at}/script')</script>`,
        ' onload="alert(1)"',
      );
    const { key, followup, message } = await uploadLogo(server(), cookie, Buffer.from(text), 'svg');
    expect(followup.status).toBe(200);
    expect(message).toMatch(
      /^Your logo is ready \(600 × 240 pixels\)\. For safety these were removed from the SVG: onload, a <style> sheet with external references, <image>, a link to http:\/\/127\.0\.0\.1:\d+\/use\.svg#x, a reference in style/,
    );
    expect(hits).toEqual([]);
    await newBranding(server(), cookie, 'Svg Ltd', key);
    const png = (await server().app.deps.storage.get((await brandingsOf(server(), cookie))[1].image_key))!;
    expect(png.subarray(0, 4).toString('latin1')).toBe('\x89PNG');
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, ...data.subarray(0, 3)]).toEqual([600, 240, 0, 0xaa, 0x77]);
  });

  it('refuses an SVG with entities, and one with nothing left to draw', async () => {
    const { cookie } = await loggedInUser(server());
    const entities = await uploadLogo(server(), cookie, Buffer.from(`<!DOCTYPE svg [<!ENTITY e "x">]>${svg('<text>&e;</text>')}`), 'svg');
    expect(entities.error).toBe('The file is not a valid SVG image: it declares entities (<!ENTITY>), which logos may not use.');
    const empty = await uploadLogo(server(), cookie, Buffer.from(svg('<script>alert(1)</script>')), 'svg');
    expect(empty.error).toBe('The logo is empty: nothing in it would be visible.');
  });
});
