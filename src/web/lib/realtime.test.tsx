// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { coalesceKeys, REALTIME_COALESCE_MS, useRealtimeInvalidation } from './realtime';
import { renderHookWithClient, testQueryClient } from '@web/test/test-utils';

/** An EventSource the test drives: `emit(type)` dispatches a server-sent event of that type. */
class FakeEventSource extends EventTarget {
  static last: FakeEventSource | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  constructor(public url: string) {
    super();
    FakeEventSource.last = this;
  }
  emit(type: string, data = '{}') {
    const event = new MessageEvent(type, { data });
    if (type === 'message') this.onmessage?.(event);
    else this.dispatchEvent(event);
  }
  close() {}
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the realtime client', () => {
  it("a 'refetch' from the server invalidates every query; a topic event only its own", () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const client = testQueryClient();
    client.setQueryData(['notifications'], { items: [] });
    client.setQueryData(['requests', 'list'], { items: [] });
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    renderHookWithClient(() => useRealtimeInvalidation(true), { client });
    const source = FakeEventSource.last!;

    act(() => source.emit('message', JSON.stringify({ topic: 'notifications' })));
    expect(client.getQueryState(['notifications'])!.isInvalidated).toBe(true);
    expect(client.getQueryState(['requests', 'list'])!.isInvalidated).toBe(false);

    invalidate.mockClear();
    act(() => source.emit('refetch'));
    expect(invalidate).toHaveBeenCalledWith({ refetchType: 'active' });
    expect(client.getQueryState(['requests', 'list'])!.isInvalidated).toBe(true);
  });

  it('acts on the first event of a burst at once and on the rest of it together, once per window', () => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeEventSource);
    const client = testQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const { unmount } = renderHookWithClient(() => useRealtimeInvalidation(true), { client });
    const source = FakeEventSource.last!;
    const keysInvalidated = () => invalidate.mock.calls.map(([filters]) => filters?.queryKey);

    act(() => source.emit('message', JSON.stringify({ topic: 'board' })));
    expect(keysInvalidated()).toEqual([['board']]);

    // Twenty more in the same window: nothing until it ends, then each key once.
    act(() => {
      for (let i = 0; i < 20; i++) source.emit('message', JSON.stringify({ topic: 'requests', id: `r${i % 2}` }));
    });
    expect(keysInvalidated()).toEqual([['board']]);
    act(() => vi.advanceTimersByTime(REALTIME_COALESCE_MS));
    expect(keysInvalidated()).toEqual([['board'], ['requests'], ['request', 'r0'], ['request', 'r1']]);

    // A quiet window closes the burst: the next event is acted on at once again.
    act(() => vi.advanceTimersByTime(REALTIME_COALESCE_MS));
    invalidate.mockClear();
    act(() => source.emit('message', JSON.stringify({ topic: 'notifications' })));
    expect(keysInvalidated()).toEqual([['notifications']]);

    // Leaving the page drops what was gathered.
    act(() => source.emit('message', JSON.stringify({ topic: 'board' })));
    unmount();
    act(() => vi.advanceTimersByTime(REALTIME_COALESCE_MS * 2));
    expect(keysInvalidated()).toEqual([['notifications']]);
  });
});

describe('coalesceKeys', () => {
  it('flushes at most once per window under a steady stream, and never later than one window', () => {
    vi.useFakeTimers();
    const flushed: Array<{ at: number; keys: unknown[] }> = [];
    const coalescer = coalesceKeys((keys) => flushed.push({ at: Date.now(), keys }), 100);
    const start = Date.now();
    // One event every 10 ms for a second.
    for (let t = 0; t < 1000; t += 10) {
      coalescer.add([['board']]);
      vi.advanceTimersByTime(10);
    }
    vi.advanceTimersByTime(100);
    const times = flushed.map((f) => f.at - start);
    expect(times[0]).toBe(0);
    expect(times.length).toBeLessThanOrEqual(11);
    for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBe(100);
    // The last event (at 990 ms) was flushed by 1100 ms at the latest.
    expect(times[times.length - 1]).toBeGreaterThanOrEqual(990);
    expect(flushed.every((f) => f.keys.length === 1)).toBe(true);
    coalescer.stop();
  });

  it.each([
    ['a live event on its topic', (source: FakeEventSource) => source.emit('message', JSON.stringify({ topic: 'notifications' }))],
    ['a reconnect', (source: FakeEventSource) => source.emit('ready')],
    ["the server's 'refetch'", (source: FakeEventSource) => source.emit('refetch')],
  ])('lets a page asked for with Load more arrive before %s refetches its list', async (_when, refetchOn) => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const client = testQueryClient();
    let nextPage: ((items: string[]) => void) | null = null;
    const fetched: number[] = [];
    const { result } = renderHookWithClient(
      () => {
        useRealtimeInvalidation(true);
        return useInfiniteQuery({
          queryKey: ['notifications', 'feed'],
          initialPageParam: 0,
          getNextPageParam: (_last: string[], pages: string[][]) => (pages.length < 3 ? pages.length : undefined),
          queryFn: ({ pageParam }) => {
            fetched.push(pageParam);
            if (pageParam === 0) return Promise.resolve(['a', 'b']);
            return new Promise<string[]>((resolve) => (nextPage = resolve));
          },
        });
      },
      { client },
    );
    await waitFor(() => expect(result.current.data?.pages).toEqual([['a', 'b']]));
    act(() => void result.current.fetchNextPage());
    await waitFor(() => expect(nextPage).not.toBeNull());

    act(() => refetchOn(FakeEventSource.last!));
    act(() => nextPage!(['c']));
    // The page asked for is kept, and the list is refetched afterwards, both its pages.
    await waitFor(() => expect(fetched).toEqual([0, 1, 0, 1]));
    act(() => nextPage!(['c2']));
    await waitFor(() => expect(result.current.data?.pages).toEqual([['a', 'b'], ['c2']]));
  });
});
