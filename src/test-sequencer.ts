import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The suite's file order: shuffled by the run's seed (printed at the start; repeat an order with
 * --sequence.seed=<n>), so a file that leans on another's rows or module state shows up, but one
 * project after another, as vitest orders files without shuffling.
 *
 * Why not vitest's own shuffle: it mixes the projects' files in one queue, and a worker is kept for
 * the next file only when that file is of the same project (the same environment). Mixed, nearly
 * every component file started a new worker, which set up jsdom and imported React and the app
 * again, and so did many of the API files.
 *
 * Within a project, the files that say they run long (a line starting `// Runs long:` near the top)
 * go first: one of them drawn last kept one worker busy alone for most of a minute at the end.
 */
export class ShuffledWithinProjects extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const shuffled = seededShuffle(files, this.ctx.config.sequence.seed);
    const place = new Map(files.map((f) => [f, runsLong(f.moduleId) ? 0 : 1]));
    // Array.prototype.sort is stable: each project's long files and its others keep their shuffled order.
    return shuffled.sort((a, b) => rank(a) - rank(b) || a.project.name.localeCompare(b.project.name) || place.get(a)! - place.get(b)!);
  }
}

const RUNS_LONG = /^\/\/ Runs long:/m;

/** Whether a test file says near its top that it runs long. */
export function runsLong(file: string): boolean {
  try {
    return RUNS_LONG.test(readFileSync(file, 'utf8').slice(0, 2000));
  } catch {
    return false;
  }
}

/** Isolated projects first, as vitest's own order has them: each file has a worker of its own anyway. */
const rank = (spec: TestSpecification) => (spec.project.config.isolate ? 0 : 1);

/** Fisher-Yates with a small seeded generator (mulberry32): the same seed, the same order. */
export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
