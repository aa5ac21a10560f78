import { serveOrExit } from './serve';

// The web app, the API and push, leaving jobs to `npm run worker`: run as many as the load needs.
serveOrExit('web');
