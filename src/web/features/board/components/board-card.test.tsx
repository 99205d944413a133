// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { DndContext } from '@dnd-kit/core';
import { MemoryRouter } from 'react-router';
import type { BoardCard as Card } from '@shared/api/board';
import { DEMO_CONFIG, renderWithClient, testQueryClient } from '@web/test/test-utils';
import { BoardCard } from './board-card';

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

const card: Card = {
  id: 'item-1',
  requestId: 'request-1',
  channel: 'podcast',
  status: 'in_progress',
  stage: 'in_progress',
  dueDate: '2030-03-14',
  eventTitle: 'Harvest Supper',
  ministryName: 'Hospitality',
  assigneeId: null,
  assigneeName: null,
  response: 'pending',
  canMove: true,
};

describe('a board card', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('names a channel the church made by the name it gave it, never its code', () => {
    renderWithClient(
      <MemoryRouter>
        <DndContext>
          <ul>
            <BoardCard card={card} selected={false} onSelect={() => {}} />
          </ul>
        </DndContext>
      </MemoryRouter>,
      { client: testQueryClient({ churchConfig: withPodcast }) },
    );
    expect(screen.getByText('Podcast Mention')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Harvest Supper, Podcast Mention' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Drag Harvest Supper, Podcast Mention' })).toBeInTheDocument();
    expect(screen.queryByText('podcast')).not.toBeInTheDocument();
  });
});
