// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { CAPACITY_MESSAGES, type RequestBookingsResponse } from '@shared/api/capacity';
import { apiError, mockFetch, renderWithClient } from '@web/test/test-utils';
import { RequestWeeksBooked } from './request-weeks-booked';

const REQUEST = '11111111-1111-4111-8111-111111111111';

describe('the weeks a request books, in its drawer', () => {
  afterEach(cleanup);

  it("lists each channel's weeks with their load, a full or over-full week marked", async () => {
    const answer: RequestBookingsResponse = {
      channels: [
        {
          channel: 'sunday_slide',
          label: 'Sunday Slide Deck',
          capacityPer: 'sunday',
          capacity: 4,
          cells: [
            { week: '2030-03-11', booked: 2, load: 'open' },
            { week: '2030-03-18', booked: 5, load: 'over' },
          ],
        },
        {
          channel: 'email_feature',
          label: 'Email Feature',
          capacityPer: 'week',
          capacity: 1,
          cells: [{ week: '2030-03-18', booked: 1, load: 'full' }],
        },
        {
          channel: 'banner',
          label: 'Banner',
          capacityPer: 'week',
          capacity: null,
          cells: [{ week: '2030-03-18', booked: 3, load: 'open' }],
        },
      ],
    };
    const fetch = mockFetch({ [`GET /api/capacity/requests/${REQUEST}`]: { body: answer } });
    renderWithClient(<RequestWeeksBooked requestId={REQUEST} />);
    const list = await screen.findByRole('list', { name: CAPACITY_MESSAGES.bookingsLabel });
    expect(list.textContent).toContain('Sunday Slide Deck: Sunday Mar 17 2 / 4, Sunday Mar 24 5 / 4 (over capacity)');
    expect(list.textContent).toContain('Email Feature: week of Mar 18 1 / 1 (full)');
    expect(list.textContent).toContain('Banner: week of Mar 18 3');
    expect(fetch.calls).toHaveLength(1);
  });

  it('says when no channel books a week, and when the weeks cannot be read', async () => {
    mockFetch({ [`GET /api/capacity/requests/${REQUEST}`]: { body: { channels: [] } } });
    renderWithClient(<RequestWeeksBooked requestId={REQUEST} />);
    expect(await screen.findByText(CAPACITY_MESSAGES.bookingsNone)).toBeTruthy();
    cleanup();
    mockFetch({ 'GET /api/capacity/requests/:id': apiError(500, 'internal', 'Something went wrong.') });
    renderWithClient(<RequestWeeksBooked requestId="22222222-2222-4222-8222-222222222222" />);
    expect(await screen.findByText(CAPACITY_MESSAGES.bookingsFailed)).toBeTruthy();
  });
});
