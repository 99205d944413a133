// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { CalendarDayResponse, CalendarItem, CalendarResponse } from '@shared/api/calendar';
import { groupByDay, MAX_TASKS_PER_DAY } from '@shared/domain/calendar';
import type { MinistryDto } from '@shared/api/requests';
import { calendarTasksQuery } from '../api/get-calendar';
import { Component as TaskCalendarPage } from './task-calendar-page';
import { apiError, mockFetch, renderWithClient } from '@web/test/test-utils';

const WORSHIP = '11111111-0000-4000-8000-000000000001';
const YOUTH = '11111111-0000-4000-8000-000000000002';
const ministries: MinistryDto[] = [
  { id: WORSHIP, name: 'Worship', defaultTier: 'A', active: true },
  { id: YOUTH, name: 'Youth', defaultTier: 'B', active: true },
];

let seq = 0;
const task = (over: Partial<CalendarItem>): CalendarItem => ({
  id: `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
  requestId: 'aaaaaaaa-0000-4000-8000-000000000001',
  channel: 'sunday_slide',
  dueDate: '2030-12-05',
  eventTitle: 'Easter Sunday',
  ministryId: WORSHIP,
  status: 'in_progress',
  ...over,
});

/** December 2030 starts on a Sunday: its grid runs from 1 December to Saturday 4 January. */
const TASKS: CalendarItem[] = [
  task({
    dueDate: '2030-12-02',
    eventTitle: 'Youth Winter Camp',
    channel: 'social_media_story',
    ministryId: YOUTH,
    status: 'complete',
    requestId: 'bbbbbbbb-0000-4000-8000-000000000002',
  }),
  ...['sunday_slide', 'banner', 'facebook_event', 'email_feature', 'mass_email', 'landing_slide'].map((channel, i) =>
    task({ dueDate: '2030-12-05', eventTitle: `Christmas Eve ${i + 1}`, channel }),
  ),
  task({ dueDate: '2031-01-02', eventTitle: 'New Year Prayer', channel: 'website_event_page', status: 'proof_ready' }),
];

interface Options {
  url?: string;
  today?: string;
  /** Status of the calendar answers, in order; the last one repeats. */
  statuses?: number[];
  /** Status of the day answers ('+N more'), in order; the last one repeats. */
  dayStatuses?: number[];
  tasks?: CalendarItem[];
}

function setup({
  url = '/calendar?month=2030-12',
  today = '2030-12-17',
  statuses = [200],
  dayStatuses = [200],
  tasks = TASKS,
}: Options = {}) {
  let call = 0;
  let dayCall = 0;
  const query = (url: string) => new URL(url, 'http://localhost').searchParams;
  const failure = (status: number) => apiError(status, 'internal', 'Something went wrong. Please try again.');
  const api = mockFetch({
    'GET /api/ministries': { body: ministries },
    'GET /api/calendar': (_body, url) => {
      const status = statuses[Math.min(call++, statuses.length - 1)];
      if (status !== 200) return failure(status);
      const from = query(url).get('from')!;
      const to = query(url).get('to')!;
      const ministryId = query(url).get('ministryId');
      const days = groupByDay(tasks.filter((t) => t.dueDate >= from && t.dueDate <= to && (!ministryId || t.ministryId === ministryId)));
      // As the server answers (decision 0044): each day's first four, and every day's count.
      const body: CalendarResponse = {
        from,
        to,
        today,
        items: [...days.values()].flatMap((list) => list.slice(0, MAX_TASKS_PER_DAY)),
        dayCounts: [...days].map(([date, list]) => ({ date, count: list.length })),
      };
      return { body };
    },
    'GET /api/calendar/day': (_body, url) => {
      const status = dayStatuses[Math.min(dayCall++, dayStatuses.length - 1)];
      if (status !== 200) return failure(status);
      const date = query(url).get('date')!;
      const ministryId = query(url).get('ministryId');
      const items = tasks.filter((t) => t.dueDate === date && (!ministryId || t.ministryId === ministryId));
      const body: CalendarDayResponse = { date, items, truncated: false };
      return { body };
    },
  });
  const router = createMemoryRouter(
    [
      { path: '/calendar', element: <TaskCalendarPage /> },
      { path: '/request/:id', element: <p>Drawer open</p> },
    ],
    { initialEntries: [url] },
  );
  renderWithClient(<RouterProvider router={router} />, { toaster: true });
  /** The query of each read of `path`, in order. */
  const queries = (path: string) => api.sent('GET', path).map((c) => Object.fromEntries(query(c.url)));
  const calendarCalls = () => queries('/api/calendar');
  const dayCalls = () => queries('/api/calendar/day');
  return { api, router, calendarCalls, dayCalls };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const day = (date: string) => document.querySelector(`[data-testid="calendar-day"][data-date="${date}"]`) as HTMLElement;
const chips = (date: string) => within(day(date)).queryAllByTestId('task-chip');

describe('Task Calendar', () => {
  it('reloads live: its query key starts with requests', () => {
    expect(calendarTasksQuery({ from: '2030-12-01', to: '2031-01-04' }).queryKey[0]).toBe('requests');
  });

  it('shows the title, the month grid Sunday first, dimmed neighbouring days and today', async () => {
    const { calendarCalls } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Task Calendar' })).toBeInTheDocument();
    expect(screen.getByText('View task due dates across all requests.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'December 2030' })).toBeInTheDocument();
    await screen.findByText('Youth Winter Camp');
    const table = screen.getByRole('table', { name: 'December 2030' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    const cells = within(table).getAllByTestId('calendar-day');
    expect(cells).toHaveLength(35);
    expect(cells[0]).toHaveAttribute('data-date', '2030-12-01');
    expect(cells[34]).toHaveAttribute('data-date', '2031-01-04');
    expect(cells.filter((c) => c.hasAttribute('data-outside')).map((c) => c.dataset.date)).toEqual([
      '2031-01-01',
      '2031-01-02',
      '2031-01-03',
      '2031-01-04',
    ]);
    expect(day('2030-12-17')).toHaveAttribute('aria-current', 'date');
    expect(within(day('2030-12-17')).getByText('Tuesday, December 17, 2030, today')).toBeInTheDocument();
    expect(table.querySelectorAll('[aria-current="date"]')).toHaveLength(1);
    // The API is asked for exactly the visible grid.
    expect(calendarCalls()).toEqual([{ from: '2030-12-01', to: '2031-01-04' }]);
    // Tasks of the neighbouring days of the grid show too.
    expect(chips('2031-01-02')).toHaveLength(1);
    expect(screen.queryByText('No tasks due this month.')).not.toBeInTheDocument();
  });

  it('a chip shows the event title and channel, coloured by status, and opens the request drawer', async () => {
    const user = userEvent.setup();
    const { router } = setup();
    const chip = await screen.findByRole('link', { name: /^Youth Winter Camp/ });
    expect(chip).toHaveTextContent('Youth Winter Camp');
    expect(chip).toHaveTextContent('Instagram Story');
    expect(chip).toHaveAccessibleName('Youth Winter Camp, Instagram Story, Complete');
    expect(chip).toHaveAttribute('data-colour', 'green');
    expect(chips('2031-01-02')[0]).toHaveAttribute('data-colour', 'orange');
    await user.click(chip);
    await screen.findByText('Drawer open');
    expect(router.state.location.pathname).toBe('/request/bbbbbbbb-0000-4000-8000-000000000002');
  });

  it('shows four chips a day, then +N more, which lists every task of the day in a dialog', async () => {
    const user = userEvent.setup();
    const { dayCalls } = setup();
    await screen.findByText('Youth Winter Camp');
    expect(chips('2030-12-05').map((c) => c.getAttribute('aria-label'))).toEqual([
      'Christmas Eve 1, Sunday Slide Deck, In Progress',
      'Christmas Eve 2, Banner, In Progress',
      'Christmas Eve 3, Facebook Event, In Progress',
      'Christmas Eve 4, Email Newsletter Feature, In Progress',
    ]);
    const more = within(day('2030-12-05')).getByRole('button', { name: '+2 more tasks due Thursday, December 5, 2030' });
    expect(more).toHaveTextContent(/^\+2 more$/);
    expect(within(day('2030-12-02')).queryByRole('button')).not.toBeInTheDocument();

    await user.click(more);
    const dialog = await screen.findByRole('dialog', { name: 'Tasks due Thursday, December 5, 2030' });
    expect(within(dialog).getByText('6 tasks')).toBeInTheDocument();
    // The grid carried the first four; the dialog asks for the whole day.
    await within(dialog).findByText('Christmas Eve 6');
    expect(dayCalls()).toEqual([{ date: '2030-12-05' }]);
    const links = within(dialog).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('aria-label'))).toEqual([
      'Christmas Eve 1, Sunday Slide Deck, In Progress',
      'Christmas Eve 2, Banner, In Progress',
      'Christmas Eve 3, Facebook Event, In Progress',
      'Christmas Eve 4, Email Newsletter Feature, In Progress',
      'Christmas Eve 5, Mass Email, In Progress',
      'Christmas Eve 6, Landing Slide Deck, In Progress',
    ]);
    // Keyboard: focus stays inside the dialog, Escape closes it and focus returns to the button.
    expect(dialog.contains(document.activeElement)).toBe(true);
    for (let i = 0; i < 8; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(more).toHaveFocus());
  });

  it("a day that fails to load says so in the dialog and loads on Retry; the day keeps the grid's ministry", async () => {
    const user = userEvent.setup();
    const { dayCalls } = setup({ url: `/calendar?month=2030-12&ministry=${WORSHIP}`, dayStatuses: [500, 200] });
    await screen.findByText('Christmas Eve 1');
    await user.click(within(day('2030-12-05')).getByRole('button', { name: /^\+2 more/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Tasks due Thursday, December 5, 2030' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error fetching tasks');
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByText('Christmas Eve 6')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('link')).toHaveLength(6);
    expect(dayCalls()).toEqual([
      { date: '2030-12-05', ministryId: WORSHIP },
      { date: '2030-12-05', ministryId: WORSHIP },
    ]);
  });

  it('reads the month as an agenda below the small breakpoint: days with their tasks, titles whole', async () => {
    // A phone: the small breakpoint's min-width query does not match.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: !query.includes('min-width: 640px'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    setup();
    const agenda = await screen.findByTestId('calendar-agenda');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const days = within(agenda).getAllByTestId('agenda-day');
    expect(days.length).toBeGreaterThan(0);
    // Only days with something due, in date order, each headed by its date.
    const dates = days.map((d) => d.getAttribute('data-date')!);
    expect(dates).toEqual([...dates].sort());
    for (const d of days)
      expect(within(d).getAllByTestId('task-chip').length + within(d).queryAllByRole('button').length).toBeGreaterThan(0);
    const chip = within(agenda).getByRole('link', { name: /^Youth Winter Camp/ });
    // Titles wrap rather than being cut.
    expect(chip.querySelector('.truncate')).toBeNull();
  });

  it('moves between months, keeps the month in the URL, and Today comes back to the church’s month', async () => {
    const user = userEvent.setup();
    const { router, calendarCalls } = setup();
    await screen.findByText('Youth Winter Camp');

    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('heading', { level: 2, name: 'January 2031' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?month=2031-01');
    await screen.findByRole('table', { name: 'January 2031' });
    await waitFor(() => expect(calendarCalls().at(-1)).toEqual({ from: '2030-12-29', to: '2031-02-01' }));
    await waitFor(() => expect(screen.queryByText('Youth Winter Camp')).not.toBeInTheDocument());
    expect(chips('2031-01-02')).toHaveLength(1);
    expect(day('2031-01-02')).not.toHaveAttribute('data-outside');
    expect(day('2030-12-29')).toHaveAttribute('data-outside');

    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByRole('heading', { level: 2, name: 'November 2030' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?month=2030-11');
    // 30 November 2030 is a Saturday: November's grid ends with the month.
    await waitFor(() => expect(calendarCalls().at(-1)).toEqual({ from: '2030-10-27', to: '2030-11-30' }));
    await screen.findByText('No tasks due this month.');
    expect(screen.getAllByTestId('calendar-day')).toHaveLength(35);

    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(screen.getByRole('heading', { level: 2, name: 'December 2030' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(day('2030-12-17')).toHaveAttribute('aria-current', 'date');
  });

  it('without a month in the URL it opens on the month of the church’s today, as the server reports it', async () => {
    const { calendarCalls } = setup({ url: '/calendar', today: '2030-12-17' });
    await screen.findByRole('heading', { level: 2, name: 'December 2030' });
    await screen.findByText('Youth Winter Camp');
    expect(calendarCalls().at(-1)).toEqual({ from: '2030-12-01', to: '2031-01-04' });
    expect(day('2030-12-17')).toHaveAttribute('aria-current', 'date');
  });

  it('filters by ministry, All Ministries by default, and keeps the choice in the URL', async () => {
    const user = userEvent.setup();
    const { router, calendarCalls } = setup();
    await screen.findByText('Youth Winter Camp');
    const select = screen.getByLabelText('Ministry');
    expect(select).toHaveDisplayValue('All Ministries');
    await screen.findByRole('option', { name: 'Youth' });
    await user.selectOptions(select, 'Youth');
    await waitFor(() => expect(calendarCalls().at(-1)).toEqual({ from: '2030-12-01', to: '2031-01-04', ministryId: YOUTH }));
    await waitFor(() => expect(screen.queryByText('Christmas Eve 1')).not.toBeInTheDocument());
    expect(screen.getByText('Youth Winter Camp')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?month=2030-12&ministry=${YOUTH}`);
    await user.selectOptions(select, 'All Ministries');
    await screen.findByText('Christmas Eve 1');
    expect(router.state.location.search).toBe('?month=2030-12');
  });

  it('an empty month still shows its grid with a quiet note', async () => {
    setup({ tasks: [] });
    await screen.findByText('No tasks due this month.');
    expect(screen.getAllByTestId('calendar-day')).toHaveLength(35);
    expect(screen.queryAllByTestId('task-chip')).toHaveLength(0);
  });

  it('shows Error fetching tasks with the server message, and Retry loads the month', async () => {
    const user = userEvent.setup();
    setup({ statuses: [500, 200] });
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Error fetching tasks');
    expect(toast).toHaveTextContent('Something went wrong. Please try again.');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Error fetching tasks');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByText('Youth Winter Camp');
    expect(screen.getByRole('table', { name: 'December 2030' })).toBeInTheDocument();
  });
});
