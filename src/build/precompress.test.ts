import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompressDir } from './precompress';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dist(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), 'precompress-'));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}

const text = (length: number) =>
  Array.from({ length }, (_, i) => `line ${i % 97}`)
    .join('\n')
    .slice(0, length);

describe('precompressDir', () => {
  it('writes brotli and gzip copies of text files from 1 kB up, in every folder, that decode to the file', () => {
    const dir = dist({
      'index.html': text(2000),
      'assets/index-a1.js': text(50_000),
      'assets/index-b2.css': text(5000),
      'favicon.svg': text(1500),
    });
    const written = precompressDir(dir);
    expect(written.map((w) => w.file.slice(dir.length + 1)).sort()).toEqual(
      ['assets/index-a1.js', 'assets/index-b2.css', 'favicon.svg', 'index.html'].sort(),
    );
    for (const { file, bytes, br, gz } of written) {
      const original = readFileSync(file);
      expect(bytes).toBe(original.length);
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(original)).toBe(true);
      expect(gunzipSync(readFileSync(`${file}.gz`)).equals(original)).toBe(true);
      expect(br).toBe(readFileSync(`${file}.br`).length);
      expect(gz).toBe(readFileSync(`${file}.gz`).length);
      expect(br).toBeLessThan(bytes);
    }
  });

  it('leaves small files, compressed formats and the manifest folder alone', () => {
    const dir = dist({
      'assets/tiny-c3.js': text(MIN_BYTES - 1),
      'assets/logo.png': Buffer.alloc(5000, 7),
      'assets/font.woff2': Buffer.alloc(5000, 7),
      '.vite/manifest.json': text(5000),
      'assets/edge-d4.js': text(MIN_BYTES),
    });
    const written = precompressDir(dir);
    expect(written.map((w) => w.file.slice(dir.length + 1))).toEqual(['assets/edge-d4.js']);
    for (const name of ['assets/tiny-c3.js', 'assets/logo.png', 'assets/font.woff2', '.vite/manifest.json']) {
      expect(existsSync(join(dir, `${name}.br`)), name).toBe(false);
      expect(existsSync(join(dir, `${name}.gz`)), name).toBe(false);
    }
  });
});
