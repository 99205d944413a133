// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RunwayDashboard, RunwaySundays } from '@shared/api/sundays';
import { Toaster } from '@web/components/ui/toaster';
import { dashboardQuery } from '../api/get-dashboard';
import { runwaySundaysQuery } from '../api/get-runway-sundays';
import { Component as DashboardPage } from './runways-dashboard-page';
import { Component as RunwayPage, zoneName } from './runway-page';
import { renderWithClient, testQueryClient } from '@web/test/test-utils';

const runway = { id: 'r1', code: 'media' as const, name: 'Media', color: '#db2777', orderIndex: 3 };

function dashboard(over: Partial<RunwayDashboard> = {}): RunwayDashboard {
  return {
    runways: [
      {
        ...runway,
        readinessPct: 72,
        badge: 'On Track',
        itemsPlanned: 12,
        lockedSundays: 1,
        itemsInProgress: 3,
        nextAction: 'Assign Walk-in loop for Dec 6',
      },
    ],
    globalReadinessPct: 72,
    globalBadge: 'On Track',
    upcomingSundays: [
      {
        sundayDate: '2030-12-01',
        seriesTitle: 'Rooted',
        videoCount: 2,
        slideCount: 1,
        socialCount: 3,
        isLocked: true,
        readinessPct: 45,
        badge: 'At Risk',
      },
    ],
    futureNotes: [{ id: 'n1', title: 'Advent planning', category: 'sunday', status: 'planned', targetDate: '2031-01-20' }],
    healthScore: 88,
    eventPromotions: { upcoming: 4, ready: 1 },
    ...over,
  };
}

const sundays: RunwaySundays = {
  runway,
  timeZone: 'America/New_York',
  sundays: [
    { sundayDate: '2030-12-01', weekday: 'Sunday', isLocked: true, readinessPct: 100, badge: 'On Track', version: 2 },
    { sundayDate: '2030-12-08', weekday: 'Sunday', isLocked: false, readinessPct: 30, badge: 'Behind', version: 0 },
  ],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(path: string, answer: (url: string) => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === '/api/runways') return json({ items: [runway] });
      return answer(url);
    }),
  );
  const client = testQueryClient();
  const router = createMemoryRouter(
    [
      { path: '/runways', element: <DashboardPage /> },
      { path: '/runways/:runwayCode', element: <RunwayPage /> },
    ],
    { initialEntries: [path] },
  );
  renderWithClient(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
    { client },
  );
  return { router };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the runways dashboard', () => {
  it('reloads live: its query keys start with sundays', () => {
    expect(dashboardQuery.queryKey[0]).toBe('sundays');
    expect(runwaySundaysQuery('media').queryKey[0]).toBe('sundays');
  });

  it('shows the header actions, readiness, runway cards, Upcoming Sundays, notes and the footer', async () => {
    setup('/runways', () => json(dashboard()));
    await screen.findByRole('heading', { name: 'Communication Runways' });
    expect(screen.getByText('6-week overview of all communication channels')).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'System Health 88%' })).getAttribute('href')).toBe('/admin/system-health');
    expect(screen.getByRole('link', { name: 'Add Request' }).getAttribute('href')).toBe('/request/new');
    expect(screen.getByRole('link', { name: 'View Calendar' }).getAttribute('href')).toBe('/calendar');
    expect(screen.getByRole('button', { name: 'Refresh runways' })).toBeTruthy();
    const cards = screen.getByRole('list', { name: 'Runways' });
    expect(within(cards).getByRole('link', { name: /Media/ }).getAttribute('href')).toBe('/runways/media');
    expect(
      within(cards)
        .getByRole('link', { name: /Event Promotions/ })
        .getAttribute('href'),
    ).toBe('/event-promotions');
    expect(within(cards).getByText('4 upcoming, 1 ready')).toBeTruthy();
    expect(within(cards).getByText('Assign Walk-in loop for Dec 6')).toBeTruthy();
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Series', 'Videos', 'Slides', 'Social', 'Status', 'View Details']);
    expect(within(table).getByText('Rooted')).toBeTruthy();
    expect(within(table).getByRole('img', { name: 'Locked' })).toBeTruthy();
    expect(within(table).getByText('At Risk')).toBeTruthy();
    expect(screen.getByText('Future Notes (Beyond 6 Weeks)')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /Add Note|Show All Notes/ }).map((a) => a.getAttribute('href'))).toEqual([
      '/runways/planning?new=1',
      '/runways/planning',
    ]);
    expect(screen.getByRole('link', { name: 'Sermon Series' }).getAttribute('href')).toBe('/series');
    expect(screen.getByText('Overall Runway Status')).toBeTruthy();
  });

  it('shows no System Health button without a score (non-admins)', async () => {
    setup('/runways', () => json(dashboard({ healthScore: null })));
    await screen.findByRole('heading', { name: 'Communication Runways' });
    await screen.findByRole('table');
    expect(screen.queryByRole('link', { name: /System Health/ })).toBeNull();
  });

  it("says 'Error fetching runway summary' with the server's message when the read fails", async () => {
    setup('/runways', () => json({ error: { code: 'internal', message: 'Database asleep.' } }, 500));
    await screen.findByText('Database asleep.');
    expect(screen.getAllByText('Error fetching runway summary').length).toBeGreaterThan(0);
    expect(screen.getByText('Error fetching upcoming Sundays')).toBeTruthy();
    expect(screen.getByText('Error fetching future notes')).toBeTruthy();
    // The Event Promotions card is part of the same read: it says so too.
    expect(screen.getByText('Error fetching event promotions')).toBeTruthy();
  });

  it("a future note's row opens the note on the planning page", async () => {
    setup('/runways', () => json(dashboard({})));
    const link = await screen.findByRole('link', { name: 'Advent planning' });
    expect(link).toHaveAttribute('href', '/runways/planning?note=n1');
  });

  it('View Details opens the Sunday plan dialog', async () => {
    const user = userEvent.setup();
    setup('/runways', (url) =>
      url.startsWith('/api/sundays/') ? json({ error: { code: 'x', message: 'Nope.' } }, 500) : json(dashboard()),
    );
    await user.click(await screen.findByRole('button', { name: 'View Details for Sun, Dec 1' }));
    await screen.findByRole('dialog', { name: 'Plan for December 1, 2030 — Sunday Service Overview' });
    await screen.findByText('Nope.');
  });
});

describe('a runway view', () => {
  it('shows one card per Sunday named for its runway and date, with lock, weekday and readiness', async () => {
    setup('/runways/media', () => json(sundays));
    const first = await screen.findByRole('button', { name: 'Open Media for Sunday, December 1' });
    expect(screen.getByRole('button', { name: 'Open Media for Sunday, December 8' })).toBeTruthy();
    const card = first.closest('li')!;
    expect(within(card).getByRole('img', { name: 'Locked' })).toBeTruthy();
    expect(within(card).getByText('Sunday')).toBeTruthy();
    expect(within(card).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByRole('tooltip').textContent).toBe(`Shows the next 6 Sundays in ${zoneName('America/New_York')}.`);
    expect(zoneName('America/New_York')).toBe('Eastern Time');
  });

  it("says 'Error fetching sunday plans' when its read fails, and refuses an unknown runway", async () => {
    setup('/runways/media', () => json({ error: { code: 'internal', message: 'Down.' } }, 500));
    await screen.findByText('Down.');
    expect(screen.getAllByText('Error fetching sunday plans').length).toBeGreaterThan(0);
    cleanup();
    setup('/runways/Not_A_Code', () => json(sundays));
    await screen.findByText('That runway does not exist.');
    cleanup();
    // A well-formed code the church has no runway for: the server's 404 says so.
    setup('/runways/nowhere', () => json({ error: { code: 'not_found', message: 'That runway does not exist.' } }, 404));
    expect((await screen.findAllByText('That runway does not exist.')).length).toBeGreaterThan(0);
  });
});

describe('the setup prompt on the runways dashboard', () => {
  const session = (role: string) =>
    json({
      user: { id: 'u1', fullName: 'Ada Admin', email: 'a@example.org', role, ministryId: null, passwordResetRequired: false },
      csrfToken: 'x',
    });
  const answer = (role: string, runways: RunwayDashboard['runways']) => (url: string) => {
    if (url.startsWith('/api/auth/session')) return session(role);
    if (url.startsWith('/api/admin/setup')) return json({ steps: [], open: 3 });
    return json(dashboard({ runways }));
  };

  it('stands beside the link to set up runways when an admin’s church has none', async () => {
    setup('/runways', answer('admin', []));
    expect((await screen.findByRole('link', { name: 'Set up runways' })).getAttribute('href')).toBe('/runways/manage');
    expect((await screen.findByRole('link', { name: 'Open the setup checklist' })).getAttribute('href')).toBe('/admin/setup');
    expect(screen.getByText(/3 steps to go/)).toBeTruthy();
  });

  it('is not there once the church has runways', async () => {
    setup('/runways', answer('admin', dashboard().runways));
    const cards = await screen.findByRole('list', { name: 'Runways' });
    await within(cards).findByRole('link', { name: /Media/ });
    expect(screen.queryByRole('link', { name: 'Set up runways' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open the setup checklist' })).toBeNull();
  });
});
