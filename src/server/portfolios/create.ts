import type { z } from 'zod';
import type { portfolioFields } from '../../shared/api/portfolios';
import { DEFAULT_BRANDING_ID } from '../../shared/constants';
import { portfolioShareUrlOf } from '../../shared/links';
import type { Deps } from '../deps';
import type { Idempotency } from '../platform/http/idempotency';
import { WITHOUT_KEY } from '../platform/http/idempotency';
import { inTransaction } from '../platform/db/database';
import { randomToken } from '../platform/security/tokens';
import { brandingIdFor } from '../reports/create';
import { insertPortfolio, portfolioSearchText } from './repos/portfolios';

const PORTFOLIO_DEFAULT_BRANDING = 'default';

/**
 * Records a new portfolio for the user's client, in one of the user's brandings (or the built-in
 * one), with the answer kept for its Idempotency-Key so a retried create never makes a second.
 */
export async function createPortfolio(
  deps: Deps,
  userId: number,
  fields: z.output<typeof portfolioFields>,
  idempotency: Idempotency = WITHOUT_KEY,
): Promise<{ success: true; portfolio_id: number; share_url: string }> {
  // The contract names the built-in branding 'default'; the branding list (and so the picker) names it DEFAULT_BRANDING_ID.
  const selected = fields.branding_id === PORTFOLIO_DEFAULT_BRANDING ? DEFAULT_BRANDING_ID : fields.branding_id;
  const brandingId = await brandingIdFor(deps, userId, selected);
  const now = Date.now();
  const slug = randomToken(16);
  const answer = await inTransaction(deps.db, async (tx) => {
    const portfolioId = await insertPortfolio(tx, {
      user_id: userId,
      slug,
      name: fields.name,
      client_name: fields.client_name,
      client_email: fields.client_email,
      client_company: fields.client_company,
      branding_id: brandingId,
      search_text: portfolioSearchText(fields),
      created_at: now,
      updated_at: now,
      deleted_at: null,
    });
    const created = {
      success: true as const,
      portfolio_id: portfolioId,
      share_url: portfolioShareUrlOf(deps.config.publicUrl, { id: portfolioId, slug }),
    };
    await idempotency.keep(tx, created);
    return created;
  });
  deps.realtime.push(userId, 'portfolioUpdate', { portfolio_id: answer.portfolio_id });
  return answer;
}
