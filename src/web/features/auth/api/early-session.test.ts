import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionQuery } from './session';
import { startSessionRequest, takeStartedSessionRequest } from './early-session';
import { testQueryClient } from '@web/test/test-utils';

const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  takeStartedSessionRequest();
  vi.unstubAllGlobals();
});

describe('the session request the entry starts (decision 0043)', () => {
  it('is taken once by the session query; every later read asks the server afresh', async () => {
    const fetchMock = vi.fn(async () => answer({ user: null, csrfToken: null }));
    vi.stubGlobal('fetch', fetchMock);
    startSessionRequest();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const client = testQueryClient();
    await expect(client.fetchQuery(sessionQuery)).resolves.toEqual({ user: null, csrfToken: null });
    // The query took the started request instead of sending a second one.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(takeStartedSessionRequest()).toBeNull();

    await client.refetchQueries({ queryKey: sessionQuery.queryKey });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("a failed early request is the session query's error, never an unhandled rejection", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: { code: 'bad', message: 'Nope.' } }), { status: 400 })),
    );
    startSessionRequest();
    const client = testQueryClient();
    await expect(client.fetchQuery({ ...sessionQuery, retry: false })).rejects.toThrow('Nope.');
  });
});
