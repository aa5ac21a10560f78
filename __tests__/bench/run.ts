import { resolve } from 'node:path';
import { publicPageWeight } from './public-page-weight';
import { sharedPageWeight } from './shared-page-weight';
import { apiLatency } from './api-latency';
import { surveyParseBench } from './survey-parse';
import { pdfRenderBench } from './pdf-render';
import { reportPipelineBench } from './report-pipeline';
import { reportListBench } from './report-list';
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
  console.log('\n== PDF rendering (Preliminary and Premium)');
  await pdfRenderBench();
  console.log('\n== Report pipeline: follow-up to PDF ready (SQLite, job queue, in process)');
  await reportPipelineBench();
  console.log('\n== Report List at 10 000 reports (SQLite)');
  await reportListBench();
  console.log('\n== Scale out: assessors on sockets creating reports, one process and two web processes with a worker');
  await scaleOutBench();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
