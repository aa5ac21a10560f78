/** A job's life: queued → running → done, or back to queued to retry, or failed for good. */
export const JOB_STATUS = { queued: 'queued', running: 'running', done: 'done', failed: 'failed' } as const;
export type JobStatus = (typeof JOB_STATUS)[keyof typeof JOB_STATUS];
