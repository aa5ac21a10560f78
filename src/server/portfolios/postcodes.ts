import type { Deps } from '../deps';
import type { Db } from '../platform/db/database';
import { normalisePostcode } from '../surveys/epc/postcode';

/**
 * Postcodes' centres for the portfolio map, from a postcodes.io-compatible service
 * (POSTCODES_API_URL). Each postcode is asked once and kept in postcode_locations; the map reads
 * only what is kept, so a page never waits on the service.
 */

/**
 * The credit OpenStreetMap's tiles require beside the map, linking their copyright page
 * (https://operations.osmfoundation.org/policies/tiles/). HTML: Leaflet's attribution control shows it as such.
 */
export const MAP_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** postcodes.io's bulk lookup takes at most 100 postcodes a request (bulk postcode lookup, https://postcodes.io/docs). */
export const POSTCODES_PER_REQUEST = 100;
/** How long one bulk request may take before it is given up and the job tries again later. */
const POSTCODE_LOOKUP_DEADLINE_MS = 10_000;
/**
 * A postcode the service did not know is asked again after this long: new postcodes are issued
 * every quarter (ONS Postcode Directory, https://geoportal.statistics.gov.uk/), so a new-build's may appear later.
 */
const UNKNOWN_ASKED_AGAIN_AFTER_MS = 90 * 24 * 3600_000;
/** Postcodes read from the table per query: well under SQLite's and PostgreSQL's limits on bound values. */
const KEYS_PER_QUERY = 500;
/** The longest text read as a postcode ("SW1A 2AA" is 8); anything longer is not one and is not looked up. */
const POSTCODE_TEXT_MAX = 16;
/**
 * A UK postcode's shape: an outward code of area, district (and sub-district) and an inward code
 * of sector digit and unit letters (ONS, https://www.ons.gov.uk/methodology/geography/ukgeographies/postalgeography).
 * Only these are sent. Linear: no quantifier is nested.
 */
const POSTCODE_SHAPE = /^[A-Z]{1,2}[0-9][A-Z0-9]? [0-9][A-Z]{2}$/;

export interface Location {
  lat: number;
  lng: number;
}

/** "ls14ab", " LS1  4AB " -> "LS1 4AB": how postcodes are kept and matched here. */
export function postcodeKey(postcode: string): string {
  return normalisePostcode(postcode.slice(0, POSTCODE_TEXT_MAX));
}

/** The postcode's key when it has a UK postcode's shape, else null (nothing to look up). */
function lookupKey(postcode: string): string | null {
  if (postcode.length > POSTCODE_TEXT_MAX) return null;
  const key = postcodeKey(postcode);
  return POSTCODE_SHAPE.test(key) ? key : null;
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The kept centres of these postcodes, by postcodeKey; a postcode not looked up yet, or unknown to the service, is absent. */
export async function locationsOf(db: Db, postcodes: string[]): Promise<Map<string, Location>> {
  const keys = [...new Set(postcodes.map(lookupKey).filter((k): k is string => k !== null))];
  const found = new Map<string, Location>();
  for (const batch of chunks(keys, KEYS_PER_QUERY)) {
    const rows = await db
      .selectFrom('postcode_locations')
      .select(['postcode', 'latitude', 'longitude'])
      .where('postcode', 'in', batch)
      .where('latitude', 'is not', null)
      .where('longitude', 'is not', null)
      .execute();
    for (const row of rows)
      if (row.latitude !== null && row.longitude !== null) found.set(row.postcode, { lat: row.latitude, lng: row.longitude });
  }
  return found;
}

/** The postcodes among `keys` that need asking: never asked, or unknown when last asked long ago. */
async function notKnownYet(db: Db, keys: string[], now: number): Promise<string[]> {
  const kept = new Set<string>();
  for (const batch of chunks(keys, KEYS_PER_QUERY)) {
    const rows = await db
      .selectFrom('postcode_locations')
      .select('postcode')
      .where('postcode', 'in', batch)
      .where((eb) => eb.or([eb('latitude', 'is not', null), eb('looked_up_at', '>', now - UNKNOWN_ASKED_AGAIN_AFTER_MS)]))
      .execute();
    for (const row of rows) kept.add(row.postcode);
  }
  return keys.filter((k) => !kept.has(k));
}

/** One answer of the bulk lookup; the rest of postcodes.io's fields are not read. */
interface BulkAnswer {
  query: string;
  result: { latitude: number | null; longitude: number | null } | null;
}

const isCoordinate = (v: unknown, limit: number): v is number => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= limit;

/** The answers of a bulk lookup's body, or null when it is not one (a proxy's error page, a changed API). */
function bulkAnswersOf(body: unknown): BulkAnswer[] | null {
  const result = (body as { result?: unknown } | null)?.result;
  if (!Array.isArray(result)) return null;
  return result.filter((a): a is BulkAnswer => typeof (a as BulkAnswer | null)?.query === 'string');
}

/** Asks the service for one batch; the centres it knows, null for those it does not. Throws when the service fails. */
async function askService(url: string, batch: string[], deadlineMs: number): Promise<Map<string, Location | null>> {
  const res = await fetch(`${url}/postcodes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ postcodes: batch }),
    signal: AbortSignal.timeout(deadlineMs),
  });
  if (!res.ok) throw new Error(`The postcode service answered ${res.status}.`);
  const answers = bulkAnswersOf(await res.json());
  if (!answers) throw new Error('The postcode service answered something other than a bulk lookup.');
  const centres = new Map<string, Location | null>();
  for (const { query, result } of answers) {
    const key = postcodeKey(query);
    if (!batch.includes(key)) continue;
    const { latitude, longitude } = result ?? {};
    // A postcode without a grid reference (some Channel Islands and new ones) has null coordinates: it cannot be placed.
    centres.set(key, isCoordinate(latitude, 90) && isCoordinate(longitude, 180) ? { lat: latitude, lng: longitude } : null);
  }
  return centres;
}

async function keep(db: Db, centres: Map<string, Location | null>, now: number): Promise<void> {
  for (const [postcode, centre] of centres) {
    const row = { latitude: centre?.lat ?? null, longitude: centre?.lng ?? null, looked_up_at: now };
    await db
      .insertInto('postcode_locations')
      .values({ postcode, ...row })
      .onConflict((oc) => oc.column('postcode').doUpdateSet(row))
      .execute();
  }
}

export interface LookupOutcome {
  /** Postcodes placed by this lookup. */
  found: number;
  /** Postcodes the service does not know (kept with null coordinates). */
  unknown: number;
  /** Postcodes not looked up because their request failed; a later try asks them again. */
  failed: number;
}

/**
 * Looks up the postcodes not kept yet, a hundred a request, and keeps what the service says. A
 * failed request (service down, past its deadline, a bad answer) is logged and its postcodes
 * counted as failed, never thrown: the other batches still count, and the caller decides whether to try again.
 */
export async function lookUpPostcodes(
  deps: Pick<Deps, 'db' | 'config' | 'log'>,
  postcodes: string[],
  deadlineMs: number = POSTCODE_LOOKUP_DEADLINE_MS,
): Promise<LookupOutcome> {
  const now = Date.now();
  const keys = [...new Set(postcodes.map(lookupKey).filter((k): k is string => k !== null))];
  const outcome: LookupOutcome = { found: 0, unknown: 0, failed: 0 };
  for (const batch of chunks(await notKnownYet(deps.db, keys, now), POSTCODES_PER_REQUEST)) {
    let centres: Map<string, Location | null>;
    try {
      centres = await askService(deps.config.postcodesApiUrl, batch, deadlineMs);
    } catch (err) {
      deps.log.warn({ err, postcodes: batch.length }, 'postcode lookup failed; the map lacks these homes until it is tried again');
      outcome.failed += batch.length;
      continue;
    }
    // A postcode the answer left out is neither found nor unknown: asked again next time.
    outcome.failed += batch.length - centres.size;
    await keep(deps.db, centres, now);
    for (const centre of centres.values()) outcome[centre ? 'found' : 'unknown']++;
  }
  return outcome;
}
