import { queryOptions } from '@tanstack/react-query';
import type { Board } from '@shared/api/board';
import { api, qs } from '@web/lib/api';
import { requestKeys } from '@web/lib/request-keys';

/** The board's cards, optionally only event titles containing the search; the key starts with 'requests' (live reloads). */
export const boardQuery = (search: string) =>
  queryOptions({
    queryKey: [...requestKeys.board, search],
    queryFn: () => api.get<Board>(`/api/board${qs({ search })}`),
  });
