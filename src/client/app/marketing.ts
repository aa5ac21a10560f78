/** Pages of the public marketing site that the app links out to; the app serves none of them. */
export const MARKETING_PAGES = {
  home: '/',
  epcs: '/epcs/',
  landlords: '/landlords/',
  homeowners: '/homeowners/',
  aboutUs: '/about-us/',
  contactUs: '/contact-us/',
  blog: '/blog/',
  privacyPolicy: '/privacy-policy/',
  terms: '/terms-and-conditions/',
  premiumTerms: '/premium-report-terms/',
  questionnaire: '/questionnaire/',
} as const;
export type MarketingPage = keyof typeof MARKETING_PAGES;

/**
 * The marketing site lives beside the app: the app's origin with 'app' replaced by 'www'
 * (app.example.com -> www.example.com). Only 'app' at the start of a host label is replaced,
 * so a host such as happy.example.com is left alone; a host without it (localhost) is kept.
 */
export function marketingOrigin(appOrigin: string): string {
  let url: URL;
  try {
    url = new URL(appOrigin);
  } catch {
    return appOrigin.replace(/(^|\/\/|\.)app/, '$1www');
  }
  url.hostname = url.hostname.replace(/(^|\.)app/, '$1www');
  return url.origin;
}

function currentOrigin(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
}

/** The address of a marketing page, seen from the origin the app is served on. */
export function marketingUrl(page: MarketingPage, appOrigin: string = currentOrigin()): string {
  return `${marketingOrigin(appOrigin)}${MARKETING_PAGES[page]}`;
}
