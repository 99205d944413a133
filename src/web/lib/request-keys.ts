import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The query keys of request data, in one place because a change made on one screen shows on
 * others (a board move changes the board, the task lists and the drawer). Each starts with
 * 'requests', the realtime topic: src/web/lib/realtime.ts invalidates every key starting with an
 * event's topic, so other people's changes still reach every screen. A mutation invalidates only
 * the keys its change touches; the realtime event that follows it fills in the rest.
 */
export const requestKeys = {
  all: ['requests'] as const,
  board: ['requests', 'board'] as const,
  /** The task lists: mine, all, the squad's and the Completed pages. */
  tasks: ['requests', 'tasks'] as const,
  /** Every open drawer. */
  details: ['requests', 'detail'] as const,
  detail: (id: string) => ['requests', 'detail', id] as const,
  approvals: ['requests', 'approvals'] as const,
  mine: ['requests', 'mine'] as const,
  intake: ['requests', 'intake'] as const,
  archive: ['requests', 'archive'] as const,
  calendar: ['requests', 'calendar'] as const,
  eventPromotions: ['requests', 'event-promotions'] as const,
};

/**
 * Where an item's work shows: the board, the task lists and the drawers. The request's status
 * follows the work (decision 0007), so the lists that show request statuses reload too.
 */
export const ITEM_WORK_KEYS: readonly QueryKey[] = [
  requestKeys.board,
  requestKeys.tasks,
  requestKeys.details,
  requestKeys.mine,
  requestKeys.intake,
  requestKeys.eventPromotions,
];

/** Invalidates every query under each key and settles once the ones on screen have reloaded. */
export async function invalidateKeys(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
