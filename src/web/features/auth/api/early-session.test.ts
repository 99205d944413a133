import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionQuery } from './session';
import { startSessionRequest, takeStartedSessionRequest } from './early-session';
import { apiError, mockFetch, testQueryClient } from '@web/test/test-utils';

afterEach(() => {
  takeStartedSessionRequest();
  vi.unstubAllGlobals();
});

describe('the session request the entry starts (decision 0043)', () => {
  it('is taken once by the session query; every later read asks the server afresh', async () => {
    const api = mockFetch({ 'GET /api/auth/session': { body: { user: null, csrfToken: null } } });
    const sessionReads = () => api.sent('GET', '/api/auth/session').length;
    startSessionRequest();
    expect(sessionReads()).toBe(1);

    const client = testQueryClient();
    await expect(client.fetchQuery(sessionQuery)).resolves.toEqual({ user: null, csrfToken: null });
    // The query took the started request instead of sending a second one.
    expect(sessionReads()).toBe(1);
    expect(takeStartedSessionRequest()).toBeNull();

    await client.refetchQueries({ queryKey: sessionQuery.queryKey });
    expect(sessionReads()).toBe(2);
  });

  it("a failed early request is the session query's error, never an unhandled rejection", async () => {
    mockFetch({ 'GET /api/auth/session': apiError(400, 'bad', 'Nope.') });
    startSessionRequest();
    const client = testQueryClient();
    await expect(client.fetchQuery({ ...sessionQuery, retry: false })).rejects.toThrow('Nope.');
  });
});
