import { parentPort } from 'node:worker_threads';
import { renderPreliminaryPdf } from '../pdf/render-preliminary';
import { renderPremiumPdf } from '../pdf/premium/render-premium';
import type { RenderTask } from './render-task';

/**
 * A thread of the render pool: draws one PDF at a time off the server's event loop. Buffers
 * cross threads as plain Uint8Arrays; pdfkit takes a logo only as a Buffer, so they are made
 * Buffers again (sharing the same memory).
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

parentPort!.on('message', (task: RenderTask) => {
  render(task).then(
    (pdf) => parentPort!.postMessage({ pdf }),
    (err: unknown) => parentPort!.postMessage({ error: err instanceof Error ? err.message : String(err) }),
  );
});
