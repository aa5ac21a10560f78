import { parse, type CsvError, type Info } from 'csv-parse';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ImportProblem } from '../../../shared/api/portfolios';
import { normalisePostcode } from '../../surveys/epc/postcode';

/**
 * Reading the public EPC register's domestic bulk files (certificates.csv and recommendations.csv,
 * https://epc.opendatacommunities.org/docs/guidance): one row at a time, each field capped before
 * use, each bad row reported by its line and passed over so the rest go on.
 */

export type RegisterFile = ImportProblem['file'];

/** A file the import cannot read at all (not the register's, or empty): the whole import stops with this sentence. */
export class RegisterFileError extends Error {}

/**
 * The longest row read. The register's certificate rows run to a few thousand characters; a row
 * longer than this is no register row (an unclosed quote swallowing the file, say).
 */
const MAX_ROW_CHARACTERS = 100_000;
/** Problems listed in the answer; the rest are only counted. */
const PROBLEMS_LISTED = 100;

// The register_certificates columns' sizes (migration 017), and what a line's problem may quote.
const LMK_KEY_MAX = 64;
const UPRN_MAX = 20;
const ADDRESS_MAX = 400;
const ADDRESS_PART_MAX = 200;
const POSTCODE_MAX = 10;
const PROPERTY_TYPE_MAX = 60;
const TENURE_MAX = 40;
const RECOMMENDATION_TEXT_MAX = 250;
const COST_MAX = 60;
const IMPROVEMENT_NUMBER_MAX = 4;
const QUOTED_MAX = 20;

/** A certificate row once read: the fields stored in register_certificates. */
export interface CertificateRow {
  lmkKey: string;
  uprn: string;
  address: string;
  postcode: string;
  /** Address and postcode normalised: how homes without a UPRN are matched. */
  addressKey: string;
  country: 'ENG' | 'WLS';
  currentRating: number;
  potentialRating: number;
  propertyType: string;
  tenure: string;
  /** YYYY-MM-DD. */
  lodgementDate: string;
}

/** A recommendation row once read. */
export interface RecommendationRow {
  lmkKey: string;
  /** Its place in the certificate's list (IMPROVEMENT_ITEM). */
  item: number;
  number: string | null;
  text: string;
  indicativeCost: string;
}

/** Every problem counted, the first PROBLEMS_LISTED kept. */
export class ProblemList {
  readonly listed: ImportProblem[] = [];
  count = 0;

  add(file: RegisterFile, line: number, message: string): void {
    this.count++;
    if (this.listed.length < PROBLEMS_LISTED) this.listed.push({ file, line, message });
  }
}

/** Lower case, punctuation gone, single spaces: "12, High St." and "12 HIGH ST" are one address. */
function addressKeyOf(address: string, postcode: string): string {
  return `${address} ${postcode}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .slice(0, ADDRESS_MAX);
}

type Fields = Record<string, string | undefined>;

const field = (row: Fields, name: string, max: number) => (row[name] ?? '').slice(0, max).trim();
const quoted = (value: string) => `"${value.length > QUOTED_MAX ? `${value.slice(0, QUOTED_MAX)}…` : value}"`;

/** A SAP rating: a whole number from 1 up; a home that makes more energy than it uses rates over 100. */
function ratingOf(value: string): number | null {
  if (!/^\d{1,3}$/.test(value)) return null;
  const rating = Number(value);
  return rating >= 1 ? rating : null;
}

/** YYYY-MM-DD (a time after it, as some downloads add, is dropped), and a real day. */
function dateOf(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T][0-9:.]{0,15})?$/.exec(value);
  if (!match) return null;
  const date = `${match[1]}-${match[2]}-${match[3]}`;
  const day = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === date ? date : null;
}

/**
 * The local authority's GSS code says the nation: W06… is a Welsh authority, E06…/E07…/E08…/E09…
 * English (https://geoportal.statistics.gov.uk/, GSS coding and naming policy).
 */
const countryOf = (localAuthority: string): 'ENG' | 'WLS' => (localAuthority.toUpperCase().startsWith('W') ? 'WLS' : 'ENG');

/** One certificate row, or the sentence saying why it cannot be imported. */
export function readCertificate(row: Fields): CertificateRow | string {
  const lmkKey = field(row, 'LMK_KEY', LMK_KEY_MAX + 1);
  if (!lmkKey) return 'The certificate has no LMK_KEY.';
  if (lmkKey.length > LMK_KEY_MAX) return `LMK_KEY is longer than ${LMK_KEY_MAX} characters.`;
  const address = [
    field(row, 'ADDRESS1', ADDRESS_PART_MAX),
    field(row, 'ADDRESS2', ADDRESS_PART_MAX),
    field(row, 'ADDRESS3', ADDRESS_PART_MAX),
  ]
    .filter(Boolean)
    .join(', ')
    .slice(0, ADDRESS_MAX);
  if (!address) return 'The certificate has no address (ADDRESS1, ADDRESS2 and ADDRESS3 are empty).';
  const postcode = normalisePostcode(field(row, 'POSTCODE', 2 * POSTCODE_MAX));
  if (!postcode) return 'The certificate has no postcode.';
  if (postcode.length > POSTCODE_MAX) return `POSTCODE ${quoted(postcode)} is no postcode.`;
  const currentText = field(row, 'CURRENT_ENERGY_EFFICIENCY', QUOTED_MAX + 1);
  const currentRating = ratingOf(currentText);
  if (currentRating === null) return `CURRENT_ENERGY_EFFICIENCY must be a whole number from 1 upwards, not ${quoted(currentText)}.`;
  const potentialText = field(row, 'POTENTIAL_ENERGY_EFFICIENCY', QUOTED_MAX + 1);
  const potentialRating = ratingOf(potentialText);
  if (potentialRating === null) return `POTENTIAL_ENERGY_EFFICIENCY must be a whole number from 1 upwards, not ${quoted(potentialText)}.`;
  const dateText = field(row, 'LODGEMENT_DATE', QUOTED_MAX + 1);
  const lodgementDate = dateOf(dateText);
  if (!lodgementDate) return `LODGEMENT_DATE must be a date written YYYY-MM-DD, not ${quoted(dateText)}.`;
  const uprnText = field(row, 'UPRN', UPRN_MAX + 1);
  return {
    lmkKey,
    // A UPRN is digits only (https://www.ordnancesurvey.co.uk/products/search-for-uprns); anything else identifies nothing.
    uprn: /^\d{1,20}$/.test(uprnText) ? uprnText : '',
    address,
    postcode,
    addressKey: addressKeyOf(address, postcode),
    country: countryOf(field(row, 'LOCAL_AUTHORITY', 12)),
    currentRating,
    potentialRating,
    propertyType: field(row, 'PROPERTY_TYPE', PROPERTY_TYPE_MAX),
    tenure: field(row, 'TENURE', TENURE_MAX),
    lodgementDate,
  };
}

/** One recommendation row, or the sentence saying why it cannot be imported. */
export function readRecommendation(row: Fields): RecommendationRow | string {
  const lmkKey = field(row, 'LMK_KEY', LMK_KEY_MAX + 1);
  if (!lmkKey) return 'The recommendation has no LMK_KEY.';
  if (lmkKey.length > LMK_KEY_MAX) return `LMK_KEY is longer than ${LMK_KEY_MAX} characters.`;
  const itemText = field(row, 'IMPROVEMENT_ITEM', QUOTED_MAX + 1);
  if (!/^\d{1,4}$/.test(itemText)) return `IMPROVEMENT_ITEM must be a whole number, not ${quoted(itemText)}.`;
  const numberText = field(row, 'IMPROVEMENT_ID', QUOTED_MAX + 1).replace(/^0+(?=\d)/, '');
  return {
    lmkKey,
    item: Number(itemText),
    number: /^\d+$/.test(numberText) && numberText.length <= IMPROVEMENT_NUMBER_MAX ? numberText : null,
    // The register's own name for the number first; its free text where it lodges no number.
    text:
      field(row, 'IMPROVEMENT_ID_TEXT', RECOMMENDATION_TEXT_MAX) ||
      field(row, 'IMPROVEMENT_SUMMARY_TEXT', RECOMMENDATION_TEXT_MAX) ||
      field(row, 'IMPROVEMENT_DESCR_TEXT', RECOMMENDATION_TEXT_MAX),
    indicativeCost: field(row, 'INDICATIVE_COST', COST_MAX),
  };
}

/** The columns without which a file is not the register's; a file missing one is refused whole. */
const REQUIRED_COLUMNS: Record<RegisterFile, readonly string[]> = {
  certificates: ['LMK_KEY', 'ADDRESS1', 'POSTCODE', 'CURRENT_ENERGY_EFFICIENCY', 'POTENTIAL_ENERGY_EFFICIENCY', 'LODGEMENT_DATE'],
  recommendations: ['LMK_KEY', 'IMPROVEMENT_ITEM'],
};

const CSV_FAULTS: Record<string, string> = {
  CSV_MAX_RECORD_SIZE: `This line is longer than ${MAX_ROW_CHARACTERS.toLocaleString('en-GB')} characters, so it was not read.`,
  CSV_QUOTE_NOT_CLOSED: 'A quoted field on this line is never closed, so the line was not read.',
  CSV_INVALID_CLOSING_QUOTE: 'A quote on this line is out of place, so the line was not read.',
};

/**
 * Reads a register file row by row, handing each good row to `take` and counting each bad one in
 * `problems` by its line. Answers the rows read.
 */
export async function readRegisterFile<Row>(
  source: Readable,
  file: RegisterFile,
  read: (row: Fields) => Row | string,
  take: (row: Row, line: number) => void,
  problems: ProblemList,
): Promise<number> {
  let header: string[] | null = null;
  const parser = parse({
    bom: true,
    // Newer downloads write the headers in lower case; the names are the same.
    columns: (names: string[]) => (header = names.map((n) => n.trim().toUpperCase())),
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    max_record_size: MAX_ROW_CHARACTERS,
    info: true,
  });
  parser.on('skip', (err: CsvError & { lines?: number }) =>
    problems.add(file, err.lines ?? 0, CSV_FAULTS[err.code] ?? 'This line could not be read as CSV, so it was not read.'),
  );
  let rows = 0;
  await pipeline(source, parser, async (records: AsyncIterable<{ record: Fields; info: Info }>) => {
    for await (const { record, info } of records) {
      if (rows === 0) requireColumns(file, header);
      rows++;
      const row = read(record);
      if (typeof row === 'string') {
        problems.add(file, info.lines, row);
        continue;
      }
      take(row, info.lines);
    }
  });
  if (rows === 0) requireColumns(file, header);
  return rows;
}

function requireColumns(file: RegisterFile, header: string[] | null): void {
  if (!header) throw new RegisterFileError(`The ${file} file is empty.`);
  const missing = REQUIRED_COLUMNS[file].filter((c) => !header.includes(c));
  if (missing.length > 0)
    throw new RegisterFileError(
      `The ${file} file has no ${missing.join(', ')} column${missing.length > 1 ? 's' : ''}: please choose ${file}.csv from the register's bulk download.`,
    );
}
