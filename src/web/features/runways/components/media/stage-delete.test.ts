import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stageDelete } from './use-draft';

describe('stageDelete', () => {
  it('takes the row out now and keeps a saved row’s id for the save', () => {
    const rows = [{ key: 'a' }, { key: 'b' }, { key: 'c' }];
    expect(stageDelete(rows, ['x'], (r) => r.key === 'b', 'id-b')).toEqual({ list: [{ key: 'a' }, { key: 'c' }], deleted: ['x', 'id-b'] });
  });

  it('a row never saved leaves no id behind', () => {
    expect(stageDelete([{ key: 'new-1' }], [], (r) => r.key === 'new-1', undefined)).toEqual({ list: [], deleted: [] });
  });

  it('keeps the other rows in order and never changes its inputs', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string()), fc.nat(), fc.array(fc.string()), (keys, n, deleted) => {
        const rows = keys.map((key) => ({ key }));
        const gone = keys.length ? keys[n % keys.length] : 'none';
        const before = JSON.stringify({ rows, deleted });
        const staged = stageDelete(rows, deleted, (r) => r.key === gone, `id-${gone}`);
        expect(staged.list.map((r) => r.key)).toEqual(keys.filter((k) => k !== gone));
        expect(staged.deleted).toEqual([...deleted, `id-${gone}`]);
        expect(JSON.stringify({ rows, deleted })).toBe(before);
      }),
    );
  });
});
