import { api } from './api';
import type { publishedPolicies } from '../../shared/api/messages';
import type { ResponseOf } from '../../shared/api/define';
import { PUBLIC_PATHS } from '../../shared/api/paths';

/*
 * Whether the operator has published the terms and the privacy policy (a fresh installation has
 * neither): a page links to one only once it exists, never to an empty page. Only the TYPE comes
 * from the contract and the path from the zod-free paths module, so the owner's small page stays small.
 */
export type PublishedPolicies = Omit<ResponseOf<typeof publishedPolicies>, 'success'>;

const policiesApi = api.injectEndpoints({
  endpoints: (build) => ({
    publishedPolicies: build.query<ResponseOf<typeof publishedPolicies>, void>({
      query: () => ({ url: PUBLIC_PATHS.policies, method: 'GET' }),
    }),
  }),
});

/**
 * What is published, or null while the answer is on its way or when it failed: a page then shows no
 * link, as a missing link costs less than one to a 404 (the server still asks for agreement if it must).
 */
export function usePublishedPolicies(): PublishedPolicies | null {
  const { data } = policiesApi.usePublishedPoliciesQuery();
  return data ? { terms: data.terms, privacy: data.privacy } : null;
}
