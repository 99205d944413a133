import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { TestSpecification } from 'vitest/node';
import { runsLong, seededShuffle, ShuffledWithinProjects } from './test-sequencer';

describe('the suite’s file order', () => {
  it('a shuffle is a permutation, and the same seed gives the same order', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.integer({ min: 0, max: 2 ** 32 - 1 }), (items, seed) => {
        const once = seededShuffle(items, seed);
        expect([...once].sort((a, b) => a - b)).toEqual([...items].sort((a, b) => a - b));
        expect(seededShuffle(items, seed)).toEqual(once);
      }),
    );
  });

  it('different seeds give different orders', () => {
    const files = Array.from({ length: 40 }, (_, i) => i);
    expect(seededShuffle(files, 1)).not.toEqual(seededShuffle(files, 2));
    expect(seededShuffle(files, 1)).not.toEqual(files);
  });

  it('keeps each project’s files together, the isolated project first, each shuffled', async () => {
    const spec = (project: string, isolate: boolean, file: number) =>
      ({ project: { name: project, config: { isolate } }, moduleId: `${project}/${file}` }) as unknown as TestSpecification;
    const files = [
      ...Array.from({ length: 30 }, (_, i) => spec('node', false, i)),
      ...Array.from({ length: 30 }, (_, i) => spec('components', false, i)),
      ...Array.from({ length: 5 }, (_, i) => spec('mocking', true, i)),
    ];
    const ctx = { config: { sequence: { seed: 7 } } };
    const sorted = await new ShuffledWithinProjects(ctx as never).sort(seededShuffle(files, 3));
    expect(sorted.map((s) => s.project.name)).toEqual([
      ...Array<string>(5).fill('mocking'),
      ...Array<string>(30).fill('components'),
      ...Array<string>(30).fill('node'),
    ]);
    const nodeOrder = sorted.filter((s) => s.project.name === 'node').map((s) => s.moduleId);
    expect(nodeOrder).not.toEqual(files.slice(0, 30).map((s) => s.moduleId));
    expect(new Set(nodeOrder).size).toBe(30);
  });

  it('starts the files that say they run long before the rest of their project, each set shuffled', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-sequencer-'));
    try {
      const spec = (project: string, file: string, long: boolean) => {
        const moduleId = path.join(dir, `${project}-${file}.test.ts`);
        fs.writeFileSync(moduleId, `${long ? '// Runs long: a reason.\n' : ''}import { it } from 'vitest';\n`);
        return { project: { name: project, config: { isolate: false } }, moduleId } as unknown as TestSpecification;
      };
      const files = [
        ...Array.from({ length: 12 }, (_, i) => spec('node', `short${i}`, false)),
        ...Array.from({ length: 4 }, (_, i) => spec('node', `long${i}`, true)),
        ...Array.from({ length: 6 }, (_, i) => spec('components', `short${i}`, false)),
        spec('components', 'long', true),
      ];
      const sorted = await new ShuffledWithinProjects({ config: { sequence: { seed: 11 } } } as never).sort(files);
      const names = sorted.map((s) => path.basename(s.moduleId).replace('.test.ts', ''));
      expect(names[0]).toBe('components-long');
      expect(names.slice(1, 7).every((n) => n.startsWith('components-short'))).toBe(true);
      expect(new Set(names.slice(7, 11))).toEqual(new Set(['node-long0', 'node-long1', 'node-long2', 'node-long3']));
      expect(names.slice(11).every((n) => n.startsWith('node-short'))).toBe(true);
      expect(runsLong(path.join(dir, 'missing.test.ts'))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
