// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useRealtimeInvalidation } from './realtime';

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

afterEach(() => vi.unstubAllGlobals());

describe('the realtime client', () => {
  it("a 'refetch' from the server invalidates every query; a topic event only its own", () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const client = new QueryClient();
    client.setQueryData(['notifications'], { items: [] });
    client.setQueryData(['requests', 'list'], { items: [] });
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    renderHook(() => useRealtimeInvalidation(true), {
      wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    });
    const source = FakeEventSource.last!;

    act(() => source.emit('message', JSON.stringify({ topic: 'notifications' })));
    expect(client.getQueryState(['notifications'])!.isInvalidated).toBe(true);
    expect(client.getQueryState(['requests', 'list'])!.isInvalidated).toBe(false);

    invalidate.mockClear();
    act(() => source.emit('refetch'));
    expect(invalidate).toHaveBeenCalledWith({ refetchType: 'active' });
    expect(client.getQueryState(['requests', 'list'])!.isInvalidated).toBe(true);
  });
});
