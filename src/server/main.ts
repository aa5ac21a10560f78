import { serveOrExit } from './serve';

// All in one process: the web app, the API, push and the job queue (the embedded default).
serveOrExit('all');
