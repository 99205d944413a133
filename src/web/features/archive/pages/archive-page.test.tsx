// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Toaster } from '@web/components/ui/toaster';
import { Component as ArchivePage } from './archive-page';
import { renderWithClient, testQueryClient } from '@web/test/test-utils';

// The first render loads the page's modules; leave slow, shared machines room.
configure({ asyncUtilTimeout: 5000 });

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderPage() {
  const client = testQueryClient();
  return renderWithClient(
    <MemoryRouter>
      <ArchivePage />
      <Toaster />
    </MemoryRouter>,
    { client },
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = (id: string, eventTitle: string) => ({
  id,
  eventTitle,
  ministryName: 'Missions',
  requesterName: 'Ruth',
  tier: 'A',
  eventStartDate: '2025-07-04',
  archivedAt: '2025-08-01T12:00:00.000Z',
  archivedByName: 'Caleb',
});

describe('Archive', () => {
  it('shows recurring and one-time events in tabs with Duplicate and View', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const kind = new URL(String(input), 'http://x').searchParams.get('kind');
        return json({
          rows: [kind === 'recurring' ? row('r1', 'Summer Block Party') : row('o1', 'Building Dedication')],
          nextCursor: null,
          total: { count: 1, more: false },
          limit: 50,
        });
      }),
    );
    renderPage();
    expect(screen.getByRole('tab', { name: 'Recurring Events' })).toHaveAttribute('aria-selected', 'true');
    await screen.findByText('Summer Block Party');
    expect(screen.getByRole('link', { name: 'Duplicate Summer Block Party' })).toHaveAttribute('href', '/request/new?duplicate=r1');
    expect(screen.getByRole('link', { name: 'View Summer Block Party' })).toHaveAttribute('href', '/request/r1');
    await userEvent.click(screen.getByRole('tab', { name: 'One-Time Events' }));
    await screen.findByText('Building Dedication');
  });

  it('shows "200+" and appends the next page with Load more', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const cursor = new URL(String(input), 'http://x').searchParams.get('cursor');
      return cursor === 'next'
        ? json({ rows: [row('r2', 'Older Party')], nextCursor: null, total: null, limit: 50 })
        : json({ rows: [row('r1', 'Summer Block Party')], nextCursor: 'next', total: { count: 200, more: true }, limit: 50 });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    await screen.findByText('Showing 1 of 200+ archived events');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Older Party');
    expect(screen.getByText('Summer Block Party')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain('/api/archive?kind=recurring&cursor=next');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument());
  });

  it('shows the destructive toast "Error loading archive" when loading fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ error: { code: 'internal', message: 'Database busy.' } }, 500)),
    );
    renderPage();
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(toast).toHaveTextContent('Error loading archive');
  });
});
