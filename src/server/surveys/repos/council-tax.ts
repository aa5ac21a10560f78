import type { Db } from '../../platform/db/database';

/** The council_tax table (the operator's list of addresses and bands): every query of it lives here. */
export interface CouncilTaxEntry {
  postcode: string;
  address: string;
  band: string;
}

export function councilTaxAt(db: Db, postcode: string): Promise<{ address: string; band: string }[]> {
  return db.selectFrom('council_tax').select(['address', 'band']).where('postcode', '=', postcode).orderBy('address').execute();
}

/** A re-import corrects a band rather than adding the address twice. */
export async function replaceCouncilTaxEntry(db: Db, entry: CouncilTaxEntry): Promise<void> {
  await db.deleteFrom('council_tax').where('postcode', '=', entry.postcode).where('address', '=', entry.address).execute();
  await db.insertInto('council_tax').values(entry).execute();
}
