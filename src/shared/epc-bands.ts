/** EPC band thresholds, by energy rating: A 92+, B 81+, C 69+, D 55+, E 39+, F 21+, else G. */
export const EPC_BANDS = [
  { band: 'A', min: 92 },
  { band: 'B', min: 81 },
  { band: 'C', min: 69 },
  { band: 'D', min: 55 },
  { band: 'E', min: 39 },
  { band: 'F', min: 21 },
  { band: 'G', min: -Infinity },
] as const;
export type EpcBand = (typeof EPC_BANDS)[number]['band'];

/** The fewest points of a band: 69 for C. */
export const bandMinimum = (band: EpcBand): number => EPC_BANDS.find((b) => b.band === band)!.min;

/** Whether a letter read from a file or a row is one of the seven bands. */
export function isEpcBand(letter: string): letter is EpcBand {
  return EPC_BANDS.some((b) => b.band === letter);
}

export function epcBand(points: number): EpcBand {
  return EPC_BANDS.find((b) => points >= b.min)!.band;
}

/**
 * The colours of the energy efficiency chart on every EPC, A to G, as the certificate prints
 * them: the reports, the lists, the map and the owner's page colour a band alike.
 */
export const EPC_BAND_COLOURS: Readonly<Record<EpcBand, string>> = {
  A: '#008054',
  B: '#19b459',
  C: '#8dce46',
  D: '#ffd500',
  E: '#fcaa65',
  F: '#ef8023',
  G: '#e9153b',
};
