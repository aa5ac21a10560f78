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

export function epcBand(points: number): EpcBand {
  return EPC_BANDS.find((b) => points >= b.min)!.band;
}
