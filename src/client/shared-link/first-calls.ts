import { sharedApi, sharedPortfolioArgs } from './api';
import { landingModeOf, portfolioOrderOf, type SharedRoute } from './location';
import type { SharedStore } from './store';
import { LINK_PAGE_MODE } from '../../shared/states';

/**
 * Starts the calls the page at this address makes first, as soon as the store exists: the link's
 * report (or the premium report, or the measures) and the analytics setting. Asked for by the
 * pages once React had loaded and rendered them, the answer came after the first render (a
 * transition, in short slices) and drew the whole page in one long task; started here, it comes
 * while React loads, and the first render already draws the page. The pages then ask with the
 * same arguments and are answered from this call, so an open of the link is still one call: these
 * must stay the arguments the pages' hooks use (first-calls.test.tsx counts the calls).
 */
export function startFirstCalls(store: SharedStore, route: SharedRoute, search: string): void {
  store.dispatch(sharedApi.util.prefetch('amplitudeConfig', undefined, {}));
  switch (route.page) {
    case 'landing':
      store.dispatch(sharedApi.util.prefetch('sharedReport', { report_path: route.reportPath, initial_mode: landingModeOf(search) }, {}));
      break;
    case 'paynow':
      store.dispatch(sharedApi.util.prefetch('sharedReport', { report_path: route.reportPath, initial_mode: LINK_PAGE_MODE.paynow }, {}));
      break;
    case 'premium':
      store.dispatch(sharedApi.util.prefetch('sharedPremiumReport', { report_path: route.reportPath }, {}));
      break;
    case 'portfolio':
    case 'portfolioHome':
      store.dispatch(sharedApi.util.prefetch('sharedPortfolio', sharedPortfolioArgs(route.portfolioPath, portfolioOrderOf(search)), {}));
      break;
    case 'measures':
      store.dispatch(sharedApi.util.prefetch('contractorsMeasures', { report_path: route.reportPath }, {}));
      break;
    default:
  }
}
