/**
 * Brotli and gzip copies of the built web app's text files, written once at build time
 * (decision 0043). The server sends `file.br` or `file.gz` when the browser accepts it
 * (@fastify/static's `preCompressed`), so every visitor gets brotli at its best quality, which is
 * too slow to run per request: the first page travels about 13 % smaller than with the on-the-fly
 * brotli the compression plugin can afford, and no CPU is spent compressing it again.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files worth compressing: text. Images, fonts and archives are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
/**
 * Under 1 kB the headers would outweigh the gain: the build's threshold and the server's
 * on-the-fly one (app.ts).
 */
export const MIN_BYTES = 1024;

export interface Precompressed {
  file: string;
  bytes: number;
  br: number;
  gz: number;
}

/** Writes `name.br` and `name.gz` beside every compressible file of `dir` (recursively) from MIN_BYTES up. */
export function precompressDir(dir: string): Precompressed[] {
  const written: Precompressed[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    // Vite's manifest folder is read by tools, never served.
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') written.push(...precompressDir(path));
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name) || statSync(path).size < MIN_BYTES) continue;
    const content = readFileSync(path);
    const br = brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    });
    const gz = gzipSync(content, { level: 9 });
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gz);
    written.push({ file: path, bytes: content.length, br: br.length, gz: gz.length });
  }
  return written;
}

/** The Vite plugin: compresses the output directory once the build has written it. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'lampstand-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
}
