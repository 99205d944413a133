// Runs long: starts two servers as processes of their own.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { migratedDataDir } from '../../test/pglite-template';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE } from './lock';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-lock-'));
const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.exit(0)']);
  return child.pid!;
}

describe('data directory lock', () => {
  it('refuses a directory held by a live process, with a clear message', () => {
    const dir = tempDir();
    made.push(dir);
    fs.writeFileSync(path.join(dir, LOCK_FILE), String(process.ppid));
    let error: unknown;
    try {
      acquireDataDirLock(dir);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toContain(`The data directory ${dir} is in use by another Lampstand process (pid ${process.ppid})`);
    expect((error as Error).message).toContain('set DATA_DIR to another directory');
    // The other process's lock is left alone.
    expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(process.ppid));
  });

  it('replaces a stale lock of a dead process, and release removes it', () => {
    const dir = tempDir();
    made.push(dir);
    fs.writeFileSync(path.join(dir, LOCK_FILE), String(deadPid()));
    const listeners = process.listenerCount('exit');
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
    expect(process.listenerCount('exit')).toBe(listeners + 1);
    release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    expect(process.listenerCount('exit')).toBe(listeners);
    release(); // twice is harmless
  });

  it('treats an empty or garbled lock file as stale', () => {
    const dir = tempDir();
    made.push(dir);
    fs.writeFileSync(path.join(dir, LOCK_FILE), '');
    const release = acquireDataDirLock(dir);
    release();
    fs.writeFileSync(path.join(dir, LOCK_FILE), 'not a pid');
    acquireDataDirLock(dir)();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('creates a missing data directory', () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    made.push(path.dirname(path.dirname(dir)));
    const release = acquireDataDirLock(dir);
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(true);
    release();
  });
});

/**
 * Runs the server as one Node process with tsx's loader, not through the `tsx` command: that
 * command relays a signal to its child and kills it outright when the child has not answered within
 * 30 ms, which on a busy machine cut the shutdown short and left the lock behind.
 */
function startServer(dataDir: string, port: number): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      DATABASE_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
}

describe('two servers on one data directory', () => {
  it('the second exits non-zero saying the directory is in use', { timeout: 600_000 }, async () => {
    const dir = tempDir();
    made.push(dir);
    await migratedDataDir(dir, inject('pgliteTemplate'));
    const first = startServer(dir, 3202);
    try {
      const until = Date.now() + 120_000;
      while (!first.output().includes('Lampstand is listening') && Date.now() < until) {
        if (first.child.exitCode !== null) throw new Error(`first server exited: ${first.output()}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(first.output()).toContain('Lampstand is listening');
      const second = startServer(dir, 3212);
      const code = await Promise.race([second.exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 120_000))]);
      if (code === 'timeout') stop(second.child);
      expect(code).not.toBe('timeout');
      expect(code).not.toBe(0);
      expect(second.output()).toContain(`The data directory ${dir} is in use by another Lampstand process`);
      expect(second.output()).not.toMatch(/\n\s+at /); // a message, not a stack trace
      // The first is still serving.
      const res = await fetch('http://127.0.0.1:3202/api/auth/session');
      expect(res.status).toBe(200);
    } finally {
      stop(first.child);
    }
    // A clean shutdown releases the lock. It first lets the start-up's scheduled jobs finish
    // (reminders, the digest, the health audit), which on a busy machine has taken over 100 s.
    const ended = await Promise.race([first.exited.then(() => true), new Promise<false>((r) => setTimeout(() => r(false), 240_000))]);
    // One that never ends must not go on using a core for the rest of the run.
    if (!ended) stop(first.child, 'SIGKILL');
    expect(ended, `the first server did not end within 240 s of SIGTERM; its output:\n${first.output().slice(-3000)}`).toBe(true);
    expect(await first.exited, 'the first server ends with code 0').toBe(0);
    expect(fs.existsSync(path.join(dir, LOCK_FILE)), `the first server's output:\n${first.output().slice(-3000)}`).toBe(false);
  });
});
