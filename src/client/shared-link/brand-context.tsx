import { createContext, useContext, useEffect } from 'react';
import type { AssessorCard } from '../../shared/api/sharing';

/** Lets a page name its assessor for the header the shared app draws above <main>, as the page's banner. */
export const BrandContext = createContext<(assessor: AssessorCard | undefined) => void>(() => undefined);

/** Shows this assessor's brand at the top of the page while the page is shown. */
export function ShowBrand({ assessor }: { assessor: AssessorCard | undefined }) {
  const setBrand = useContext(BrandContext);
  useEffect(() => {
    setBrand(assessor);
    return () => setBrand(undefined);
  }, [setBrand, assessor]);
  return null;
}
