import type { Kysely } from 'kysely';
import { TIME, withId } from './column-types';

/** The privacy policy the operator publishes (public at /privacy); every version is kept, the newest is shown. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('privacy_policies'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('message_html', 'text', (c) => c.notNull())
    .addColumn('published_at', TIME, (c) => c.notNull())
    .execute();
}
