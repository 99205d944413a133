import {
  pointerWithin,
  rectIntersection,
  type Announcements,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import type { BoardCard } from '@shared/api/board';
import { isBoardStage, KEYBOARD_DRAG_STEP_PX, STAGE_LABELS } from '@shared/domain/board';

/** Keyboard drag: each arrow press moves the card 25 px (guide/production-board.md#stages). */
export const boardKeyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates: at }) => {
  switch (event.code) {
    case 'ArrowRight':
      return { ...at, x: at.x + KEYBOARD_DRAG_STEP_PX };
    case 'ArrowLeft':
      return { ...at, x: at.x - KEYBOARD_DRAG_STEP_PX };
    case 'ArrowDown':
      return { ...at, y: at.y + KEYBOARD_DRAG_STEP_PX };
    case 'ArrowUp':
      return { ...at, y: at.y - KEYBOARD_DRAG_STEP_PX };
    default:
      return undefined;
  }
};

/** The column under the pointer; with the keyboard (no pointer) the column the card overlaps most. */
export const boardCollisions: CollisionDetection = (args) => {
  const under = pointerWithin(args);
  return under.length > 0 ? under : rectIntersection(args);
};

/** A card as people hear it: its event and its channel as the church names it (useChannelLabel). */
export const cardName = (card: Pick<BoardCard, 'eventTitle' | 'channel'>, channelLabel: (code: string) => string) =>
  `${card.eventTitle}, ${channelLabel(card.channel)}`;
const stageName = (id: UniqueIdentifier | undefined) => (isBoardStage(id) ? STAGE_LABELS[id] : null);

export const screenReaderInstructions: ScreenReaderInstructions = {
  draggable:
    'To move a task to another stage, press Space or Enter to pick it up, use the arrow keys to move it over a column, then press Space or Enter to drop it, or Escape to cancel.',
};

/** What a screen reader hears while a card is dragged. */
export function boardAnnouncements(
  cardOf: (id: UniqueIdentifier) => BoardCard | undefined,
  channelLabel: (code: string) => string,
): Announcements {
  const name = (id: UniqueIdentifier) => {
    const card = cardOf(id);
    return card ? cardName(card, channelLabel) : 'Task';
  };
  return {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}.`,
    onDragOver: ({ active, over }) => {
      const stage = stageName(over?.id);
      return stage ? `${name(active.id)} is over ${stage}.` : `${name(active.id)} is no longer over a stage.`;
    },
    onDragEnd: ({ active, over }) => {
      const stage = stageName(over?.id);
      return stage
        ? `${name(active.id)} was dropped in ${stage}.`
        : `${name(active.id)} was dropped outside the stages and stays where it was.`;
    },
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
  };
}
