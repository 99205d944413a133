import { asc } from 'drizzle-orm';
import { RUNWAY_CODES, type RunwayCode } from '../../shared/domain/planning';
import type { Executor } from '../platform/db/client';
import { runways } from '../platform/db/schema';

/**
 * Test data: the five runways (a fresh test database has none; the demo seed makes them). Safe to
 * call from every test in any order: existing runways are kept.
 */
export async function ensureRunways(db: Executor): Promise<Record<RunwayCode, string>> {
  await db
    .insert(runways)
    .values(RUNWAY_CODES.map((code, i) => ({ code, name: code[0].toUpperCase() + code.slice(1), orderIndex: i })))
    .onConflictDoNothing();
  const rows = await db.select({ id: runways.id, code: runways.code }).from(runways).orderBy(asc(runways.orderIndex));
  return Object.fromEntries(rows.map((r) => [r.code, r.id])) as Record<RunwayCode, string>;
}

const WEEK_MS = 7 * 86_400_000;
/** 2040-01-01 was a Sunday. */
const FIRST = Date.UTC(2040, 0, 1);
let weeksTaken = 0;
/**
 * A Sunday of its own for one test: far in the future and a different week for every call, so tests
 * that plan or lock Sundays never meet, in any order (each test file has its own database).
 */
export function ownSunday(): string {
  return new Date(FIRST + weeksTaken++ * 2 * WEEK_MS).toISOString().slice(0, 10);
}
