import { parentPort } from 'node:worker_threads';
import { renderPreliminaryPdf } from '../render-preliminary';
import { renderPremiumPdf } from '../premium/render-premium';
import { checkSurveyB, parseSurvey } from '../../surveys/epc/parse-survey';
import { SurveyError } from '../../surveys/epc/survey';
import type { PoolAnswer, PoolTask, RenderTask, SurveyTask } from './render-task';

/**
 * A thread of the render pool: draws one PDF, or reads one survey file, at a time off the
 * server's event loop. Buffers cross threads as plain Uint8Arrays; pdfkit takes a logo only as a
 * Buffer, so they are made Buffers again (sharing the same memory).
 */
function withBuffers(value: unknown): unknown {
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  if (Array.isArray(value)) return value.map(withBuffers);
  if (value && typeof value === 'object' && !(value instanceof Date))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withBuffers(v)]));
  return value;
}

function render(task: RenderTask): Promise<Buffer> {
  const input = withBuffers(task.input) as never;
  return task.kind === 'preliminary' ? renderPreliminaryPdf(input) : renderPremiumPdf(input);
}

function readSurvey(task: SurveyTask): PoolAnswer {
  const xml = withBuffers(task.xml) as Buffer;
  if (task.kind === 'survey-a') return { surveyJson: JSON.stringify(parseSurvey(xml)) };
  checkSurveyB(xml, task.a);
  return { sameProperty: true };
}

async function run(task: PoolTask): Promise<PoolAnswer> {
  if (task.kind === 'preliminary' || task.kind === 'premium') return { pdf: await render(task) };
  try {
    return readSurvey(task);
  } catch (err) {
    if (err instanceof SurveyError) return { notASurvey: err.message };
    throw err;
  }
}

parentPort!.on('message', (task: PoolTask) => {
  run(task).then(
    (answer) => parentPort!.postMessage(answer),
    (err: unknown) => parentPort!.postMessage({ error: err instanceof Error ? err.message : String(err) } satisfies PoolAnswer),
  );
});
