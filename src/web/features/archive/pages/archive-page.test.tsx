// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component as ArchivePage } from './archive-page';
import { apiError, mockFetch, renderWithClient } from '@web/test/test-utils';

// The first render loads the page's modules; leave slow, shared machines room.
configure({ asyncUtilTimeout: 5000 });

const param = (url: string, name: string) => new URL(url, 'http://x').searchParams.get(name);

const renderPage = () => renderWithClient(<ArchivePage />, { route: '/archive', toaster: true });

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
    mockFetch({
      'GET /api/archive': (_body, url) => ({
        body: {
          rows: [param(url, 'kind') === 'recurring' ? row('r1', 'Summer Block Party') : row('o1', 'Building Dedication')],
          nextCursor: null,
          total: { count: 1, more: false },
          limit: 50,
        },
      }),
    });
    renderPage();
    expect(screen.getByRole('tab', { name: 'Recurring Events' })).toHaveAttribute('aria-selected', 'true');
    await screen.findByText('Summer Block Party');
    expect(screen.getByRole('link', { name: 'Duplicate Summer Block Party' })).toHaveAttribute('href', '/request/new?duplicate=r1');
    expect(screen.getByRole('link', { name: 'View Summer Block Party' })).toHaveAttribute('href', '/request/r1');
    await userEvent.click(screen.getByRole('tab', { name: 'One-Time Events' }));
    await screen.findByText('Building Dedication');
  });

  it('shows "200+" and appends the next page with Load more', async () => {
    const api = mockFetch({
      'GET /api/archive': (_body, url) => ({
        body:
          param(url, 'cursor') === 'next'
            ? { rows: [row('r2', 'Older Party')], nextCursor: null, total: null, limit: 50 }
            : { rows: [row('r1', 'Summer Block Party')], nextCursor: 'next', total: { count: 200, more: true }, limit: 50 },
      }),
    });
    renderPage();
    await screen.findByText('Showing 1 of 200+ archived events');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Older Party');
    expect(screen.getByText('Summer Block Party')).toBeInTheDocument();
    expect(api.calls.map((c) => c.url)).toContain('/api/archive?kind=recurring&cursor=next');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument());
  });

  it('shows the destructive toast "Error loading archive" when loading fails', async () => {
    mockFetch({ 'GET /api/archive': apiError(500, 'internal', 'Database busy.') });
    renderPage();
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(toast).toHaveTextContent('Error loading archive');
  });
});
