// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Board, BoardCard, BoardColumnPage } from '@shared/api/board';
import { BOARD_STAGES } from '@shared/domain/board';
import { Component as ProductionBoardPage } from './production-board-page';
import { mockFetch, renderWithClient } from '@web/test/test-utils';

/** Bounded columns (decision 0026): each column's 'Load more' and the finished columns' 'Show older'. */
let seq = 0;
const card = (eventTitle: string, over: Partial<BoardCard> = {}): BoardCard => ({
  id: `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
  requestId: 'aaaaaaaa-0000-4000-8000-000000000001',
  channel: 'sunday_slide',
  status: 'in_progress',
  stage: 'in_progress',
  dueDate: '2030-12-05',
  eventTitle,
  ministryName: 'Worship',
  assigneeId: null,
  assigneeName: null,
  response: 'pending',
  canMove: true,
  ...over,
});
const end = { nextCursor: null, olderCursor: null, older: false };

function setup() {
  const first = card('First Page Event');
  const second = card('Second Page Event', { dueDate: null });
  const recent = card('Finished Recently', { status: 'complete', stage: 'finished' });
  const old = card('Finished Long Ago', { status: 'complete', stage: 'finished' });
  const board: Board = {
    items: [first, recent],
    columns: {
      ...(Object.fromEntries(BOARD_STAGES.map((s) => [s, end])) as Board['columns']),
      in_progress: { nextCursor: `2030-12-05|${first.id}`, olderCursor: null, older: false },
      finished: { nextCursor: null, olderCursor: 'recent-end', older: false },
    },
    canAssign: false,
  };
  const api = mockFetch({
    'GET /api/board': { body: board },
    'GET /api/board/column': (_body, url) => {
      const stage = new URL(url, 'http://x').searchParams.get('stage');
      const page: BoardColumnPage =
        stage === 'in_progress' ? { items: [second], ...end } : { items: [old], nextCursor: null, olderCursor: null, older: true };
      return { body: page };
    },
  });
  renderWithClient(<ProductionBoardPage />, { route: '/' });
  /** The addresses the board has read, in order. */
  return () => api.calls.map((c) => c.url);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('board columns', () => {
  it("loads a column's next page with its own Load more", async () => {
    const urls = setup();
    const column = await screen.findByTestId('column-in_progress');
    expect(within(column).getByTestId('column-count').textContent).toContain('1+');
    await userEvent.click(within(column).getByRole('button', { name: 'Load more in In Progress' }));
    await within(column).findByText('Second Page Event');
    expect(within(column).getByText('First Page Event')).toBeTruthy();
    expect(within(column).queryByRole('button', { name: /Load more/ })).toBeNull();
    const call = urls().find((u) => u.startsWith('/api/board/column'));
    expect(call).toContain('stage=in_progress');
    // The other columns have nothing more to load.
    expect(within(screen.getByTestId('column-submitted')).queryByRole('button')).toBeNull();
  });

  it('reaches older finished work with Show older', async () => {
    const urls = setup();
    const column = await screen.findByTestId('column-finished');
    expect(within(column).queryByText('Finished Long Ago')).toBeNull();
    await userEvent.click(within(column).getByRole('button', { name: 'Show older in Finished' }));
    await within(column).findByText('Finished Long Ago');
    expect(within(column).getByText('Finished Recently')).toBeTruthy();
    const call = urls().find((u) => u.includes('stage=finished'));
    expect(call).toContain('older=true');
    expect(call).toContain('cursor=recent-end');
  });
});
