// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { SessionResponse } from '@shared/api/auth';
import type { ActivityEntry, NotificationDto } from '@shared/api/notifications';
import type { Role } from '@shared/domain/roles';
import { dismissToast } from '@web/components/ui/toaster';
import { Component as NotificationsPage } from './notifications-page';
import { apiError, mockFetch, renderWithClient, testQueryClient } from '@web/test/test-utils';

configure({ asyncUtilTimeout: 5000 });

const boom = apiError(500, 'internal', 'Boom');

const note = (n: number, over: Partial<NotificationDto> = {}): NotificationDto => ({
  id: `n${n}`,
  title: `Notification ${n}`,
  body: `Body ${n}`,
  type: 'status_change',
  read: true,
  requestId: null,
  link: null,
  createdAt: new Date(Date.now() - n * 60_000).toISOString(),
  ...over,
});

const entry = (n: number, over: Partial<ActivityEntry> = {}): ActivityEntry => ({
  kind: 'notification',
  id: `e${n}`,
  type: 'assignment',
  title: `Entry ${n}`,
  body: '',
  who: 'Jo Smith',
  requestId: 'r-1',
  requestTitle: 'Easter Egg Hunt',
  link: '/request/r-1',
  createdAt: new Date(Date.now() - n * 60_000).toISOString(),
  ...over,
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderPage(role: Role) {
  const client = testQueryClient({ session: { user: { id: 'u1', role, fullName: 'Me' }, csrfToken: 'x' } as unknown as SessionResponse });
  return renderWithClient(
    <MemoryRouter initialEntries={['/notifications']}>
      <Routes>
        <Route path="/notifications" element={<NotificationsPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
    { client, toaster: true },
  );
}

afterEach(() => {
  cleanup();
  dismissToast();
  vi.unstubAllGlobals();
});

describe('My Notifications (below coordinator)', () => {
  it('pages with "Load more", highlights unread ones and opens a request on click', async () => {
    const api = mockFetch({
      'GET /api/notifications/unread-count': { body: { count: 1 } },
      'POST /api/notifications/:id/read': { status: 204 },
      'GET /api/notifications': (_body, url) =>
        url.includes('cursor=c1')
          ? { body: { items: [note(3)], nextCursor: null } }
          : { body: { items: [note(1, { read: false, requestId: 'r-7' }), note(2)], nextCursor: 'c1' } },
    });
    renderPage('requester');
    await screen.findByRole('heading', { name: 'My Notifications' });
    const first = await screen.findByRole('button', { name: /Notification 1/ });
    expect(first).toHaveAttribute('data-unread', 'true');
    expect(screen.getByRole('button', { name: /Notification 2/ })).toHaveAttribute('data-unread', 'false');
    // Each carries its type's feed label (guide/notifications-and-email.md#the-bell).
    expect(within(first).getByText('Status change')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('button', { name: /Notification 3/ });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    await user.click(first);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/request/r-7'));
    expect(api.sent('POST', '/api/notifications/n1/read')).toHaveLength(1);
    expect(api.calls.some((c) => c.url.startsWith('/api/notifications/feed'))).toBe(false);
  });

  it('shows the empty state, and Mark All as Read is off with nothing unread', async () => {
    mockFetch({
      'GET /api/notifications/unread-count': { body: { count: 0 } },
      'GET /api/notifications': { body: { items: [], nextCursor: null } },
    });
    renderPage('viewer');
    await screen.findByText('No notifications yet.');
    expect(screen.getByRole('button', { name: 'Mark All as Read' })).toBeDisabled();
  });

  it('a count past the cap reads as "1000+ unread"', async () => {
    mockFetch({
      'GET /api/notifications/unread-count': { body: { count: 1000, capped: true } },
      'GET /api/notifications': { body: { items: [note(1, { read: false })], nextCursor: null } },
    });
    renderPage('creative');
    await screen.findByText('1000+ unread');
  });

  it('Mark All as Read posts read-all; a failure is the spec toast', async () => {
    const api = mockFetch({
      'GET /api/notifications/unread-count': { body: { count: 2 } },
      'POST /api/notifications/read-all': boom,
      'GET /api/notifications': { body: { items: [note(1, { read: false }), note(2, { read: false })], nextCursor: null } },
    });
    renderPage('creative');
    await screen.findByText('2 unread');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Mark All as Read' }));
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Could not mark all as read.')).toBeInTheDocument();
    expect(api.sent('POST', '/api/notifications/read-all')).toHaveLength(1);
  });

  it('says "Error loading activity" when the list cannot load', async () => {
    mockFetch({ 'GET /api/notifications/unread-count': boom, 'GET /api/notifications': boom });
    renderPage('approver');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading activity');
  });
});

describe('Master Activity Feed (admin and coordinator)', () => {
  it('shows every entry with its type, who, when and the request link, and loads the next page', async () => {
    mockFetch({
      'GET /api/notifications/feed': (_body, url) =>
        url.includes('cursor=c1')
          ? { body: { items: [entry(9, { title: 'Older one', type: 'overdue' })], nextCursor: null } }
          : {
              body: {
                items: [
                  entry(1),
                  entry(2, { kind: 'message', type: 'message', title: 'Message on Easter Egg Hunt', body: 'Looks great', who: 'Sam Lee' }),
                  entry(3, { type: 'proof_ready', requestId: null, requestTitle: null, link: null, who: null }),
                ],
                nextCursor: 'c1',
              },
            },
    });
    renderPage('coordinator');
    expect(screen.getByRole('heading', { name: 'Master Activity Feed' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Activity' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Assignment');
    expect(rows[0]).toHaveTextContent('To Jo Smith');
    expect(rows[0]).toHaveTextContent('1 minute ago');
    expect(within(rows[0]).getByRole('link', { name: 'Easter Egg Hunt' })).toHaveAttribute('href', '/request/r-1');
    expect(rows[1]).toHaveTextContent('Message');
    expect(rows[1]).toHaveTextContent('From Sam Lee');
    expect(rows[1]).toHaveTextContent('Looks great');
    expect(rows[2]).toHaveTextContent('Proof ready');
    expect(within(rows[2]).queryByRole('link')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Older one');
    expect(screen.getByText('Overdue')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark All as Read' })).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    mockFetch({ 'GET /api/notifications/feed': { body: { items: [], nextCursor: null } } });
    renderPage('admin');
    await screen.findByText('No activity yet.');
  });

  it('says "Error loading activity" and retries', async () => {
    let fail = true;
    mockFetch({ 'GET /api/notifications/feed': () => (fail ? boom : { body: { items: [entry(1)], nextCursor: null } }) });
    renderPage('admin');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading activity');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('Entry 1');
  });
});
