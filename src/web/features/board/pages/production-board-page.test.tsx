// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { BOARD_STAGES, STAGE_STATUSES, type BoardStage } from '@shared/domain/board';
import type { Board, BoardCard } from '@shared/api/board';
import type { AssigneeOption } from '@shared/api/tasks';
import { dismissToast } from '@web/components/ui/toaster';
import { boardQuery } from '../api/get-board';
import { Component as ProductionBoardPage } from './production-board-page';
import { apiError, mockFetch, renderWithClient } from '@web/test/test-utils';

let seq = 0;
const card = (over: Partial<BoardCard>): BoardCard => ({
  id: `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
  requestId: 'aaaaaaaa-0000-4000-8000-000000000001',
  channel: 'sunday_slide',
  status: 'in_progress',
  stage: 'in_progress',
  dueDate: null,
  eventTitle: 'Easter Sunday',
  ministryName: 'Worship',
  assigneeId: null,
  assigneeName: null,
  response: 'pending',
  canMove: true,
  ...over,
});

const cora: AssigneeOption = { id: 'cora-1', fullName: 'Cora Creative', role: 'creative', isExternal: false };

function boardFor(manager: boolean): Board {
  return {
    columns: Object.fromEntries(BOARD_STAGES.map((s) => [s, { nextCursor: null, olderCursor: null, older: false }])) as Board['columns'],
    canAssign: manager,
    items: [
      card({ eventTitle: 'Youth Winter Camp', dueDate: '2030-12-05', status: 'not_started', stage: 'submitted', channel: 'banner' }),
      card({
        eventTitle: 'Baptism Sunday',
        dueDate: '2030-12-07',
        status: 'submitted',
        stage: 'submitted',
        assigneeId: 'cora-1',
        assigneeName: 'Cora Creative',
      }),
      card({
        eventTitle: 'Men’s Breakfast',
        status: 'changes_requested',
        stage: 'in_progress',
        canMove: manager,
        channel: 'social_media_story',
        assigneeName: 'Church Media Squad',
        assigneeId: 'squad',
      }),
      card({ eventTitle: 'Serve Day', status: 'complete', stage: 'finished', requestId: 'bbbbbbbb-0000-4000-8000-000000000002' }),
    ],
  };
}

interface Options {
  manager?: boolean;
  boardStatus?: number;
  moveStatus?: number;
  /** The move answers only once this settles, so the test sees the board while the call is under way. */
  moveGate?: Promise<void>;
}

/** A move as the board sends it. */
interface MoveBody {
  itemIds: string[];
  stage: BoardStage;
  statuses?: Record<string, string>;
}

let refuseMoves = false;
// The toast's swipe handling asks for pointer capture, which jsdom lacks.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

function setup({ manager = true, boardStatus = 200, moveStatus = 200, moveGate }: Options = {}) {
  const data = boardFor(manager);
  const api = mockFetch({
    'POST /api/board/move': async (body) => {
      await moveGate;
      if (moveStatus !== 200 || refuseMoves) {
        return apiError(refuseMoves ? 403 : moveStatus, 'forbidden', 'You can move only the tasks assigned to you.');
      }
      // The server's move: each card not yet in the column takes its first status, or the one named for it.
      const { itemIds, stage, statuses = {} } = body as MoveBody;
      const moved: { id: string; status: string }[] = [];
      const unchanged: string[] = [];
      data.items = data.items.map((c) => {
        if (!itemIds.includes(c.id)) return c;
        if (c.stage === stage) {
          unchanged.push(c.id);
          return c;
        }
        const status = (statuses[c.id] ?? STAGE_STATUSES[stage][0]) as BoardCard['status'];
        moved.push({ id: c.id, status });
        return { ...c, stage, status };
      });
      return { body: { stage, moved, unchanged } };
    },
    'POST /api/board/assign': { body: { assignee: { ...cora }, assigned: [], unchanged: [] } },
    'GET /api/board': () => (boardStatus === 200 ? { body: data } : apiError(boardStatus, 'internal', 'Something went wrong.')),
    'GET /api/users/assignees': { body: { items: [cora] } },
  });
  const router = createMemoryRouter(
    [
      { path: '/production', element: <ProductionBoardPage /> },
      { path: '/request/:id', element: <p>Drawer open</p> },
    ],
    { initialEntries: ['/production'] },
  );
  renderWithClient(<RouterProvider router={router} />, { toaster: true });
  return { api, router, data };
}

afterEach(() => {
  cleanup();
  // The toast on screen is module state: left open, the next test would find this test's toast.
  act(() => dismissToast());
  refuseMoves = false;
  vi.unstubAllGlobals();
});

const column = (title: string) => screen.getByRole('region', { name: title });
/** The moves the board has sent, in order. */
const moves = (api: ReturnType<typeof mockFetch>) => api.sent('POST', '/api/board/move').map((c) => c.body as MoveBody);

describe('Production Board', () => {
  it('reloads live: its query key starts with requests', () => {
    expect(boardQuery('').queryKey[0]).toBe('requests');
  });

  it('shows six columns with counts, select-all boxes, cards and the empty text', async () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Production Board' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search by event title...')).toBeInTheDocument();
    await screen.findByText('Youth Winter Camp');
    const titles = ['Submitted', 'In Progress', 'Ready for Proof', 'Approved', 'Published', 'Finished'];
    const counts = [2, 1, 0, 0, 0, 1];
    titles.forEach((title, i) => {
      const col = column(title);
      expect(within(col).getByRole('heading', { name: title })).toBeInTheDocument();
      expect(within(col).getByTestId('column-count')).toHaveTextContent(new RegExp(`^${counts[i]} tasks?$`));
      expect(within(col).getByRole('checkbox', { name: `Select all tasks in ${title}` })).toBeInTheDocument();
      expect(!!within(col).queryByText('No tasks in this stage yet.')).toBe(counts[i] === 0);
    });
    const camp = within(column('Submitted')).getByRole('link', { name: /Youth Winter Camp/ });
    expect(camp).toHaveTextContent('Dec 5');
    expect(camp).toHaveTextContent('Banner');
    expect(camp).toHaveTextContent('Unassigned');
    expect(within(column('Submitted')).getByRole('link', { name: /Baptism Sunday/ })).toHaveTextContent('Cora Creative');
    expect(within(column('In Progress')).getByRole('link', { name: /Men’s Breakfast/ })).toHaveTextContent('Instagram Story');
  });

  it('shows one column at a time on a phone, chosen in a switcher that gives every column’s count', async () => {
    // A phone: the small breakpoint's min-width query does not match.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: !query.includes('min-width: 640px'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    const user = userEvent.setup();
    setup();
    await screen.findByText('Youth Winter Camp');
    const switcher = screen.getByRole('combobox', { name: 'Column' });
    expect(
      within(switcher)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Submitted (2)', 'In Progress (1)', 'Ready for Proof (0)', 'Approved (0)', 'Published (0)', 'Finished (1)']);
    expect(document.querySelectorAll('section[data-testid^="column-"]')).toHaveLength(1);
    expect(column('Submitted')).toBeInTheDocument();
    await user.selectOptions(switcher, 'in_progress');
    expect(document.querySelectorAll('section[data-testid^="column-"]')).toHaveLength(1);
    expect(within(column('In Progress')).getByRole('link', { name: /Men’s Breakfast/ })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Submitted' })).not.toBeInTheDocument();
  });

  it('opens the request drawer from a card', async () => {
    const { router } = setup();
    await userEvent.setup().click(await screen.findByRole('link', { name: /Serve Day/ }));
    expect(router.state.location.pathname).toBe('/request/bbbbbbbb-0000-4000-8000-000000000002');
    expect(screen.getByText('Drawer open')).toBeInTheDocument();
  });

  it('shows the selection bar and moves the selection', async () => {
    let answer = () => {};
    const { api } = setup({ moveGate: new Promise<void>((resolve) => (answer = resolve)) });
    const user = userEvent.setup();
    await screen.findByText('Youth Winter Camp');
    expect(screen.queryByRole('region', { name: 'Selected tasks' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select Serve Day, Sunday Slide Deck' }));
    const bar = screen.getByRole('region', { name: 'Selected tasks' });
    expect(bar).toHaveTextContent('1 item selected');
    await user.click(screen.getByRole('checkbox', { name: 'Select all tasks in Submitted' }));
    expect(bar).toHaveTextContent('3 items selected');
    expect(within(bar).getByRole('button', { name: 'Move to...' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Assign to...' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Clear Selection' })).toBeInTheDocument();

    await user.click(within(bar).getByRole('button', { name: 'Move to...' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Submitted', 'In Progress', 'Ready for Proof', 'Approved', 'Published', 'Finished']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Approved' }));

    // The cards change columns at once, before the server has answered.
    await within(column('Approved')).findByRole('link', { name: /Youth Winter Camp/ });
    expect(within(column('Approved')).getByTestId('column-count')).toHaveTextContent('3 tasks');
    expect(within(column('Submitted')).getByText('No tasks in this stage yet.')).toBeInTheDocument();
    answer();
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Success');
    expect(toast).toHaveTextContent('Moved 3 items to Approved');
    const [body] = moves(api);
    expect(body.stage).toBe('approved');
    expect(body.itemIds).toHaveLength(3);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selected tasks' })).not.toBeInTheDocument());
  });

  it('undoes a bulk move from its toast: each card back to the exact status it left', async () => {
    const { api, data } = setup();
    const before = new Map(data.items.map((c) => [c.id, c.status]));
    const user = userEvent.setup();
    await screen.findByText('Youth Winter Camp');
    await user.click(screen.getByRole('checkbox', { name: 'Select Serve Day, Sunday Slide Deck' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select all tasks in Submitted' }));
    await user.click(within(screen.getByRole('region', { name: 'Selected tasks' })).getByRole('button', { name: 'Move to...' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Approved' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Moved 3 items to Approved');
    await waitFor(() => expect(within(column('Approved')).getByTestId('column-count')).toHaveTextContent('3 tasks'));

    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Move undone'));
    expect(screen.getByTestId('toast')).toHaveTextContent('3 items back where they were.');
    const [, ...back] = moves(api);
    expect(back.map((b) => b.stage).sort()).toEqual(['finished', 'submitted']);
    expect(back.find((b) => b.stage === 'submitted')!.itemIds).toHaveLength(2);
    // 'Not Started' comes back as 'Not Started', not as the column's first status.
    const youth = data.items.find((c) => c.eventTitle === 'Youth Winter Camp')!;
    expect(back.find((b) => b.stage === 'submitted')!.statuses?.[youth.id]).toBe('not_started');
    for (const b of back) for (const id of b.itemIds) expect(data.items.find((c) => c.id === id)!.status).toBe(before.get(id));
    await waitFor(() => expect(within(column('Submitted')).getByTestId('column-count')).toHaveTextContent('2 tasks'));
    expect(within(column('Finished')).getByRole('link', { name: /Serve Day/ })).toBeInTheDocument();
    expect(within(column('Approved')).getByText('No tasks in this stage yet.')).toBeInTheDocument();
  });

  it('leaves a card someone else moved since, and says so', async () => {
    const { api, data } = setup();
    const user = userEvent.setup();
    await screen.findByText('Serve Day');
    await user.click(screen.getByRole('checkbox', { name: 'Select Serve Day, Sunday Slide Deck' }));
    await user.click(within(screen.getByRole('region', { name: 'Selected tasks' })).getByRole('button', { name: 'Move to...' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Approved' }));
    const toast = await screen.findByTestId('toast');
    await waitFor(() => expect(within(column('Approved')).getByTestId('column-count')).toHaveTextContent('1 task'));
    // Someone else moves it on; the server answers that it already sits in Finished.
    data.items = data.items.map((c) => (c.eventTitle === 'Serve Day' ? { ...c, stage: 'finished', status: 'complete' } : c));

    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Could not undo the move'));
    expect(screen.getByTestId('toast')).toHaveTextContent('1 item moved by someone else since, left where it is.');
    expect(moves(api).length).toBeLessThanOrEqual(2);
  });

  it('says so when the server refuses the undo', async () => {
    setup();
    const user = userEvent.setup();
    await screen.findByText('Serve Day');
    await user.click(screen.getByRole('checkbox', { name: 'Select Serve Day, Sunday Slide Deck' }));
    await user.click(within(screen.getByRole('region', { name: 'Selected tasks' })).getByRole('button', { name: 'Move to...' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Approved' }));
    const toast = await screen.findByTestId('toast');
    await waitFor(() => expect(within(column('Approved')).getByTestId('column-count')).toHaveTextContent('1 task'));
    refuseMoves = true;
    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Could not undo the move'));
    expect(screen.getByTestId('toast')).toHaveTextContent('You can move only the tasks assigned to you.');
  });

  it('assigns the selection to a person', async () => {
    const { api, data } = setup();
    const user = userEvent.setup();
    await screen.findByText('Youth Winter Camp');
    await user.click(screen.getByRole('checkbox', { name: 'Select all tasks in Submitted' }));
    await user.click(screen.getByRole('button', { name: 'Assign to...' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cora Creative' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Success');
    expect(toast).toHaveTextContent('Assigned 2 items to Cora Creative');
    expect(api.sent('POST', '/api/board/assign').map((c) => c.body)).toEqual([
      { itemIds: [data.items[0].id, data.items[1].id], assigneeId: 'cora-1' },
    ]);
  });

  it('clears the selection', async () => {
    setup();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Serve Day, Sunday Slide Deck' }));
    await user.click(screen.getByRole('button', { name: 'Clear Selection' }));
    expect(screen.queryByRole('region', { name: 'Selected tasks' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Serve Day, Sunday Slide Deck' })).not.toBeChecked();
  });

  it('reloads the board and shows the server’s reason when a move fails', async () => {
    const { api } = setup({ moveStatus: 403 });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Serve Day, Sunday Slide Deck' }));
    const boardLoads = () => api.sent('GET', '/api/board').length;
    const before = boardLoads();
    await user.click(screen.getByRole('button', { name: 'Move to...' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Submitted' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Error moving items');
    expect(toast).toHaveTextContent('You can move only the tasks assigned to you.');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    await waitFor(() => expect(boardLoads()).toBeGreaterThan(before));
    // The reload puts the card back where the server has it.
    await waitFor(() => expect(within(column('Finished')).getByRole('link', { name: /Serve Day/ })).toBeInTheDocument());
  });

  it('shows a creative no bulk assign, and no box or grip on cards they may not move', async () => {
    setup({ manager: false });
    const user = userEvent.setup();
    await screen.findByText('Men’s Breakfast');
    expect(screen.queryByRole('checkbox', { name: /Select Men’s Breakfast/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Drag Men’s Breakfast/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Drag Serve Day, Sunday Slide Deck' })).toBeInTheDocument();
    // The only card in In Progress is not theirs: nothing to select there.
    expect(screen.getByRole('checkbox', { name: 'Select all tasks in In Progress' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select Serve Day, Sunday Slide Deck' }));
    expect(screen.getByRole('button', { name: 'Move to...' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign to...' })).not.toBeInTheDocument();
  });

  it('searches by event title after typing stops', async () => {
    const { api } = setup();
    const user = userEvent.setup();
    await screen.findByText('Youth Winter Camp');
    await user.type(screen.getByPlaceholderText('Search by event title...'), 'Camp');
    const urls = () => api.calls.map((c) => c.url);
    await waitFor(() => expect(urls()).toContain('/api/board?search=Camp'));
    expect(urls()).not.toContain('/api/board?search=Ca');
  });

  it('says when the tasks could not be fetched, with a retry', async () => {
    const { api } = setup({ boardStatus: 500 });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error fetching tasks');
    const calls = api.calls.length;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(api.calls.length).toBeGreaterThan(calls));
  });
});
