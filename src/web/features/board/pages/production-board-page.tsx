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
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { BOARD_LIMIT, BOARD_MESSAGES, type Board, type BoardCard } from '@shared/api/board';
import { BOARD_STAGES, isBoardStage, type BoardStage } from '@shared/domain/board';
import { PageHeader } from '@web/components/ui/card';
import { Input, Label } from '@web/components/ui/input';
import { ErrorState, LoadingState } from '@web/components/ui/states';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { useAssignItems } from '../api/assign-items';
import { assigneesQuery } from '../api/get-assignees';
import { boardQuery } from '../api/get-board';
import { useMoveItems } from '../api/move-items';
import { assignToasts, moveToasts } from '../components/board-toasts';
import { BoardCardPreview } from '../components/board-card';
import { BoardColumn } from '../components/board-column';
import { boardAnnouncements, boardCollisions, boardKeyboardCoordinates, screenReaderInstructions } from '../components/board-dnd';
import { SelectionBar } from '../components/selection-bar';

/**
 * /production 'Production Board' (spec 002 sections 2 and 4, DESIGN 5.3): six stage columns of
 * request items, searchable by event title, with drag and drop (pointer and keyboard), selection
 * with bulk move and bulk assign, and live reloads. The server says which cards the user may move
 * and whether they may assign; the page shows only that.
 */
export function Component() {
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), 300);
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
        <BoardView board={board.data} />
      )}
    </main>
  );
}

function BoardView({ board }: { board: Board }) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [dragging, setDragging] = useState<BoardCard | null>(null);
  const move = useMoveItems(moveToasts);
  const assign = useAssignItems(assignToasts);
  const assignees = useQuery({ ...assigneesQuery, enabled: board.canAssign });

  const byId = useMemo(() => new Map(board.items.map((c) => [c.id, c])), [board.items]);
  const columns = useMemo(() => {
    const out = Object.fromEntries(BOARD_STAGES.map((s) => [s, [] as BoardCard[]])) as Record<BoardStage, BoardCard[]>;
    for (const card of board.items) out[card.stage].push(card);
    return out;
  }, [board.items]);
  // Only cards still on screen and still movable count: a search or a reload may hide some.
  const selected = useMemo(() => new Set([...chosen].filter((id) => byId.get(id)?.canMove)), [chosen, byId]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: boardKeyboardCoordinates }),
  );
  const announcements = useMemo(() => boardAnnouncements((id: UniqueIdentifier) => byId.get(String(id))), [byId]);

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
    move.mutate({ itemIds: [card.id], stage: over.id, kind: 'single' });
  };

  const ids = [...selected];
  return (
    <>
      {board.truncated && <p className="mb-3 text-sm text-slate-600">Showing the first {BOARD_LIMIT} tasks, soonest due first.</p>}
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
        <div
          className="relative flex items-stretch gap-4 overflow-x-auto pb-2"
          style={{ height: 'calc(100vh - 15.5rem)', minHeight: '24rem' }}
          data-testid="board-columns"
        >
          {BOARD_STAGES.map((stage) => (
            <BoardColumn
              key={stage}
              stage={stage}
              cards={columns[stage]}
              selected={selected}
              onSelect={onSelect}
              onSelectAll={onSelectAll}
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
          onMove={(stage) => move.mutate({ itemIds: ids, stage, kind: 'bulk' }, { onSuccess: clear })}
          onAssign={(person) => assign.mutate({ itemIds: ids, assigneeId: person.id }, { onSuccess: clear })}
          onClear={clear}
        />
      )}
    </>
  );
}
