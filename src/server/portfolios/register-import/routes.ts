import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { rowId } from '../../../shared/api/define';
import { REGISTER_FILE_MAX_BYTES, REGISTER_IMPORT_PATH } from '../../../shared/api/portfolios';
import type { Deps } from '../../deps';
import { badRequest, HttpError, unauthorised } from '../../platform/http/http-error';
import { ROLE_REVOKED } from '../../platform/http/sessions';
import { RegisterImport, type RegisterImportResult } from './import';
import { RegisterFileError, type RegisterFile } from './parse';

const importQuery = z.object({ portfolio_id: z.coerce.number().pipe(rowId) });

const FILES: readonly RegisterFile[] = ['certificates', 'recommendations'];
const isRegisterFile = (name: string): name is RegisterFile => (FILES as readonly string[]).includes(name);

/** An import reads two large files and writes a landlord's homes: a few a minute is plenty. */
const IMPORTS_PER_MINUTE = 10;

const tooLarge = (file: RegisterFile) =>
  new HttpError(413, `The ${file} file is larger than ${REGISTER_FILE_MAX_BYTES / (1024 * 1024)} MB, the most one import takes.`);

/**
 * POST REGISTER_IMPORT_PATH?portfolio_id=…: the register's certificates.csv and
 * recommendations.csv as multipart/form-data, each read as it arrives. The multipart parser is
 * registered in this route's own scope, so every other call still takes JSON only; the session
 * and the same-origin check (CSRF) of the scope around it apply as to any other POST.
 */
export function registerImportRoutes(app: FastifyInstance, deps: Deps): void {
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: REGISTER_FILE_MAX_BYTES, files: FILES.length, fields: 0, parts: FILES.length } });
    scope.post(
      REGISTER_IMPORT_PATH,
      { config: { rateLimit: { max: IMPORTS_PER_MINUTE, timeWindow: '1 minute' } } },
      async (request): Promise<RegisterImportResult> => {
        if (!request.user) throw unauthorised(request.sessionRevoked ? ROLE_REVOKED : undefined);
        const { portfolio_id: portfolioId } = importQuery.parse(request.query ?? {});
        if (!request.isMultipart()) throw badRequest('Please send the two register files as multipart/form-data.');
        const run = await RegisterImport.start(deps, request.user.id, portfolioId);
        const read = new Set<RegisterFile>();
        let reading: RegisterFile | null = null;
        try {
          for await (const part of request.files()) {
            const name = part.fieldname;
            if (!isRegisterFile(name)) throw badRequest('Only the certificates and recommendations files can be sent.');
            if (read.has(name)) throw badRequest(`Please send the ${name} file once.`);
            reading = name;
            await (name === 'certificates' ? run.readCertificates(part.file) : run.readRecommendations(part.file));
            if (part.file.truncated) throw tooLarge(name);
            read.add(name);
            reading = null;
          }
          for (const file of FILES) if (!read.has(file)) throw badRequest(`Please choose the ${file} file.`);
          return await run.finish();
        } catch (err) {
          if (err instanceof RegisterFileError) throw badRequest(err.message);
          if (reading && (err as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(reading);
          throw err;
        } finally {
          await run.discard();
        }
      },
    );
  });
}
