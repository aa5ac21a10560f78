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
import { concurrentCreatesBench } from './concurrent-creates';
import { benchDialects } from './bench-db';
import { webDeliveryBench } from './web-delivery';
import { scaleOutBench } from './scale-out';

/** `npm run bench`: prints figures; nothing here passes or fails on time. */
async function main() {
  console.log(`node ${process.version}, ${new Date().toISOString()}\n`);
  console.log('== Public page weight (dist/public)');
  publicPageWeight(resolve(__dirname, '../../dist/public'));
  console.log('\n== Shared report link page weight (budget 120 KB gzip)');
  sharedPageWeight(resolve(__dirname, '../../dist/public'));
  console.log('\n== API latency (SQLite, in process)');
  await apiLatency();
  console.log('\n== Survey XML parsing');
  surveyParseBench();
  await surveyReadOffLoopBench();
  console.log('\n== PDF rendering (Preliminary and Premium)');
  await pdfRenderBench();
  console.log('\n== Report pipeline: follow-up to PDF ready (SQLite, job queue, in process)');
  await reportPipelineBench();
  console.log('\n== Report List at 10 000 reports (SQLite)');
  await reportListBench();
  const dialects = await benchDialects();
  console.log(`\n== Requests a second beside a bare Fastify hello-world (${dialects.join(', ')})`);
  await throughputBench(dialects);
  console.log(`\n== Report search through the trigram index (${dialects.join(', ')})`);
  await searchBench(dialects);
  console.log('\n== Reports created at once: upload to PDF Ready (SQLite, render threads)');
  await concurrentCreatesBench();
  console.log("\n== Web delivery: a hashed chunk to 50 browsers at once, Lighthouse mobile (npm start's server)");
  await webDeliveryBench();
  console.log('\n== Scale out: assessors on sockets creating reports, one process and two web processes with a worker');
  await scaleOutBench();
}

main().then(
  // Idle render threads and pools hold nothing open, but a bench's last server may still be closing.
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
