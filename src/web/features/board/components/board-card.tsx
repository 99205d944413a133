import { useDraggable } from '@dnd-kit/core';
import { CalendarDays, GripVertical, User } from 'lucide-react';
import { Link } from 'react-router';
import { drawerPath } from '@shared/domain/drawer-path';
import { BOARD_MESSAGES, type BoardCard as Card } from '@shared/api/board';
import { formatBoardDate } from '@shared/domain/board';
import { useChannelLabel } from '@web/lib/church-config';
import { cardName } from './board-dnd';
import { ResponseBadge } from '@web/features/people';

interface Props {
  card: Card;
  selected: boolean;
  onSelect: (id: string, selected: boolean) => void;
}

/**
 * A card (guide/production-board.md#cards): event title, due date, channel and assignee. The card opens the
 * request drawer; the grip drags it to another column (pointer or keyboard). Cards the user may
 * not move have neither a grip nor a selection box.
 */
export function BoardCard({ card, selected, onSelect }: Props) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: card.id,
    disabled: !card.canMove,
  });
  const channelLabel = useChannelLabel();
  const name = cardName(card, channelLabel);
  return (
    <li
      ref={setNodeRef}
      data-testid="board-card"
      data-stage={card.stage}
      className={`shrink-0 rounded-md border bg-white shadow-sm transition-opacity ${
        selected ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-200'
      } ${isDragging ? 'opacity-40' : ''}`}
    >
      <div className="flex items-start gap-2 p-3">
        {card.canMove && (
          <input
            type="checkbox"
            className="mt-1 h-4 w-4 flex-none accent-brand-600"
            checked={selected}
            onChange={(e) => onSelect(card.id, e.target.checked)}
            aria-label={`Select ${name}`}
          />
        )}
        <CardBody card={card} />
        {card.canMove && (
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={`Drag ${name}`}
            className="flex-none cursor-grab touch-none rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700 active:cursor-grabbing"
          >
            <GripVertical className="h-4 w-4" aria-hidden />
          </button>
        )}
      </div>
    </li>
  );
}

function CardBody({ card }: { card: Card }) {
  return (
    <Link to={drawerPath(card.requestId, card.id)} className="min-w-0 flex-1 rounded-sm outline-offset-2">
      <CardSummary card={card} />
    </Link>
  );
}

/** Title, channel, due date and assignee. */
function CardSummary({ card }: { card: Card }) {
  const channelLabel = useChannelLabel();
  return (
    <>
      <span className="block truncate font-medium text-slate-900" title={card.eventTitle}>
        {card.eventTitle}
      </span>
      <span className="mt-0.5 block truncate text-sm text-slate-600">{channelLabel(card.channel)}</span>
      <span className="mt-2 flex items-center justify-between gap-2 text-xs text-slate-600">
        <span className="inline-flex items-center gap-1">
          <CalendarDays className="h-3.5 w-3.5" aria-hidden />
          {card.dueDate ? <time dateTime={card.dueDate}>{formatBoardDate(card.dueDate)}</time> : <span>No due date</span>}
        </span>
        <span className={`inline-flex min-w-0 items-center gap-1 ${card.assigneeName ? '' : 'italic text-slate-500'}`}>
          <User className="h-3.5 w-3.5 flex-none" aria-hidden />
          <span className="truncate">{card.assigneeName ?? BOARD_MESSAGES.unassigned}</span>
          {card.assigneeName && card.response !== 'accepted' && <ResponseBadge response={card.response} />}
        </span>
      </span>
    </>
  );
}

/** What follows the pointer or the arrow keys while a card is dragged. */
export function BoardCardPreview({ card }: { card: Card }) {
  return (
    <div className="block h-full cursor-grabbing rounded-md border border-brand-600 bg-white p-3 shadow-lg">
      <CardSummary card={card} />
    </div>
  );
}
