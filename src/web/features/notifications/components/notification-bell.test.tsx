// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { NotificationDto } from '@shared/api/notifications';
import { dismissToast } from '@web/components/ui/toaster';
import { NotificationBell } from './notification-bell';
import { apiError, mockFetch, renderWithClient, stubResizeObserver } from '@web/test/test-utils';

// The machine is shared: give slow renders time before a find* query gives up.
configure({ asyncUtilTimeout: 5000 });

beforeAll(stubResizeObserver);

const note = (over: Partial<NotificationDto>): NotificationDto => ({
  id: crypto.randomUUID(),
  title: 'Proof ready',
  body: 'A proof is waiting for you.',
  type: 'proof_ready',
  read: false,
  requestId: null,
  link: null,
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  ...over,
});

interface Api {
  count?: number | 'fail';
  items?: NotificationDto[] | 'fail';
  readAll?: 'fail';
}

function mockApi({ count = 0, items = [], readAll }: Api) {
  const fail = apiError(500, 'internal', 'Boom');
  return mockFetch({
    'GET /api/notifications/unread-count': count === 'fail' ? fail : { body: { count } },
    'POST /api/notifications/read-all': readAll === 'fail' ? fail : { body: { updated: 1 } },
    'POST /api/notifications/:id/read': { status: 204 },
    'GET /api/notifications': items === 'fail' ? fail : { body: { items, nextCursor: null } },
  });
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderBell() {
  return renderWithClient(
    <MemoryRouter initialEntries={['/my-requests']}>
      <NotificationBell />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
    { toaster: true },
  );
}

afterEach(() => {
  cleanup();
  dismissToast();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('NotificationBell', () => {
  it('caps the badge at "99+" and names the count in the button label', async () => {
    mockApi({ count: 150 });
    renderBell();
    await screen.findByRole('button', { name: 'Notifications 99+ unread' });
    expect(screen.getByTestId('bell-badge')).toHaveTextContent('99+');
  });

  it('shows the exact count up to 99 and no badge at zero', async () => {
    mockApi({ count: 99 });
    renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications 99 unread' })).toHaveTextContent('99');
    cleanup();
    mockApi({ count: 0 });
    renderBell();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument());
    expect(screen.queryByTestId('bell-badge')).not.toBeInTheDocument();
  });

  it('says "No new notifications" when the list is empty, with the footer link', async () => {
    mockApi({ count: 0, items: [] });
    renderBell();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Notifications' }));
    await screen.findByText('No new notifications');
    expect(screen.getByRole('link', { name: 'View All Notifications' })).toHaveAttribute('href', '/notifications');
  });

  it('lists the latest with relative times; clicking an unread one marks it read and opens its request', async () => {
    const item = note({ requestId: 'r-42', title: 'Proof ready' });
    const older = new Date(Date.now() - 3 * 3600_000).toISOString();
    const api = mockApi({ count: 1, items: [item, note({ title: 'Welcome', read: true, createdAt: older })] });
    renderBell();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications 1 unread' }));
    await screen.findByText('5 minutes ago');
    expect(screen.getByText('about 3 hours ago')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Proof ready/ }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/request/r-42'));
    expect(api.sent('POST', `/api/notifications/${item.id}/read`)).toHaveLength(1);
  });

  it('opens /notifications for a read notification without a request, without marking it again', async () => {
    const api = mockApi({ count: 0, items: [note({ title: 'Welcome', read: true })] });
    renderBell();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    await user.click(await screen.findByRole('button', { name: /Welcome/ }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/notifications'));
    expect(api.calls.some((c) => c.url.endsWith('/read'))).toBe(false);
  });

  it('shows the destructive "Error" toast when Mark all read fails', async () => {
    mockApi({ count: 3, items: [note({})], readAll: 'fail' });
    renderBell();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications 3 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Mark all read' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    expect(within(toast).getByText('Could not mark all as read.')).toBeInTheDocument();
  });

  it('only logs a failed count or list fetch', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ count: 'fail', items: 'fail' });
    renderBell();
    await waitFor(() => expect(log).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });
});
