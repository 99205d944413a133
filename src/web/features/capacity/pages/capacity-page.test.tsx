// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CapacityCellResponse, CapacityResponse } from '@shared/api/capacity';
import { mockFetch, renderWithClient } from '@web/test/test-utils';
import { Component as CapacityPage } from './capacity-page';

const WEEKS = Array.from({ length: 12 }, (_, i) => {
  const d = new Date(Date.UTC(2030, 2, 4 + i * 7));
  return d.toISOString().slice(0, 10);
});
const cells = (booked: (w: number) => number, capacity: number | null) =>
  WEEKS.map((week, i) => {
    const b = booked(i);
    return {
      week,
      booked: b,
      load: capacity === null || b < capacity ? ('open' as const) : b === capacity ? ('full' as const) : ('over' as const),
    };
  });
const view: CapacityResponse = {
  weeks: WEEKS,
  channels: [
    {
      channel: 'sunday_slide',
      label: 'Sunday Slide Deck',
      capacityPer: 'sunday',
      capacity: 4,
      cells: cells((i) => (i === 1 ? 4 : i === 2 ? 5 : 1), 4),
    },
    { channel: 'email_feature', label: 'Email Newsletter Feature', capacityPer: 'week', capacity: null, cells: cells(() => 0, null) },
  ],
};
const cell: CapacityCellResponse = {
  channel: 'sunday_slide',
  week: WEEKS[2],
  booked: 5,
  capacity: 4,
  nextCursor: null,
  items: [
    {
      itemId: 'item-1',
      requestId: 'req-1',
      eventTitle: 'Harvest Supper',
      tier: 'B',
      eventStartDate: '2030-03-24',
      requestStatus: 'submitted',
      isAdditionalRequest: false,
      additionalRequestStatus: 'approved',
      dueDate: '2030-02-24',
    },
  ],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/capacity', () => {
  it('shows each channel by week with full and over-full cells marked; a cell opens the requests that book it', async () => {
    const user = userEvent.setup();
    const api = mockFetch({ 'GET /api/capacity': { body: view }, 'GET /api/capacity/cell': { body: cell } });
    renderWithClient(<CapacityPage />, { route: '/capacity' });
    const table = await screen.findByRole('table', { name: 'Bookings by channel and week' });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(13);
    expect(within(table).getByRole('button', { name: 'Sunday Slide Deck, week of Mar 11, 2030: 4 / 4 Full' })).toBeInTheDocument();
    const over = within(table).getByRole('button', { name: 'Sunday Slide Deck, week of Mar 18, 2030: 5 / 4 Over' });
    expect(within(table).getByRole('button', { name: 'Email Newsletter Feature, week of Mar 4, 2030: 0' })).toBeInTheDocument();
    await user.click(over);
    const dialog = await screen.findByRole('dialog', { name: 'Sunday Slide Deck, week of Mar 18, 2030' });
    expect(await within(dialog).findByRole('link', { name: 'Harvest Supper' })).toHaveAttribute(
      'href',
      '/request/req-1?tab=items&item=item-1',
    );
    expect(within(dialog).getByText('Booked 5 / 4')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url === `/api/capacity/cell?channel=sunday_slide&week=${WEEKS[2]}`)).toBe(true);
  });

  it('moves between cells with the arrow keys and pages by twelve weeks', async () => {
    const user = userEvent.setup();
    const api = mockFetch({ 'GET /api/capacity': { body: view } });
    renderWithClient(<CapacityPage />, { route: '/capacity' });
    const first = await screen.findByRole('button', { name: /^Sunday Slide Deck, week of Mar 4, 2030/ });
    first.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toHaveAccessibleName(/^Sunday Slide Deck, week of Mar 11, 2030/);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveAccessibleName(/^Email Newsletter Feature, week of Mar 11, 2030/);
    await user.click(screen.getByRole('button', { name: 'Later weeks' }));
    await waitFor(() => expect(api.calls.some((c) => c.url === '/api/capacity?from=2030-05-27')).toBe(true));
  });

  it('says when it could not load', async () => {
    mockFetch({ 'GET /api/capacity': { status: 500, body: { error: { code: 'x', message: 'down' } } } });
    renderWithClient(<CapacityPage />, { route: '/capacity' });
    expect(await screen.findByText('Error loading channel capacity')).toBeInTheDocument();
  });
});
