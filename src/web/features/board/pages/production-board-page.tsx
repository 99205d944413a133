import { DndContext, DragOverlay } from '@dnd-kit/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useCallback } from 'react';
import { BOARD_MESSAGES, type Board } from '@shared/api/board';
import { BOARD_STAGES, isBoardStage, STAGE_LABELS } from '@shared/domain/board';
import { PageHeader } from '@web/components/ui/card';
import { Input, Label } from '@web/components/ui/input';
import { ErrorState, LoadingState } from '@web/components/ui/states';
import { useListParams, useSearchText } from '@web/lib/use-list-params';
import { boardQuery } from '../api/get-board';
import { BoardCardPreview } from '../components/board-card';
import { BoardColumn } from '../components/board-column';
import { boardCollisions, screenReaderInstructions } from '../components/board-dnd';
import { SelectionBar } from '../components/selection-bar';
import { useBoardView } from '../hooks/use-board-view';

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

function BoardView({ board, search }: { board: Board; search: string }) {
  const view = useBoardView(board, search);
  const { wide, columns, selected, ids } = view;
  return (
    <>
      <DndContext
        sensors={view.dnd.sensors}
        collisionDetection={boardCollisions}
        accessibility={{ announcements: view.dnd.announcements, screenReaderInstructions }}
        onDragStart={view.dnd.onDragStart}
        onDragEnd={view.dnd.onDragEnd}
        onDragCancel={view.dnd.onDragCancel}
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
              value={view.phoneStage}
              onChange={(e) => isBoardStage(e.target.value) && view.setPhoneStage(e.target.value)}
              className="block h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
            >
              {BOARD_STAGES.map((stage) => (
                <option key={stage} value={stage}>
                  {STAGE_LABELS[stage]} ({view.countLabel(stage)})
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
          {view.stagesShown.map((stage) => (
            <BoardColumn
              fill={!wide}
              key={stage}
              stage={stage}
              cards={columns[stage]}
              selected={selected}
              onSelect={view.onSelect}
              onSelectAll={view.onSelectAll}
              more={view.moreOf(stage)}
              loadingMore={view.loadingMore(stage)}
              onLoadMore={() => view.loadMore(stage)}
            />
          ))}
        </div>
        <DragOverlay dropAnimation={null}>{view.dragging && <BoardCardPreview card={view.dragging} />}</DragOverlay>
      </DndContext>
      {ids.length > 0 && (
        <SelectionBar
          count={ids.length}
          busy={view.busy}
          assignees={view.assignees}
          onMove={view.moveSelected}
          onAssign={view.assignSelected}
          onClear={view.clear}
        />
      )}
    </>
  );
}
