import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Compilation, sources, type Compiler } from 'webpack';

/** Text the server would otherwise compress on every request; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file of the build, at the
 * slowest, smallest settings: done once here, so the server sends bytes from disk
 * (@fastify/static's `preCompressed`) instead of compressing a 400 KB chunk for every visitor.
 * A copy that would not be smaller is left out; the server then sends the file itself.
 */
export class PrecompressPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After the HTML pages are written and every file is minified, as compression-webpack-plugin does.
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        (assets) => {
          for (const [name, source] of Object.entries(assets)) {
            if (!COMPRESSIBLE.test(name)) continue;
            const raw = source.buffer();
            const copies = {
              br: brotliCompressSync(raw, {
                params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
              }),
              gz: gzipSync(raw, { level: constants.Z_BEST_COMPRESSION }),
            };
            for (const [extension, bytes] of Object.entries(copies)) {
              if (bytes.length >= raw.length) continue;
              compilation.emitAsset(`${name}.${extension}`, new sources.RawSource(bytes), {
                compressed: true,
                immutable: compilation.getAsset(name)?.info.immutable,
              });
            }
          }
        },
      );
    });
  }
}
