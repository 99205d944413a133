// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AvailabilityAnswer } from '@shared/api/people';
import { MemoryRouter } from 'react-router';
import type { AssigneeOption, TaskDto } from '@shared/api/tasks';
import { apiError, DEMO_CONFIG, mockFetch, renderWithClient, testQueryClient } from '@web/test/test-utils';
import { TaskCard } from './task-card';

/** A church that made its own channel: the podcast mention, named as it chose. */
const withPodcast = {
  ...DEMO_CONFIG,
  channels: [
    ...DEMO_CONFIG.channels,
    {
      code: 'podcast',
      label: 'Podcast Mention',
      needsApproval: false,
      goesToCms: false,
      capacityPer: 'week' as const,
      capacity: null,
      runWeeks: 1,
      leadTimeDays: 7,
      position: 99,
      archived: false,
    },
  ],
};

const cora: AssigneeOption = { id: 'cora-1', fullName: 'Cora Creative', role: 'creative', isExternal: false };
const task: TaskDto = {
  id: 'item-1',
  requestId: 'request-1',
  eventTitle: 'Harvest Supper',
  requestStatus: 'in_production',
  channel: 'podcast',
  status: 'in_progress',
  priority: 'medium',
  dueDate: '2030-03-14',
  isAdditionalRequest: false,
  additionalRequestStatus: null,
  rejectionReason: null,
  response: 'pending',
  responseReason: null,
  progress: 50,
  assignee: { id: cora.id, fullName: cora.fullName, isExternal: false },
};

describe('a task card', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('names a channel the church made by the name it gave it, in the card, its actions and the reassign select', () => {
    renderWithClient(
      <MemoryRouter>
        <ul>
          <TaskCard task={task} today="2030-03-10" permissions={{ canManage: true, canRemind: true }} assignees={[cora]} />
        </ul>
      </MemoryRouter>,
      { client: testQueryClient({ churchConfig: withPodcast }) },
    );
    expect(screen.getByText('Podcast Mention')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Details of Harvest Supper, Podcast Mention' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a reminder about Podcast Mention, Harvest Supper' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Assignee for Podcast Mention, Harvest Supper' })).toHaveValue(cora.id);
    expect(screen.queryByText('podcast')).not.toBeInTheDocument();
  });

  it("marks the reassign picker with the due date's availability once it is reached, and asks before assigning someone blocked out", async () => {
    const user = userEvent.setup();
    const dan: AssigneeOption = { id: 'dan-1', fullName: 'Dan Decliner', role: 'creative', isExternal: false };
    const al: AssigneeOption = { id: 'al-1', fullName: 'Al Away', role: 'creative', isExternal: false };
    const availability: AvailabilityAnswer = {
      date: task.dueDate!,
      people: [
        { id: cora.id, fullName: cora.fullName, role: 'creative', blockout: null, declined: false, weekLoad: 10 },
        { id: dan.id, fullName: dan.fullName, role: 'creative', blockout: null, declined: true, weekLoad: 0 },
        {
          id: al.id,
          fullName: al.fullName,
          role: 'creative',
          blockout: { startsOn: task.dueDate!, endsOn: task.dueDate!, reason: null },
          declined: false,
          weekLoad: 0,
        },
      ],
      replacements: [],
      openSuggestions: [],
    };
    let refused = false;
    const api = mockFetch({
      'GET /api/availability': { body: availability },
      'POST /api/tasks/:id/assign': (body) => {
        if (!(body as { confirmBlockout?: boolean }).confirmBlockout) {
          refused = true;
          return apiError(
            409,
            'blocked_out',
            'Al Away is blocked out on Mar 14, 2030. Assign them anyway only if you have checked with them.',
          );
        }
        return { body: { id: task.id, assignee: { id: al.id, fullName: al.fullName, isExternal: false } } };
      },
    });
    renderWithClient(
      <MemoryRouter>
        <ul>
          <TaskCard task={task} today="2030-03-10" permissions={{ canManage: true, canRemind: true }} assignees={[cora, dan, al]} />
        </ul>
      </MemoryRouter>,
      { toaster: true },
    );
    // Nothing is read until the picker is reached: a page of cards reads no day of its own.
    expect(api.calls.some((c) => c.url.startsWith('/api/availability'))).toBe(false);
    const picker = screen.getByRole('combobox', { name: /Assignee for/ });
    await user.click(picker);
    await within(picker).findByRole('option', { name: 'Al Away (blocked out)' });
    expect(within(picker).getByRole('option', { name: 'Dan Decliner (declined)' })).toBeInTheDocument();
    expect(within(picker).getByRole('option', { name: 'Cora Creative (10 this week)' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.url === `/api/availability?date=${task.dueDate}`)).toHaveLength(1);

    await user.selectOptions(picker, al.id);
    const ask = await screen.findByRole('alertdialog', { name: 'Blocked out that day' });
    expect(refused).toBe(true);
    await user.click(within(ask).getByRole('button', { name: 'Assign anyway' }));
    await waitFor(() => expect(api.sent('POST', `/api/tasks/${task.id}/assign`)).toHaveLength(2));
    expect(api.sent('POST', `/api/tasks/${task.id}/assign`)[1].body).toEqual({ assigneeId: al.id, confirmBlockout: true });
  });
});
