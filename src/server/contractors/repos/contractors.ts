import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { ContractorsTable } from '../../platform/db/schema';

/** Contractors with the measure codes they install and the postcode areas they cover: every query of them lives here. */
export type ContractorFields = Omit<Selectable<ContractorsTable>, 'id' | 'updated_at'>;

/** Adds the contractor or updates it by key, and replaces its codes and areas. */
export async function upsertContractor(db: Db, fields: ContractorFields, measures: string[], areas: string[], now: number): Promise<void> {
  const existing = await db.selectFrom('contractors').select('id').where('key', '=', fields.key).executeTakeFirst();
  let id: number;
  if (existing) {
    await db
      .updateTable('contractors')
      .set({ ...fields, updated_at: now })
      .where('id', '=', existing.id)
      .execute();
    id = existing.id;
  } else {
    id = (
      await db
        .insertInto('contractors')
        .values({ ...fields, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  await db.deleteFrom('contractor_measures').where('contractor_id', '=', id).execute();
  await db.deleteFrom('contractor_areas').where('contractor_id', '=', id).execute();
  await db
    .insertInto('contractor_measures')
    .values(measures.map((code) => ({ contractor_id: id, code })))
    .execute();
  await db
    .insertInto('contractor_areas')
    .values(areas.map((area) => ({ contractor_id: id, area })))
    .execute();
}

const FIELDS = [
  'contractors.key',
  'contractors.name',
  'contractors.url',
  'contractors.address',
  'contractors.email',
  'contractors.tel',
  'contractors.image',
  'contractors.image_mime',
] as const;

/** Contractors who install a measure code and cover a postcode area, by name. */
export function contractorsInstallingIn(db: Db, code: string, area: string): Promise<ContractorFields[]> {
  return db
    .selectFrom('contractors')
    .innerJoin('contractor_measures as m', 'm.contractor_id', 'contractors.id')
    .innerJoin('contractor_areas as a', 'a.contractor_id', 'contractors.id')
    .select(FIELDS)
    .where('m.code', '=', code)
    .where('a.area', '=', area)
    .orderBy('contractors.name')
    .orderBy('contractors.key')
    .execute();
}

/** Which of these measure codes have at least one contractor in the area. */
export async function codesInstalledIn(db: Db, codes: string[], area: string): Promise<string[]> {
  const rows = await db
    .selectFrom('contractor_measures as m')
    .innerJoin('contractor_areas as a', 'a.contractor_id', 'm.contractor_id')
    .select('m.code')
    .distinct()
    .where('m.code', 'in', codes)
    .where('a.area', '=', area)
    .execute();
  return rows.map((r) => r.code);
}

/** Every contractor with its codes and areas, by key. */
export async function allContractors(db: Db): Promise<(ContractorFields & { measures: string[]; areas: string[] })[]> {
  const rows = await db.selectFrom('contractors').selectAll().orderBy('key').execute();
  const measures = await db.selectFrom('contractor_measures').selectAll().orderBy('code').execute();
  const areas = await db.selectFrom('contractor_areas').selectAll().orderBy('area').execute();
  return rows.map(({ id, updated_at: _updatedAt, ...r }) => ({
    ...r,
    measures: measures.filter((m) => m.contractor_id === id).map((m) => m.code),
    areas: areas.filter((a) => a.contractor_id === id).map((a) => a.area),
  }));
}
