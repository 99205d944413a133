import { queryOptions } from '@tanstack/react-query';
import type { CalendarResponse } from '@shared/api/calendar';
import { api, qs } from '@web/lib/api';
import { requestKeys } from '@web/lib/request-keys';

export interface CalendarRange {
  from: string;
  to: string;
  ministryId?: string;
}

/** The tasks due within the visible grid, optionally of one ministry. */
export const calendarTasksQuery = ({ from, to, ministryId }: CalendarRange) =>
  queryOptions({
    // The key starts with 'requests', so any change to a request's items reloads it live.
    queryKey: [...requestKeys.calendar, from, to, ministryId ?? ''],
    queryFn: () => api.get<CalendarResponse>(`/api/calendar${qs({ from, to, ministryId })}`),
  });
