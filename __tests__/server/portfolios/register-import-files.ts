/** The register's bulk files as tests write them: the columns the import reads, among others it ignores. */

export const CERTIFICATE_COLUMNS = [
  'LMK_KEY',
  'ADDRESS1',
  'ADDRESS2',
  'ADDRESS3',
  'POSTCODE',
  'BUILDING_REFERENCE_NUMBER',
  'CURRENT_ENERGY_RATING',
  'POTENTIAL_ENERGY_RATING',
  'CURRENT_ENERGY_EFFICIENCY',
  'POTENTIAL_ENERGY_EFFICIENCY',
  'PROPERTY_TYPE',
  'LODGEMENT_DATE',
  'TENURE',
  'ENVIRONMENT_IMPACT_CURRENT',
  'LOCAL_AUTHORITY',
  'UPRN',
] as const;
export type CertificateColumn = (typeof CERTIFICATE_COLUMNS)[number];

export const RECOMMENDATION_COLUMNS = [
  'LMK_KEY',
  'IMPROVEMENT_ITEM',
  'IMPROVEMENT_SUMMARY_TEXT',
  'IMPROVEMENT_DESCR_TEXT',
  'IMPROVEMENT_ID',
  'IMPROVEMENT_ID_TEXT',
  'INDICATIVE_COST',
] as const;
export type RecommendationColumn = (typeof RECOMMENDATION_COLUMNS)[number];

const quote = (value: string) => `"${value.replace(/"/g, '""')}"`;

function csvOf<C extends string>(columns: readonly C[], rows: Partial<Record<C, string>>[]): string {
  return [columns.join(','), ...rows.map((r) => columns.map((c) => quote(r[c] ?? '')).join(','))].join('\n') + '\n';
}

/** A certificate of a home in England rated 50 (E), potential 75 (C), unless told otherwise. */
export function certificate(overrides: Partial<Record<CertificateColumn, string>> = {}): Partial<Record<CertificateColumn, string>> {
  return {
    LMK_KEY: 'lmk-1',
    ADDRESS1: '1 High Street',
    ADDRESS2: '',
    ADDRESS3: 'Leeds',
    POSTCODE: 'LS1 1AA',
    CURRENT_ENERGY_RATING: 'E',
    CURRENT_ENERGY_EFFICIENCY: '50',
    POTENTIAL_ENERGY_EFFICIENCY: '75',
    PROPERTY_TYPE: 'House',
    LODGEMENT_DATE: '2022-05-01',
    TENURE: 'Rented (private)',
    ENVIRONMENT_IMPACT_CURRENT: '45',
    LOCAL_AUTHORITY: 'E08000035',
    UPRN: '',
    ...overrides,
  };
}

export function recommendation(
  lmkKey: string,
  item: number,
  overrides: Partial<Record<RecommendationColumn, string>> = {},
): Partial<Record<RecommendationColumn, string>> {
  return {
    LMK_KEY: lmkKey,
    IMPROVEMENT_ITEM: String(item),
    IMPROVEMENT_SUMMARY_TEXT: '',
    IMPROVEMENT_DESCR_TEXT: '',
    IMPROVEMENT_ID: '5',
    IMPROVEMENT_ID_TEXT: 'Increase loft insulation to 270 mm',
    INDICATIVE_COST: '£100 - £350',
    ...overrides,
  };
}

export const certificatesCsv = (rows: Partial<Record<CertificateColumn, string>>[]) => csvOf(CERTIFICATE_COLUMNS, rows);
export const recommendationsCsv = (rows: Partial<Record<RecommendationColumn, string>>[]) => csvOf(RECOMMENDATION_COLUMNS, rows);
