import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from '../platform/db/client';

/**
 * A fresh embedded database costs seconds: PGlite's initdb runs in WebAssembly, then every
 * migration. The global setup does that once per `vitest run`, into a data directory that each API
 * test then copies and opens with the app's own `openPglite(dir)` (the embedded mode `npm start`
 * uses): the copy is a fresh, empty, migrated database of its own, and the migrator still runs on it
 * (and finds nothing to do). A copy takes a fraction of a second.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data directory to copy, made by src/test-global-setup.ts. */
    pgliteTemplate: string;
  }
}

export async function makePgliteTemplate(): Promise<{ dir: string; remove: () => void }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-pglite-template-'));
  const dir = path.join(root, 'db');
  const database = await openPglite(dir);
  await database.close();
  return { dir, remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}

/** Copies the template into `target` (which must not exist yet) and returns it, ready for openPglite. */
export function copyPgliteTemplate(template: string, target: string): string {
  fs.cpSync(template, target, { recursive: true });
  return target;
}
