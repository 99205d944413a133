// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { AvailabilityResponse } from '@shared/api/capacity';
import { mockFetch, renderWithClient } from '@web/test/test-utils';
import { AvailabilityPanel, useAvailability, type AvailabilityInput } from './availability-panel';

function Harness(props: AvailabilityInput & { onState?: (s: { dropped: number; crowded: number }) => void }) {
  const availability = useAvailability(props);
  props.onState?.({ dropped: availability.dropped.length, crowded: availability.crowded.length });
  return <AvailabilityPanel availability={availability} />;
}

const answer: AvailabilityResponse = {
  today: '2030-03-01',
  channels: [
    {
      channel: 'sunday_slide',
      label: 'Sunday Slide Deck',
      state: 'late',
      firstRun: '2030-03-24',
      plannedFirstRun: '2030-03-17',
      dueDate: '2030-03-10',
      leadTimeDays: 14,
      capacity: 4,
      capacityPer: 'sunday',
      reason: null,
      weeks: [
        { week: '2030-03-11', from: '2030-03-17', booked: 1, load: 'open', runs: false },
        { week: '2030-03-18', from: '2030-03-24', booked: 4, load: 'full', runs: true },
      ],
    },
    {
      channel: 'stage_announcement',
      label: 'Sunday Stage Announcement',
      state: 'not_possible',
      firstRun: null,
      plannedFirstRun: '2030-03-24',
      dueDate: null,
      leadTimeDays: 28,
      capacity: 1,
      capacityPer: 'sunday',
      reason: 'Too late: it needs 28 days of production before its last run.',
      weeks: [{ week: '2030-03-18', from: '2030-03-24', booked: 0, load: 'open', runs: false }],
    },
  ],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the form’s availability panel', () => {
  it('asks nothing until the dates, tier and channels are known', () => {
    const api = mockFetch({});
    renderWithClient(<Harness promotionStart="2030-03-15" eventStart="" tier="A" channels={['sunday_slide']} />);
    expect(screen.getByText(/Choose the dates, the tier and the channels/)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.url.startsWith('/api/capacity'))).toEqual([]);
  });

  it('shows each channel’s state, due date and the load of its weeks, and what will be dropped', async () => {
    const api = mockFetch({ 'GET /api/capacity/availability': { body: answer } });
    const states: { dropped: number; crowded: number }[] = [];
    renderWithClient(
      <Harness
        promotionStart="2030-03-15"
        eventStart="2030-03-29"
        tier="A"
        channels={['sunday_slide', 'stage_announcement']}
        onState={(s) => states.push(s)}
      />,
    );
    const list = await screen.findByRole('list', { name: 'Channels and their weeks' });
    expect(within(list).getByText('Late: would start on Mar 24, 2030')).toBeInTheDocument();
    expect(within(list).getByText('Due Mar 10, 2030 (14 days of production)')).toBeInTheDocument();
    expect(within(list).getByText('Sunday Mar 24: 4 / 4 full')).toBeInTheDocument();
    expect(within(list).getByText('Sunday Mar 17: 1 / 4 (too soon)')).toBeInTheDocument();
    expect(within(list).getByText('Not possible')).toBeInTheDocument();
    expect(within(list).getByText('Too late: it needs 28 days of production before its last run.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 channel cannot be made in time');
    expect(states.at(-1)).toEqual({ dropped: 1, crowded: 1 });
    expect(api.calls.find((c) => c.url.startsWith('/api/capacity/availability'))!.url).toBe(
      '/api/capacity/availability?promotionStart=2030-03-15&eventStart=2030-03-29&channels=sunday_slide%2Cstage_announcement',
    );
  });

  it('offers a retry when the check fails', async () => {
    mockFetch({ 'GET /api/capacity/availability': { status: 500, body: { error: { code: 'x', message: 'down' } } } });
    renderWithClient(<Harness promotionStart="2030-03-15" eventStart="2030-03-29" tier="A" channels={['sunday_slide']} />);
    expect(await screen.findByText('Could not check which channels are still possible.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /retry/i })).toBeInTheDocument();
  });
});
