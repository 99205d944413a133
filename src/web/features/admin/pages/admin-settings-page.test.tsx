// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { OutboxEmail } from '../api/get-outbox';
import { Component as AdminSettingsPage } from './admin-settings-page';
import { renderWithClient, testQueryClient } from '@web/test/test-utils';

configure({ asyncUtilTimeout: 5000 });

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const email = (over: Partial<OutboxEmail>): OutboxEmail => ({
  id: crypto.randomUUID(),
  recipient: 'ruth@example.org',
  subject: 'Reset your Lampstand password',
  body: 'Hello Ruth,\n\nSomeone asked to reset the password.',
  actionUrl: 'http://localhost/change-password?token=abc',
  actionText: 'Set a new password',
  sent: false,
  sentAt: null,
  attempts: 0,
  lastError: null,
  createdAt: '2025-03-01T10:00:00.000Z',
  canReveal: false,
  revealedAt: null,
  canResend: false,
  ...over,
});

function renderPage() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith('/api/admin/users')) return json({ users: [], nextCursor: null });
      if (url.startsWith('/api/admin/ministries')) return json({ ministries: [] });
      if (url.startsWith('/api/admin/backups')) {
        return json({
          enabled: true,
          keep: 7,
          chosen: false,
          database: 'pglite',
          directory: '/srv/data/backups',
          directoryConfigured: false,
          updatedAt: null,
          updatedByName: null,
          backups: [],
        });
      }
      if (url.startsWith('/api/admin/help-feedback')) {
        return json({
          articles: [
            { article: 'getting-started', yes: 3, no: 1 },
            { article: 'best-practices', yes: 0, no: 0 },
          ],
        });
      }
      if (url.includes('cursor=next')) return json({ items: [email({ subject: 'Older e-mail' })], nextCursor: null, queued: 2 });
      return json({
        items: [
          email({ subject: 'Queued one' }),
          email({ subject: 'Sent one', sent: true, sentAt: '2025-03-01T10:01:00.000Z', attempts: 1 }),
          email({ subject: 'Failed one', attempts: 3, lastError: 'Connection refused' }),
        ],
        nextCursor: 'next',
        queued: 2,
      });
    }),
  );
  const client = testQueryClient();
  renderWithClient(
    <MemoryRouter>
      <AdminSettingsPage />
    </MemoryRouter>,
    { client },
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Admin Settings', () => {
  it('lists the outbox with statuses, expands a message and loads more', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Settings' })).toBeInTheDocument();
    const queued = await screen.findByRole('button', { name: 'Queued one' });
    const rows = screen.getAllByRole('listitem');
    expect(within(rows[0]).getByText('Queued')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Sent')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Failed')).toBeInTheDocument();
    expect(within(rows[2]).getByText('3 attempts')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Connection refused')).toBeInTheDocument();
    expect(screen.getByText('2 queued')).toBeInTheDocument();

    const user = userEvent.setup();
    expect(queued).toHaveAttribute('aria-expanded', 'false');
    await user.click(queued);
    expect(queued).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Set a new password' })).toHaveAttribute('href', 'http://localhost/change-password?token=abc');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('button', { name: 'Older e-mail' });
  });

  it('counts help feedback per article', async () => {
    renderPage();
    const row = (await screen.findByRole('rowheader', { name: 'Getting Started' })).closest('tr')!;
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(within(row).getByText('1')).toBeInTheDocument();
    expect(within(row).getByText('75%')).toBeInTheDocument();
  });
});
