import type { SurveyCountry } from './survey';
import { postcodeArea } from './postcode';

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
