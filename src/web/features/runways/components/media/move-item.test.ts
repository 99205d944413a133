import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moveItem } from './move-item';

describe('moveItem', () => {
  it('swaps with the neighbour and leaves the ends alone', () => {
    expect(moveItem(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('keeps every item exactly once, and moving back undoes a move', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { minLength: 2 }), fc.nat(), fc.constantFrom(-1 as const, 1 as const), (list, n, by) => {
        const i = n % list.length;
        const moved = moveItem(list, i, by);
        expect([...moved].sort()).toEqual([...list].sort());
        const to = i + by;
        if (to >= 0 && to < list.length) expect(moveItem(moved, to, -by as -1 | 1)).toEqual(list);
      }),
    );
  });
});
