// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { BOARD_STAGES } from '@shared/domain/board';
import type { Board } from '@shared/api/board';
import { Toaster } from '@web/components/ui/toaster';
import { apiError, mockFetch, renderHookWithClient, testQueryClient } from '@web/test/test-utils';
import { boardQuery } from './get-board';
import { moveToasts } from '../components/board-toasts';
import { useMoveItems } from './move-items';

const ID = '00000000-0000-4000-8000-000000000001';
const board: Board = {
  columns: Object.fromEntries(BOARD_STAGES.map((s) => [s, { nextCursor: null, olderCursor: null, older: false }])) as Board['columns'],
  canAssign: true,
  items: [
    {
      id: ID,
      requestId: 'aaaaaaaa-0000-4000-8000-000000000001',
      channel: 'banner',
      status: 'changes_requested',
      stage: 'in_progress',
      dueDate: null,
      eventTitle: 'Easter Sunday',
      ministryName: null,
      assigneeId: null,
      assigneeName: null,
      response: 'pending',
      canMove: true,
    },
  ],
};

/** A dragged card (guide/production-board.md#moving-a-card, #bulk-actions): moved at once, 'Task moved', or 'Error updating task' and a reload. */
function setup(status: number) {
  let answer = () => {};
  const gate = new Promise<void>((resolve) => (answer = resolve));
  // The move is answered once the test calls `answer`.
  const api = mockFetch({
    'POST /api/board/move': async () => {
      await gate;
      return status === 200
        ? { body: { stage: 'finished', moved: [{ id: ID, status: 'complete' }], unchanged: [] } }
        : apiError(status, 'not_found', 'Task not found.');
    },
    'GET /api/board': { body: board },
  });
  // Fresh forever: the board loads again only when something invalidates it.
  const client = testQueryClient();
  client.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } });
  client.setQueryData(boardQuery('').queryKey, board);
  render(<Toaster />);
  // The board on screen: its query is active, so an invalidation reloads it.
  const { result } = renderHookWithClient(
    () => {
      useQuery(boardQuery(''));
      // With the board page's feedback, as the page calls it.
      return useMoveItems(moveToasts());
    },
    { client },
  );
  return { client, result, answer, api };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('moving a dragged card', () => {
  it('moves the card at once to the column’s first status and says Task moved', async () => {
    const { client, result, answer } = setup(200);
    act(() => result.current.mutate({ itemIds: [ID], stage: 'finished', kind: 'single' }));
    await waitFor(() =>
      expect(client.getQueryData(boardQuery('').queryKey)?.items[0]).toMatchObject({ stage: 'finished', status: 'complete' }),
    );
    answer();
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent(/^Task moved$/));
  });

  it('leaves a card dropped on its own column as it is', async () => {
    const { client, result } = setup(200);
    act(() => result.current.mutate({ itemIds: [ID], stage: 'in_progress', kind: 'single' }));
    await waitFor(() => expect(result.current.isPending).toBe(true));
    expect(client.getQueryData(boardQuery('').queryKey)?.items[0].status).toBe('changes_requested');
  });

  it('on failure reloads the board and shows Error updating task with the server’s message', async () => {
    const { result, answer, api } = setup(404);
    const reloads = () => api.sent('GET', '/api/board').length;
    act(() => result.current.mutate({ itemIds: [ID], stage: 'finished', kind: 'single' }));
    await waitFor(() => expect(result.current.isPending).toBe(true));
    expect(reloads()).toBe(0);
    answer();
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Error updating task'));
    const toast = screen.getByTestId('toast');
    expect(toast).toHaveTextContent('Task not found.');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    await waitFor(() => expect(reloads()).toBe(1));
  });

  it('reloads what a move touches (board, task lists, drawers), not unrelated lists', async () => {
    const { client, result, answer } = setup(200);
    const touched = [
      ['requests', 'tasks', 'mine'],
      ['requests', 'detail', 'aaaaaaaa-0000-4000-8000-000000000001'],
    ];
    const untouched = [
      ['requests', 'approvals'],
      ['requests', 'archive', 'onetime'],
      ['notifications', 'latest'],
    ];
    for (const key of [...touched, ...untouched]) client.setQueryData(key, {});
    act(() => result.current.mutate({ itemIds: [ID], stage: 'finished', kind: 'single' }));
    answer();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    for (const key of touched) expect(client.getQueryState(key)?.isInvalidated, key.join(' ')).toBe(true);
    for (const key of untouched) expect(client.getQueryState(key)?.isInvalidated, key.join(' ')).toBe(false);
  });
});
