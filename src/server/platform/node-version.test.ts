import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { MIN_NODE_VERSION, nodeVersionProblem } from './node-version';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');
// tsx itself rather than through npx, whose own warnings would share stderr with the script's.
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

describe('nodeVersionProblem', () => {
  it('accepts 20.19 and anything newer', () => {
    for (const version of ['20.19.0', '20.19.5', '20.20.2', 'v20.19.0', '21.0.0', '22.12.0', '24.1.0']) {
      expect(nodeVersionProblem(version), version).toBeNull();
    }
  });

  it('refuses an older Node with a message that names the requirement and the running version', () => {
    expect(nodeVersionProblem('20.18.3')).toBe('Lampstand needs Node.js 20.19 or newer; this is v20.18.3.');
    expect(nodeVersionProblem('18.20.4')).toBe('Lampstand needs Node.js 20.19 or newer; this is v18.20.4.');
    expect(nodeVersionProblem('v16.0.0')).toBe('Lampstand needs Node.js 20.19 or newer; this is v16.0.0.');
  });

  it('agrees with engines.node in package.json, which npm enforces at install (.npmrc engine-strict)', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
    expect(pkg.engines.node).toBe(`>=${MIN_NODE_VERSION.replace(/\.0$/, '')}`);
    expect(fs.readFileSync(path.join(ROOT, '.npmrc'), 'utf8')).toMatch(/^engine-strict=true$/m);
  });
});

describe('the server and the CLI scripts on an older Node', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-old-node-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  // Preloaded into the process tsx starts: it reports Node 18 the way an old install would.
  const preload = path.join(dir, 'pretend-node-18.mjs');
  fs.writeFileSync(preload, "Object.defineProperty(process.versions, 'node', { value: '18.20.4' });\n");

  /** Runs a script under the pretend Node 18 on a private, not yet existing data directory. */
  async function runOld(script: string) {
    const dataDir = path.join(dir, `data-${path.basename(script, '.ts')}`);
    const env = { ...process.env, NODE_OPTIONS: `--import=${preload}`, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0' };
    try {
      await run(TSX, [script, '--email', 'x@y.z', '--name', 'X'], { cwd: ROOT, env, timeout: 30_000 });
      return { code: 0, stderr: '', dataDir };
    } catch (err) {
      const e = err as { code: number | null; stderr: string };
      return { code: e.code, stderr: e.stderr, dataDir };
    }
  }

  it('each stops at once with the message, before touching the data directory', { timeout: 120_000 }, async () => {
    const scripts = ['src/server/main.ts', 'src/server/cli/create-admin.ts', 'src/server/cli/seed-demo.ts'];
    for (const result of await Promise.all(scripts.map(runOld))) {
      expect(result.stderr.trim()).toBe('Lampstand needs Node.js 20.19 or newer; this is v18.20.4.');
      expect(result.code).toBe(1);
      expect(fs.existsSync(result.dataDir)).toBe(false);
    }
  });
});
