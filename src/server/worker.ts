import { serveOrExit } from './serve';

// The job queue (PDF renders, emails, daily sweeps), WORKER_CONCURRENCY jobs at a time; its port
// is for the operator's health, readiness and metrics checks only.
serveOrExit('worker');
