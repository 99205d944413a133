import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@web/components/ui/button';

/** Where an item stands in its ordered list, for Move up and Move down. */
export interface MediaItemOrder {
  position: number;
  total: number;
  onMove: (by: -1 | 1) => void;
}

interface MediaItemActionsProps {
  /** The item as the buttons name it: 'Move {name} up', 'Delete {name}'. */
  name: string;
  canEdit: boolean;
  /** Given for items in an order (videos, slides); a post has none. */
  order?: MediaItemOrder;
  /** Stages the delete: the item leaves the draft now and the server only with the editor's Save. */
  onDelete: () => void;
}

/** A Sunday media item's buttons: Move up and Move down where the list has an order, and Delete. */
export function MediaItemActions({ name, canEdit, order, onDelete }: MediaItemActionsProps) {
  return (
    <div className="flex gap-1">
      {order && (
        <>
          <Button
            size="icon"
            variant="ghost"
            aria-label={`Move ${name} up`}
            disabled={!canEdit || order.position === 0}
            onClick={() => order.onMove(-1)}
          >
            <ArrowUp className="h-4 w-4" aria-hidden />
          </Button>
          <Button
            size="icon"
            variant="ghost"
            aria-label={`Move ${name} down`}
            disabled={!canEdit || order.position === order.total - 1}
            onClick={() => order.onMove(1)}
          >
            <ArrowDown className="h-4 w-4" aria-hidden />
          </Button>
        </>
      )}
      <Button size="icon" variant="ghost" aria-label={`Delete ${name}`} disabled={!canEdit} onClick={onDelete}>
        <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
      </Button>
    </div>
  );
}

interface MediaCardProps extends MediaItemActionsProps {
  /** The card's heading: where the item stands (#2 in service, Post 3). */
  heading: ReactNode;
  /** A new item not saved yet carries a 'Not saved' badge beside its heading. */
  unsaved?: boolean;
  children: ReactNode;
}

/**
 * The shell of one Sunday media item (a video, a post): a list item card whose header holds the
 * heading, the 'Not saved' badge of a new item, and the item's actions; its fields come as children.
 */
export function MediaCard({ heading, unsaved, children, ...actions }: MediaCardProps) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="mb-3 flex items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-2">
          {heading}
          {unsaved && <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-800">Not saved</span>}
        </div>
        <MediaItemActions {...actions} />
      </div>
      {children}
    </li>
  );
}
