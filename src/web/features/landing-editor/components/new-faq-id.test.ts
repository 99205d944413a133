import { afterEach, describe, expect, it, vi } from 'vitest';
import { newFaqId } from './new-faq-id';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => vi.unstubAllGlobals());

describe('newFaqId', () => {
  it('makes distinct v4 UUIDs, with crypto.randomUUID or without it (plain-http origins)', () => {
    const withApi = Array.from({ length: 200 }, newFaqId);
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: <T extends ArrayBufferView>(a: T) => real.getRandomValues(a as never) as T });
    expect(typeof crypto.randomUUID).not.toBe('function');
    const without = Array.from({ length: 200 }, newFaqId);
    for (const id of [...withApi, ...without]) expect(id).toMatch(V4);
    expect(new Set([...withApi, ...without]).size).toBe(400);
  });
});
