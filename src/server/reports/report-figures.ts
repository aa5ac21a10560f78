import type { Measure } from '../../shared/api/premium';
import { measuresFrom } from '../surveys/epc/measures';
import { reconcileSurvey } from '../surveys/epc/reconcile';
import type { Survey } from '../surveys/epc/survey';

/**
 * A report's figures as every place that shows one reads them: the survey with its
 * self-contradictions settled (reconcile.ts) and the steps computed from it, so the PDF's cover,
 * chart and tables, the owner's link, the finalise screen and the emails cannot disagree.
 */
export interface ReportFigures {
  survey: Survey;
  /** The survey's improvements in sequence, with ratings, bands and cost so far after each. */
  measures: Measure[];
  /** What the report took differently from the lodgement, one sentence each, printed once. */
  notes: string[];
}

export const figuresOfSurvey = (lodged: Survey): ReportFigures => figuresOfSettled(reconcileSurvey(lodged));

const figuresOfSettled = (survey: Survey): ReportFigures => ({ survey, measures: measuresFrom(survey), notes: survey.figureNotes ?? [] });

/**
 * A stored report's survey as its figures use it. Reports made before the figures were settled at
 * creation keep their survey as lodged; settling it again here gives them the same figures a new one has.
 */
export const settledSurveyOf = (row: { survey: string }): Survey => reconcileSurvey(JSON.parse(row.survey) as Survey);

/** The figures of a stored report: its settled survey and the steps computed from it. */
export const figuresOfReport = (row: { survey: string }): ReportFigures => figuresOfSettled(settledSurveyOf(row));
