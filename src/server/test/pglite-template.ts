import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { PGliteOptions } from '@electric-sql/pglite';
import { openPglite } from '../platform/db/client';

/**
 * A fresh embedded database costs seconds: PGlite's initdb runs in WebAssembly, then every
 * migration. The global setup does that once per `vitest run` and keeps the migrated database as a
 * dump (PGlite's own data-directory tarball). Each API test opens it in memory with the app's own
 * `openPglite` (the migrator runs and finds nothing to do): a fresh, empty, migrated database of its
 * own, with no data directory to copy onto the disk and remove again, on WebAssembly compiled once
 * per worker.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite database's dump to open, made by src/test-global-setup.ts. */
    pgliteTemplate: string;
  }
}

export async function makePgliteTemplate(): Promise<{ file: string; remove: () => void }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-pglite-template-'));
  const database = await openPglite(path.join(root, 'db'));
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const file = path.join(root, 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return { file, remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}

let loaded: { file: string; options: Promise<PGliteOptions> } | null = null;

/** PGlite options that open a copy of the template in memory (read and compiled once per worker). */
export function fromPgliteTemplate(file: string): Promise<PGliteOptions> {
  if (loaded?.file !== file) loaded = { file, options: templateOptions(file) };
  return loaded.options;
}

async function templateOptions(file: string): Promise<PGliteOptions> {
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const [pgliteWasmModule, initdbWasmModule] = await Promise.all(
    ['pglite.wasm', 'initdb.wasm'].map(async (name) => WebAssembly.compile(await fs.promises.readFile(path.join(dist, name)))),
  );
  return {
    loadDataDir: new Blob([await fs.promises.readFile(file)]),
    fsBundle: new Blob([await fs.promises.readFile(path.join(dist, 'pglite.data'))]),
    pgliteWasmModule,
    initdbWasmModule,
  };
}
