import type { Kysely } from 'kysely';
import { TIME, withId } from './column-types';

/**
 * What an assessor's finalising of a Premium report keeps: the plans they chose (with the totals
 * the server recomputed), their own plan and its name, their remarks, and every measure with the
 * points and costs they adjusted. One row per report: the unique report id is what makes a second
 * finalising fail, whichever of two racing requests comes second.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('premium_reports'))
    .addColumn('report_id', 'integer', (c) => c.notNull().unique().references('reports.id').onDelete('cascade'))
    /** JSON: the chosen PremiumPlan list, the leading one first. */
    .addColumn('plans', 'text', (c) => c.notNull())
    /** JSON: the assessor's own PremiumPlan, or null. */
    .addColumn('custom_plan', 'text')
    .addColumn('custom_plan_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('remarks', 'text', (c) => c.notNull())
    /** JSON: every measure of the survey, in sequence, with the assessor's points and costs and recomputed totals. */
    .addColumn('measures', 'text', (c) => c.notNull())
    .addColumn('finalised_at', TIME, (c) => c.notNull())
    .execute();
}
