import type { Scheme } from '../../../shared/constants';

/** How each accreditation scheme of the contract is written for people. */
export const SCHEME_LABELS: Record<Scheme, string> = {
  elmhurst: 'Elmhurst',
  stroma: 'Stroma',
  qudos: 'Quidos',
  ecmk: 'ECMK',
  sterling: 'Sterling',
  cibse: 'CIBSE',
  other: 'Other',
};
