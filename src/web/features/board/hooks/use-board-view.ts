import {
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { Board, BoardCard, BoardColumnMore } from '@shared/api/board';
import type { AssigneeOption } from '@shared/api/tasks';
import { BOARD_STAGES, isBoardStage, STAGE_STATUSES, type BoardStage } from '@shared/domain/board';
import { useChannelLabel } from '@web/lib/church-config';
import { requestKeys } from '@web/lib/request-keys';
import { useWideLayout } from '@web/lib/use-media-query';
import { useAssignItems } from '../api/assign-items';
import { assigneesQuery } from '../api/get-assignees';
import { boardColumnQuery, nextColumnPage, type ColumnPageParam } from '../api/get-board';
import { useMoveItems } from '../api/move-items';
import { boardAnnouncements, boardKeyboardCoordinates } from '../components/board-dnd';
import { assignToasts, moveToasts } from '../components/board-toasts';

type Pages = Record<BoardStage, ColumnPageParam[]>;
const noPages = (): Pages => Object.fromEntries(BOARD_STAGES.map((s) => [s, []])) as unknown as Pages;

/**
 * The columns' loaded pages and the selection, kept when a card's request is opened (the board
 * leaves the screen for the drawer) and taken back once by the same history entry when the drawer
 * closes, so the board is as it was (decision 0057).
 */
let kept: { key: string; search: string; pages: Pages; chosen: ReadonlySet<string> } | null = null;

/**
 * The board's state for `BoardView`: the columns' cards from the first read, the extra pages each
 * column loaded and the cards this person dropped; the selection, the drag, the phone's column;
 * and the moves and assignments with their toasts. The view only draws what this returns.
 */
export function useBoardView(board: Board, search: string) {
  const { key } = useLocation();
  const [memory] = useState(() => {
    const found = kept?.key === key && kept.search === search ? kept : null;
    kept = null;
    return found;
  });
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => memory?.chosen ?? new Set());
  const [dragging, setDragging] = useState<BoardCard | null>(null);
  // The column a phone shows (the board shows them all from the small breakpoint up).
  const [phoneStage, setPhoneStage] = useState<BoardStage>(BOARD_STAGES[0]);
  // The extra pages each column has loaded ('Load more', 'Show older'; decision 0026).
  const [pages, setPages] = useState<Pages>(() => memory?.pages ?? noPages());
  const current = useRef({ key, search, pages, chosen });
  useEffect(() => {
    current.current = { key, search, pages, chosen };
  }, [key, search, pages, chosen]);
  useEffect(
    () => () => {
      // Left for a request's drawer (the address has already changed): keep the board for the way back.
      if (window.location.pathname.startsWith('/request/')) kept = current.current;
    },
    [],
  );
  // Cards dropped by this user: a card dropped into a column stays in sight there even when the
  // column's loaded pages end before its place (a late due date), until the data shows it anywhere.
  const [dropped, setDropped] = useState<ReadonlyMap<string, BoardCard>>(new Map());
  // Undo reads the board as it is when pressed (the loaded pages, reloaded live), not as it was at the move.
  const queryClient = useQueryClient();
  const move = useMoveItems(
    moveToasts({
      moveBack: (vars) => move.mutateAsync(vars),
      current: (id) =>
        queryClient
          .getQueriesData<Pick<Board, 'items'>>({ queryKey: requestKeys.board })
          .flatMap(([, data]) => data?.items ?? [])
          .find((c) => c.id === id),
    }),
  );
  const assign = useAssignItems(assignToasts);
  const assignees = useQuery({ ...assigneesQuery, enabled: board.canAssign });
  const requested = BOARD_STAGES.flatMap((stage) => pages[stage].map((param) => ({ stage, param })));
  const extra = useQueries({ queries: requested.map(({ stage, param }) => boardColumnQuery(search, stage, param)) });

  // Recomputed each render: a few hundred cards at most, and `extra` is a new array every render.
  const loaded = (() => {
    const cards: BoardCard[] = [...board.items];
    const more = { ...board.columns } as Record<BoardStage, BoardColumnMore>;
    const loading = new Set<BoardStage>();
    requested.forEach(({ stage }, n) => {
      const page = extra[n];
      if (page?.data) {
        cards.push(...page.data.items);
        more[stage] = page.data;
      } else loading.add(stage);
    });
    return { cards, more, loading };
  })();

  const byId = new Map<string, BoardCard>();
  for (const card of loaded.cards) if (!byId.has(card.id)) byId.set(card.id, card);
  for (const [id, card] of dropped) if (!byId.has(id)) byId.set(id, card);
  const fromOf = (itemIds: string[]) => Object.fromEntries(itemIds.flatMap((id) => (byId.get(id) ? [[id, byId.get(id)!.status]] : [])));
  const columns = Object.fromEntries(BOARD_STAGES.map((s) => [s, [] as BoardCard[]])) as Record<BoardStage, BoardCard[]>;
  for (const card of byId.values()) columns[card.stage].push(card);
  const loadMore = (stage: BoardStage) => {
    const next = nextColumnPage(loaded.more[stage]);
    if (next) setPages((prev) => ({ ...prev, [stage]: [...prev[stage], { cursor: next.cursor, older: next.older }] }));
  };
  const keepDropped = (itemIds: string[], stage: BoardStage) =>
    setDropped((prev) => {
      const next = new Map(prev);
      for (const id of itemIds) {
        const card = byId.get(id);
        if (card && card.stage !== stage) next.set(id, { ...card, stage, status: STAGE_STATUSES[stage][0] });
      }
      return next;
    });
  // Only cards still on screen and still movable count: a search or a reload may hide some.
  const selected = new Set([...chosen].filter((id) => byId.get(id)?.canMove));

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: boardKeyboardCoordinates }),
  );
  const channelLabel = useChannelLabel();
  const announcements = boardAnnouncements((id: UniqueIdentifier) => byId.get(String(id)), channelLabel);

  const onSelect = (id: string, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const onSelectAll = (ids: string[], on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const clear = () => setChosen(new Set());

  const onDragStart = ({ active }: DragStartEvent) => setDragging(byId.get(String(active.id)) ?? null);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const card = byId.get(String(active.id));
    if (!card || !over || !isBoardStage(over.id) || over.id === card.stage) return;
    keepDropped([card.id], over.id);
    move.mutate({ itemIds: [card.id], stage: over.id, kind: 'single', from: { [card.id]: card.status } });
  };

  const ids = [...selected];
  // On a phone one column shows at a time, chosen in a switcher that gives every column's count.
  const wide = useWideLayout();
  const stagesShown = wide ? BOARD_STAGES : BOARD_STAGES.filter((stage) => stage === phoneStage);
  const countLabel = (stage: BoardStage) => `${columns[stage].length}${nextColumnPage(loaded.more[stage])?.kind === 'more' ? '+' : ''}`;
  const moreOf = (stage: BoardStage) => nextColumnPage(loaded.more[stage])?.kind ?? null;
  const moveSelected = (stage: BoardStage) => {
    const from = fromOf(ids);
    keepDropped(ids, stage);
    move.mutate({ itemIds: ids, stage, kind: 'bulk', from }, { onSuccess: clear });
  };
  const assignSelected = (person: AssigneeOption) => assign.mutate({ itemIds: ids, assigneeId: person.id }, { onSuccess: clear });

  return {
    wide,
    stagesShown,
    phoneStage,
    setPhoneStage,
    countLabel,
    columns,
    moreOf,
    loadingMore: (stage: BoardStage) => loaded.loading.has(stage),
    loadMore,
    selected,
    ids,
    onSelect,
    onSelectAll,
    clear,
    dnd: { sensors, announcements, onDragStart, onDragEnd, onDragCancel: () => setDragging(null) },
    dragging,
    busy: move.isPending || assign.isPending,
    assignees: board.canAssign ? { options: assignees.data } : null,
    moveSelected,
    assignSelected,
  };
}
