// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HealthLogEntry } from '@shared/api/health';
import { Component as SystemHealthPage } from './system-health-page';
import { apiError, mockFetch, renderWithClient } from '@web/test/test-utils';

configure({ asyncUtilTimeout: 5000 });

const entry = (over: Partial<HealthLogEntry>): HealthLogEntry => ({
  id: crypto.randomUUID(),
  runId: '7f1d6c36-4c4e-4b5e-9a39-6d2a4b0c1f10',
  dateRun: '2026-11-23T15:00:00.000Z',
  automationName: 'E-mail outbox',
  status: 'Passed',
  severity: 'Info',
  summary: 'The outbox is delivering.',
  details: null,
  durationMs: 4,
  checkedByName: 'Ada Admin',
  resolved: false,
  canResolve: false,
  ...over,
});

function setup(opts: { logs?: HealthLogEntry[]; failRead?: boolean; failRun?: boolean } = {}) {
  let logs = opts.logs ?? [
    entry({ automationName: 'Overdue tasks', status: 'Warning', severity: 'Medium', summary: '2 tasks are overdue.', canResolve: true }),
    entry({ automationName: 'File store writable', summary: 'The file store accepts new files.' }),
  ];
  const api = mockFetch({
    'GET /api/admin/system-health': () => (opts.failRead ? apiError(500, 'internal', 'x') : { body: { score: 75, logs } }),
    'POST /api/admin/system-health/run': () =>
      opts.failRun ? apiError(500, 'internal', 'Something went wrong.') : { body: { runId: crypto.randomUUID(), score: 93, checks: 7 } },
    'POST /api/admin/system-health/:id/resolve': (_body, _url, { id }) => {
      logs = logs.map((l) => (l.id === id ? { ...l, resolved: true, canResolve: false } : l));
      return { body: logs.find((l) => l.id === id) };
    },
  });
  renderWithClient(<SystemHealthPage />, { route: '/', toaster: true });
  return api;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('System Health page', () => {
  it('shows the score, the log with status and severity badges, and Resolve only where it may be resolved', async () => {
    const user = userEvent.setup();
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'System Health' })).toBeInTheDocument();
    expect(await screen.findByTestId('health-score')).toHaveTextContent('75%');
    const list = screen.getByRole('list', { name: 'Health check log' });
    const [warning, passed] = within(list).getAllByRole('listitem');
    expect(within(warning).getByText('Warning')).toBeInTheDocument();
    expect(within(warning).getByText('Medium')).toBeInTheDocument();
    expect(within(passed).getByText('Passed')).toBeInTheDocument();
    expect(within(passed).queryByRole('button')).toBeNull();

    await user.click(within(warning).getByRole('button', { name: /^Resolve Overdue tasks/ }));
    await screen.findByText('Log marked as resolved');
    await within(warning).findByText('Resolved');
    expect(within(warning).queryByRole('button')).toBeNull();
  });

  it("Run Health Check says 'Health Check Complete!' or 'Error running health check'", async () => {
    const user = userEvent.setup();
    setup();
    await user.click(await screen.findByRole('button', { name: 'Run Health Check' }));
    await screen.findByText('Health Check Complete!');
    cleanup();
    setup({ failRun: true });
    await user.click(await screen.findByRole('button', { name: 'Run Health Check' }));
    await screen.findByText('Error running health check');
  });

  it("an empty log says so; a failed read says 'Error fetching logs'", async () => {
    setup({ logs: [] });
    await screen.findByText('No health checks have run yet.');
    cleanup();
    setup({ failRead: true });
    await screen.findByText('Error fetching logs');
  });
});
