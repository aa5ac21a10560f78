/*
 * The logo converter process (started by logo-converter.ts): sanitises and converts one upload at
 * a time with sharp, and answers by IPC. Everything librsvg and libvips do for an untrusted file
 * happens here, on this process's own threads, where the server can kill it.
 */
import sharp from 'sharp';
import { LogoError } from './logo-error';
import { logoToPng } from './to-png';
import { OVER_MEMORY_EXIT_CODE, type ConvertAnswer, type ConvertRequest } from './converter-messages';

// One conversion at a time, nothing kept between them: the process stays small and each file pays only for itself.
sharp.cache(false);
sharp.concurrency(1);

const memoryLimitBytes = Number(process.argv[2]);
const send = (answer: ConvertAnswer) => process.send?.(answer);

// libvips' and librsvg's memory is native, out of V8's reach: the resident size is what counts.
if (memoryLimitBytes > 0) {
  setInterval(() => {
    if (process.memoryUsage.rss() > memoryLimitBytes) process.exit(OVER_MEMORY_EXIT_CODE);
  }, 100).unref();
}

process.on('message', (request: ConvertRequest) => {
  const data = Buffer.from(request.data.buffer, request.data.byteOffset, request.data.byteLength);
  logoToPng(data, request.type).then(
    ({ png, width, height, removed }) => send({ id: request.id, png, width, height, removed }),
    (err: unknown) =>
      send(
        err instanceof LogoError
          ? { id: request.id, refused: err.message }
          : { id: request.id, failed: String((err as Error)?.stack ?? err) },
      ),
  );
});
// The server is gone (or closed the channel): so is the reason to run.
process.on('disconnect', () => process.exit(0));
send({ ready: true });
