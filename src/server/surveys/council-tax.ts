import { COUNCIL_TAX_BANDS } from '../../shared/constants';
import type { CtaxAddress } from '../../shared/api/uploads';
import { inTransaction, type Db } from '../platform/db/database';
import { councilTaxAt, replaceCouncilTaxEntry } from './repos/council-tax';
import { normalisePostcode } from './epc/postcode';
import { byLine, readCsvRows, type ImportResult } from '../platform/csv/csv-rows';

const POSTCODE = /^[A-Z]{1,2}[0-9][A-Z0-9]? [0-9][A-Z]{2}$/;

export async function councilTaxFor(db: Db, postcode: string): Promise<CtaxAddress[]> {
  const rows = await councilTaxAt(db, normalisePostcode(postcode));
  return rows.map((r) => ({ address: r.address, band: r.band as CtaxAddress['band'] }));
}

/** Imports the operator's CSV (postcode, address, band): good rows are kept, bad ones reported by line. */
export async function importCouncilTaxCsv(db: Db, csv: string): Promise<ImportResult> {
  const { rows, problems } = readCsvRows(csv, 'postcode');
  const good = new Map<string, { postcode: string; address: string; band: string }>();
  for (const { cells, line } of rows) {
    const [rawPostcode = '', address = '', rawBand = ''] = cells;
    const postcode = normalisePostcode(rawPostcode);
    const band = rawBand.toUpperCase();
    if (cells.length !== 3) problems.push({ line, error: `expected 3 columns (postcode, address, band), found ${cells.length}` });
    else if (!POSTCODE.test(postcode)) problems.push({ line, error: `"${rawPostcode}" is not a UK postcode` });
    else if (!address || address.length > 300) problems.push({ line, error: 'the address is missing or longer than 300 characters' });
    else if (!(COUNCIL_TAX_BANDS as readonly string[]).includes(band))
      problems.push({ line, error: `"${rawBand}" is not a council tax band A to H` });
    else good.set(`${postcode}|${address}`, { postcode, address, band });
  }
  await inTransaction(db, async (tx) => {
    for (const row of good.values()) await replaceCouncilTaxEntry(tx, row);
  });
  return { imported: good.size, problems: byLine(problems) };
}
