import type { z } from 'zod';

/**
 * A kind of job and the payload it carries. The payload is stored as JSON and read back through
 * the schema when the job runs, so a handler gets the type it was queued with or is not called.
 */
export interface JobDefinition<Payload> {
  /** Stored in every job's row: databases hold jobs queued under it, so it is never renamed. */
  readonly kind: string;
  readonly schema: z.ZodType<Payload>;
}

export function defineJob<Payload>(kind: string, schema: z.ZodType<Payload>): JobDefinition<Payload> {
  return { kind, schema };
}

/** A job the queue books itself on a schedule (once a day, or every so often); it carries nothing. */
export interface ScheduledJob {
  /** As a job's kind: stored in its rows, never renamed. */
  readonly kind: string;
  readonly scheduled: true;
}

export function defineScheduledJob(kind: string): ScheduledJob {
  return { kind, scheduled: true };
}
