import { useDroppable } from '@dnd-kit/core';
import { useEffect, useRef } from 'react';
import { BOARD_MESSAGES, type BoardCard as Card } from '@shared/api/board';
import { BOARD_COLUMN_WIDTH_PX, STAGE_LABELS, type BoardStage } from '@shared/domain/board';
import { BoardCard } from './board-card';

interface Props {
  stage: BoardStage;
  cards: Card[];
  selected: ReadonlySet<string>;
  onSelect: (id: string, selected: boolean) => void;
  onSelectAll: (ids: string[], selected: boolean) => void;
  /** What the column's button loads: the next page ('Load more'), older finished work ('Show older'), or nothing. */
  more?: 'more' | 'older' | null;
  loadingMore?: boolean;
  onLoadMore?: () => void;
  /** On a phone the one column shown takes the whole width. */
  fill?: boolean;
}

export const COLUMN_LOAD_MORE = 'Load more';
export const COLUMN_SHOW_OLDER = 'Show older';

/** One stage (guide/production-board.md#cards): title, count, select-all, its cards or the empty text. A drop target. */
export function BoardColumn({
  stage,
  cards,
  selected,
  onSelect,
  onSelectAll,
  more = null,
  loadingMore = false,
  onLoadMore,
  fill = false,
}: Props) {
  const { setNodeRef, isOver } = useDroppable({ id: stage });
  const title = STAGE_LABELS[stage];
  const selectable = cards.filter((c) => c.canMove).map((c) => c.id);
  const chosen = selectable.filter((id) => selected.has(id)).length;
  const all = selectable.length > 0 && chosen === selectable.length;
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = chosen > 0 && !all;
  }, [chosen, all]);
  const headingId = `stage-${stage}`;

  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-testid={`column-${stage}`}
      style={fill ? undefined : { width: BOARD_COLUMN_WIDTH_PX }}
      className={`flex ${fill ? 'w-full min-w-0 flex-1' : 'flex-none'} flex-col rounded-lg border transition-colors ${
        isOver ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-slate-50'
      }`}
    >
      <header className="flex items-center gap-2 border-b border-slate-200 px-3 py-2.5">
        <input
          ref={box}
          type="checkbox"
          className="h-4 w-4 accent-brand-600 disabled:opacity-40"
          checked={all}
          disabled={selectable.length === 0}
          onChange={() => onSelectAll(selectable, !all)}
          aria-label={`Select all tasks in ${title}`}
        />
        <h2 id={headingId} className="flex-1 text-sm font-semibold text-slate-900">
          {title}
        </h2>
        <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700" data-testid="column-count">
          {cards.length}
          {more === 'more' && '+'}
          <span className="sr-only"> {cards.length === 1 ? 'task' : 'tasks'}</span>
        </span>
      </header>
      {cards.length === 0 && !more ? (
        <p className="flex min-h-32 flex-1 items-center justify-center p-4 text-center text-sm text-slate-500">
          {BOARD_MESSAGES.emptyColumn}
        </p>
      ) : (
        <div className="flex min-h-0 flex-1 flex-col overflow-y-auto p-2 pb-20">
          {cards.length > 0 && (
            <ul className="flex flex-col gap-2" aria-label={`${title} tasks`}>
              {cards.map((card) => (
                <BoardCard key={card.id} card={card} selected={selected.has(card.id)} onSelect={onSelect} />
              ))}
            </ul>
          )}
          {more && (
            <button
              type="button"
              className="mt-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 disabled:opacity-50"
              onClick={onLoadMore}
              disabled={loadingMore}
              aria-label={`${more === 'older' ? COLUMN_SHOW_OLDER : COLUMN_LOAD_MORE} in ${title}`}
            >
              {loadingMore ? 'Loading...' : more === 'older' ? COLUMN_SHOW_OLDER : COLUMN_LOAD_MORE}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
