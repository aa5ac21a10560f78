/**
 * The picture of a measure: one icon per kind of work (public/measures/<category>.svg), chosen
 * by improvement number (SAP/RdSAP Appendix T; numbers as in data/improvement-codes.csv).
 */
export const MEASURE_CATEGORIES = [
  'loft',
  'cavity-wall',
  'solid-wall',
  'floor',
  'glazing',
  'doors',
  'draught',
  'heating-controls',
  'boiler',
  'storage-heaters',
  'heat-pump',
  'hot-water',
  'lighting',
  'solar-water',
  'solar-pv',
  'wind',
  'other',
] as const;
export type MeasureCategory = (typeof MEASURE_CATEGORIES)[number];

const BY_NUMBER: Partial<Record<MeasureCategory, number[]>> = {
  // Loft, flat roof / sloping ceiling and room-in-roof insulation all insulate the roof.
  loft: [5, 45, 46],
  'cavity-wall': [6, 63],
  // Internal or external insulation of solid walls, alone or with cavity fill.
  'solid-wall': [7, 55, 65, 66],
  floor: [47, 57, 58],
  glazing: [8, 9, 56],
  doors: [48],
  draught: [10],
  'heating-controls': [11, 12, 13, 14, 15, 16, 17, 18],
  // New or replacement boilers and heating units, whatever the fuel, and their add-ons.
  boiler: [20, 21, 22, 23, 26, 27, 28, 29, 32, 36, 37, 38, 39, 40, 41, 42, 43, 50, 53, 54],
  'storage-heaters': [24, 25, 30, 31, 59, 60, 61, 62],
  'heat-pump': [51, 52, 75, 76],
  // Cylinder insulation and thermostat, shower heat recovery, water heating controls.
  'hot-water': [1, 2, 3, 4, 49, 70],
  lighting: [35],
  'solar-water': [19],
  'solar-pv': [34, 72, 73],
  wind: [44],
};

const CATEGORY_OF = new Map<number, MeasureCategory>(
  Object.entries(BY_NUMBER).flatMap(([category, numbers]) => numbers.map((n) => [n, category as MeasureCategory] as const)),
);

/** A custom (text) improvement or a number we do not know is 'other'. */
export function measureCategory(number: string | null): MeasureCategory {
  if (number === null || !/^\d+$/.test(number.trim())) return 'other';
  return CATEGORY_OF.get(Number(number)) ?? 'other';
}

export const measureImage = (category: MeasureCategory) => `/measures/${category}.svg`;
