import { api } from '../../lib/api';
import { request } from '../../lib/request';
import { tutorialVideos } from '../../../shared/api/access';
import type { ResponseOf } from '../../../shared/api/define';

export const helpApi = api.injectEndpoints({
  endpoints: (build) => ({
    tutorialVideos: build.query<ResponseOf<typeof tutorialVideos>, void>({
      query: () => request(tutorialVideos),
    }),
  }),
});

export const { useTutorialVideosQuery } = helpApi;
