import { renderPreliminaryPdf, type PreliminaryReportInput } from '../../src/server/pdf/render-preliminary';
import { makeInput, makeMeasures, tinyPng } from '../server/pdf/report-factory';

const RUNS = 30;

async function time(label: string, input: PreliminaryReportInput): Promise<void> {
  // The first renders pay for JIT and for parsing the standard fonts' metrics; a worker pays that once.
  for (let i = 0; i < 3; i++) await renderPreliminaryPdf(input);
  const samples: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    bytes = (await renderPreliminaryPdf(input)).length;
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)];
  const p95 = samples[Math.min(samples.length - 1, Math.floor(samples.length * 0.95))];
  console.log(
    `${label.padEnd(34)} median ${median.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, ${(bytes / 1024).toFixed(1)} KB (${RUNS} runs)`,
  );
}

/** Preliminary Report render time, in process: a typical report and a 40-measure one. */
export async function pdfRenderBench(): Promise<void> {
  const cold = process.hrtime.bigint();
  await renderPreliminaryPdf(makeInput());
  console.log(`${'first render (cold)'.padEnd(34)} ${(Number(process.hrtime.bigint() - cold) / 1e6).toFixed(2)} ms`);
  await time(
    'typical (5 measures, PNG logo)',
    makeInput({
      branding: { companyName: 'Harper Energy Assessments', colour: '#0f766e', logo: { data: tinyPng({ alpha: true }), type: 'png' } },
    }),
  );
  await time('40 measures', makeInput({ measures: makeMeasures(40) }));
}
