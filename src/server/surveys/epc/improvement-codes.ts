import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { SurveyCountry } from './survey';

/** The product's own copy (see its SOURCE note): nothing outside the repository is read at run time. */
const CSV_PATH = resolve(__dirname, '../../data/improvement-codes.csv');

type Row = Record<string, string>;

/**
 * Numbers no longer in the current register list have an empty summary; their name is in the
 * revision that last carried them, newest first, then the register front end's title.
 */
const OLDER_NAMES = [
  'summary_rev6_1_rdsap19_20',
  'summary_rev5_0_rdsap17',
  'summary_sap_rev4_8_sap18',
  'summary_rev2_1a_sap14_2',
  'epb_frontend_title',
  'xsd_enum_annotation_rdsap21_0_1',
];

/** Each country's register words some recommendations its own way (Scotland: "Draughtproofing"). */
const COUNTRY_COLUMN: Record<SurveyCountry, string> = {
  ENG: 'summary',
  WLS: 'summary',
  EAW: 'summary',
  SCT: 'summary_scotland',
  NIR: 'summary_northern_ireland',
};

let codes: Map<string, Row> | null = null;

function loadCodes(): Map<string, Row> {
  if (!codes) {
    const rows = parse<Row>(readFileSync(CSV_PATH), { columns: true, bom: true, skip_empty_lines: true, trim: true });
    codes = new Map(rows.map((row) => [row.improvement_number, row]));
  }
  return codes;
}

/** The summary of improvement `number` as the register of `country` words it; null for a number we do not know. */
export function improvementName(number: string | number, country: SurveyCountry): string | null {
  const row = loadCodes().get(
    String(number)
      .trim()
      .replace(/^0+(?=\d)/, ''),
  );
  if (!row) return null;
  for (const column of [COUNTRY_COLUMN[country], 'summary', ...OLDER_NAMES]) {
    if (row[column]) return row[column];
  }
  return null;
}
