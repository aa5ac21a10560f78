import type { Kysely } from 'kysely';
import { DEFAULT_VOUCHER_CODE } from '../../../../shared/constants';

/**
 * The booking screen offers SAVE-100 to every owner, so a new installation has
 * it; operators change its message or switch it off with `npm run cli -- vouchers …`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db
    .insertInto('vouchers' as never)
    .values({
      code: DEFAULT_VOUCHER_CODE,
      message: `${DEFAULT_VOUCHER_CODE} applied: £100 off your assessor's visit.`,
      expires_at: null,
      active: 1,
      created_at: Date.now(),
    })
    .execute();
}
