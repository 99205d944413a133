/**
 * The processes the bench measures: the app as `npm start` runs it (without the web build) and the
 * bare server, each a child Node process on a free port of the bench's range.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The bench's ports: 3900-3999. */
export async function freePort(from = 3900, to = 3999): Promise<number> {
  for (let port = from; port <= to; port++) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.createServer();
      s.once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (ok) return port;
  }
  throw new Error(`no free port in ${from}-${to}`);
}

export interface Child {
  process: ChildProcess;
  port: number;
  /** ms from spawn to the first successful answer. */
  startMs: number;
  stop(): Promise<void>;
  /** Resident memory of the process, MiB (Linux /proc). */
  rssMiB(): number;
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const p of running) p.kill('SIGKILL');
});

async function waitForOk(url: string, child: ChildProcess, output: () => string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process ended (${child.exitCode}) before answering:\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${url}: no answer within ${timeoutMs / 1000} s:\n${output()}`);
}

async function start(script: string, env: (port: number) => Record<string, string>, healthPath: string): Promise<Child> {
  const port = await freePort();
  const t0 = performance.now();
  // node --import tsx: the measured process is the app's own, not an npx wrapper around it.
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env(port), PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const keep = (b: Buffer) => {
    output = (output + b.toString()).slice(-4000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  await waitForOk(`http://127.0.0.1:${port}${healthPath}`, child, () => output);
  const startMs = performance.now() - t0;
  return {
    process: child,
    port,
    startMs,
    rssMiB() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
      return kb / 1024;
    },
    async stop() {
      if (child.exitCode !== null) return void running.delete(child);
      const ended = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await ended;
      clearTimeout(timer);
      running.delete(child);
    },
  };
}

/** The app on the bench database, as `npm start` starts it on an existing database. */
export async function startApp(databaseUrl: string): Promise<Child & { dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-bench-app-'));
  const child = await start(
    'src/server/main.ts',
    (port) => ({
      DATABASE_URL: databaseUrl,
      SEED_DEMO: '0',
      APP_ORIGIN: `http://127.0.0.1:${port}`,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      // The bench loads one calendar feed from one address at 32 connections.
      FEED_RATE_LIMIT: '1000000',
    }),
    '/api/auth/session',
  );
  return {
    ...child,
    dataDir,
    async stop() {
      await child.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function startBare(databaseUrl: string, queriesFile: string): Promise<Child> {
  return start('src/bench/bare-server.ts', () => ({ DATABASE_URL: databaseUrl, BENCH_QUERIES: queriesFile }), '/bare-health');
}
