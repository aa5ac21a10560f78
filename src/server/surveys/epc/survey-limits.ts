import { SurveyError, type Survey } from './survey';
import { SURVEY_MESSAGES } from './survey-messages';

/**
 * The longest text of a survey each record it reaches can keep. PostgreSQL refuses a longer value
 * for a varchar(n) column (a 500 when the report was created) while SQLite keeps it, so the
 * survey is checked here, at upload, and refused alike on both databases with the field named.
 */
export const SURVEY_TEXT_LIMITS = {
  /**
   * The address lines and postcode joined with ", ": the report's name (reports.name,
   * varchar(400)) and the address a referral fee keeps (referral_fees.address, varchar(300)).
   */
  address: 300,
  /** council_tax.postcode is varchar(10); a UK postcode is at most 8 characters with its space. */
  postcode: 10,
  /** The report reference (RRN) is kept as reports.assessor_ref, varchar(64). */
  rrn: 64,
  /** The assessor's number is kept as reports.assessor_id, varchar(64). */
  assessorId: 64,
} as const;

/** The address lines and postcode, as a report made from the survey is named. */
export const reportNameOf = (survey: Survey) => [...survey.address.lines, survey.address.postcode].filter(Boolean).join(', ');

/** Throws a SurveyError naming the first text too long for the records a report keeps. */
export function checkSurveyTextLimits(survey: Survey): void {
  const texts: [field: string, text: string, limit: number][] = [
    ['property address', reportNameOf(survey), SURVEY_TEXT_LIMITS.address],
    ['postcode', survey.address.postcode, SURVEY_TEXT_LIMITS.postcode],
    ['report reference number (RRN)', survey.rrn ?? '', SURVEY_TEXT_LIMITS.rrn],
    ["assessor's identification number", survey.assessorId ?? '', SURVEY_TEXT_LIMITS.assessorId],
  ];
  for (const [field, text, limit] of texts) {
    // Counted in code points, as PostgreSQL counts varchar(n) characters.
    const length = [...text].length;
    if (length > limit) throw new SurveyError(SURVEY_MESSAGES.textTooLong(field, limit, length));
  }
}
