import type { PreliminaryReportInput } from '../preliminary-input';
import type { PremiumReportInput } from '../premium-input';
import type { Survey } from '../../surveys/epc/survey';

/** A PDF to draw on the render pool: which report kind, and everything it is drawn from. */
export type RenderTask = { kind: 'preliminary'; input: PreliminaryReportInput } | { kind: 'premium'; input: PremiumReportInput };

/** A survey file to read on the pool, as uploaded: file A, or file B to check against file A. */
export type SurveyTask = { kind: 'survey-a'; xml: Uint8Array } | { kind: 'survey-b'; xml: Uint8Array; a: Survey };

/** Work a pool thread takes. */
export type PoolTask = RenderTask | SurveyTask;

/**
 * A thread's answer: the PDF drawn; file A read, as JSON (the form it is kept in); file B found to
 * be of file A's property; the message for the assessor when the file is not one we can take; or
 * what went wrong.
 */
export type PoolAnswer = { pdf: Uint8Array } | { surveyJson: string } | { sameProperty: true } | { notASurvey: string } | { error: string };

/**
 * What a thread tells the pool of itself, outside any task: at its start, that it could not lower
 * its priority (the pool logs the reason once).
 */
export type ThreadNote = { priorityNotLowered: string };

/** What a thread is started with. */
export interface ThreadOptions {
  /** The nice value the thread takes at its start (0: as the event loop's). */
  nice: number;
}
