import { describe, expect, it, vi } from 'vitest';
import type { Executor } from './client';
import { prepared } from './prepared';

describe('prepared', () => {
  it('builds a named statement once per database handle and hands back the same one after', () => {
    const one = {} as Executor;
    const other = {} as Executor;
    const build = vi.fn((db: Executor) => ({ db }));
    const first = prepared(one, 'bell', build);
    expect(prepared(one, 'bell', build)).toBe(first);
    expect(build).toHaveBeenCalledTimes(1);
    expect(prepared(other, 'bell', build)).not.toBe(first);
    expect(prepared(one, 'latest', build)).not.toBe(first);
    expect(build).toHaveBeenCalledTimes(3);
  });
});
