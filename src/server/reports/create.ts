import type { z } from 'zod';
import type * as reports from '../../shared/api/reports';
import { rowIdFromText } from '../../shared/api/define';
import { DEFAULT_BRANDING_ID } from '../../shared/constants';
import { epcBand } from '../../shared/epc-bands';
import type { Deps } from '../deps';
import { badRequest } from '../platform/http/http-error';
import type { SessionUser } from '../platform/http/sessions';
import { councilTaxFor } from '../surveys/council-tax';
import type { Survey } from '../surveys/epc/survey';
import { figuresOfSurvey } from './report-figures';
import { reportNameOf } from '../surveys/epc/survey-limits';
import { shareUrlOf } from '../../shared/links';
import { latestSurveyA } from '../uploads/survey-uploads';
import { randomToken } from '../platform/security/tokens';
import { RENDER_REPORT } from './render-report';
import { REPORT_STATUS, REPORT_TYPE, type ReportStatus, type ReportType } from '../../shared/states';
import { inTransaction } from '../platform/db/database';
import { findUsersBranding } from '../brandings/repos/brandings';
import { findUsersCheckedFileB } from '../uploads/repos/uploads';
import { insertReport, type NewReport } from './repos/reports';
import { WITHOUT_KEY, type Idempotency } from '../platform/http/idempotency';

type CreateBody = z.output<typeof reports.createReport.request>;

/** What a report is made from, whichever call asks for it (a Preliminary report, or a Premium one bought in the wizard). */
export interface ReportSource {
  xml1_key: string;
  xml2_key: string;
  xml1Name: string;
  xml2Name: string;
  cTaxPropertyAddress: string;
  selectedBranding: string;
  manualCTaxBand?: CreateBody['manualCTaxBand'];
  /**
   * One file of a portfolio's drop of many lodged surveys: neither the landlord's council tax band
   * nor an Elmhurst assessor's RdSAP file (file B, a cross-check of file A's data) is asked for,
   * and the report goes without them.
   */
  fromPortfolioDrop?: true;
}

/** A branding of this user's, or null for the built-in default; anything else is refused. */
export async function brandingIdFor(deps: Deps, userId: number, selected: string): Promise<number | null> {
  if (selected === DEFAULT_BRANDING_ID) return null;
  const id = rowIdFromText(selected);
  const row = id !== null ? await findUsersBranding(deps.db, userId, id) : undefined;
  if (!row) throw badRequest('That branding does not exist. Please pick another.');
  return row.id;
}

async function councilTaxChoice(deps: Deps, survey: Survey, body: ReportSource) {
  if (body.fromPortfolioDrop) return { address: '', band: null };
  if (body.manualCTaxBand) return { address: '', band: body.manualCTaxBand };
  const match = (await councilTaxFor(deps.db, survey.address.postcode)).find((a) => a.address === body.cTaxPropertyAddress);
  if (!match) throw badRequest('Please choose the property from the council tax list, or pick its band.');
  return match;
}

async function checkedFileB(deps: Deps, user: SessionUser, key: string): Promise<string> {
  if (user.scheme !== 'elmhurst') return '';
  const checked = key ? await findUsersCheckedFileB(deps.db, user.id, key) : undefined;
  if (!checked) throw badRequest('Please upload the RdSAP survey file (file B) first.');
  return checked;
}

/**
 * Checks the files, branding and council tax choice and answers the report row they make, of
 * either type, in the given status. Nothing is written: the caller inserts it with what goes with it.
 */
export async function reportRowFrom(
  deps: Deps,
  user: SessionUser,
  source: ReportSource,
  kind: { type: ReportType; status: ReportStatus },
  now = Date.now(),
): Promise<NewReport> {
  const lodged = await latestSurveyA(deps, user.id, source.xml1_key);
  if (!lodged) throw badRequest('Please upload the lodged EPC XML (file A) again.');
  // Settled once here, so the row keeps the figures every later view of the report shows.
  const { survey, measures } = figuresOfSurvey(lodged);
  const xml2Key = source.fromPortfolioDrop ? '' : await checkedFileB(deps, user, source.xml2_key);
  const brandingId = await brandingIdFor(deps, user.id, source.selectedBranding);
  const ctax = await councilTaxChoice(deps, survey, source);
  const name = reportNameOf(survey);
  const current = survey.energyRating.current;
  const searchText = [name, survey.address.postcode.replace(/\s/g, ''), survey.rrn ?? '', survey.assessorId ?? ''].join(' ').toLowerCase();
  return {
    user_id: user.id,
    slug: randomToken(16),
    type: kind.type,
    status: kind.status,
    name,
    search_text: searchText,
    assessor_ref: survey.rrn ?? '',
    assessor_id: survey.assessorId ?? '',
    current_epc: current,
    current_epc_band: epcBand(current),
    survey: JSON.stringify(survey),
    measures: JSON.stringify(measures),
    ctax_address: ctax.address,
    ctax_band: ctax.band,
    branding_id: brandingId,
    xml1_key: source.xml1_key,
    xml2_key: xml2Key,
    xml1_name: source.xml1Name,
    xml2_name: source.xml2Name,
    pdf_key: null,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
}

/**
 * Records a Preliminary report and queues its PDF in one transaction (never a report with no job
 * to draw it), with the answer kept for its Idempotency-Key, so a retry of a lost answer never
 * makes a second report; the caller answers at once.
 */
export async function createPreliminaryReport(deps: Deps, user: SessionUser, body: CreateBody, idempotency: Idempotency = WITHOUT_KEY) {
  const now = Date.now();
  const row = await reportRowFrom(
    deps,
    user,
    { ...body, xml1Name: body.xml1_original_filename, xml2Name: body.xml2_original_filename },
    { type: REPORT_TYPE.preliminary, status: REPORT_STATUS.generating },
    now,
  );
  const answer = await inTransaction(deps.db, async (tx) => {
    const reportId = await insertReport(tx, row);
    await deps.jobs.enqueue(RENDER_REPORT, { report_id: reportId }, now, tx);
    const created = {
      success: true as const,
      report_id: reportId,
      share_url: shareUrlOf(deps.config.publicUrl, { id: reportId, slug: row.slug }),
    };
    await idempotency.keep(tx, created);
    return created;
  });
  deps.jobs.kick();
  deps.realtime.push(user.id, 'reportListUpdate', { report_id: answer.report_id });
  return answer;
}
