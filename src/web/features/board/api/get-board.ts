import { queryOptions } from '@tanstack/react-query';
import type { Board, BoardColumnMore, BoardColumnPage } from '@shared/api/board';
import type { BoardStage } from '@shared/domain/board';
import { api, qs } from '@web/lib/api';
import { requestKeys } from '@web/lib/request-keys';

/** The board's cards, optionally only event titles containing the search; the key starts with 'requests' (live reloads). */
export const boardQuery = (search: string) =>
  queryOptions({
    queryKey: [...requestKeys.board, search],
    queryFn: () => api.get<Board>(`/api/board${qs({ search })}`),
  });

/** Where a column goes on: the cursor of its next page and whether that page reaches past the recent window. */
export interface ColumnPageParam {
  cursor: string;
  older: boolean;
}

/** The next page of a column after what it shows ('Load more'), or older finished work ('Show older'); null at the end. */
export function nextColumnPage(more: BoardColumnMore): (ColumnPageParam & { kind: 'more' | 'older' }) | null {
  if (more.nextCursor) return { cursor: more.nextCursor, older: more.older, kind: 'more' };
  if (more.olderCursor) return { cursor: more.olderCursor, older: true, kind: 'older' };
  return null;
}

/**
 * One more page of one column (decision 0026). A keyset page is a position, not an offset, so a
 * live reload refetches it in place without gaps or repeats. Its data has `items` like the board's,
 * so a move's optimistic update (under the same 'requests','board' key) moves its cards too.
 */
export const boardColumnQuery = (search: string, stage: BoardStage, { cursor, older }: ColumnPageParam) =>
  queryOptions({
    queryKey: [...requestKeys.board, search, 'column', stage, cursor, older],
    queryFn: () => api.get<BoardColumnPage>(`/api/board/column${qs({ stage, cursor, older: older ? 'true' : undefined, search })}`),
  });
