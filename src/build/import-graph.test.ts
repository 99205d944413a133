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

  it('keeps the boundaries: a module imports no other module, a feature reaches another only through its index', () => {
    const crossings: string[] = [];
    const area = (file: string, root: string) => file.startsWith(root) && file.slice(root.length).split('/')[0];
    for (const [file, imports] of graph) {
      if (/\.test\.tsx?$/.test(file)) continue;
      for (const target of imports) {
        const module = area(file, 'src/server/modules/');
        if (module && area(target, 'src/server/modules/') && area(target, 'src/server/modules/') !== module)
          crossings.push(`${file} -> ${target}`);
        if (/^src\/server\/(platform|commands|queries|cli)\//.test(file) && target.startsWith('src/server/modules/'))
          crossings.push(`${file} -> ${target}`);
        const feature = area(file, 'src/web/features/');
        const other = area(target, 'src/web/features/');
        if (feature && other && other !== feature && target !== `src/web/features/${other}/index.ts`)
          crossings.push(`${file} -> ${target}`);
      }
    }
    expect(crossings).toEqual([]);
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
