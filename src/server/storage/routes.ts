import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { forbidden, notFound } from '../http/http-error';
import { liveReportOfPdf } from '../reports/repos/reports';
import { reportPdfFilename } from '../reports/pdf-filename';

const TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
};

/** Stored files behind short-lived signed addresses: no session needed, nothing guessable. */
export function fileRoutes(app: FastifyInstance, deps: Deps): void {
  app.get<{ Params: { '*': string }; Querystring: { exp?: string; sig?: string } }>('/api/files/*', async (request, reply) => {
    const key = request.params['*'];
    if (!deps.fileUrls.verify(key, Number(request.query.exp), String(request.query.sig ?? ''))) {
      throw forbidden('This link has expired. Please open the report again from the app.');
    }
    // A report's PDF is served only while the report is live: an address handed out before a delete stops working.
    let filename = key.split('/').pop()!;
    if (key.startsWith('reports/')) {
      const report = await liveReportOfPdf(deps.db, key);
      if (!report) throw notFound('This report has been deleted.');
      filename = reportPdfFilename(report.name, report.type);
    }
    const data = await deps.storage.get(key).catch(() => null);
    if (!data) throw notFound('That file does not exist.');
    const ext = key.split('.').pop()!.toLowerCase();
    reply
      .type(TYPES[ext] ?? 'application/octet-stream')
      .header('Content-Disposition', `inline; filename="${filename}"`)
      .header('Cache-Control', 'private, max-age=300')
      // An SVG logo opened directly must not run anything, whatever got past the sanitiser.
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    return reply.send(data);
  });
}
