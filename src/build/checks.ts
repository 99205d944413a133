/**
 * The static checks of `npm test` side by side: the type check, ESLint and Prettier each take one
 * core for most of a minute and need nothing from each other, so on a two-core machine they take
 * the time of the longest instead of their sum. Each one's output is printed whole when it ends,
 * and the run fails if any of them fails.
 *
 *   npm run check
 */
import { spawn } from 'node:child_process';

export interface Check {
  name: string;
  command: string;
  args: string[];
}

/**
 * The type check is `npm run typecheck`: TypeScript's native compiler (TypeScript 7, the
 * `typescript-native` package), which checks the same tsconfig as the JavaScript compiler on a third
 * of the CPU (`typescript` 5 stays installed for typescript-eslint, which parses with its JavaScript
 * API). Here on one thread: the other two checks take the second core.
 */
export const CHECKS: readonly Check[] = [
  { name: 'types', command: 'npm', args: ['run', '--silent', 'typecheck', '--', '--singleThreaded'] },
  { name: 'eslint', command: 'npx', args: ['eslint', '.', '--cache', '--max-warnings', '0'] },
  { name: 'prettier', command: 'npx', args: ['prettier', '--check', '.'] },
];

export interface CheckResult {
  name: string;
  code: number;
  output: string;
  seconds: number;
}

/** Runs the checks at once; each result keeps its own output (stdout and stderr as they came). */
export function runChecks(checks: readonly Check[]): Promise<CheckResult[]> {
  return Promise.all(
    checks.map(
      (check) =>
        new Promise<CheckResult>((resolve) => {
          const started = performance.now();
          let output = '';
          const child = spawn(check.command, check.args, { stdio: ['ignore', 'pipe', 'pipe'] });
          child.stdout.on('data', (b: Buffer) => (output += b.toString()));
          child.stderr.on('data', (b: Buffer) => (output += b.toString()));
          const done = (code: number) => resolve({ name: check.name, code, output, seconds: (performance.now() - started) / 1000 });
          child.on('error', (err) => {
            output += String(err);
            done(1);
          });
          child.on('close', (code) => done(code ?? 1));
        }),
    ),
  );
}

async function main() {
  const results = await runChecks(CHECKS);
  for (const r of results) {
    console.log(`\n== ${r.name}: ${r.code === 0 ? 'passed' : `FAILED (exit ${r.code})`} in ${r.seconds.toFixed(0)} s`);
    if (r.output.trim()) console.log(r.output.trimEnd());
  }
  process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
