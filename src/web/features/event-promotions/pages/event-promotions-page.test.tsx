// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EventPromotion } from '@shared/api/requests';
import { Component as EventPromotionsPage } from './event-promotions-page';
import { apiError, mockFetch, renderWithClient } from '@web/test/test-utils';

// The first render loads the page's modules; leave slow, shared machines room.
configure({ asyncUtilTimeout: 5000 });

const event = (over: Partial<EventPromotion>): EventPromotion => ({
  id: crypto.randomUUID(),
  eventTitle: 'Serve Day',
  eventStartDate: '2025-03-20',
  eventEndDate: null,
  tier: 'A',
  status: 'scheduled',
  ministryName: 'Missions',
  requesterName: 'Ruth',
  coordinatorName: null,
  itemCount: 4,
  doneCount: 1,
  readiness: 25,
  canView: true,
  ...over,
});

function renderPage(path = '/event-promotions') {
  return renderWithClient(<EventPromotionsPage />, { route: path, toaster: true });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const today = '2025-03-12'; // a Wednesday; its week starts Sunday 9 March

describe('Event Promotions', () => {
  it('groups events into six Sunday-based weeks with readiness and the active marker', async () => {
    mockFetch({
      'GET /api/event-promotions': {
        body: {
          today,
          events: [
            event({ eventTitle: 'Baptism Sunday', eventStartDate: '2025-03-14', itemCount: 3, doneCount: 3, readiness: 100 }),
            event({ eventTitle: 'Serve Day', eventStartDate: '2025-03-25', canView: false }),
          ],
          nextCursor: null,
          total: { count: 2, more: false },
          limit: 100,
        },
      },
    });
    renderPage('/event-promotions?tab=weekly-promotions');
    expect(screen.getByRole('tab', { name: 'Weekly Promotions' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('link', { name: '+ New Event Request' })).toHaveAttribute('href', '/request/new');
    const weeks = await screen.findAllByRole('heading', { level: 2 });
    expect(weeks).toHaveLength(6);
    expect(weeks[0]).toHaveTextContent('Week of Mar 9 – Mar 15, 2025');
    const first = weeks[0].parentElement!;
    expect(within(first).getByText('Active this week')).toBeInTheDocument();
    expect(within(first).getByText('Ready')).toBeInTheDocument();
    expect(within(first).getByRole('progressbar', { name: 'Readiness of Baptism Sunday' })).toHaveAttribute('aria-valuenow', '100');
    const third = weeks[2].parentElement!;
    expect(within(third).getByText('Serve Day')).toBeInTheDocument();
    expect(within(third).queryByText('Active this week')).not.toBeInTheDocument();
    expect(within(third).queryByRole('link', { name: 'View Serve Day' })).not.toBeInTheDocument();
  });

  it('lists events for 90 days by default and refetches with the chosen range and tier', async () => {
    const api = mockFetch({
      'GET /api/event-promotions': { body: { today, events: [event({})], nextCursor: null, total: { count: 1, more: false }, limit: 100 } },
    });
    renderPage();
    expect(screen.getByRole('tab', { name: 'Events List' })).toHaveAttribute('aria-selected', 'true');
    await screen.findByText('Serve Day');
    expect(screen.getByLabelText('Date range')).toHaveValue('90');
    await userEvent.selectOptions(screen.getByLabelText('Date range'), 'upcoming');
    await userEvent.selectOptions(screen.getByLabelText('Tier'), 'B');
    await waitFor(() => expect(api.calls.map((c) => c.url)).toContain('/api/event-promotions?days=upcoming&tier=B'));
  });

  it('pages the events list with Load more under a capped count', async () => {
    const api = mockFetch({
      'GET /api/event-promotions': (_body, url) =>
        new URL(url, 'http://x').searchParams.get('cursor') === 'p2'
          ? { body: { today, events: [event({ id: 'e2', eventTitle: 'Fall Festival' })], nextCursor: null, total: null, limit: 100 } }
          : {
              body: {
                today,
                events: [event({ id: 'e1', eventTitle: 'Serve Day' })],
                nextCursor: 'p2',
                total: { count: 200, more: true },
                limit: 100,
              },
            },
    });
    renderPage();
    await screen.findByText('Showing 1 of 200+ events');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Fall Festival');
    expect(screen.getByText('Serve Day')).toBeInTheDocument();
    expect(api.calls.map((c) => c.url)).toContain('/api/event-promotions?days=90&cursor=p2');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument());
  });

  it('toasts "Error loading events" for a server error', async () => {
    mockFetch({ 'GET /api/event-promotions': apiError(500, 'internal', 'Database busy.') });
    renderPage();
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Error loading eventsDatabase busy.'));
    await screen.findByText('Failed to load events');
  });

  it('toasts "Unexpected error" with "Failed to load events" when the server cannot be reached', async () => {
    mockFetch({
      'GET /api/event-promotions': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderPage();
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Unexpected errorFailed to load events'));
  });
});
