import { rowIdFromText } from '../../shared/api/define';
import type { z } from 'zod';
import type * as brandings from '../../shared/api/brandings';
import { DEFAULT_BRANDING_ID } from '../../shared/constants';
import type { Deps } from '../deps';
import { inTransaction, type Db } from '../platform/db/database';
import { badRequest, notFound } from '../platform/http/http-error';
import { checkedLogoOf } from '../uploads/logo-uploads';
import { afterRegeneration, queueRegeneration } from '../reports/regenerate';
import { clearBranding } from '../reports/repos/reports';
import { findUsersUpload } from '../uploads/repos/uploads';
import {
  anyBrandingShows,
  deleteBranding,
  findUsersBranding,
  insertBranding,
  updateBranding,
  usersBrandingShows,
} from '../brandings/repos/brandings';

type SaveBody = z.output<typeof brandings.saveBranding.request>;
type Fields = Pick<Extract<SaveBody, { action: 'new' }>, 'image' | 'company_name' | 'overprint_colour'>;

const MISSING = 'That branding does not exist.';
const LOGO_NOT_READY = 'That logo was not uploaded or is not ready yet. Please upload it again.';

/** The row id of one of the user's brandings; the built-in one is nobody's to change. */
async function ownBranding(db: Db, userId: number, id: string) {
  if (id === DEFAULT_BRANDING_ID) throw badRequest(`The built-in ${DEFAULT_BRANDING_ID} branding cannot be changed or deleted.`);
  const n = rowIdFromText(id);
  // Another user's branding answers exactly as a missing one.
  const row = n !== null ? await findUsersBranding(db, userId, n) : undefined;
  if (!row) throw notFound(MISSING);
  return row;
}

/**
 * The stored PNG a branding may show: '' for none, the branding's own current logo, a logo of
 * another of the user's brandings, or the user's own upload that passed the LOGO follow-up
 * (sent by its upload filename). Anything else, another user's upload included, is refused.
 */
async function logoKeyFor(deps: Deps, userId: number, image: string, current = ''): Promise<string> {
  const wanted = image.trim();
  if (!wanted) return '';
  if (wanted === current) return current;
  const upload = await findUsersUpload(deps.db, userId, wanted);
  const logo = upload ? checkedLogoOf(upload) : null;
  if (logo) {
    if (!(await deps.storage.get(logo.logo_key))) throw badRequest(LOGO_NOT_READY);
    return logo.logo_key;
  }
  if (await usersBrandingShows(deps.db, userId, wanted)) return wanted;
  throw badRequest(LOGO_NOT_READY);
}

/** A logo no branding shows any more is deleted; the PDFs made with it carry their own copy. */
async function dropLogoIfUnused(deps: Deps, key: string): Promise<void> {
  if (!key) return;
  if (!(await anyBrandingShows(deps.db, key))) await deps.storage.remove(key);
}

async function create(deps: Deps, userId: number, body: Fields): Promise<string> {
  const now = Date.now();
  const imageKey = await logoKeyFor(deps, userId, body.image);
  const id = await insertBranding(
    deps.db,
    userId,
    { company_name: body.company_name, colour: body.overprint_colour.toLowerCase(), image_key: imageKey },
    now,
  );
  return String(id);
}

async function update(deps: Deps, userId: number, id: string, body: Fields): Promise<string> {
  const row = await ownBranding(deps.db, userId, id);
  const next = {
    company_name: body.company_name,
    colour: body.overprint_colour.toLowerCase(),
    image_key: await logoKeyFor(deps, userId, body.image, row.image_key),
  };
  const changed = next.company_name !== row.company_name || next.colour !== row.colour || next.image_key !== row.image_key;
  const regenerating = await inTransaction(deps.db, async (trx) => {
    await updateBranding(trx, row.id, next, Date.now());
    return changed ? queueRegeneration(deps, trx, userId, row.id) : 0;
  });
  afterRegeneration(deps, userId, regenerating);
  if (row.image_key !== next.image_key) await dropLogoIfUnused(deps, row.image_key);
  return String(row.id);
}

/** Reports that used the branding fall back to the built-in default, and are drawn again with it. */
async function remove(deps: Deps, userId: number, id: string): Promise<string> {
  const row = await ownBranding(deps.db, userId, id);
  const regenerating = await inTransaction(deps.db, async (trx) => {
    const count = await queueRegeneration(deps, trx, userId, row.id);
    // Deleted reports too: an undeleted one must not point at a branding that is gone.
    await clearBranding(trx, row.id);
    await deleteBranding(trx, row.id);
    return count;
  });
  afterRegeneration(deps, userId, regenerating);
  await dropLogoIfUnused(deps, row.image_key);
  return String(row.id);
}

/** saveBranding: new, update or delete, then every open tab of the user hears of it. */
export async function saveBranding(deps: Deps, userId: number, body: SaveBody): Promise<string> {
  const id =
    body.action === 'new'
      ? await create(deps, userId, body)
      : body.action === 'update'
        ? await update(deps, userId, body.id, body)
        : await remove(deps, userId, body.id);
  deps.realtime.push(userId, 'settingsUpdate', { what: 'brandings' });
  return id;
}
