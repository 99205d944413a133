// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ChurchConfigResponse } from '@shared/api/church-config';
import { DEMO_CONFIG, mockFetch, renderWithClient, testQueryClient } from '@web/test/test-utils';
import { Component as NewRequestPage } from './new-request-page';

configure({ asyncUtilTimeout: 5000 });

/** The form under a church's own configuration (decision 0056). */
function setup(change: (config: ChurchConfigResponse) => void) {
  const config = structuredClone(DEMO_CONFIG);
  change(config);
  mockFetch({
    'GET /api/auth/session': {
      body: {
        user: { id: 'u1', fullName: 'Ruth', email: 'r@example.org', role: 'requester', ministryId: null, passwordResetRequired: false },
        csrfToken: 'x',
      },
    },
    'GET /api/ministries': { body: [] },
  });
  const client = testQueryClient({ churchConfig: config });
  renderWithClient(
    <RouterProvider
      router={createMemoryRouter([{ path: '/request/new', element: <NewRequestPage /> }], { initialEntries: ['/request/new'] })}
    />,
    { client },
  );
}

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the new-request form reads the church configuration', () => {
  it('offers the configured tiers (not archived ones) with their channels, and names its calendar', async () => {
    setup((config) => {
      config.tiers = config.tiers.map((t) => (t.code === 'L2' ? { ...t, archived: true } : t));
      config.tiers.push({
        ...config.tiers[2],
        code: 'E',
        name: 'Online',
        examples: 'Livestreams',
        leadTimeLabel: null,
        leadTimeDays: 10,
        channels: ['website_event_page'],
        position: 9,
      });
      config.church.calendarName = 'Church Center';
    });
    const u = userEvent.setup();
    const select = await screen.findByLabelText(/Communication tier/);
    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toContain('Online: Livestreams (10 days)');
    expect(options).toContain('Tier L1: The Landing plus church crossover (3 weeks)');
    expect(options.some((o) => o?.startsWith('Tier L2'))).toBe(false);
    await u.selectOptions(select, 'E');
    const included = screen.getByRole('group', { name: 'Included with Online' });
    expect(
      within(included)
        .getAllByRole('checkbox')
        .map((c) => c.parentElement?.textContent),
    ).toEqual(['Website Event Page']);
    expect(screen.getByRole('group', { name: 'Is this event on the Church Center calendar?' })).toBeInTheDocument();
    await u.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Your event must be on the Church Center calendar');
    expect(screen.getByTestId('submit-reason')).toHaveTextContent('Content must be at least 60% complete.');
    await u.click(screen.getByRole('button', { name: /Tier Guide/i }));
    const guide = await screen.findByRole('dialog', { name: 'Communication Tier Guide' });
    expect(within(guide).getByRole('heading', { name: 'Online' })).toBeInTheDocument();
    expect(within(guide).queryByRole('heading', { name: 'Tier L2' })).not.toBeInTheDocument();
  });

  it('a church that does not ask the calendar question shows none, and a missing answer does not block', async () => {
    setup((config) => {
      config.church.calendarQuestion = false;
    });
    await screen.findByLabelText(/Communication tier/);
    expect(screen.queryByText(/calendar\?/)).not.toBeInTheDocument();
    expect(screen.queryByText('Event must be on Planning Center calendar.')).not.toBeInTheDocument();
  });
});
