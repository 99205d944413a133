// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SeriesSummary } from '@shared/api/series';
import { seriesListQuery } from '../api/get-series-list';
import { Component as SeriesListPage } from './series-list-page';
import { renderWithClient, testQueryClient } from '@web/test/test-utils';

const summary = (over: Partial<SeriesSummary>): SeriesSummary => ({
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Psalms of Ascent',
  tagline: 'Songs for the journey',
  startSunday: '2030-03-03',
  endSunday: '2030-03-24',
  themeColor: '#0f766e',
  ownerId: null,
  ownerName: null,
  badge: 'Upcoming',
  weekCount: 4,
  ...over,
});

function setup(answer: { status: number; body: unknown }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } }),
    ),
  );
  const client = testQueryClient();
  const router = createMemoryRouter([{ path: '/series', element: <SeriesListPage /> }], { initialEntries: ['/series'] });
  renderWithClient(<RouterProvider router={router} />, { client });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Sermon Series list', () => {
  it('reloads live: its query key starts with series', () => {
    expect(seriesListQuery.queryKey[0]).toBe('series');
  });

  it('shows a card per series with title, tagline, date range, theme-colour border and badge', async () => {
    setup({
      status: 200,
      body: {
        items: [
          summary({}),
          summary({ id: '00000000-0000-4000-8000-000000000002', title: 'Acts', tagline: null, badge: 'Active', themeColor: '#b91c1c' }),
          summary({ id: '00000000-0000-4000-8000-000000000003', title: 'Undated', startSunday: null, endSunday: null, weekCount: 0 }),
        ],
      },
    });
    expect(screen.getByRole('heading', { name: 'Sermon Series' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /New Series/ })).toHaveAttribute('href', '/series/new');
    const psalms = await screen.findByRole('link', { name: /Psalms of Ascent/ });
    expect(psalms).toHaveAttribute('href', '/series/00000000-0000-4000-8000-000000000001');
    expect(psalms).toHaveTextContent('Songs for the journey');
    expect(psalms).toHaveTextContent('Mar 3, 2030 – Mar 24, 2030');
    expect(psalms).toHaveTextContent('4 weeks');
    expect(psalms.style.borderLeftColor).toBe('rgb(15, 118, 110)');
    expect(within(psalms).getByText('Upcoming')).toBeInTheDocument();
    const acts = screen.getByRole('link', { name: /Acts/ });
    expect(within(acts).getByText('Active')).toBeInTheDocument();
    expect(acts.style.borderLeftColor).toBe('rgb(185, 28, 28)');
    expect(screen.getByRole('link', { name: /Undated/ })).toHaveTextContent('Dates not set');
  });

  it("says 'No series found' when there are none", async () => {
    setup({ status: 200, body: { items: [] } });
    await screen.findByText('No series found');
  });

  it("says 'Error fetching series' when the list cannot be read", async () => {
    setup({ status: 500, body: { error: { code: 'internal', message: 'Something went wrong.' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error fetching series');
  });
});
