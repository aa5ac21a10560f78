import type { FastifyInstance } from 'fastify';
import * as uploads from '../../shared/api/uploads';
import type { Deps } from '../deps';
import { badRequest, unauthorised } from '../platform/http/http-error';
import type { Routes } from '../platform/http/route';
import { MAX_SURVEY_BYTES } from '../surveys/epc/parse-survey';
import { followUpUpload } from './followup';
import { receiveUpload } from './receive';
import { startUpload } from './start';

export function uploadRoutes(app: FastifyInstance, routes: Routes, deps: Deps): void {
  routes.userCall(uploads.upload, async ({ body, user }) => startUpload(deps, user.id, body), { perMinute: 60 });

  // The file's bytes, PUT by the browser (with upload progress) to the address `upload` gave.
  void app.register((scope, _options, registered) => {
    scope.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: MAX_SURVEY_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    scope.put<{ Params: { token: string } }>('/api/uploads/:token', { bodyLimit: MAX_SURVEY_BYTES }, async (request) => {
      if (!request.user) throw unauthorised();
      const data = request.body as Buffer | undefined;
      if (!Buffer.isBuffer(data)) throw badRequest('Send the file as application/octet-stream.');
      await receiveUpload(deps, request.user.id, request.params.token, data);
      return { success: true };
    });
    registered();
  });

  routes.userCall(uploads.uploadFollowup, async ({ body, user }) => followUpUpload(deps, user.id, body), { perMinute: 60 });
}
