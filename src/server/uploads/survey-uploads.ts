import type { ResponseOf } from '../../shared/api/define';
import type * as uploads from '../../shared/api/uploads';
import { epcBand } from '../../shared/epc-bands';
import type { Deps } from '../deps';
import type { UploadsTable } from '../platform/db/schema';
import { badRequest } from '../platform/http/http-error';
import { councilTaxFor } from '../surveys/council-tax';
import { SurveyError, type Survey } from '../surveys/epc/survey';
import { checkSurvey } from '../surveys/epc/survey-check';
import { deleteUpload, latestParsedSurveyA, markUploadChecked } from './repos/uploads';

type Upload = Pick<UploadsTable, 'key' | 'user_id'> & { id: number };
type FollowupAnswer = ResponseOf<typeof uploads.uploadFollowup>;

/** What is not a survey file is refused and forgotten: its bytes and its row are removed. */
async function refuse(deps: Deps, upload: Upload, message: string): Promise<never> {
  await deps.storage.remove(upload.key);
  await deleteUpload(deps.db, upload.id);
  throw badRequest(message);
}

export async function latestSurveyA(deps: Deps, userId: number, key?: string): Promise<Survey | null> {
  const parsed = await latestParsedSurveyA(deps.db, userId, key);
  return parsed ? (JSON.parse(parsed) as Survey) : null;
}

/**
 * File A is parsed and checked (survey-check.ts): a file that contradicts itself where nothing can
 * be settled is refused with the reason; the rest is kept with its council tax addresses, and what
 * the report will settle its own way is answered as warnings. File B must be the same property as
 * the last A.
 */
export async function checkUploadedSurvey(deps: Deps, upload: Upload, which: 'A' | 'B', userId: number): Promise<FollowupAnswer> {
  const data = await deps.storage.get(upload.key);
  if (!data) return refuse(deps, upload, 'That file was not uploaded. Please upload it again.');
  try {
    if (which === 'A') {
      const { survey, json } = await deps.renders.readSurvey(data);
      const findings = checkSurvey(survey);
      const refusals = findings.filter((f) => f.severity === 'refuse');
      if (refusals.length > 0) return refuse(deps, upload, refusals.map((f) => f.message).join(' '));
      await markUploadChecked(deps.db, upload.id, 'A', json);
      const addresses = await councilTaxFor(deps.db, survey.address.postcode);
      const rating = survey.energyRating.current;
      const where = [survey.address.lines[0], survey.address.postcode].filter(Boolean).join(', ');
      return {
        success: true as const,
        message: `${where}: energy rating ${rating} (${epcBand(rating)}), ${survey.improvements.length} suggested improvements.`,
        ctax: { addresses },
        warnings: findings.map(({ rule, message }) => ({ rule, message })),
      };
    }
    const a = await latestSurveyA(deps, userId);
    if (!a) return refuse(deps, upload, 'Please upload file A, the lodged EPC XML, first.');
    await deps.renders.checkSurveyB(data, a);
    await markUploadChecked(deps.db, upload.id, 'B');
    return { success: true as const, message: 'The RdSAP survey file matches the property.' };
  } catch (err) {
    if (err instanceof SurveyError) return refuse(deps, upload, err.message);
    throw err;
  }
}
