// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyRequestsResponse, RequestListRow } from '@shared/api/requests';
import type { Role } from '@shared/domain/roles';
import { Component as MyRequestsPage } from './my-requests-page';
import { apiError, mockFetch, renderWithClient, type Answer, type Handler } from '@web/test/test-utils';

// The first render loads the page's modules; leave slow, shared machines room.
configure({ asyncUtilTimeout: 5000 });

const row = (over: Partial<RequestListRow>): RequestListRow => ({
  id: crypto.randomUUID(),
  eventTitle: 'Marriage Retreat',
  ministryName: 'Worship',
  requesterName: 'Ruth Requester',
  coordinatorName: null,
  status: 'submitted',
  promotionStartDate: '2999-01-01',
  submittedAt: '2025-01-01T10:00:00.000Z',
  ...over,
});

const section = (rows: RequestListRow[]) => rows;

/** One page per section: `mine`, `team`, and `all` (both, as the single table reads them). */
interface Lists {
  mine: RequestListRow[];
  team: RequestListRow[];
  limit?: number;
}
const pageOf = (rows: RequestListRow[]): MyRequestsResponse => ({
  rows,
  nextCursor: null,
  total: { count: rows.length, more: false },
  limit: 50,
});

/** The page's API; `overrides` answer in place of the lists (a failure, say). */
function mockApi(
  role: Role,
  lists: Lists,
  pages?: (url: URL) => MyRequestsResponse | undefined,
  overrides: Record<string, Handler | Answer> = {},
) {
  return mockFetch({
    'GET /api/auth/session': {
      body: {
        user: { id: 'u1', fullName: 'Test', email: 't@example.org', role, ministryId: null, passwordResetRequired: false },
        csrfToken: 'x',
      },
    },
    'GET /api/requests/mine': (_body, url) => {
      const parsed = new URL(url, 'http://localhost');
      const custom = pages?.(parsed);
      if (custom) return { body: custom };
      const name = parsed.searchParams.get('section');
      return { body: pageOf(name === 'mine' ? lists.mine : name === 'team' ? lists.team : [...lists.mine, ...lists.team]) };
    },
    'GET /api/ministries': { body: [{ id: 'm1', name: 'Worship', defaultTier: 'A', active: true }] },
    'GET /api/users/coordinators': { body: [{ id: 'c1', fullName: 'Caleb Coordinator' }] },
    ...overrides,
  });
}

function renderPage() {
  return renderWithClient(<MyRequestsPage />, { route: '/' });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('My Requests page', () => {
  it('gives a viewer the shared table, no New Request and no coordinator column', async () => {
    mockApi('viewer', { mine: section([]), team: section([row({})]), limit: 200 });
    renderPage();
    await screen.findByRole('heading', { name: 'Requests Shared With You' });
    expect(screen.getByRole('heading', { name: 'Requests', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /New Request/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Coordinator' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Coordinator')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Details/ })).toHaveAttribute('href', expect.stringMatching(/^\/request\//));
  });

  it('gives a requester one "My Requests" table and the New Request button', async () => {
    mockApi('requester', { mine: section([row({ eventTitle: 'Easter Family Picnic' })]), team: section([]), limit: 200 });
    renderPage();
    await screen.findByRole('heading', { name: 'My Requests' });
    expect(screen.getByRole('link', { name: /New Request/ })).toHaveAttribute('href', '/request/new');
    expect(screen.getByText('Easter Family Picnic')).toBeInTheDocument();
  });

  it('gives a coordinator two sections with counts, the coordinator column and filter', async () => {
    mockApi('coordinator', {
      mine: section([row({ eventTitle: 'Serve Day' }), row({ eventTitle: 'Youth Winter Camp' })]),
      team: section([row({ eventTitle: 'Marriage Retreat', coordinatorName: 'Caleb Coordinator' }), row({ eventTitle: 'Fall Festival' })]),
      limit: 200,
    });
    renderPage();
    const mine = await screen.findByRole('button', { name: 'My Submitted Requests (2)' });
    expect(mine).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Team & Assigned Requests' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /New Request/ })).toBeInTheDocument();
    const tables = screen.getAllByRole('table');
    expect(tables).toHaveLength(2);
    const team = within(tables[1]);
    expect(team.getByRole('columnheader', { name: 'Coordinator' })).toBeInTheDocument();
    expect(team.getByText('Caleb Coordinator')).toBeInTheDocument();
    expect(team.getByText('Unassigned')).toBeInTheDocument();
    const coordinatorFilter = screen.getByLabelText('Coordinator');
    expect(within(coordinatorFilter).getByRole('option', { name: 'All Coordinators' })).toBeInTheDocument();
    expect(within(coordinatorFilter).getByRole('option', { name: 'Unassigned' })).toBeInTheDocument();
    await within(coordinatorFilter).findByRole('option', { name: 'Caleb Coordinator' });
  });

  it('sends the chosen filters to the server', async () => {
    const api = mockApi('requester', { mine: section([]), team: section([]), limit: 200 });
    renderPage();
    await screen.findByText('No requests match the current filters.');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'scheduled');
    await waitFor(() => expect(api.calls.map((c) => c.url)).toContain('/api/requests/mine?section=all&status=scheduled'));
  });

  it('shows the empty state when nothing matches', async () => {
    mockApi('requester', { mine: section([]), team: section([]), limit: 200 });
    renderPage();
    await screen.findByText('No requests match the current filters.');
  });

  it('shows Due in red when the promotion start is past and plain when ahead', async () => {
    mockApi('requester', {
      mine: section([
        row({ eventTitle: 'Past Event', promotionStartDate: '2001-01-01' }),
        row({ eventTitle: 'Future Event', promotionStartDate: '2999-01-01' }),
      ]),
      team: section([]),
      limit: 200,
    });
    renderPage();
    const past = (await screen.findByText('Past Event')).closest('tr')!;
    const pastDue = within(past).getByText(/ago$/);
    expect(pastDue).toHaveClass('text-red-600');
    const future = screen.getByText('Future Event').closest('tr')!;
    expect(within(future).getByText(/^in /)).not.toHaveClass('text-red-600');
  });

  it('never shows the due date of a finished request red', async () => {
    mockApi('requester', {
      mine: section([
        row({ eventTitle: 'Complete Event', promotionStartDate: '2001-01-01', status: 'complete' }),
        row({ eventTitle: 'Published Event', promotionStartDate: '2001-01-01', status: 'published' }),
        row({ eventTitle: 'Late Event', promotionStartDate: '2001-01-01', status: 'in_production' }),
      ]),
      team: section([]),
      limit: 200,
    });
    renderPage();
    for (const title of ['Complete Event', 'Published Event']) {
      const tr = (await screen.findByText(title)).closest('tr')!;
      expect(within(tr).getByText(/ago$/)).not.toHaveClass('text-red-600');
    }
    expect(within(screen.getByText('Late Event').closest('tr')!).getByText(/ago$/)).toHaveClass('text-red-600');
  });

  it('lists requests as cards below the small breakpoint, each with a reachable Details button', async () => {
    // A phone: the small breakpoint's min-width query does not match.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: !query.includes('min-width: 640px'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    mockApi('coordinator', {
      mine: section([row({ eventTitle: 'Serve Day', promotionStartDate: '2001-01-01', status: 'complete' })]),
      team: section([row({ eventTitle: 'Marriage Retreat', coordinatorName: 'Caleb Coordinator', promotionStartDate: '2001-01-01' })]),
      limit: 200,
    });
    renderPage();
    const cards = await screen.findAllByTestId('request-card');
    expect(cards).toHaveLength(2);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const serve = cards.find((c) => within(c).queryByText('Serve Day'))!;
    expect(within(serve).getByText('Complete')).toBeInTheDocument();
    expect(within(serve).getByText(/ago$/)).not.toHaveClass('text-red-600');
    const retreat = cards.find((c) => within(c).queryByText('Marriage Retreat'))!;
    expect(within(retreat).getByText('Caleb Coordinator')).toBeInTheDocument();
    expect(within(retreat).getByText(/ago$/)).toHaveClass('text-red-600');
    const details = within(retreat).getByRole('link', { name: 'Details of Marriage Retreat' });
    expect(details).toHaveAttribute('href', expect.stringMatching(/^\/request\//));
    // Reachable from the keyboard: the next stop after its section's heading.
    screen.getByRole('button', { name: 'Team & Assigned Requests' }).focus();
    await userEvent.tab();
    expect(details).toHaveFocus();
  });

  it('shows a capped count and appends the next page of a section with Load more', async () => {
    const first = Array.from({ length: 3 }, (_, i) => row({ eventTitle: `Team Event ${i + 1}` }));
    const api = mockApi('coordinator', { mine: [], team: [] }, (url) => {
      const name = url.searchParams.get('section');
      if (name === 'mine')
        return { rows: [row({ eventTitle: 'Serve Day' })], nextCursor: 'm1', total: { count: 200, more: true }, limit: 50 };
      if (name !== 'team') return undefined;
      return url.searchParams.get('cursor') === 'c1'
        ? { rows: [row({ eventTitle: 'Team Event 4' })], nextCursor: null, total: null, limit: 50 }
        : { rows: first, nextCursor: 'c1', total: { count: 4, more: false }, limit: 50 };
    });
    renderPage();
    await screen.findByRole('button', { name: 'My Submitted Requests (200+)' });
    expect(screen.getByText('Showing 1 of 200+ requests')).toBeInTheDocument();
    expect(screen.getByText('Showing 3 of 4 requests')).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'Load more' });
    expect(buttons).toHaveLength(2);
    await userEvent.click(buttons[1]);
    await screen.findByText('Team Event 4');
    expect(screen.getByText('Team Event 1')).toBeInTheDocument();
    expect(api.calls.map((c) => c.url)).toContain('/api/requests/mine?section=team&cursor=c1');
    // The team section is complete: only the other section keeps its button.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Load more' })).toHaveLength(1));
  });

  it('shows an error with Retry when the list fails to load', async () => {
    mockApi('requester', { mine: section([]), team: section([]), limit: 200 }, undefined, {
      'GET /api/requests/mine': apiError(500, 'internal', 'Something went wrong.'),
    });
    renderPage();
    await screen.findByText('Something went wrong.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
