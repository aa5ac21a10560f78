import type { Deps } from '../deps';
import { ERASE_OLD_QUOTE_CONTACTS, eraseOldQuoteContacts } from './quote-request-retention';

export async function registerJobs(deps: Deps): Promise<void> {
  await deps.jobs.daily(ERASE_OLD_QUOTE_CONTACTS, async () => {
    const erased = await eraseOldQuoteContacts(deps);
    if (erased) deps.log.info({ erased }, 'contact details erased from old quote requests');
  });
}
