import { createEntityAdapter, type EntityState } from '@reduxjs/toolkit';
import { useMemo } from 'react';
import { api } from '../../lib/api';
import { request } from '../../lib/request';
import { idTag, invalidateOnSuccess, listTag } from '../../lib/tags';
import type { RequestOf, ResponseOf } from '../../../shared/api/define';
import { getBrandings, saveBranding, type Branding } from '../../../shared/api/brandings';
import { getUserSettings, saveUserSettings } from '../../../shared/api/account';

/** No sortComparer: the server sends the default branding first, then the user's by name, and that order is kept. */
const brandingsAdapter = createEntityAdapter({ selectId: (branding: Branding) => branding.id });
const { selectAll } = brandingsAdapter.getSelectors();

type SaveBrandingBody = RequestOf<typeof saveBranding>;

/**
 * Brandings, the email template and logo uploads. The Create Report wizard reads brandings and the
 * template through these same endpoints, so one cache entry (and one settingsUpdate push, which
 * invalidates the Branding and UserSettings tags) keeps the wizard and the settings screens alike.
 */
const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    brandings: build.query<EntityState<Branding, string>, void>({
      query: () => request(getBrandings),
      transformResponse: (res: ResponseOf<typeof getBrandings>) =>
        brandingsAdapter.setAll(brandingsAdapter.getInitialState(), res.brandings),
      providesTags: (result) => [...(result?.ids ?? []).map((id) => idTag('Branding', id)), listTag('Branding')],
    }),
    saveBranding: build.mutation<ResponseOf<typeof saveBranding>, SaveBrandingBody>({
      query: (body) => request(saveBranding, body),
      // A new branding joins the list, a renamed one may move in it: the list refetches either way.
      invalidatesTags: invalidateOnSuccess((body) => [listTag('Branding'), ...(body.action === 'new' ? [] : [idTag('Branding', body.id)])]),
    }),
    emailTemplate: build.query<string, void>({
      query: () => request(getUserSettings),
      transformResponse: (res: ResponseOf<typeof getUserSettings>) => res.settings.email_template,
      providesTags: ['UserSettings'],
    }),
    saveEmailTemplate: build.mutation<ResponseOf<typeof saveUserSettings>, RequestOf<typeof saveUserSettings>>({
      query: (body) => request(saveUserSettings, body),
      invalidatesTags: invalidateOnSuccess(['UserSettings']),
    }),
  }),
});

export const { useBrandingsQuery, useSaveBrandingMutation, useEmailTemplateQuery, useSaveEmailTemplateMutation } = settingsApi;

/** The brandings as a list in the server's order, for screens that show them all. */
export function useBrandingList() {
  const result = useBrandingsQuery();
  const brandings = useMemo(() => (result.data ? selectAll(result.data) : undefined), [result.data]);
  return { ...result, brandings };
}
