import { queryOptions } from '@tanstack/react-query';
import type { Board } from '@shared/api/board';
import { api, qs } from '@web/lib/api';

/** Every board query: the key starts with 'requests', so any change to a request's items reloads it live. */
export const BOARD_KEY = ['requests', 'board'] as const;

/** The board's cards, optionally only event titles containing the search. */
export const boardQuery = (search: string) =>
  queryOptions({
    queryKey: [...BOARD_KEY, search],
    queryFn: () => api.get<Board>(`/api/board${qs({ search })}`),
  });
