import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from './import-graph';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('the import graph', () => {
  const graph = importGraph(ROOT);

  it('reads the imports of the whole source tree', () => {
    expect(graph.size).toBeGreaterThan(500);
    expect(graph.get('src/server/app.ts')).toContain('src/server/platform/errors.ts');
  });

  it('has no cycle: no module waits for itself through others', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it('finds a cycle when two files import each other', () => {
    const circle = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(importCycles(circle)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(importCycles(new Map([['self.ts', ['self.ts']]]))).toEqual([['self.ts']]);
  });
});
