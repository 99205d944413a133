// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { AssigneeOption, TaskDto } from '@shared/api/tasks';
import { DEMO_CONFIG, renderWithClient, testQueryClient } from '@web/test/test-utils';
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
});
