import { queryOptions } from '@tanstack/react-query';
import type { CalendarDayResponse, CalendarResponse } from '@shared/api/calendar';
import { api, qs } from '@web/lib/api';
import { requestKeys } from '@web/lib/request-keys';

export interface CalendarRange {
  from: string;
  to: string;
  ministryId?: string;
}

/** The grid's tasks: each day's first chips and every day's count (decision 0044), optionally of one ministry. */
export const calendarTasksQuery = ({ from, to, ministryId }: CalendarRange) =>
  queryOptions({
    // The key starts with 'requests', so any change to a request's items reloads it live.
    queryKey: [...requestKeys.calendar, from, to, ministryId ?? ''],
    queryFn: () => api.get<CalendarResponse>(`/api/calendar${qs({ from, to, ministryId })}`),
  });

/** Every task of one day, behind its '+N more'. */
export const calendarDayTasksQuery = (date: string, ministryId?: string) =>
  queryOptions({
    queryKey: [...requestKeys.calendar, 'day', date, ministryId ?? ''],
    queryFn: () => api.get<CalendarDayResponse>(`/api/calendar/day${qs({ date, ministryId })}`),
  });
