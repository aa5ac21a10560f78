import type { FirstLoginSection } from '../session';

export interface NavEntry {
  to: string;
  label: string;
  /** Carries a '1' badge on a first login until opened. */
  firstLogin?: FirstLoginSection;
  /** Shown only while premium reports wait to be finalised, with their count. */
  pendingOnly?: boolean;
  /** Other paths that belong to the entry's section (the branding form is part of Branding). */
  alsoActiveUnder?: string;
  /** Where assessors most often go next: its first data is fetched on idle, not only on hover or focus. */
  likelyNext?: true;
}

/** The side navigation, in the spec's order and words. */
export const NAV_ENTRIES: readonly NavEntry[] = [
  { to: '/home', label: 'Getting Started' },
  { to: '/about', label: 'About' },
  { to: '/help', label: 'Help' },
  { to: '/uploadXml', label: 'Create Report' },
  { to: '/reports', label: 'Report List', firstLogin: 'reports', likelyNext: true },
  { to: '/deleted', label: 'Deleted Reports' },
  { to: '/earnings', label: 'My Earnings' },
  { to: '/pending', label: 'Pending', pendingOnly: true, likelyNext: true },
  { to: '/premium', label: 'Premium Reports', firstLogin: 'premium' },
  { to: '/portfolios', label: 'Portfolios' },
  { to: '/settings', label: 'Branding', alsoActiveUnder: '/branding/' },
  { to: '/account', label: 'My Account' },
];
