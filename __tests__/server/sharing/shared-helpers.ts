import type { Measure } from '../../../src/shared/api/premium';
import type { Survey } from '../../../src/server/surveys/epc/survey';
import { postcodeArea } from '../../../src/server/surveys/epc/postcode';
import { loggedInUser, STROMA_ASSESSOR } from '../helpers/factories';
import { createReport } from '../helpers/reports';
import type { TestServer } from '../helpers/test-server';

export const STROMA = STROMA_ASSESSOR;

/** An assessor with a Ready! report; the link path "id/slug" as the shared page sends it, and what the survey says. */
export async function sharedReport(server: TestServer, opts: { ready?: boolean } = {}) {
  const user = await loggedInUser(server, STROMA);
  const created = await createReport(server, user.cookie);
  if (opts.ready ?? true) await server.app.deps.jobs.drain();
  const path = created.share_url.split('/s/')[1];
  const row = await server.db.selectFrom('reports').selectAll().where('id', '=', created.report_id).executeTakeFirstOrThrow();
  const survey = JSON.parse(row.survey) as Survey;
  const measures = JSON.parse(row.measures) as Measure[];
  return { user, reportId: created.report_id, path, slug: row.slug, survey, measures, area: postcodeArea(survey.address.postcode) };
}

export const csvLine = (cells: string[]) => cells.map((c) => `"${c.replace(/"/g, '""')}"`).join(',');
export const CSV_HEADER = 'key,name,url,address,email,tel,image,measures,areas';
