/**
 * The checks a survey file passes when it is uploaded, before any report is made from it. The
 * server runs them (src/server/surveys/epc/survey-check.ts) and the Help page lists them from this
 * same list, so what an assessor reads is what the upload does.
 *
 * 'refuse': the file contradicts itself where nothing can be settled, so it is not kept.
 * 'warn': the report settles the disagreement one stated way; the assessor is told which and goes on.
 */
export type SurveyCheckSeverity = 'refuse' | 'warn';

export interface SurveyCheck {
  id: string;
  /** Which upload the check runs on: A is the lodged EPC XML, B the scheme's RdSAP survey XML. */
  file: 'A' | 'B';
  title: string;
  severity: SurveyCheckSeverity;
  /** For the Help page: what is checked and what the report does about it, in plain words. */
  explanation: string;
}

export const SURVEY_CHECKS = [
  {
    id: 'potential-not-reached',
    file: 'A',
    title: 'Potential rating that the improvements do not reach',
    severity: 'warn',
    explanation:
      'The potential energy rating (and environmental impact rating) should be where the suggested improvements, done in order, take the home. Where the certificate states another figure, the report uses the rating after the last improvement, and the current rating when none is suggested, and says so in a footnote.',
  },
  {
    id: 'rating-falls',
    file: 'A',
    title: 'An improvement that lowers the rating',
    severity: 'warn',
    explanation:
      'Each suggested improvement gives the rating after it. Where that rating is lower than the one before it, the report counts the improvement as adding no points, so ratings never fall along a plan.',
  },
  {
    id: 'step-adds-nothing',
    file: 'A',
    title: 'An improvement that adds no points',
    severity: 'warn',
    explanation:
      'Where the rating after an improvement is the same as the rating before it (the current rating for the first), the improvement adds nothing to that rating. The report shows it as it is; you may want to check the survey.',
  },
  {
    id: 'current-band-mismatch',
    file: 'A',
    title: 'Current band that does not match the current rating',
    severity: 'refuse',
    explanation:
      'Where the file lodges a band letter beside the current energy or environmental impact rating, it must be the band of that rating (A 92 or more, B 81 to 91, C 69 to 80, D 55 to 68, E 39 to 54, F 21 to 38, G 1 to 20). Every figure in a report starts from the current rating, so a file that contradicts itself there is refused.',
  },
  {
    id: 'potential-band-mismatch',
    file: 'A',
    title: 'Potential band that does not match the potential rating',
    severity: 'warn',
    explanation:
      'A band letter lodged beside a potential rating that is not the band of that rating is not shown anywhere: the report always gives the band of the rating it uses.',
  },
  {
    id: 'cost-missing',
    file: 'A',
    title: 'An improvement without a cost',
    severity: 'warn',
    explanation:
      'An improvement whose indicative cost is missing, or is words rather than an amount, has no cost in the report, so the cost of a plan that includes it is shown as not known.',
  },
  {
    id: 'cost-reversed',
    file: 'A',
    title: 'A cost range written high to low',
    severity: 'warn',
    explanation: 'A cost range lodged with the higher amount first ("£6,000 - £4,000") is used from the lower amount to the higher.',
  },
  {
    id: 'cost-implausible',
    file: 'A',
    title: 'A cost far outside what the work costs',
    severity: 'warn',
    explanation:
      'An indicative cost below £1, or more than 20 times the most that kind of work costs a home, is most likely a typing slip. The report shows the cost as lodged; please check it.',
  },
  {
    id: 'placeholder-description',
    file: 'A',
    title: 'A placeholder or empty improvement description',
    severity: 'warn',
    explanation:
      'An improvement written by the assessor whose text is empty or a placeholder ("Improvement desc", "TBC", "test", "n/a" and the like) is not shown to the homeowner: the report names it by its improvement number where it has one, else "Suggested improvement".',
  },
  {
    id: 'postcode-outside-nation',
    file: 'A',
    title: "A postcode outside the survey's nation",
    severity: 'warn',
    explanation:
      "Grants and rules differ between England, Wales, Scotland and Northern Ireland. The report follows the certificate's country code (for England and Wales, the postcode says which); where the postcode is in another nation, is not a UK postcode or is missing, you are told which nation the report follows.",
  },
  {
    id: 'other-property',
    file: 'B',
    title: 'A survey file of another property',
    severity: 'refuse',
    explanation:
      "File B, the RdSAP survey XML, must be of the same property as file A: the same postcode, the same report reference or UPRN where it gives one, and an address that names file A's home. A file of another property is refused.",
  },
] as const satisfies readonly SurveyCheck[];

export type SurveyCheckId = (typeof SURVEY_CHECKS)[number]['id'];
