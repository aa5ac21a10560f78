import { EPC_BAND_COLOURS, EPC_BANDS, epcBand, isEpcBand } from '../../src/shared/epc-bands';

describe('epcBand', () => {
  // The bands: A 92+, B 81+, C 69+, D 55+, E 39+, F 21+, else G — both sides of every boundary.
  it.each([
    [100, 'A'],
    [92, 'A'],
    [91, 'B'],
    [81, 'B'],
    [80, 'C'],
    [69, 'C'],
    [68, 'D'],
    [55, 'D'],
    [54, 'E'],
    [39, 'E'],
    [38, 'F'],
    [21, 'F'],
    [20, 'G'],
    [1, 'G'],
    [0, 'G'],
    [-10, 'G'],
  ])('puts %i points in band %s', (points, band) => {
    expect(epcBand(points)).toBe(band);
  });

  it('rounds nothing: 91.9 points are still band B', () => {
    expect(epcBand(91.9)).toBe('B');
  });

  it('lists the bands from A to G with falling thresholds', () => {
    expect(EPC_BANDS.map((b) => b.band)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G']);
    const mins = EPC_BANDS.map((b) => b.min);
    expect([...mins].sort((a, b) => b - a)).toEqual(mins);
  });

  it('knows a band letter from anything else a file or a row may hold', () => {
    expect(['A', 'G', 'a', 'H', '', 'AB'].map(isEpcBand)).toEqual([true, true, false, false, false, false]);
  });

  it('gives every band its own colour', () => {
    const colours = EPC_BANDS.map((b) => EPC_BAND_COLOURS[b.band]);
    expect(new Set(colours).size).toBe(7);
    for (const colour of colours) expect(colour).toMatch(/^#[0-9a-f]{6}$/);
  });
});
