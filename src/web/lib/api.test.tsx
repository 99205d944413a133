// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { UNAVAILABLE_MESSAGE } from '@shared/api/errors';
import { dismissToast, Toaster } from '@web/components/ui/toaster';
import { api, ApiError, READ_RETRY_BUDGET_MS } from './api';
import { serverAvailable, UNAVAILABLE_NOTICE } from './availability';

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const unavailable = () => json({ error: { code: 'unavailable', message: UNAVAILABLE_MESSAGE } }, 503, { 'retry-after': '5' });

/** fetch answering from a list, the last answer repeating. */
function answers(...list: Array<() => Response>) {
  let i = 0;
  const fetchMock = vi.fn(async () => list[Math.min(i++, list.length - 1)]());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  // The outage notice is module state: a test that leaves it raised would hide the next test's notice.
  act(() => serverAvailable());
  cleanup();
  act(() => dismissToast());
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the API client during an outage', () => {
  it('retries a read on 503 as Retry-After asks, tells the person once, and clears the notice when it answers', async () => {
    vi.useFakeTimers();
    render(<Toaster />);
    const fetchMock = answers(unavailable, unavailable, () => json({ count: 3 }));
    const read = api.get<{ count: number }>('/api/notifications/unread-count');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText(UNAVAILABLE_NOTICE.title)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(4900));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await expect(read).resolves.toEqual({ count: 3 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(screen.queryByText(UNAVAILABLE_NOTICE.title)).not.toBeInTheDocument();
  });

  it('gives up on a read after its retry budget, with the server message', async () => {
    vi.useFakeTimers();
    const fetchMock = answers(unavailable);
    const read = api.get('/api/requests');
    const outcome = read.then(
      () => null,
      (err: unknown) => err,
    );
    await vi.advanceTimersByTimeAsync(READ_RETRY_BUDGET_MS + 10_000);
    const err = await outcome;
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 503, code: 'unavailable', message: UNAVAILABLE_MESSAGE, retryAfterMs: 5000 });
    expect(fetchMock.mock.calls.length).toBeGreaterThan(5);
  });

  it('does not repeat a write: the 503 and its message go to the caller at once', async () => {
    const fetchMock = answers(unavailable, () => json({ ok: true }));
    await expect(api.post('/api/requests', { title: 'x' })).rejects.toMatchObject({ status: 503, message: UNAVAILABLE_MESSAGE });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('other failures are not retried by the client', async () => {
    const fetchMock = answers(() => json({ error: { code: 'internal', message: 'Boom' } }, 500));
    await expect(api.get('/api/requests')).rejects.toMatchObject({ status: 500 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
