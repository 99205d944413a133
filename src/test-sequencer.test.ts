import fc from 'fast-check';
import type { TestSpecification } from 'vitest/node';
import { seededShuffle, ShuffledWithinProjects } from './test-sequencer';

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
});
