import { api, request } from '../../app/api';
import { listTag } from '../../app/tags';
import type { RequestOf, ResponseOf } from '../../../shared/api/define';
import { createReport, reportsDemo, upload, uploadFollowup } from '../../../shared/api/reports';
import { getBrandings, getUserSettings } from '../../../shared/api/settings';

/**
 * The Create Report wizard's calls. Brandings and the email template are read here too, under
 * their own endpoint names (the settings screens own their editing): the same tags keep both
 * fresh when a settingsUpdate push arrives.
 */
export const createReportApi = api.injectEndpoints({
  endpoints: (build) => ({
    sampleReports: build.query<ResponseOf<typeof reportsDemo>, void>({
      query: () => request(reportsDemo, undefined, { mode: 'demo' }),
      providesTags: ['Demo'],
    }),
    reportBrandings: build.query<ResponseOf<typeof getBrandings>['brandings'], void>({
      query: () => request(getBrandings),
      transformResponse: (res: ResponseOf<typeof getBrandings>) => res.brandings,
      providesTags: ['Branding'],
    }),
    reportEmailTemplate: build.query<string, void>({
      query: () => request(getUserSettings),
      transformResponse: (res: ResponseOf<typeof getUserSettings>) => res.settings.email_template,
      providesTags: ['UserSettings'],
    }),
    // Mutations: each upload is a one-off exchange, nothing to cache.
    startUpload: build.mutation<ResponseOf<typeof upload>, RequestOf<typeof upload>>({
      query: (body) => request(upload, body),
    }),
    uploadFollowup: build.mutation<ResponseOf<typeof uploadFollowup>, RequestOf<typeof uploadFollowup>>({
      query: (body) => request(uploadFollowup, body),
    }),
    createReport: build.mutation<ResponseOf<typeof createReport>, RequestOf<typeof createReport>>({
      query: (body) => request(createReport, body),
      // The new report heads the Preliminary list at once, as 'Generating'; push tells when it is ready.
      invalidatesTags: (_result, error) => (error ? [] : [listTag('ReportList', 'preliminary')]),
    }),
  }),
});

export const { useSampleReportsQuery, useReportBrandingsQuery, useReportEmailTemplateQuery, useCreateReportMutation } =
  createReportApi;
