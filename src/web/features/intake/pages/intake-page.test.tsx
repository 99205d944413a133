// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { IntakeResponse } from '@shared/api/requests';
import { Component as IntakePage } from './intake-page';
import { mockFetch, renderWithClient, type Answer, type Handler } from '@web/test/test-utils';

// The first render loads the page's modules; leave slow, shared machines room.
configure({ asyncUtilTimeout: 5000 });

const noFlags = { fullWeeks: [], missedDueDates: 0 };
const user = { id: 'u1', fullName: 'Caleb', email: 'c@example.org', role: 'coordinator', ministryId: null, passwordResetRequired: false };

/** The page's API: the session, the queue as `intake`, the ministries; `overrides` answer in their place. */
function mockApi(intake: IntakeResponse, session: unknown = { user, csrfToken: 'x' }, overrides: Record<string, Handler | Answer> = {}) {
  return mockFetch({
    'GET /api/auth/session': { body: session },
    'GET /api/intake': { body: intake },
    'GET /api/ministries': { body: [{ id: 'm1', name: 'Youth', defaultTier: 'B', active: true }] },
    ...overrides,
  });
}

function renderPage() {
  return renderWithClient(<IntakePage />, { route: '/' });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Intake Queue', () => {
  it('waits for the user, then lists requests with their promotion start and a View link', async () => {
    mockApi({
      rows: [
        {
          id: 'r1',
          eventTitle: 'Fall Festival',
          ministryName: 'Kids',
          requesterName: 'Ruth',
          status: 'submitted',
          promotionStartDate: '2026-03-05',
          ...noFlags,
        },
        {
          id: 'r2',
          eventTitle: 'No Date',
          ministryName: 'Kids',
          requesterName: 'Ruth',
          status: 'approved',
          promotionStartDate: null,
          ...noFlags,
        },
      ],
      nextCursor: null,
      total: { count: 2, more: false },
      limit: 50,
    });
    renderPage();
    expect(screen.getByText('Loading user data...')).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Intake Queue' });
    await screen.findByText('Mar 5, 2026');
    expect(screen.getByText('N/A')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Fall Festival' })).toHaveAttribute('href', '/request/r1');
    expect(screen.getByPlaceholderText('Search requests...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    const options = Array.from(screen.getByLabelText('Status').querySelectorAll('option')).map((o) => o.textContent);
    expect(options).toEqual(['All', 'Submitted', 'Approved', 'In Progress']);
  });

  it('flags the full and over-full weeks a request books and its passed due dates, and nothing on a request without them', async () => {
    mockApi({
      rows: [
        {
          id: 'r1',
          eventTitle: 'Fall Festival',
          ministryName: 'Kids',
          requesterName: 'Ruth',
          status: 'submitted',
          promotionStartDate: '2026-03-05',
          fullWeeks: [
            { channel: 'slides', label: 'Announcement Slides', capacityPer: 'sunday', week: '2026-03-09', booked: 4, capacity: 4 },
            { channel: 'email', label: 'E-mail Feature', capacityPer: 'week', week: '2026-03-16', booked: 2, capacity: 1 },
          ],
          missedDueDates: 2,
        },
        {
          id: 'r2',
          eventTitle: 'Quiet One',
          ministryName: 'Kids',
          requesterName: 'Ruth',
          status: 'submitted',
          promotionStartDate: null,
          ...noFlags,
        },
      ],
      nextCursor: null,
      total: { count: 2, more: false },
      limit: 50,
    });
    renderPage();
    const flags = await screen.findByRole('list', { name: 'Capacity and due dates' });
    expect(
      within(flags)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '2 due dates have passed',
      'Announcement Slides: Sunday Mar 15 4 / 4 (full)',
      'E-mail Feature: week of Mar 16 2 / 1 (over capacity)',
    ]);
    expect(screen.getAllByRole('list', { name: 'Capacity and due dates' })).toHaveLength(1);
  });

  it('lists requests as cards below the small breakpoint, each with its View link', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    mockApi({
      rows: [
        {
          id: 'r1',
          eventTitle: 'Fall Festival',
          ministryName: 'Kids',
          requesterName: 'Ruth',
          status: 'submitted',
          promotionStartDate: '2026-03-05',
          ...noFlags,
        },
      ],
      nextCursor: null,
      total: { count: 1, more: false },
      limit: 50,
    });
    renderPage();
    const card = await screen.findByTestId('intake-card');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(card).getByText('Mar 5, 2026')).toBeInTheDocument();
    expect(within(card).getByText('Submitted')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View Fall Festival' })).toHaveAttribute('href', '/request/r1');
  });

  it('shows the capped count and appends the next page with Load more, busy while it loads', async () => {
    const intakeRow = (id: string, eventTitle: string) => ({
      id,
      eventTitle,
      ministryName: 'Kids',
      requesterName: 'Ruth',
      status: 'submitted',
      promotionStartDate: null,
      ...noFlags,
    });
    let release: () => void = () => {};
    const first: IntakeResponse = {
      rows: [intakeRow('r1', 'Fall Festival')],
      nextCursor: 'n1',
      total: { count: 200, more: true },
      limit: 50,
    };
    // The second page answers only once the test releases it.
    mockApi(first, undefined, {
      'GET /api/intake': async (_body, url) => {
        if (!url.includes('cursor=n1')) return { body: first };
        await new Promise<void>((resolve) => (release = resolve));
        return { body: { rows: [intakeRow('r2', 'Winter Gala')], nextCursor: null, total: null, limit: 50 } };
      },
    });
    renderPage();
    await screen.findByText('Showing 1 of 200+ requests');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled();
    release();
    await screen.findByText('Winter Gala');
    expect(screen.getByText('Fall Festival')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Load more|Loading/ })).not.toBeInTheDocument());
  });

  it('says all clear when nothing matches, and sends the status filter', async () => {
    const api = mockApi({ rows: [], nextCursor: null, total: { count: 0, more: false }, limit: 50 });
    renderPage();
    await screen.findByText('All clear! There are no requests matching your criteria.');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'in_progress');
    await waitFor(() => expect(api.calls.map((c) => c.url)).toContain('/api/intake?status=in_progress'));
  });
});
