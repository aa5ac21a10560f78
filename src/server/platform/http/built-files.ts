import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { contentType } from 'mime-types';

/**
 * Hashed file names change with their content, so they may be cached for a year; the build's
 * brotli or gzip copy of one is the same file.
 */
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/;

/** One copy of a built file (the file itself, or the build's brotli or gzip of it) and the headers it is sent with. */
export interface BuiltCopy {
  body: Buffer;
  /** Of the content: one per copy, so a cache revalidates the copy it holds. */
  etag: string;
  /** With the copy: its type, caching, ETag, Vary where there are other copies, and its encoding. */
  headers: Readonly<Record<string, string>>;
  /** With a 304 for it: the same, but the encoding of a body that is not sent. */
  notModifiedHeaders: Readonly<Record<string, string>>;
}

/** One file of the build, as it is sent: each copy read once, with the headers it goes with. */
export interface BuiltFile {
  plain: BuiltCopy;
  /** The build's brotli and gzip copies (tools/precompress-plugin.ts), where it made them. */
  br: BuiltCopy | null;
  gzip: BuiltCopy | null;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

const orNull = (read: Promise<Buffer>) => read.catch(() => null);

function builtFile(url: string, plain: Buffer, br: Buffer | null, gzip: Buffer | null): BuiltFile {
  const etag = `"${createHash('sha256').update(plain).digest('base64url').slice(0, 27)}"`;
  const common = {
    'content-type': contentType(extname(url)) || 'application/octet-stream',
    'cache-control': HASHED.test(url) ? 'public, max-age=31536000, immutable' : 'no-cache',
    // A cache must keep one copy per Accept-Encoding wherever the build made compressed ones.
    ...(br || gzip ? { vary: 'Accept-Encoding' } : {}),
  };
  const copy = (body: Buffer, encoding: 'br' | 'gzip' | null): BuiltCopy => {
    const copyEtag = encoding ? `${etag.slice(0, -1)}-${encoding}"` : etag;
    const notModifiedHeaders = Object.freeze({ ...common, etag: copyEtag });
    const headers = encoding ? Object.freeze({ ...notModifiedHeaders, 'content-encoding': encoding }) : notModifiedHeaders;
    return { body, etag: copyEtag, headers, notModifiedHeaders };
  };
  return { plain: copy(plain, null), br: br && copy(br, 'br'), gzip: gzip && copy(gzip, 'gzip') };
}

/** A file the server writes itself (a page with the marketing address), compressed once as the build would. */
export function builtFileOf(url: string, text: string): BuiltFile {
  const plain = Buffer.from(text);
  return builtFile(
    url,
    plain,
    brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gzipSync(plain, { level: constants.Z_BEST_COMPRESSION }),
  );
}

/**
 * The whole build, read into memory at start (under 3 MB, compressed copies included): a file
 * is then sent from memory, with no file opened, read or compressed per request. A new build
 * is served by the server started after it, as hashed chunk names already require.
 */
export async function readBuiltFiles(webRoot: string): Promise<Map<string, BuiltFile>> {
  const files = new Map<string, BuiltFile>();
  for (const path of await filesUnder(webRoot)) {
    if (path.endsWith('.br') || path.endsWith('.gz')) continue;
    const [plain, br, gzip] = await Promise.all([readFile(path), orNull(readFile(`${path}.br`)), orNull(readFile(`${path}.gz`))]);
    const url = `/${relative(webRoot, path).split(sep).join('/')}`;
    files.set(url, builtFile(url, plain, br, gzip));
  }
  return files;
}

/** Brotli, else gzip, when the client's Accept-Encoding takes it (a q=0 refuses it); otherwise none. */
function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    weights.set(name, q === undefined ? 1 : Number(q.slice(2)));
  }
  const star = weights.get('*') ?? 0;
  for (const encoding of ['br', 'gzip'] as const) if ((weights.get(encoding) ?? star) > 0) return encoding;
  return null;
}

/** Browsers send a handful of distinct Accept-Encoding headers: each is read once (acceptedEncoding). */
const encodingByHeader = new Map<string, 'br' | 'gzip' | null>();
export function encodingFor(header: string | undefined): 'br' | 'gzip' | null {
  if (header === undefined) return null;
  let encoding = encodingByHeader.get(header);
  if (encoding === undefined) {
    encoding = acceptedEncoding(header);
    if (encodingByHeader.size < 100) encodingByHeader.set(header, encoding);
  }
  return encoding;
}

/** The copy a client takes, by its Accept-Encoding: brotli, else gzip, else the file itself. */
export function copyFor(file: BuiltFile, acceptEncoding: string | undefined): BuiltCopy {
  if (!file.br && !file.gzip) return file.plain;
  const encoding = encodingFor(acceptEncoding);
  return (encoding === 'br' ? file.br : encoding === 'gzip' ? file.gzip : null) ?? file.plain;
}

/** Whether the client's If-None-Match names this copy (a list, or '*'). */
export function holdsCopy(ifNoneMatch: string | undefined, copy: BuiltCopy): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === copy.etag);
}

/** Sends the copy the client takes, or 304 when it already holds that copy. */
export function sendBuiltFile(request: FastifyRequest, reply: FastifyReply, file: BuiltFile): FastifyReply {
  const copy = copyFor(file, request.headers['accept-encoding']);
  if (holdsCopy(request.headers['if-none-match'], copy)) return reply.code(304).headers(copy.notModifiedHeaders).send();
  return reply.headers(copy.headers).send(copy.body);
}
