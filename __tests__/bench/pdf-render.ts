import { renderPremiumPdf } from '../../src/server/pdf/premium/render-premium';
import { renderPreliminaryPdf } from '../../src/server/pdf/render-preliminary';
import { premiumInputFrom } from '../server/pdf/premium-factory';
import { makeInput, makeMeasures, tinyPng } from '../server/pdf/report-factory';

const RUNS = 30;

async function time(label: string, render: () => Promise<Buffer>): Promise<void> {
  // The first renders pay for JIT and for parsing the standard fonts' metrics; a worker pays that once.
  for (let i = 0; i < 3; i++) await render();
  const samples: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    bytes = (await render()).length;
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)];
  const p95 = samples[Math.min(samples.length - 1, Math.floor(samples.length * 0.95))];
  console.log(
    `${label.padEnd(34)} median ${median.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, ${(bytes / 1024).toFixed(1)} KB (${RUNS} runs)`,
  );
}

/** Report render time, in process: a typical Preliminary, a 40-measure one, and a full Premium Report. */
export async function pdfRenderBench(): Promise<void> {
  const cold = process.hrtime.bigint();
  await renderPreliminaryPdf(makeInput());
  console.log(`${'first render (cold)'.padEnd(34)} ${(Number(process.hrtime.bigint() - cold) / 1e6).toFixed(2)} ms`);
  const typical = makeInput({
    branding: { companyName: 'Harper Energy Assessments', colour: '#0f766e', logo: { data: tinyPng({ alpha: true }), type: 'png' } },
  });
  await time('typical (5 measures, PNG logo)', () => renderPreliminaryPdf(typical));
  const long = makeInput({ measures: makeMeasures(40) });
  await time('40 measures', () => renderPreliminaryPdf(long));
  // A real Scottish survey: nine measures, three plans and a custom one, remarks, letting; about 18 pages.
  const base = premiumInputFrom('RdSAP-Schema-S-18.0__epc.xml');
  const premium = {
    ...base,
    remarks: Array.from({ length: 30 }, (_, i) => `Remark ${i + 1}: the vents on the north wall must stay clear.`).join('\n'),
    letting: { minimumBand: 'E', meetsMinimum: true, toReachC: base.measures.slice(0, 4) },
  };
  await time('Premium (9 measures, 4 plans)', () => renderPremiumPdf(premium));
}
