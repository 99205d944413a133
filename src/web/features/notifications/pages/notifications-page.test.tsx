// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { NotificationDto } from '@shared/api/notifications';
import { Component as NotificationsPage } from './notifications-page';

configure({ asyncUtilTimeout: 5000 });

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const note = (n: number, over: Partial<NotificationDto> = {}): NotificationDto => ({
  id: `n${n}`,
  title: `Notification ${n}`,
  body: `Body ${n}`,
  type: 'status',
  read: true,
  requestId: null,
  link: null,
  createdAt: new Date(Date.now() - n * 60_000).toISOString(),
  ...over,
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/notifications']}>
        <Routes>
          <Route path="/notifications" element={<NotificationsPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Notifications page', () => {
  it('pages with "Load more", highlights unread ones and opens a request on click', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith('/api/notifications/unread-count')) return json({ count: 1 });
      if (url.endsWith('/read')) return new Response(null, { status: 204 });
      if (url.includes('cursor=c1')) return json({ items: [note(3)], nextCursor: null });
      return json({ items: [note(1, { read: false, requestId: 'r-7' }), note(2)], nextCursor: 'c1' });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    const first = await screen.findByRole('button', { name: /Notification 1/ });
    expect(first).toHaveAttribute('data-unread', 'true');
    expect(screen.getByRole('button', { name: /Notification 2/ })).toHaveAttribute('data-unread', 'false');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('button', { name: /Notification 3/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    await user.click(first);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/request/r-7'));
    expect(fetchMock).toHaveBeenCalledWith('/api/notifications/n1/read', expect.objectContaining({ method: 'POST' }));
  });

  it('shows the empty state, and Mark all read is off with nothing unread', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).includes('unread-count') ? json({ count: 0 }) : json({ items: [], nextCursor: null }),
      ),
    );
    renderPage();
    expect(await screen.findByText('No notifications yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('shows an error state when the list cannot load', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ error: { code: 'internal', message: 'Boom' } }, 500)),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your notifications.');
  });
});
