import { readXml } from '../../../src/server/surveys/epc/read-xml';
import { MAX_XML_TEXT } from '../../../src/server/surveys/epc/xml-safety';

describe('readXml: every text value in the tree, wherever it sits', () => {
  // Longer than the parser is given inline: lifted out before parsing and put back after.
  const long = `Long remark ${'x'.repeat(40)} &amp; more`;
  const restoredLong = `Long remark ${'x'.repeat(40)} & more`;

  it('puts lifted text back and decodes entities in repeated elements, lists of elements and nested ones', () => {
    const xml =
      '<?xml version="1.0"?><Root xmlns="urn:x">' +
      '<Item>A &amp; B</Item><Item>  &#163;5 </Item>' +
      `<Item><Name>${long}</Name><Name>&lt;C&gt;</Name></Item>` +
      `<Single><Deep><Deeper>${long}</Deeper><Plain>text</Plain></Deep></Single>` +
      '</Root>';
    expect(readXml(xml)).toEqual({
      root: 'Root',
      namespace: 'urn:x',
      tree: {
        Item: ['A & B', '£5', { Name: [restoredLong, '<C>'] }],
        Single: { Deep: { Deeper: restoredLong, Plain: 'text' } },
      },
    });
  });

  it('cuts every value to the longest text a field keeps, in lists too', () => {
    const huge = 'y'.repeat(MAX_XML_TEXT + 500);
    const { tree } = readXml(`<Root><V>${huge}</V><V>${huge}</V><One>${huge}</One></Root>`);
    expect(tree).toEqual({ V: ['y'.repeat(MAX_XML_TEXT), 'y'.repeat(MAX_XML_TEXT)], One: 'y'.repeat(MAX_XML_TEXT) });
  });
});
