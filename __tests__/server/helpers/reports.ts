import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as uploads from '../../../src/shared/api/uploads';
import * as reports from '../../../src/shared/api/reports';
import { importCouncilTaxCsv } from '../../../src/server/surveys/council-tax';
import { PUBLIC_URL, type TestServer } from './test-server';
import { ok } from './answers';
import { createReportRequest, type CreateReportRequest } from '../../support/report-requests';

/** The real lodgement samples (MHCLG test fixtures, MIT: see __tests__/fixtures/epc/SOURCES.md). */
export const FIXTURES = resolve(__dirname, '../../fixtures/epc');
export const fixture = (name: string) => readFileSync(join(FIXTURES, name));
/** An E&W lodgement with five improvements, postcode as lodged in the file. */
export const SAMPLE = 'RHI_UAT_scenarios__0000-1111-2220-3330-5550_to_5559.xml';

/** The sample lodgement (current energy rating 64, band D) with one lodged text replaced. */
export function sampleWith(lodged: string, replacement: string): Buffer {
  const xml = fixture(SAMPLE).toString('utf8');
  if (!xml.includes(lodged)) throw new Error(`${lodged} is not in the sample`);
  return Buffer.from(xml.replace(lodged, replacement));
}

const sameOrigin = { origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' };

/** Asks for an upload address (a survey file's, or a logo's) and PUTs the bytes there, as the browser does. */
export async function putUpload(server: TestServer, cookie: string, data: Buffer, extension = 'xml', isLogo = false) {
  const { upload_to, filename } = ok(await server.call(uploads.upload, { extension, ...(isLogo ? { isLogo } : {}) }, { cookie }));
  const put = await server.app.inject({
    method: 'PUT',
    url: upload_to,
    payload: data,
    headers: { cookie, 'content-type': 'application/octet-stream', ...sameOrigin },
  });
  return { key: filename, uploadTo: upload_to, put };
}

/** Uploads and checks file A; returns the key and the follow-up's answer. */
export async function uploadSurvey(server: TestServer, cookie: string, data: Buffer = fixture(SAMPLE)) {
  const { key } = await putUpload(server, cookie, data);
  const followup = await server.call(uploads.uploadFollowup, { filename: key, which_one: 'A' }, { cookie });
  return { key, followup };
}

export async function addCouncilTax(server: TestServer, rows: [string, string, string][]) {
  return importCouncilTaxCsv(server.db, rows.map((r) => r.map((c) => `"${c}"`).join(',')).join('\n'));
}

/** A Preliminary report created through the API from a fixture, as the wizard sends it unless `fields` say otherwise. */
export async function createReport(server: TestServer, cookie: string, data?: Buffer, fields: Partial<CreateReportRequest> = {}) {
  const { key } = await uploadSurvey(server, cookie, data);
  return ok(await server.call(reports.createReport, createReportRequest(key, fields), { cookie }));
}

export async function listOf(server: TestServer, cookie: string, query: Record<string, string> = { mode: 'preliminary' }) {
  const res = await server.call(reports.reportsList, undefined, { cookie, query: query as never });
  return ok(res);
}
