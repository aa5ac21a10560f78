import type { SurveyCountry } from '../surveys/epc/survey';

/** The three UK jurisdictions whose bank holidays and letting rules differ. */
export type Nation = 'england-and-wales' | 'scotland' | 'northern-ireland';

export function nationOf(country: SurveyCountry): Nation {
  if (country === 'SCT') return 'scotland';
  if (country === 'NIR') return 'northern-ireland';
  return 'england-and-wales';
}
