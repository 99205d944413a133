// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ACCOUNTABILITY_MESSAGES, type Accountability, type AccountabilityListPage, type FlaggedItem } from '@shared/api/accountability';
import { accountabilityQuery } from '../api/get-accountability';
import { Component as AccountabilityPage } from './accountability-page';
import { apiError, mockFetch, renderWithClient } from '@web/test/test-utils';

const none = { count: 0, more: false, rows: [], next: null };
const CLEAR: Accountability = {
  today: '2030-03-10',
  overdueItems: none,
  eventsNotReady: none,
  unassignedRequests: none,
  atRiskItems: none,
  workload: [{ userId: 'u1', fullName: 'Cora Creative', isExternal: false, activeTasks: 0, percent: 0, colour: 'green' }],
  allClear: true,
};

const FLAGGED: Accountability = {
  ...CLEAR,
  allClear: false,
  overdueItems: {
    count: 12,
    more: false,
    next: 'cursor-after-i1',
    rows: [
      {
        id: 'i1',
        requestId: 'r1',
        channel: 'banner',
        status: 'in_progress',
        dueDate: '2030-03-01',
        eventTitle: 'Spring Gala',
        assigneeName: 'Cora Creative',
      },
    ],
  },
  eventsNotReady: {
    count: 1,
    more: false,
    next: null,
    rows: [{ requestId: 'r1', eventTitle: 'Spring Gala', eventStartDate: '2030-03-14', doneItems: 1, totalItems: 4, readinessPct: 25 }],
  },
  unassignedRequests: {
    count: 1,
    more: false,
    next: null,
    rows: [
      { requestId: 'r2', eventTitle: 'Men’s Breakfast', ministryName: 'Men', submittedAt: '2030-03-05T10:00:00.000Z', hoursWaiting: 80 },
    ],
  },
  atRiskItems: none,
  workload: [
    { userId: 'u1', fullName: 'Busy Bee', isExternal: false, activeTasks: 10, percent: 100, colour: 'red' },
    { userId: 'u2', fullName: 'Mid Max', isExternal: false, activeTasks: 8, percent: 80, colour: 'orange' },
    { userId: 'u3', fullName: 'Calm Cal', isExternal: false, activeTasks: 2, percent: 20, colour: 'green' },
  ],
};

/** The screen's first read answers `data`; a further page of a list, `pages[cursor]` (a 500 when absent). */
function setup(data: Accountability | null, pages: Record<string, AccountabilityListPage> = {}) {
  const boom = apiError(500, 'internal', 'Boom');
  const api = mockFetch({
    'GET /api/accountability/list': (_body, url) => {
      const query = new URL(url, 'http://localhost').searchParams;
      const page = pages[query.get('cursor') ?? ''];
      return page && page.list === query.get('list') ? { body: page } : boom;
    },
    'GET /api/accountability': data ? { body: data } : boom,
  });
  const router = createMemoryRouter([{ path: '/accountability', element: <AccountabilityPage /> }], {
    initialEntries: ['/accountability'],
  });
  renderWithClient(<RouterProvider router={router} />);
  return api;
}

const overdueRow = (n: number): FlaggedItem => ({
  id: `i${n}`,
  requestId: `r${n}`,
  channel: 'banner',
  status: 'in_progress',
  dueDate: '2030-03-02',
  eventTitle: `Overdue ${n}`,
  assigneeName: null,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Accountability & Gaps', () => {
  it('reloads live: its query key starts with requests', () => {
    expect(accountabilityQuery.queryKey[0]).toBe('requests');
  });

  it('says All Clear! when nothing is flagged', async () => {
    setup(CLEAR);
    await screen.findByText('All Clear!');
    expect(screen.queryByRole('heading', { name: ACCOUNTABILITY_MESSAGES.criticalAlerts })).not.toBeInTheDocument();
  });

  it('shows the server’s numbers, the workload colours and Assign Now to /admin/intake', async () => {
    setup(FLAGGED);
    await screen.findByRole('heading', { name: ACCOUNTABILITY_MESSAGES.criticalAlerts });
    expect(screen.queryByText('All Clear!')).not.toBeInTheDocument();
    const tile = (label: string) => screen.getAllByText(label, { selector: 'dt' })[0].parentElement!;
    expect(within(tile(ACCOUNTABILITY_MESSAGES.overdueItems)).getByText('12')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 of 12 items')).toBeInTheDocument();
    expect(screen.getByText(/25% ready \(1\/4\)/)).toBeInTheDocument();
    const meters = screen.getAllByRole('meter');
    expect(meters.map((m) => [m.getAttribute('aria-valuenow'), m.dataset.colour])).toEqual([
      ['100', 'red'],
      ['80', 'orange'],
      ['20', 'green'],
    ]);
    const assign = screen.getByRole('link', { name: 'Assign Now' });
    expect(assign).toHaveAttribute('href', '/admin/intake');
    expect(screen.getByText('3 days')).toBeInTheDocument();
  });

  it('shows a count that stopped at the cap as "200+"', async () => {
    setup({ ...FLAGGED, overdueItems: { ...FLAGGED.overdueItems, count: 200, more: true } });
    const tile = (await screen.findAllByText(ACCOUNTABILITY_MESSAGES.overdueItems, { selector: 'dt' }))[0].parentElement!;
    expect(within(tile).getByText('200+')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 of 200+ items')).toBeInTheDocument();
  });

  it('loads a list page by page after the first rows, from the cursor each page gives, until the last', async () => {
    const api = setup(FLAGGED, {
      'cursor-after-i1': { list: 'overdue-items', rows: [overdueRow(2), overdueRow(3)], next: 'cursor-after-i3' },
      'cursor-after-i3': { list: 'overdue-items', rows: [overdueRow(4)], next: null },
    });
    const user = userEvent.setup();
    await screen.findByText('Showing 1 of 12 items');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Overdue 3');
    expect(screen.getByText('Showing 3 of 12 items')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Overdue 4');
    // The last page: every row once, in order, and no button any more.
    const titles = screen.getAllByRole('link').map((a) => a.textContent);
    expect(titles.filter((t) => t?.startsWith('Overdue ') || t === 'Spring Gala').slice(0, 4)).toEqual([
      'Spring Gala',
      'Overdue 2',
      'Overdue 3',
      'Overdue 4',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const listCalls = api.sent('GET', '/api/accountability/list').map((c) => c.url);
    expect(listCalls).toEqual([
      '/api/accountability/list?list=overdue-items&cursor=cursor-after-i1',
      '/api/accountability/list?list=overdue-items&cursor=cursor-after-i3',
    ]);
  });

  it('says so when a further page cannot be loaded, and keeps the button to try again', async () => {
    setup(FLAGGED);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    await screen.findByText('Could not load more. Try again.');
    expect(screen.getByRole('button', { name: 'Load more' })).toBeEnabled();
  });

  it('says so when the numbers cannot be loaded', async () => {
    setup(null);
    await screen.findByText(ACCOUNTABILITY_MESSAGES.fetchFailed);
  });
});
