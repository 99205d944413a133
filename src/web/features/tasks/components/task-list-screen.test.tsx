// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AssigneeOption, TaskDto, TaskList } from '@shared/api/tasks';
import type { Role } from '@shared/domain/roles';
import { squadTasksQuery, tasksQuery } from '../api/get-tasks';
import { TaskListScreen } from './task-list-screen';
import { apiError, mockFetch, renderWithClient, testQueryClient } from '@web/test/test-utils';

const TODAY = '2030-03-10';
let seq = 0;
const task = (over: Partial<TaskDto>): TaskDto => ({
  id: `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
  requestId: 'aaaaaaaa-0000-4000-8000-000000000001',
  eventTitle: 'Easter Sunday',
  requestStatus: 'in_production',
  channel: 'sunday_slide',
  status: 'in_progress',
  priority: 'medium',
  dueDate: null,
  isAdditionalRequest: false,
  additionalRequestStatus: null,
  rejectionReason: null,
  response: 'pending',
  responseReason: null,
  progress: 50,
  ...over,
});

const squad: AssigneeOption = { id: 'squad-1', fullName: 'Church Media Squad', role: 'creative', isExternal: true };
const cora: AssigneeOption = { id: 'cora-1', fullName: 'Cora Creative', role: 'creative', isExternal: false };

function listFor(role: Role): TaskList {
  const manage = role === 'coordinator' || role === 'admin';
  const withAssignee = (t: TaskDto, a: AssigneeOption | null) =>
    manage ? { ...t, assignee: a && { id: a.id, fullName: a.fullName, isExternal: a.isExternal } } : t;
  return {
    today: TODAY,
    nextCursor: null,
    completedCount: 21,
    waiting: [withAssignee(task({ channel: 'mass_email', isAdditionalRequest: true, additionalRequestStatus: 'pending' }), null)],
    active: [
      withAssignee(task({ eventTitle: 'Youth Camp', dueDate: '2030-03-05', status: 'not_started' }), cora),
      withAssignee(task({ eventTitle: 'Baptism Sunday', dueDate: '2030-03-09', status: 'not_started' }), cora),
      withAssignee(task({ eventTitle: 'Men’s Breakfast', dueDate: '2030-03-15', progress: 75 }), squad),
      withAssignee(task({ eventTitle: 'Fall Festival', dueDate: '2030-04-20' }), cora),
    ],
    rejected: [
      withAssignee(
        task({
          eventTitle: 'Serve Day',
          isAdditionalRequest: true,
          additionalRequestStatus: 'rejected',
          rejectionReason: 'Budget constraints for this request',
        }),
        null,
      ),
    ],
  };
}

/** Finished tasks, two pages: 20, then 1. Due dates long past, as finished work often is. */
const finished = (role: Role): TaskDto[] =>
  Array.from({ length: 21 }, (_, n) => {
    const t = task({
      eventTitle: `Done Event ${n + 1}`,
      dueDate: '2030-02-01',
      status: n % 3 === 0 ? 'approved' : n % 3 === 1 ? 'published' : 'complete',
    });
    return role === 'coordinator' || role === 'admin' ? { ...t, assignee: { id: cora.id, fullName: cora.fullName, isExternal: false } } : t;
  });
const finishedFor = new Map<Role, TaskDto[]>();
const stableFinished = (role: Role) => {
  if (!finishedFor.has(role)) finishedFor.set(role, finished(role));
  return finishedFor.get(role)!;
};

const lists = new Map<Role, TaskList>();
const stableListFor = (role: Role) => {
  if (!lists.has(role)) lists.set(role, listFor(role));
  return lists.get(role)!;
};

const EMPTY_LIST: TaskList = { today: TODAY, nextCursor: null, completedCount: 0, waiting: [], active: [], rejected: [] };

function setup(role: Role, scope: 'mine' | 'all' = 'mine', opts: { assignStatus?: number; list?: TaskList; setupOpen?: number } = {}) {
  const api = mockFetch({
    'GET /api/tasks/squad': { body: { ...stableListFor(role), waiting: [], rejected: [], active: [stableListFor(role).active[2]] } },
    'GET /api/tasks/completed': (_body, url) => {
      const page = new URL(url, 'http://x').searchParams.get('cursor') === 'page-2' ? 1 : 0;
      const all = stableFinished(role);
      return { body: page === 0 ? { items: all.slice(0, 20), nextCursor: 'page-2' } : { items: all.slice(20), nextCursor: null } };
    },
    'POST /api/tasks/reminders': { body: { notified: 3, byType: {} } },
    'POST /api/tasks/:id/remind': { status: 204 },
    'GET /api/users/assignees': { body: { items: [cora, squad] } },
    'POST /api/tasks/:id/assign': () =>
      opts.assignStatus && opts.assignStatus !== 200
        ? apiError(opts.assignStatus, 'internal', 'Something went wrong.')
        : { body: { id: 'x', assignee: null } },
    'GET /api/admin/setup': { body: { steps: [], open: opts.setupOpen ?? 0 } },
    'GET /api/tasks': { body: opts.list ?? stableListFor(role) },
  });
  const client = testQueryClient({
    session: {
      user: { id: 'u1', fullName: 'Test', email: 't@example.org', role, ministryId: null, passwordResetRequired: false },
      csrfToken: 'x',
    },
  });
  renderWithClient(<TaskListScreen scope={scope} />, { client, route: '/', toaster: true });
  return api;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const card = (title: string) => screen.getByText(title).closest('li') as HTMLElement;

describe('task lists', () => {
  it('refresh every 60 seconds and live, under keys starting with requests', () => {
    for (const q of [tasksQuery('mine'), tasksQuery('all'), squadTasksQuery]) {
      expect(q.refetchInterval).toBe(60_000);
      expect(q.queryKey[0]).toBe('requests');
    }
  });

  it('shows the three sections, with Rejected Requests collapsed until opened', async () => {
    setup('creative');
    await screen.findByRole('heading', { name: 'My Tasks' });
    await screen.findByRole('heading', { name: /Waiting for Approval/ });
    expect(screen.getByRole('heading', { name: /Active Tasks/ })).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: /Rejected Requests/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Budget constraints for this request')).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(screen.getByText('Budget constraints for this request')).toBeInTheDocument();
    expect(screen.getByText('Serve Day')).toBeInTheDocument();
  });

  it("labels tasks 'Due soon' within 7 days and 'Overdue by N days' in whole days", async () => {
    setup('creative');
    await screen.findByText('Youth Camp');
    expect(within(card('Youth Camp')).getByText('Overdue by 5 days')).toBeInTheDocument();
    expect(within(card('Baptism Sunday')).getByText('Overdue by 1 day')).toBeInTheDocument();
    expect(within(card('Men’s Breakfast')).getByText('Due soon')).toBeInTheDocument();
    expect(within(card('Fall Festival')).queryByText(/Due soon|Overdue/)).not.toBeInTheDocument();
  });

  it('shows each task’s channel, status, progress and a Details link to the task in its request', async () => {
    setup('creative');
    await screen.findByText('Men’s Breakfast');
    const li = card('Men’s Breakfast');
    expect(within(li).getByText('Sunday Slide Deck')).toBeInTheDocument();
    expect(within(li).getByText('In Progress')).toBeInTheDocument();
    expect(within(li).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '75');
    // The drawer opens on the Items tab with this task in view.
    expect(
      within(li)
        .getByRole('link', { name: /Details/ })
        .getAttribute('href'),
    ).toMatch(/^\/request\/aaaaaaaa-0000-4000-8000-000000000001\?tab=items&item=00000000-0000-4000-8000-\d{12}$/);
  });

  it('gives creatives no assignee, reassignment or reminder controls', async () => {
    setup('creative');
    await screen.findByText('Youth Camp');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send All Task Reminders' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Send a reminder/ })).not.toBeInTheDocument();
  });

  it('lets coordinators reassign, including to the Church Media Squad, and reports a failure', async () => {
    const api = setup('coordinator', 'all', { assignStatus: 500 });
    await screen.findByRole('heading', { name: 'All Tasks' });
    await screen.findByText('Youth Camp');
    const select = await within(card('Youth Camp')).findByRole('combobox', { name: /Assignee for Sunday Slide Deck, Youth Camp/ });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Church Media Squad' })).toBeInTheDocument());
    expect(select).toHaveValue('cora-1');
    await userEvent.selectOptions(select, 'squad-1');
    await screen.findByText('Reassignment failed');
    expect(api.calls.find((c) => c.url.endsWith('/assign'))?.body).toEqual({ assigneeId: 'squad-1' });
    expect(screen.getByRole('heading', { name: 'Team Workload' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send All Task Reminders' })).not.toBeInTheDocument();
  });

  it('shows the Church Media Squad Queue on All Tasks', async () => {
    setup('coordinator', 'all');
    await userEvent.click(await screen.findByRole('tab', { name: 'Church Media Squad Queue' }));
    await screen.findByRole('heading', { name: 'Church Media Squad Queue' });
    expect(screen.getByText('Men’s Breakfast')).toBeInTheDocument();
    expect(screen.queryByText('Youth Camp')).not.toBeInTheDocument();
  });

  it('gives admins Send All Task Reminders and a per-task reminder', async () => {
    const api = setup('admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Send All Task Reminders' }));
    await screen.findByText('Reminders Sent!');
    await userEvent.click(within(card('Youth Camp')).getByRole('button', { name: /Send a reminder/ }));
    await screen.findByText('Reminder Sent!');
    expect(api.calls.some((c) => c.url.endsWith('/remind'))).toBe(true);
    // The squad cannot be reminded in the app.
    expect(within(card('Men’s Breakfast')).getByRole('button', { name: /Send a reminder/ })).toBeDisabled();
  });
  it('keeps finished work apart in a collapsed Completed section that loads a page at a time when opened', async () => {
    const api = setup('creative');
    await screen.findByText('Youth Camp');
    const active = screen.getByRole('region', { name: /Active Tasks/ });
    expect(within(active).queryByText(/Done Event/)).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: /Completed/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveTextContent('21');
    // Nothing of the history is fetched until the section is opened.
    expect(api.calls.some((c) => c.url.startsWith('/api/tasks/completed'))).toBe(false);
    await userEvent.click(toggle);
    const completed = screen.getByRole('region', { name: /Completed/ });
    await within(completed).findByText('Done Event 1');
    expect(within(completed).getAllByRole('listitem')).toHaveLength(20);
    expect(within(completed).queryByText('Done Event 21')).not.toBeInTheDocument();
    await userEvent.click(within(completed).getByRole('button', { name: 'Show more' }));
    await within(completed).findByText('Done Event 21');
    expect(within(completed).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('never calls finished work overdue', async () => {
    setup('creative');
    await userEvent.click(await screen.findByRole('button', { name: /Completed/ }));
    const completed = screen.getByRole('region', { name: /Completed/ });
    await within(completed).findByText('Done Event 1');
    // Due a month and more before today, yet finished: no 'Overdue' anywhere in the section.
    expect(within(completed).getAllByText('Due Feb 1, 2030').length).toBe(20);
    expect(within(completed).queryByText(/Overdue/)).not.toBeInTheDocument();
    expect(completed.querySelector('.bg-red-100')).toBeNull();
  });

  it('offers Remind only on unfinished tasks', async () => {
    setup('admin');
    await screen.findByText('Youth Camp');
    expect(within(card('Youth Camp')).getByRole('button', { name: /Send a reminder/ })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: /Completed/ }));
    const completed = screen.getByRole('region', { name: /Completed/ });
    await within(completed).findByText('Done Event 1');
    for (const item of within(completed).getAllByRole('listitem')) {
      expect(within(item).queryByRole('button', { name: /Send a reminder/ })).not.toBeInTheDocument();
      expect(within(item).getByRole('link', { name: /Details/ })).toBeInTheDocument();
    }
  });

  describe('filters', () => {
    const taskCalls = (api: ReturnType<typeof setup>) => api.calls.map((c) => c.url).filter((u) => u.startsWith('/api/tasks?'));

    it("give an approver 'Assigned to me' and a search, asked of the server, but no one else's tasks", async () => {
      const api = setup('approver');
      await screen.findByText('Youth Camp');
      expect(screen.queryByRole('combobox', { name: 'Assignee' })).not.toBeInTheDocument();
      fireEvent.click(screen.getByRole('checkbox', { name: 'Assigned to me' }));
      await waitFor(() => expect(taskCalls(api).some((u) => u.includes('assignee=me'))).toBe(true));
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'camp' } });
      await waitFor(() => expect(taskCalls(api).some((u) => u.includes('assignee=me') && u.includes('search=camp'))).toBe(true));
    });

    it('give a coordinator an assignee filter with Unassigned and the team', async () => {
      const api = setup('coordinator');
      await screen.findByText('Youth Camp');
      const select = screen.getByRole('combobox', { name: 'Assignee' });
      await waitFor(() => expect(within(select).getByRole('option', { name: 'Cora Creative' })).toBeInTheDocument());
      fireEvent.change(select, { target: { value: cora.id } });
      await waitFor(() => expect(taskCalls(api).some((u) => u.includes(`assignee=${cora.id}`))).toBe(true));
      expect(screen.getByRole('checkbox', { name: 'Assigned to me' })).not.toBeChecked();
      fireEvent.change(select, { target: { value: 'me' } });
      await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Assigned to me' })).toBeChecked());
    });

    it('are not offered to a creative, whose list is their own', async () => {
      setup('creative');
      await screen.findByText('Youth Camp');
      expect(screen.queryByRole('checkbox', { name: 'Assigned to me' })).not.toBeInTheDocument();
      expect(screen.queryByRole('searchbox', { name: 'Search' })).not.toBeInTheDocument();
    });
  });
});

describe('the setup prompt on My Tasks', () => {
  const prompt = () => screen.queryByRole('link', { name: 'Open the setup checklist' });

  it('shows an admin with no task at all how many setup steps are left', async () => {
    setup('admin', 'mine', { list: EMPTY_LIST, setupOpen: 5 });
    expect(await screen.findByRole('link', { name: 'Open the setup checklist' })).toHaveAttribute('href', '/admin/setup');
    expect(screen.getByText(/5 steps to go/)).toBeInTheDocument();
  });

  it('stays away once the checklist is finished, when the admin has tasks, and from anyone else', async () => {
    const finished = setup('admin', 'mine', { list: EMPTY_LIST, setupOpen: 0 });
    await screen.findByText('No active tasks.');
    await waitFor(() => expect(finished.sent('GET', '/api/admin/setup')).toHaveLength(1));
    expect(prompt()).not.toBeInTheDocument();
    cleanup();

    const busy = setup('admin', 'mine', { setupOpen: 5 });
    await screen.findByText('Youth Camp');
    expect(prompt()).not.toBeInTheDocument();
    expect(busy.sent('GET', '/api/admin/setup')).toEqual([]);
    cleanup();

    const creative = setup('creative', 'mine', { list: EMPTY_LIST, setupOpen: 5 });
    await screen.findByText('No active tasks.');
    expect(prompt()).not.toBeInTheDocument();
    expect(creative.sent('GET', '/api/admin/setup')).toEqual([]);
  });

  it('is not on All Tasks, even when it is empty', async () => {
    const all = setup('admin', 'all', { list: EMPTY_LIST, setupOpen: 5 });
    await screen.findByText('No active tasks.');
    expect(prompt()).not.toBeInTheDocument();
    expect(all.sent('GET', '/api/admin/setup')).toEqual([]);
  });
});
