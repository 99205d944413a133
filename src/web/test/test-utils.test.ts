import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockFetch } from './test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('The stand-in API of component tests', () => {
  it('answers by method and route, a `:name` segment matching one segment, the query string ignored', async () => {
    const api = mockFetch({
      'GET /api/things': { body: ['a'] },
      'DELETE /api/things/:id': (_body, url, params) => ({ body: { url, params } }),
      'PUT /api/things/:id': (body) => apiError(409, 'stale', `stale ${JSON.stringify(body)}`),
    });
    const get = await fetch('/api/things?limit=5');
    expect([get.status, await get.json()]).toEqual([200, ['a']]);
    const del = await fetch('/api/things/a%20b', { method: 'DELETE' });
    expect(await del.json()).toEqual({ url: '/api/things/a%20b', params: { id: 'a b' } });
    const put = await fetch('/api/things/1', { method: 'PUT', body: JSON.stringify({ n: 1 }) });
    expect([put.status, await put.json()]).toEqual([409, { error: { code: 'stale', message: 'stale {"n":1}' } }]);
    expect(api.sent('PUT', '/api/things/1').map((c) => c.body)).toEqual([{ n: 1 }]);
    expect(api.calls.map((c) => c.method)).toEqual(['GET', 'DELETE', 'PUT']);
  });

  it('fails like the network when a handler throws: fetch rejects with its error', async () => {
    const api = mockFetch({
      'GET /api/down': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(fetch('/api/down')).rejects.toThrow(new TypeError('Failed to fetch'));
    expect(api.sent('GET', '/api/down')).toHaveLength(1);
  });

  it('answers 404 in the API error shape to a method or path it has no handler for', async () => {
    mockFetch({ 'GET /api/things/:id': { status: 204 } });
    expect((await fetch('/api/things/1')).status).toBe(204);
    for (const [url, method] of [
      ['/api/things/1', 'POST'],
      ['/api/things', 'GET'],
      ['/api/things/1/more', 'GET'],
    ]) {
      const res = await fetch(url, { method });
      expect([res.status, (await res.json()).error.code]).toEqual([404, 'not_found']);
    }
  });
});
