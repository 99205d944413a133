import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { PGlite, type PGliteOptions, type Transaction } from '@electric-sql/pglite';
import { openPglite } from '../platform/db/client';
import { loadPglite } from '../platform/backup/database-dump';
import { emptyDatabase, readBaseline, type Baseline, type EmptyingSession } from './database-emptying';

/**
 * A fresh embedded database costs seconds: PGlite's initdb runs in WebAssembly, then every
 * migration. The global setup does that once per `vitest run` and keeps the migrated database as a
 * dump (PGlite's own data-directory tarball). Each API test's database is a copy of it in memory,
 * with no data directory to copy onto the disk and remove again, on WebAssembly compiled once per
 * worker.
 *
 * Opening that copy still takes most of a second of a core (unpacking the dump and PGlite's own
 * files into its memory file system, then starting the server), so a worker keeps a database a
 * test app has closed and empties it for the next one instead (`freshPglite`, `recyclePglite`):
 * the tables the test wrote are emptied and the rows the migrations made are put back, which is
 * a tenth of the cost (database-emptying.ts). A database whose schema a test changed or that a
 * test closed or broke is closed, never reused.
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

/**
 * Puts the template's migrated database where the app keeps its own (`<dataDir>/db`), for a test
 * that starts the app or a command as a process of its own: it opens that instead of making and
 * migrating a database first, which is most of its start.
 */
export async function migratedDataDir(dataDir: string, template: string): Promise<void> {
  await loadPglite(template, path.join(dataDir, 'db'));
}

let loaded: { file: string; options: Promise<PGliteOptions> } | null = null;

/** PGlite options that open a copy of the template in memory (read and compiled once per worker). */
function fromPgliteTemplate(file: string): Promise<PGliteOptions> {
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

let baseline: Promise<Baseline> | null = null;
/** The emptied database waiting for the next test app: one is enough for a worker's one file at a time. */
let spare: PGlite | null = null;

/** A fresh migrated database in memory: an emptied one this worker kept, or a new copy of the template. */
export async function freshPglite(template: string): Promise<PGlite> {
  if (spare) {
    const kept = spare;
    spare = null;
    return kept;
  }
  const client = new PGlite({ ...(await fromPgliteTemplate(template)) });
  await client.waitReady;
  if (baseline === null || (await baseline).template !== template) baseline = readBaseline(session(client), template);
  await baseline;
  return client;
}

/** Empties a database a test app is done with and keeps it for the next, or closes it. */
export async function recyclePglite(client: PGlite): Promise<void> {
  if (client.closed) return;
  try {
    if (spare === null && (await emptyDatabase(session(client), await baseline!))) {
      spare = client;
      return;
    }
  } catch {
    // A database left in a state it cannot be emptied from is not reused.
  }
  await client.close();
}

function session(client: PGlite | Transaction): EmptyingSession {
  return {
    rows: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    exec: async (text) => {
      await client.exec(text);
    },
    transaction: (fn) => (client as PGlite).transaction((tx) => fn(session(tx))),
  };
}
