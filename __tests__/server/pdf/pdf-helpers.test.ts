import { inkOf, normaliseColour, contrast, textOn } from '../../../src/shared/colour';
import { efficiencyWord, formatCost, formatSurveyDate, formatTonnes, humaniseElement, pdfText } from '../../../src/server/pdf/format';
import { EPC_BAND_COLOURS } from '../../../src/shared/epc-bands';
import { ratingChartModel } from '../../../src/server/pdf/rating-chart-model';

describe('rating chart model', () => {
  it('has the seven EPC bands with their point ranges and colours, A shortest', () => {
    const { bands } = ratingChartModel(50, 72);
    expect(bands.map((b) => `${b.band} ${b.range} ${b.colour}`)).toEqual([
      'A 92+ #008054',
      'B 81-91 #19b459',
      'C 69-80 #8dce46',
      'D 55-68 #ffd500',
      'E 39-54 #fcaa65',
      'F 21-38 #ef8023',
      'G 1-20 #e9153b',
    ]);
    expect(bands[0].widthShare).toBeLessThan(bands[6].widthShare);
  });

  it('puts each marker against the band its rating falls in, at the band edges too', () => {
    const model = ratingChartModel(54.6, 92);
    expect(model.current).toMatchObject({ value: 55, band: 'D', row: 3, colour: EPC_BAND_COLOURS.D });
    expect(model.potential).toMatchObject({ value: 92, band: 'A', row: 0 });
    expect(ratingChartModel(1, 20).potential.band).toBe('G');
    expect(ratingChartModel(0, 110).potential.band).toBe('A');
  });
});

describe('text for the standard fonts', () => {
  it('keeps what WinAnsi shows and maps the rest to its nearest letter', () => {
    expect(pdfText('£1,000 – “café” — naïve')).toBe('£1,000 – “café” — naïve');
    expect(pdfText('Tŷ Newydd, Ŵyl')).toBe('Ty Newydd, Wyl');
    expect(pdfText('line\nbreak\ttab')).toBe('line break tab');
    expect(pdfText('house 🏠')).toBe('house ?');
    expect(pdfText(null)).toBe('');
  });

  it('formats costs, dates, elements and efficiency words', () => {
    expect(formatCost('£100 - £350')).toBe('£100 – £350');
    expect(formatCost('£4,015 – £6,030')).toBe('£4,015 – £6,030');
    expect(formatCost(' Not applicable ')).toBe('Not applicable');
    expect(formatCost('2000')).toBe('£2,000');
    expect(formatTonnes(3)).toBe('3.0 tonnes a year');
    expect(formatTonnes(6.7)).toBe('6.7 tonnes a year');
    expect(formatTonnes(6.66)).toBe('6.7 tonnes a year');
    expect(formatTonnes(-0.04)).toBe('0.0 tonnes a year');
    expect(formatTonnes(-1.2)).toBe('-1.2 tonnes a year');
    expect(formatTonnes(null)).toBe('—');
    expect(formatCost('')).toBe('—');
    expect(formatSurveyDate('2025-02-14')).toBe('14 February 2025');
    expect(formatSurveyDate('14/02/2025')).toBe('14/02/2025');
    expect(humaniseElement('Main-Heating-Controls')).toBe('Main heating controls');
    expect(efficiencyWord(1)).toBe('Very poor');
    expect(efficiencyWord(5)).toBe('Very good');
    expect(efficiencyWord(0)).toBeNull();
  });
});

describe('brand colours', () => {
  it('falls back to the default for anything but a hex colour', () => {
    expect(normaliseColour('#ABC')).toBe('#aabbcc');
    expect(normaliseColour('red')).toBe('#2360b1');
  });

  it('darkens a pale brand colour for text and picks readable text on fills', () => {
    expect(contrast(inkOf('#ffd500'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(inkOf('#2360b1')).toBe('#2360b1');
    expect(textOn('#ffd500')).not.toBe('#ffffff');
    expect(textOn('#2360b1')).toBe('#ffffff');
  });
});
