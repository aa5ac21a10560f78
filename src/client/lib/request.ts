import type { FetchArgs } from '@reduxjs/toolkit/query';
import type { CallDef, QueryOf, RequestOf, ResponseOf } from '../../shared/api/define';

/*
 * How every endpoint builds its request. Only TYPES come from the contract (`import type` is
 * erased), so the shared-link page and the login page, which build theirs from the zod-free paths
 * module (src/shared/api/paths.ts) with post(), load no zod schema by importing this.
 */

/** A contract call's response and request body, for an endpoint's type parameters. */
export type Call<C extends CallDef> = { res: ResponseOf<C>; req: RequestOf<C> };

/** Fetch arguments for a call of the contract: its path, its method, its body and query. */
export function request<C extends CallDef>(call: C, body?: RequestOf<C>, query?: QueryOf<C>): FetchArgs {
  return {
    url: call.path,
    method: call.method,
    body: call.method === 'POST' ? (body ?? {}) : undefined,
    params: query as Record<string, string> | undefined,
  };
}

/** Fetch arguments for a GET of a path from the paths module, for the calls the app's entry starts (no zod there). */
export const get = <Q extends object>(url: string, params?: Q): FetchArgs => ({ url, method: 'GET', params });

/** Fetch arguments for a POST to a path from the paths module, for pages that must not load the contract's schemas. */
export const post = (url: string, body: object, params?: Record<string, string>): FetchArgs => ({ url, method: 'POST', body, params });
