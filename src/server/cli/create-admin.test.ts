// Runs long: runs the command six times, each a process of its own.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { openContext } from '../platform/bootstrap';
import { loadConfig } from '../platform/config';
import { migratedDataDir } from '../test/pglite-template';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-create-admin-'));
// The church's embedded database as the app's first start leaves it, migrated and empty.
beforeAll(() => migratedDataDir(dataDir, inject('pgliteTemplate')));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Runs the real CLI on the embedded database in a private data directory. */
async function createAdmin(args: string[], dir = dataDir): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    // node with tsx's loader, as `npm run create-admin` runs it, without starting npm for each run.
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/server/cli/create-admin.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', SEED_DEMO: '0' },
      timeout: 120_000,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('create-admin CLI', () => {
  it('bad arguments exit 2 with the usage, before anything opens the data directory', { timeout: 180_000 }, async () => {
    // A data directory that does not exist yet: opening the church's database would make it.
    const untouched = path.join(dataDir, 'not-made');
    const results = await Promise.all([
      createAdmin([], untouched),
      createAdmin(['--email', 'not-an-email', '--name', 'X'], untouched),
      createAdmin(['--email', 'x@y.z'], untouched),
      createAdmin(['--email', 'x@y.z', '--name', 'X', '--role', 'viewer'], untouched),
    ]);
    expect(fs.existsSync(untouched)).toBe(false);
    for (const r of results) {
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain('Usage: npm run create-admin');
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
    expect(results[1].stderr).toContain('--email must be an e-mail address');
  });

  it('creates an admin with a temporary password that must be changed', { timeout: 180_000 }, async () => {
    const created = await createAdmin(['--email', 'x@y.z', '--name', 'X']);
    expect(created.code, created.stderr).toBe(0);
    const password = /Temporary password: (\S+)/.exec(created.stdout)?.[1];
    expect(password).toBeDefined();
    expect(password!.length).toBeGreaterThanOrEqual(12);
    expect(created.stdout).toContain('It must be changed at first sign-in.');

    const again = await createAdmin(['--email', 'X@Y.Z', '--name', 'X again']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');

    const { ctx, close } = await openContext({ ...loadConfig({}), dataDir, databaseUrl: null, seedDemo: false });
    const app = await buildApp(ctx, { serveWeb: false });
    try {
      const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'x@y.z', password } });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ role: 'admin', passwordResetRequired: true });
      const cookie = String(res.headers['set-cookie']).split(';')[0];
      const confined = await app.inject({ method: 'GET', url: '/api/admin/outbox', headers: { cookie } });
      expect(confined.statusCode).toBe(403);
      expect(confined.json().error.code).toBe('password_change_required');
    } finally {
      await app.close();
      await close();
    }
  });
});
