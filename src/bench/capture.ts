/**
 * Finds each read's "main query": the app is built in this process over the bench database (as the
 * API tests build it), every SQL statement a read issues is recorded at the pg driver, and the
 * slowest one (over a few calls, sign-in and writes left out) is the one the bare route runs. So
 * the bare route follows whatever SQL the app's current code sends, with no copy kept by hand.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/platform/config';
import type { AppContext } from '../server/platform/context';
import { openPostgres } from '../server/platform/db/client';
import { EventBus } from '../server/platform/events/bus';
import { diskBlobStore } from '../server/platform/files/blob-store';
import { SESSION_COOKIE } from '../server/platform/auth/sessions';
import type { Read } from './reads';
import { GENERIC_PLAN_OPTION } from '../server/platform/db/planner-settings';

export interface MainQuery {
  text: string;
  values: unknown[];
  /** The prepared statement's name when the app sends it named (decision 0040): the bare route does too. */
  name?: string;
  /** Sent on a connection that runs generic plans (decision 0076): the bare route's is one too. */
  genericPlan?: boolean;
  /** How many statements the read issued in one call (sign-in included). */
  statements: number;
}

interface Recorded {
  text: string;
  values: unknown[];
  name?: string;
  genericPlan: boolean;
  ms: number;
}

let recording: Recorded[] | null = null;
let patched = false;

/** Wraps pg's Client.query (every pooled, transactional and raw statement goes through it). */
function patchDriver() {
  if (patched) return;
  patched = true;
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const sink = recording;
    const config = args[0] as string | { text?: string; values?: unknown[]; name?: string; submit?: unknown };
    if (!sink || (typeof config === 'object' && (config === null || typeof config.submit === 'function'))) {
      return original.apply(this, args);
    }
    const text = typeof config === 'string' ? config : (config.text ?? '');
    const values = (Array.isArray(args[1]) ? args[1] : typeof config === 'object' ? config.values : undefined) ?? [];
    const started = performance.now();
    const name = typeof config === 'object' ? config.name : undefined;
    const options = (this as { connectionParameters?: { options?: string } }).connectionParameters?.options;
    const genericPlan = !!options?.includes(GENERIC_PLAN_OPTION);
    const done = () => sink.push({ text, values: values as unknown[], name, genericPlan, ms: performance.now() - started });
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const cb = args[last] as (...a: unknown[]) => void;
      args[last] = (...a: unknown[]) => {
        done();
        cb(...a);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args) as Promise<unknown>;
    return result.then((r) => {
      done();
      return r;
    });
  };
}

/** Statements that are not the read's own work: sign-in, writes, health pings. */
function isMainCandidate(text: string): boolean {
  const t = text.trim().toLowerCase();
  if (!(t.startsWith('select') || t.startsWith('with') || t.startsWith('('))) return false;
  if (/"sessions"|\bsessions\b/.test(t)) return false;
  return t !== 'select 1';
}

export async function captureMainQueries(
  url: string,
  reads: Read[],
  cookies: Record<string, string>,
  calls = 3,
): Promise<Record<string, MainQuery>> {
  patchDriver();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-bench-'));
  const database = await openPostgres(url, 4);
  const bus = new EventBus(database);
  await bus.start();
  const config = { ...loadConfig({}), dataDir, seedDemo: false, databaseUrl: url };
  const ctx: AppContext = { config, database, db: database.db, bus, files: diskBlobStore(path.join(dataDir, 'files')) };
  const app = await buildApp(ctx, { serveWeb: false });
  await app.ready();
  const out: Record<string, MainQuery> = {};
  try {
    for (const read of reads) {
      const perCall: Recorded[][] = [];
      for (let i = 0; i < calls; i++) {
        if (read.before) await database.db.execute(sql.raw(read.before));
        const sink: Recorded[] = [];
        recording = sink;
        const res = await app.inject({
          method: 'GET',
          url: read.url,
          headers: { ...read.headers, cookie: `${SESSION_COOKIE}=${cookies[read.role]}` },
        });
        recording = null;
        if (res.statusCode !== 200)
          throw new Error(`capture: ${read.key} (${read.url}) answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
        // The first call warms caches; the others are timed.
        if (i > 0 || calls === 1) perCall.push(sink);
      }
      // Statements are matched by their text across calls; the slowest on average is the main query.
      const byText = new Map<string, { values: unknown[]; name?: string; genericPlan: boolean; total: number; n: number }>();
      for (const sink of perCall) {
        for (const s of sink.filter((r) => isMainCandidate(r.text) && (!read.main || read.main.test(r.text)))) {
          const e = byText.get(s.text) ?? { values: s.values, name: s.name, genericPlan: s.genericPlan, total: 0, n: 0 };
          e.total += s.ms;
          e.n++;
          byText.set(s.text, e);
        }
      }
      const ranked = [...byText.entries()].sort((a, b) => b[1].total / perCall.length - a[1].total / perCall.length);
      if (!ranked.length) throw new Error(`capture: ${read.key} issued no read statement${read.main ? ` matching ${read.main}` : ''}`);
      const [text, best] = ranked[0];
      out[read.key] = {
        text,
        values: best.values,
        name: best.name,
        ...(best.genericPlan ? { genericPlan: true } : {}),
        statements: perCall[0].length,
      };
    }
  } finally {
    recording = null;
    await app.close();
    await bus.stop();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return out;
}
