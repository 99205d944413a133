import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { requestKeys } from '@web/lib/request-keys';
import { BOARD_MESSAGES, type Board, type BoardCard, type BoardColumnMore } from '@shared/api/board';
import { BOARD_STAGES, isBoardStage, STAGE_LABELS, STAGE_STATUSES, type BoardStage } from '@shared/domain/board';
import { PageHeader } from '@web/components/ui/card';
import { Input, Label } from '@web/components/ui/input';
import { ErrorState, LoadingState } from '@web/components/ui/states';
import { useListParams, useSearchText } from '@web/lib/use-list-params';
import { useWideLayout } from '@web/lib/use-media-query';
import { useAssignItems } from '../api/assign-items';
import { assigneesQuery } from '../api/get-assignees';
import { boardColumnQuery, boardQuery, nextColumnPage, type ColumnPageParam } from '../api/get-board';
import { useMoveItems } from '../api/move-items';
import { assignToasts, moveToasts } from '../components/board-toasts';
import { useChannelLabel } from '@web/lib/church-config';
import { BoardCardPreview } from '../components/board-card';
import { BoardColumn } from '../components/board-column';
import { boardAnnouncements, boardCollisions, boardKeyboardCoordinates, screenReaderInstructions } from '../components/board-dnd';
import { SelectionBar } from '../components/selection-bar';

/**
 * /production 'Production Board' (guide/production-board.md#cards, #moving-a-card, guide/production-board.md#stages): six stage columns of
 * request items, searchable by event title, with drag and drop (pointer and keyboard), selection
 * with bulk move and bulk assign, and live reloads. The server says which cards the user may move
 * and whether they may assign; the page shows only that.
 */
export function Component() {
  // The search lives in the address (decision 0057): closing a card's request comes back to it.
  const [params, setParams] = useListParams({ search: '' });
  const writeSearch = useCallback((text: string) => setParams({ search: text }, { replace: true }), [setParams]);
  const [search, setSearch] = useSearchText(params.search, writeSearch);
  const query = params.search.trim();
  // The previous results stay on screen while a new search loads.
  const board = useQuery({ ...boardQuery(query), placeholderData: keepPreviousData });

  return (
    <main className="px-4 py-8 sm:px-6">
      <PageHeader title={BOARD_MESSAGES.title} />
      <div className="relative mb-6 max-w-md">
        <Label htmlFor="board-search" className="sr-only">
          Search by event title
        </Label>
        <Search className="pointer-events-none absolute left-3 top-3 h-4 w-4 text-slate-400" aria-hidden />
        <Input
          id="board-search"
          type="search"
          className="pl-9"
          placeholder={BOARD_MESSAGES.searchPlaceholder}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {board.isPending ? (
        <LoadingState label="Loading tasks..." />
      ) : board.isError ? (
        <ErrorState message={BOARD_MESSAGES.fetchFailed} onRetry={() => void board.refetch()} />
      ) : (
        // A new search starts every column from its first page again.
        <BoardView key={query} board={board.data} search={query} />
      )}
    </main>
  );
}

type Pages = Record<BoardStage, ColumnPageParam[]>;
const noPages = (): Pages => Object.fromEntries(BOARD_STAGES.map((s) => [s, []])) as unknown as Pages;

/**
 * The columns' loaded pages and the selection, kept when a card's request is opened (the board
 * leaves the screen for the drawer) and taken back once by the same history entry when the drawer
 * closes, so the board is as it was (decision 0057).
 */
let kept: { key: string; search: string; pages: Pages; chosen: ReadonlySet<string> } | null = null;

function BoardView({ board, search }: { board: Board; search: string }) {
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
  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={boardCollisions}
        accessibility={{ announcements, screenReaderInstructions }}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragging(null)}
      >
        {/*
          The board fills the window: columns scroll on their own, the stages scroll sideways inside
          this box and never the page. The box is positioned so that absolutely positioned content
          of far columns (the screen-reader-only counts) is clipped by it too, instead of widening
          the document to 2,000 px.
        */}
        {!wide && (
          <div className="mb-3">
            <Label htmlFor="board-column-switcher">Column</Label>
            <select
              id="board-column-switcher"
              value={phoneStage}
              onChange={(e) => isBoardStage(e.target.value) && setPhoneStage(e.target.value)}
              className="block h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
            >
              {BOARD_STAGES.map((stage) => (
                <option key={stage} value={stage}>
                  {STAGE_LABELS[stage]} ({countLabel(stage)})
                </option>
              ))}
            </select>
          </div>
        )}
        <div
          className="relative flex items-stretch gap-4 overflow-x-auto pb-2"
          style={{ height: wide ? 'calc(100vh - 15.5rem)' : 'calc(100vh - 19rem)', minHeight: '24rem' }}
          data-testid="board-columns"
        >
          {stagesShown.map((stage) => (
            <BoardColumn
              fill={!wide}
              key={stage}
              stage={stage}
              cards={columns[stage]}
              selected={selected}
              onSelect={onSelect}
              onSelectAll={onSelectAll}
              more={nextColumnPage(loaded.more[stage])?.kind ?? null}
              loadingMore={loaded.loading.has(stage)}
              onLoadMore={() => loadMore(stage)}
            />
          ))}
        </div>
        <DragOverlay dropAnimation={null}>{dragging && <BoardCardPreview card={dragging} />}</DragOverlay>
      </DndContext>
      {ids.length > 0 && (
        <SelectionBar
          count={ids.length}
          busy={move.isPending || assign.isPending}
          assignees={board.canAssign ? { options: assignees.data } : null}
          onMove={(stage) => {
            const from = fromOf(ids);
            keepDropped(ids, stage);
            move.mutate({ itemIds: ids, stage, kind: 'bulk', from }, { onSuccess: clear });
          }}
          onAssign={(person) => assign.mutate({ itemIds: ids, assigneeId: person.id }, { onSuccess: clear })}
          onClear={clear}
        />
      )}
    </>
  );
}
