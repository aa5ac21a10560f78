import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { renderPreliminaryPdf } from '../render-preliminary';
import { renderPremiumPdf } from '../premium/render-premium';
import { checkSurveyB, parseSurvey } from '../../surveys/epc/parse-survey';
import { SurveyError } from '../../surveys/epc/survey';
import type { PoolAnswer, PoolTask, RenderTask, SurveyTask, ThreadNote, ThreadOptions } from './render-task';

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

/**
 * Lowers this thread alone below the event loop, so that a request waiting for a core gets it ahead
 * of a render. On Linux the nice value is a thread's own, not its process's (setpriority(2), BUGS:
 * https://man7.org/linux/man-pages/man2/setpriority.2.html), and each step of it weighs a thread 1.25
 * times less when threads want the same core (sched(7):
 * https://man7.org/linux/man-pages/man7/sched.7.html): at 10 a render gets about a tenth of a core
 * that a request wants too, and all of one nobody else wants. The thread's id is what
 * /proc/thread-self links to ("<pid>/task/<tid>", proc(5)). Never raised: a server started at a
 * lower priority keeps its threads at it. Elsewhere (no /proc) the thread stays as it is and says
 * why: renders still run off the event loop, only not behind it.
 */
function lowerOwnPriority(nice: number): ThreadNote | null {
  if (nice <= 0) return null;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) throw new Error('/proc/thread-self names no thread id');
    setPriority(tid, Math.max(getPriority(tid), nice));
    return null;
  } catch (err) {
    return { priorityNotLowered: err instanceof Error ? err.message : String(err) };
  }
}

const note = lowerOwnPriority((workerData as ThreadOptions | undefined)?.nice ?? 0);
if (note) parentPort!.postMessage(note);

parentPort!.on('message', (task: PoolTask) => {
  run(task).then(
    (answer) => parentPort!.postMessage(answer),
    (err: unknown) => parentPort!.postMessage({ error: err instanceof Error ? err.message : String(err) } satisfies PoolAnswer),
  );
});
