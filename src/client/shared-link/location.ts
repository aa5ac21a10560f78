import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { createElement } from 'react';
import { PAYMENT_COMPLETE_PATH } from '../../shared/links';
import { LINK_PAGE_MODE, type LinkPageMode } from '../../shared/states';
import type { WorkOrderName } from '../../shared/api/portfolios';

/** The shared-link pages, read from the address bar: react-router would cost the phone ~20 KB. */
export type SharedRoute =
  | { page: 'landing'; reportPath: string }
  | { page: 'paynow'; reportPath: string }
  | { page: 'measures'; reportPath: string }
  | { page: 'contractors'; reportPath: string; measureCode: string; mode: 'preliminary' | 'premium' }
  | { page: 'premium'; reportPath: string }
  | { page: 'paymentComplete' }
  | { page: 'portfolio'; portfolioPath: string }
  | { page: 'portfolioHome'; portfolioPath: string; homeId: number }
  | { page: 'unknown' };

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export function parseSharedPath(pathname: string): SharedRoute {
  if (pathname === PAYMENT_COMPLETE_PATH) return { page: 'paymentComplete' };
  const parts = pathname.split('/').filter(Boolean).map(decode);
  if (parts.some((p) => p === null) || parts[0] !== 's') return { page: 'unknown' };
  const [, first, ...rest] = parts as string[];
  if (first === 'portfolio') return parsePortfolioPath(rest);
  if (first === 'premium') {
    const [id, slug, c, measureCode, ...extra] = rest;
    if (!id || !slug || extra.length) return { page: 'unknown' };
    const reportPath = `${id}/${slug}`;
    if (c === undefined) return { page: 'premium', reportPath };
    if (c === 'c' && measureCode) return { page: 'contractors', reportPath, measureCode, mode: 'premium' };
    return { page: 'unknown' };
  }
  const [slug, next, measureCode, ...extra] = rest;
  if (!first || !slug || extra.length) return { page: 'unknown' };
  const reportPath = `${first}/${slug}`;
  if (next === undefined) return { page: 'landing', reportPath };
  if (next === 'paynow' && measureCode === undefined) return { page: 'paynow', reportPath };
  if (next === 'c' && measureCode === undefined) return { page: 'measures', reportPath };
  if (next === 'c') return { page: 'contractors', reportPath, measureCode, mode: 'preliminary' };
  return { page: 'unknown' };
}

/** /s/portfolio/{id}/{slug} and /s/portfolio/{id}/{slug}/home/{homeId} (links.ts portfolioPaths). */
function parsePortfolioPath([id, slug, home, homeId, ...extra]: string[]): SharedRoute {
  if (!id || !slug || extra.length) return { page: 'unknown' };
  const portfolioPath = `${id}/${slug}`;
  if (home === undefined) return { page: 'portfolio', portfolioPath };
  // A row id: digits only, as many as the server's ids have (the contract's portfolioPath allows 12).
  if (home === 'home' && homeId !== undefined && /^[1-9]\d{0,11}$/.test(homeId)) {
    return { page: 'portfolioHome', portfolioPath, homeId: Number(homeId) };
  }
  return { page: 'unknown' };
}

/** The order the landlord chose for the homes, kept in the address (?order=) so a home's page and Back keep it. */
export function portfolioOrderOf(search: string): WorkOrderName {
  return new URLSearchParams(search).get('order') === 'cheapest-points-first' ? 'cheapest-points-first' : 'worst-first';
}

/** The address's query for an order: none for the default, so a plain link reads the same as one with worst first. */
export const portfolioOrderSearch = (order: WorkOrderName) => (order === 'worst-first' ? '' : `?order=${order}`);

/**
 * The landing's mode: upsell unless the address asks for a plain landing (`?mode=free` or
 * `?mode=questionnaire-free`, the link's other modes), which offers the download under the assessor's name.
 */
export function landingModeOf(search: string): LinkPageMode {
  const mode = new URLSearchParams(search).get('mode');
  return mode === LINK_PAGE_MODE.free || mode === LINK_PAGE_MODE.questionnaireFree ? mode : LINK_PAGE_MODE.upsell;
}

/** The addresses of the pages come from the one builder the server's lists and emails use. */
export { portfolioPaths, sharedPaths } from '../../shared/links';

const subscribe = (onChange: () => void) => {
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
};

/** The current pathname, re-rendering on Back/Forward and on navigate(). */
export const usePathname = () => useSyncExternalStore(subscribe, () => window.location.pathname);

/** An in-page move: the history grows as with a link, without reloading the scripts. */
function navigate(to: string): void {
  window.history.pushState(null, '', to);
  window.dispatchEvent(new PopStateEvent('popstate'));
  window.scrollTo?.(0, 0);
}

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string };

/** A real link (it opens in a new tab with a modifier key) that moves within the page on a plain click. */
export function Link({ to, onClick, ...rest }: LinkProps) {
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return createElement('a', { ...rest, href: to, onClick: handle });
}
