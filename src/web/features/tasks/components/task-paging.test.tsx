// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CompletedTasks, TaskDto, TaskList } from '@shared/api/tasks';
import { TaskListScreen } from './task-list-screen';
import { mockFetch, renderWithClient, testQueryClient } from '@web/test/test-utils';

/** Current work first (decision 0026): 'Load more' under the open work, 'Show older' in Completed. */
let seq = 0;
const task = (eventTitle: string, over: Partial<TaskDto> = {}): TaskDto => ({
  id: `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
  requestId: 'aaaaaaaa-0000-4000-8000-000000000001',
  eventTitle,
  requestStatus: 'in_production',
  channel: 'sunday_slide',
  status: 'in_progress',
  priority: 'medium',
  dueDate: '2030-03-12',
  isAdditionalRequest: false,
  additionalRequestStatus: null,
  rejectionReason: null,
  response: 'pending',
  responseReason: null,
  progress: 0,
  ...over,
});

const list = (active: TaskDto[], nextCursor: string | null, completedCount = 1): TaskList => ({
  waiting: [],
  active,
  rejected: [],
  completedCount,
  today: '2030-03-10',
  nextCursor,
});

function setup(completedCount = 1) {
  const soon = task('Soon Event');
  const later = task('Later Event', { dueDate: null });
  const recent = task('Finished Last Week', { status: 'complete' });
  const old = task('Finished Last Year', { status: 'complete' });
  const query = (url: string) => new URL(url, 'http://x').searchParams;
  const api = mockFetch({
    'GET /api/tasks/completed': (_body, url) => {
      const page: CompletedTasks =
        query(url).get('older') === 'true' && query(url).get('cursor') === 'recent-end'
          ? { items: [old], nextCursor: null, olderCursor: null }
          : { items: [recent], nextCursor: null, olderCursor: 'recent-end' };
      return { body: page };
    },
    'GET /api/tasks': (_body, url) => ({
      body: query(url).get('cursor') === 'page-2' ? list([later], null, completedCount) : list([soon], 'page-2', completedCount),
    }),
  });
  const client = testQueryClient({
    session: {
      user: { id: 'u1', fullName: 'Test', email: 't@example.org', role: 'creative', ministryId: null, passwordResetRequired: false },
      csrfToken: 'x',
    },
  });
  renderWithClient(<TaskListScreen scope="mine" />, { client, route: '/' });
  /** The addresses read, in order. */
  return () => api.calls.map((c) => c.url);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('task list paging', () => {
  it('loads the next page of open work with Load more, and offers no button on the last page', async () => {
    const urls = setup();
    await screen.findByText('Soon Event');
    expect(screen.queryByText('Later Event')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Later Event');
    expect(screen.getByText('Soon Event')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(urls().some((u) => u.includes('cursor=page-2'))).toBe(true);
  });

  it('shows the last 30 days of finished work, then older work with Show older', async () => {
    const urls = setup();
    await screen.findByText('Soon Event');
    await userEvent.click(screen.getByRole('button', { name: /Completed/ }));
    const section = screen.getByRole('region', { name: /Completed/ });
    await within(section).findByText('Finished Last Week');
    expect(within(section).queryByText('Finished Last Year')).toBeNull();
    await userEvent.click(within(section).getByRole('button', { name: 'Show older' }));
    await within(section).findByText('Finished Last Year');
    expect(within(section).queryByRole('button', { name: /Show (older|more)/ })).toBeNull();
    expect(urls().some((u) => u.includes('older=true') && u.includes('cursor=recent-end'))).toBe(true);
  });

  it("counts the Completed section as '200+' beyond the bound", async () => {
    setup(201);
    await screen.findByText('Soon Event');
    expect(screen.getByRole('button', { name: /Completed/ }).textContent).toContain('200+');
  });
});
