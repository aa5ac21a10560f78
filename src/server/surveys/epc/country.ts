import type { SurveyCountry } from './survey';
import { normalisePostcode, postcodeArea } from './postcode';

const COUNTRIES: readonly SurveyCountry[] = ['ENG', 'WLS', 'EAW', 'SCT', 'NIR'];

/** Postcode areas wholly or almost wholly in Scotland. */
const SCOTTISH_AREAS = new Set(['AB', 'DD', 'DG', 'EH', 'FK', 'G', 'HS', 'IV', 'KA', 'KW', 'KY', 'ML', 'PA', 'PH', 'TD', 'ZE']);

/**
 * The country whose register (and improvement wording) applies. The lodged Country-Code is
 * used as it is, with two exceptions:
 * - a BT postcode is Northern Ireland whatever the code says (the register's own
 *   RdSAP-Schema-NI-21.0.1 sample lodges "ENG" for a BT postcode);
 * - older SAP schemas have no Country-Code: the postcode area decides, else England & Wales,
 *   the register those schemas belong to unless their namespace is the NI register's.
 */
export function resolveCountry(code: string | null, postcode: string, namespace: string | null): SurveyCountry {
  const area = postcodeArea(postcode);
  if (area === 'BT') return 'NIR';
  const lodged = (code ?? '').toUpperCase() as SurveyCountry;
  if (COUNTRIES.includes(lodged)) return lodged;
  if (namespace && /epbniregister/i.test(namespace)) return 'NIR';
  if (namespace && /est\.org\.uk/i.test(namespace)) return 'SCT';
  if (SCOTTISH_AREAS.has(area)) return 'SCT';
  return 'EAW';
}

/** The four nations whose grants and rules differ. */
export type HomeNation = 'england' | 'wales' | 'scotland' | 'northern-ireland';

/** Postcode areas wholly in Wales (Royal Mail's postcode areas; the border districts are listed below). */
const WELSH_AREAS = new Set(['CF', 'LD', 'LL', 'NP', 'SA']);
/** Border districts: Welsh ones in mostly English areas, and English ones in Scottish areas. */
const WELSH_DISTRICTS = new Set([
  'SY15',
  'SY16',
  'SY17',
  'SY18',
  'SY19',
  'SY20',
  'SY21',
  'SY22',
  'SY23',
  'SY24',
  'SY25',
  'CH5',
  'CH6',
  'CH7',
  'CH8',
]);
const ENGLISH_DISTRICTS_IN_SCOTTISH_AREAS = new Set(['TD15']);
/** Crown dependencies have postcodes but none of the UK's schemes. */
const OUTSIDE_UK_AREAS = new Set(['GY', 'JE', 'IM']);

/**
 * The nation a postcode is in, by its area and, on the borders, its district; null for a postcode
 * that does not read as a UK one. Border districts that straddle a border are placed in the nation
 * holding most of their addresses, so the survey's own country code decides where it says more.
 */
export function postcodeNation(postcode: string): HomeNation | null {
  const outward = normalisePostcode(postcode).split(' ')[0];
  const district = /^[A-Z]{1,2}\d{1,2}/.exec(outward)?.[0];
  if (!district) return null;
  const area = postcodeArea(district);
  if (OUTSIDE_UK_AREAS.has(area)) return null;
  if (area === 'BT') return 'northern-ireland';
  if (WELSH_AREAS.has(area) || WELSH_DISTRICTS.has(district)) return 'wales';
  if (SCOTTISH_AREAS.has(area) && !ENGLISH_DISTRICTS_IN_SCOTTISH_AREAS.has(district)) return 'scotland';
  return 'england';
}

const NATION_OF_COUNTRY: Record<Exclude<SurveyCountry, 'EAW'>, HomeNation> = {
  ENG: 'england',
  WLS: 'wales',
  SCT: 'scotland',
  NIR: 'northern-ireland',
};

/**
 * The home's nation: the survey's country code where it names one; for a lodgement "England and
 * Wales" (EAW) the postcode decides, and England where the postcode does not say.
 */
export function homeNationOf(survey: { country: SurveyCountry; address: { postcode: string } }): HomeNation {
  if (survey.country !== 'EAW') return NATION_OF_COUNTRY[survey.country];
  const byPostcode = postcodeNation(survey.address.postcode);
  return byPostcode === 'wales' ? 'wales' : 'england';
}

export const NATION_NAMES: Record<HomeNation, string> = {
  england: 'England',
  wales: 'Wales',
  scotland: 'Scotland',
  'northern-ireland': 'Northern Ireland',
};
