import { MARKETING_URL_META } from '../../shared/links';

/** Pages of the public marketing site that the app links out to; the app serves none of them. */
const MARKETING_PAGES = {
  home: '/',
  epcs: '/epcs/',
  landlords: '/landlords/',
  homeowners: '/homeowners/',
  aboutUs: '/about-us/',
  contactUs: '/contact-us/',
  blog: '/blog/',
  premiumTerms: '/premium-report-terms/',
  questionnaire: '/questionnaire/',
} as const;
export type MarketingPage = keyof typeof MARKETING_PAGES;

/**
 * The marketing site's address, as the operator configured it (MARKETING_URL; the server writes it
 * into the page's head). null when there is none: links to it are then left out, never guessed.
 */
export function marketingSite(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): string | null {
  const content = doc?.querySelector(`meta[name="${MARKETING_URL_META}"]`)?.getAttribute('content')?.trim();
  return content || null;
}

/** The address of a marketing page, or null when no marketing site is configured. */
export function marketingUrl(page: MarketingPage, site: string | null = marketingSite()): string | null {
  return site === null ? null : `${site}${MARKETING_PAGES[page]}`;
}
