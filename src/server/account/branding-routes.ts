import * as brandings from '../../shared/api/brandings';
import { DEFAULT_BRAND_COLOUR, DEFAULT_BRANDING_ID, PRODUCT_NAME } from '../../shared/constants';
import type { Deps } from '../deps';
import type { Routes } from '../platform/http/route';
import { saveBranding } from './brandings';
import { usersBrandings } from '../brandings/repos/brandings';

/** Logo addresses in the list live as long as a page is likely to stay open. */
const LOGO_URL_TTL_MS = 12 * 3600_000;

export function brandingRoutes(routes: Routes, deps: Deps): void {
  const { db } = deps;

  routes.userCall(brandings.getBrandings, async ({ user }) => {
    const rows = await usersBrandings(db, user.id);
    const own = await Promise.all(
      rows
        .sort((a, b) => a.company_name.localeCompare(b.company_name, 'en-GB', { sensitivity: 'base' }) || a.id - b.id)
        .map(async (r) => ({
          id: String(r.id),
          company_name: r.company_name,
          colour: r.colour,
          image_key: r.image_key,
          image_url: r.image_key ? await deps.storage.signedUrl(r.image_key, LOGO_URL_TTL_MS) : (false as const),
          ro: false,
        })),
    );
    const builtIn = {
      id: DEFAULT_BRANDING_ID,
      company_name: PRODUCT_NAME,
      colour: DEFAULT_BRAND_COLOUR,
      image_key: '',
      image_url: false as const,
      ro: true,
    };
    return { success: true as const, brandings: [builtIn, ...own] };
  });

  // A save may queue a new PDF for every report using the branding: limited like report creation.
  routes.userCall(
    brandings.saveBranding,
    async ({ body, user }) => ({ success: true as const, id: await saveBranding(deps, user.id, body) }),
    { perMinute: 30 },
  );
}
