import { byLine, readCsvRows, type ImportResult } from '../platform/csv/csv-rows';
import { isEmail } from '../../shared/rules/signup';
import type { z } from 'zod';
import type { contractor } from '../../shared/api/contractors';
import { inTransaction, type Db } from '../platform/db/database';
import { allContractors, codesInstalledIn, contractorsInstallingIn, upsertContractor } from './repos/contractors';

/** A contractor as the shared-link pages receive it: the contract's fields, written once. */
export type ContractorRow = z.infer<typeof contractor>;

export interface ContractorImport extends ContractorRow {
  measures: string[];
  areas: string[];
}

const COLUMNS = ['key', 'name', 'url', 'address', 'email', 'tel', 'image', 'measures', 'areas'] as const;
const MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  webp: 'image/webp',
};

/** The browser shows the image and the contractor's site: only web addresses (or our own paths), never javascript: or data:. */
const isWebAddress = (s: string) => /^(https?:\/\/[^\s"<>]+|\/[^\s"<>]*)$/i.test(s);

/** image/png from ".../logo.PNG?v=2"; '' when the extension says nothing we know. */
export function imageMimeOf(url: string): string {
  const path = url.split(/[?#]/)[0];
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? '';
  return MIME[ext] ?? '';
}

/** "5; 6 7" -> ['5','6','7']: operators separate lists with ';' or spaces. */
const listOf = (cell: string) => [
  ...new Set(
    cell
      .split(/[;\s]+/)
      .map((x) => x.trim())
      .filter(Boolean),
  ),
];

/** One CSV row as a contractor, or the reason it is refused. */
function contractorFromCells(cells: string[]): ContractorImport | string {
  if (cells.length !== COLUMNS.length) return `expected ${COLUMNS.length} columns (${COLUMNS.join(', ')}), found ${cells.length}`;
  const [key, name, url, address, email, tel, image, measures, areas] = cells;
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(key)) return `"${key}" is not a key (1 to 100 letters, digits, - or _)`;
  if (!name || name.length > 200) return 'the name is missing or longer than 200 characters';
  if (url && (!isWebAddress(url) || url.length > 500)) return `"${url}" is not a web address (http:// or https://)`;
  if (address.length > 500) return 'the address is longer than 500 characters';
  if (!isEmail(email) || email.length > 254) return `"${email}" is not an email address`;
  if (tel.length > 30) return 'the phone number is longer than 30 characters';
  if (image && (!isWebAddress(image) || image.length > 500)) return `"${image}" is not an image address (http:// or https://)`;
  const codes = listOf(measures);
  const bad = codes.find((c) => !/^[A-Za-z0-9_-]{1,100}$/.test(c));
  if (!codes.length || bad) return bad ? `"${bad}" is not a measure code` : 'no measure codes';
  const areaList = listOf(areas).map((a) => a.toUpperCase());
  const badArea = areaList.find((a) => !/^[A-Z]{1,2}$/.test(a));
  if (!areaList.length || badArea)
    return badArea ? `"${badArea}" is not a postcode area (one or two letters, e.g. EH)` : 'no postcode areas';
  return {
    key,
    name,
    url,
    address,
    email: email.toLowerCase(),
    tel,
    image,
    image_mime: image ? imageMimeOf(image) : '',
    measures: codes,
    areas: areaList,
  };
}

/** Imports the operator's CSV: good rows added or updated by key (their codes and areas replaced), bad rows reported by line. */
export async function importContractorsCsv(db: Db, csv: string): Promise<ImportResult> {
  const { rows, problems } = readCsvRows(csv, 'key');
  const good = new Map<string, ContractorImport>();
  for (const { cells, line } of rows) {
    const parsed = contractorFromCells(cells);
    if (typeof parsed === 'string') problems.push({ line, error: parsed });
    else good.set(parsed.key, parsed);
  }
  const now = Date.now();
  await inTransaction(db, async (tx) => {
    for (const { measures, areas, ...fields } of good.values()) await upsertContractor(tx, fields, measures, areas, now);
  });
  return { imported: good.size, problems: byLine(problems) };
}

/** Contractors who install a measure code and cover a postcode area, by name. */
export async function contractorsFor(db: Db, code: string, area: string): Promise<ContractorRow[]> {
  if (!area) return [];
  return contractorsInstallingIn(db, code, area);
}

/** Which of these measure codes have at least one contractor in the area. */
export async function codesWithContractors(db: Db, codes: string[], area: string): Promise<Set<string>> {
  if (!area || !codes.length) return new Set();
  return new Set(await codesInstalledIn(db, codes, area));
}

/** Every contractor with its codes and areas, for the operator's list. */
export const listContractors: (db: Db) => Promise<ContractorImport[]> = allContractors;
