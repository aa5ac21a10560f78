import { resolve } from 'node:path';
import { publicPageWeight } from './public-page-weight';
import { sharedPageWeight } from './shared-page-weight';
import { apiLatency } from './api-latency';
import { surveyParseBench, surveyReadOffLoopBench } from './survey-parse';
import { pdfRenderBench } from './pdf-render';
import { reportPipelineBench } from './report-pipeline';
import { reportListBench } from './report-list';
import { throughputBench } from './throughput';
import { searchBench } from './search';
import { growthBench } from './growth';
import { concurrentCreatesBench } from './concurrent-creates';
import { benchDialects, type BenchDialect } from './bench-db';
import { webDeliveryBench } from './web-delivery';
import { scaleOutBench } from './scale-out';
import { renderLoadBench } from './render-load';
import { registerImportBench } from './register-import';
import { printGoals } from './goals';
import { webJourneysBench } from './web-journeys';
import { jobClaimsBench } from './job-claims';

const PUBLIC = resolve(__dirname, '../../dist/public');

type Section = (dialects: () => Promise<BenchDialect[]>) => Promise<void> | void;

/** A section measured on every database that answers, named in its heading. */
const onEachDatabase =
  (heading: string, bench: (dialects: BenchDialect[]) => Promise<void>): Section =>
  async (dialects) => {
    const which = await dialects();
    console.log(`== ${heading} (${which.join(', ')})`);
    await bench(which);
  };

/** A section that runs as it is, under its heading. */
const titled =
  (heading: string, bench: () => Promise<void> | void): Section =>
  async () => {
    console.log(`== ${heading}`);
    await bench();
  };

/** Each section of the bench by the name that runs it alone (`npm run bench -- throughput search`). */
const SECTIONS: Record<string, Section> = {
  'page-weight': titled('Public page weight (dist/public)', () => {
    publicPageWeight(PUBLIC);
    console.log('\n== Shared report link page weight (budget 120 KB gzip)');
    sharedPageWeight(PUBLIC);
  }),
  latency: titled('API latency (SQLite, in process)', apiLatency),
  survey: titled('Survey XML parsing', async () => {
    surveyParseBench();
    await surveyReadOffLoopBench();
  }),
  pdf: titled('PDF rendering (Preliminary and Premium)', pdfRenderBench),
  pipeline: titled('Report pipeline: follow-up to PDF ready (SQLite, job queue, in process)', reportPipelineBench),
  list: titled('Report List at 10 000 reports (SQLite)', reportListBench),
  throughput: onEachDatabase('Requests a second beside a bare Fastify hello-world', throughputBench),
  search: onEachDatabase('Report search through the trigram index', searchBench),
  growth: onEachDatabase('Growth: the list, a search and a render at 1 000, 10 000 and 100 000 reports of one assessor', growthBench),
  creates: titled('Reports created at once: upload to PDF Ready (SQLite, render threads)', concurrentCreatesBench),
  web: titled("Web delivery: a hashed chunk to 50 browsers at once, Lighthouse mobile (npm start's server)", webDeliveryBench),
  'web-journeys': titled(
    "Web journeys: cold loads and side-menu clicks in Chromium, to the page's data on screen (npm start's server)",
    webJourneysBench,
  ),
  'register-import': onEachDatabase(
    'Register import: 100 000 certificates and 300 000 recommendations from the bulk files',
    registerImportBench,
  ),
  'job-claims': onEachDatabase('Job claims: each lane with 100 and 5 000 renders queued, 20 000 done', jobClaimsBench),
  'render-load': onEachDatabase('Interactive calls under full render load: one process as npm start runs it', renderLoadBench),
  'scale-out': titled('Scale out: assessors on sockets creating reports, one process and two web processes with a worker', scaleOutBench),
};

/** `npm run bench`: prints figures; nothing here passes or fails on time. Names given run those sections only. */
async function main() {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((name) => !(name in SECTIONS));
  if (unknown.length) {
    console.error(`No bench section ${unknown.join(', ')}. Sections: ${Object.keys(SECTIONS).join(', ')}.`);
    process.exit(2);
  }
  console.log(`node ${process.version}, ${new Date().toISOString()}`);
  let dialects: Promise<BenchDialect[]> | undefined;
  // PostgreSQL is looked for once, by the first section that needs it.
  const reachableDialects = () => (dialects ??= benchDialects());
  for (const name of asked.length ? asked : Object.keys(SECTIONS)) {
    console.log('');
    await SECTIONS[name](reachableDialects);
  }
  printGoals();
}

main().then(
  // Idle render threads and pools hold nothing open, but a bench's last server may still be closing.
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
