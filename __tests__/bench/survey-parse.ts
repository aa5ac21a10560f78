import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseSurvey } from '../../src/server/surveys/epc/parse-survey';
import { createRenderPool } from '../../src/server/pdf/render-pool/render-pool';
import { MiB, bigSurvey } from '../server/surveys/epc/big-survey';
import { fixtureNames, readFixture } from '../server/surveys/epc/fixture-files';
import { ADVERSARIAL_SURVEYS } from '../server/surveys/epc/adversarial-inputs';

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];

/** Median milliseconds of `runs` parses of one file, after a few unmeasured ones to warm the JIT. */
function medianMs(bytes: Buffer, runs: number): number {
  for (let i = 0; i < 3; i++) parseSurvey(bytes);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    parseSurvey(bytes);
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(samples);
}

/**
 * `npm run bench`: median parse time of file A for each schema family of the register samples
 * (the median over the family's files of each file's median), and for 4.9 MB lodgements, the
 * size the upload limit allows: 2,000 extra improvements padded with blank lines or with an
 * embedded base64 PDF, and a real lodgement carrying a large PDF.
 */
export function surveyParseBench(): void {
  const byFamily = new Map<string, { files: number; medians: number[]; bytes: number }>();
  for (const name of fixtureNames()) {
    const bytes = readFixture(name);
    const family = parseSurvey(bytes).schema.family;
    const entry = byFamily.get(family) ?? { files: 0, medians: [], bytes: 0 };
    entry.files += 1;
    entry.bytes += bytes.length;
    entry.medians.push(medianMs(bytes, 200));
    byFamily.set(family, entry);
  }
  for (const [family, { files, medians, bytes }] of byFamily) {
    const size = `${files} file${files === 1 ? '' : 's'}, ~${Math.round(bytes / files / 1024)} KB each`;
    console.log(`parse ${family.padEnd(13)} median ${median(medians).toFixed(2)} ms (${size})`);
  }
  const big = [
    { extra: 2000, padding: 'whitespace' },
    { extra: 2000, padding: 'pdf' },
    { extra: 0, padding: 'pdf' },
  ] as const;
  for (const { extra, padding } of big) {
    const bytes = bigSurvey(Math.floor(4.9 * MiB), extra, padding);
    const before = process.memoryUsage().rss;
    const ms = medianMs(bytes, 15);
    const grew = Math.max(0, process.memoryUsage().rss - before) / MiB;
    const what = `${(9 + extra).toLocaleString('en-GB')} improvements, ${padding === 'pdf' ? 'embedded PDF' : 'blank lines'}`;
    console.log(`parse 4.9 MB       median ${ms.toFixed(1)} ms (${what}; RSS grew ${grew.toFixed(0)} MB)`);
  }
  // Files built to stall a parser, at the 5 MB limit: the slowest of them is the longest one upload keeps a pool thread.
  for (const [name, make] of Object.entries(ADVERSARIAL_SURVEYS)) {
    const bytes = make();
    const samples: number[] = [];
    for (let i = 0; i < 5; i++) {
      const start = process.hrtime.bigint();
      try {
        parseSurvey(bytes);
      } catch {
        // Refused with a message: the time to refuse is what is measured.
      }
      samples.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    console.log(`adversarial 5 MB  median ${median(samples).toFixed(1)} ms (${name})`);
  }
}

/**
 * The server reads file A on a render pool thread (the follow-up call): how long reading the
 * largest survey the upload limit allows holds the event loop every other request needs, beside
 * the time the read takes.
 */
export async function surveyReadOffLoopBench(): Promise<void> {
  const pool = createRenderPool(1);
  const bytes = bigSurvey(Math.floor(4.9 * MiB), 2000, 'whitespace');
  try {
    for (let i = 0; i < 3; i++) await pool.readSurvey(bytes);
    const held = monitorEventLoopDelay({ resolution: 1 });
    const samples: number[] = [];
    held.enable();
    for (let i = 0; i < 10; i++) {
      const start = process.hrtime.bigint();
      await pool.readSurvey(bytes);
      samples.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    held.disable();
    console.log(
      `4.9 MB read on a pool thread: median ${median(samples).toFixed(1)} ms to its answer; the event loop held at most ` +
        `${(held.max / 1e6).toFixed(1)} ms (read on the event loop, it is held for the whole parse above)`,
    );
  } finally {
    await pool.close();
  }
}
