import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/**
 * Every tag type is declared here, once, although features add their endpoints with
 * injectEndpoints in their own api.ts: the socket middleware and cross-feature invalidation
 * (a payment completing refreshes reports, pending and premium lists) need to name them all.
 */
export const TAG_TYPES = [
  'Session',
  'DisplayVars',
  'Account',
  'GettingStarted',
  'Messages',
  'Report',
  'ReportList',
  'PendingList',
  'Branding',
  'UserSettings',
  'Earnings',
  'Demo',
  'Portfolio',
  'PortfolioList',
] as const;
export type TagType = (typeof TAG_TYPES)[number];

/** The API's origin: absolute so that tests (jsdom, msw) and the app resolve calls alike. */
export const API_ORIGIN = typeof window !== 'undefined' ? window.location.origin : 'http://localhost';

export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: API_ORIGIN, credentials: 'include' }),
  tagTypes: TAG_TYPES,
  // Lists stay live through push events rather than polling; unused data is dropped after a minute.
  keepUnusedDataFor: 60,
  // A mutation that lands while a list is loading invalidates it once the load finishes ('delayed'),
  // so assessors never see a list that misses their own change.
  invalidationBehavior: 'delayed',
  endpoints: () => ({}),
});
