import { readXml } from '../../../../src/server/surveys/epc/read-xml';
import { MAX_XML_TEXT } from '../../../../src/server/surveys/epc/xml-safety';
import { CUT_MARK } from '../../../../src/server/surveys/epc/xml-node';

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

  it('cuts every value to the longest text a field keeps, in lists too, and marks it cut', () => {
    const huge = 'y'.repeat(MAX_XML_TEXT + 500);
    const cut = 'y'.repeat(MAX_XML_TEXT) + CUT_MARK;
    const { tree } = readXml(`<Root><V>${huge}</V><V>${huge}</V><One>${huge}</One><Fits>  ${'z'.repeat(MAX_XML_TEXT)}  </Fits></Root>`);
    expect(tree).toEqual({ V: [cut, cut], One: cut, Fits: 'z'.repeat(MAX_XML_TEXT) });
  });

  it('strips terminal escapes, C1 controls, bidirectional overrides, noncharacters and lone surrogates, raw or referenced', () => {
    const { tree } = readXml(
      '<Root>' +
        '<A>1 &#x1B;[2JMain&#x9B;31m Street&#x202E;</A>' +
        '<B>\u2066Flat\u2069 2\u0085 &#xFDD0;&#x1FFFE;&#xD800;Road\uDBFF</B>' +
        '<C>Tab\tand\nline kept, £ and é kept, 😀 kept</C>' +
        '</Root>',
    );
    expect(tree).toEqual({ A: '1 [2JMain31m Street', B: 'Flat 2 Road', C: 'Tab\tand\nline kept, £ and é kept, 😀 kept' });
  });
});
