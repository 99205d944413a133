import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { CALENDAR_MESSAGES, type CalendarSundayWork } from '@shared/api/calendar';
import { groupByDay, isMonth, monthGrid, monthLabel, monthOf, nextMonth, previousMonth } from '@shared/domain/calendar';
import { CHURCH_TIME_ZONE_DEFAULT } from '@shared/domain/constants';
import { todayIn } from '@shared/domain/dates';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/input';
import { ErrorState, LoadingState } from '@web/components/ui/states';
import { toast } from '@web/components/ui/toast-store';
import { MinistryFilterOptions } from '@web/lib/ministry-filter-options';
import { calendarTasksQuery } from '../api/get-calendar';
import { useWideLayout } from '@web/lib/use-media-query';
import { CalendarAgenda } from '../components/calendar-agenda';
import { CalendarGrid } from '../components/calendar-grid';
import { DayTasksDialog, type OpenDay } from '../components/day-tasks-dialog';

const MONTH_HEADING_ID = 'calendar-month';
const SELECT =
  'block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';
const isUuid = (value: string) => z.uuid().safeParse(value).success;

/**
 * /calendar 'Task Calendar' (guide/tasks-and-calendar.md#the-task-calendar; guide/roles-and-access.md#what-a-viewer-sees): a month of task due
 * dates, Sunday first, with previous/next month, Today and a ministry filter. The month and the
 * ministry live in the URL (?month=yyyy-MM&ministry=id), so a reload, or coming back from the
 * drawer, shows the same view. The server decides which tasks each person sees.
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const [openDate, setOpenDate] = useState<string | null>(null);
  // Kept after closing: the dialog returns focus to it as it goes.
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  // Until the server says what day it is in the church's time zone, the default zone's date.
  const [localToday] = useState(() => todayIn(CHURCH_TIME_ZONE_DEFAULT));

  const monthParam = params.get('month');
  const ministryParam = params.get('ministry') ?? '';
  const ministryId = isUuid(ministryParam) ? ministryParam : '';

  const [serverToday, setServerToday] = useState<string | null>(null);
  const today = serverToday ?? localToday;
  const month = isMonth(monthParam) ? monthParam : monthOf(today);
  const grid = useMemo(() => monthGrid(month), [month]);

  // The previous month's tasks stay on screen while the next month loads.
  const calendar = useQuery({
    ...calendarTasksQuery({ from: grid.from, to: grid.to, ministryId: ministryId || undefined }),
    placeholderData: keepPreviousData,
  });

  // The server's date, once known, is kept (a later month that fails to load does not undo it).
  // Adjusted while rendering, not in an effect, so no frame shows the default zone's month first.
  const fetchedToday = calendar.data?.today;
  if (fetchedToday && fetchedToday !== serverToday) setServerToday(fetchedToday);
  useEffect(() => {
    if (calendar.error) toast({ title: CALENDAR_MESSAGES.fetchFailed, description: calendar.error.message, variant: 'destructive' });
  }, [calendar.error]);

  const tasksByDay = useMemo(() => groupByDay(calendar.data?.items ?? []), [calendar.data]);
  const countByDay = useMemo(() => new Map((calendar.data?.dayCounts ?? []).map((d) => [d.date, d.count])), [calendar.data]);
  const sundayByDay = useMemo(() => {
    const byDay = new Map<string, CalendarSundayWork[]>();
    for (const w of calendar.data?.sundayWork ?? []) byDay.set(w.dueDate, [...(byDay.get(w.dueDate) ?? []), w]);
    return byDay;
  }, [calendar.data]);
  const dueThisMonth = useMemo(
    () => (calendar.data?.dayCounts ?? []).filter((d) => monthOf(d.date) === month).reduce((sum, d) => sum + d.count, 0),
    [calendar.data, month],
  );

  const update = (name: 'month' | 'ministry', value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  const openDay: OpenDay | null = openDate ? { date: openDate, count: countByDay.get(openDate) ?? 0 } : null;
  const loaded = calendar.isSuccess && !calendar.isPlaceholderData;
  // Below the small breakpoint the month reads as an agenda list: seven columns do not fit a phone.
  const wide = useWideLayout();
  const Month = wide ? CalendarGrid : CalendarAgenda;

  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <div className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{CALENDAR_MESSAGES.title}</h1>
        <p className="mt-1 text-sm text-slate-600">{CALENDAR_MESSAGES.description}</p>
      </div>

      <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="outline" size="icon" aria-label="Previous month" onClick={() => update('month', previousMonth(month))}>
            <ChevronLeft className="h-5 w-5" aria-hidden />
          </Button>
          <Button variant="outline" size="icon" aria-label="Next month" onClick={() => update('month', nextMonth(month))}>
            <ChevronRight className="h-5 w-5" aria-hidden />
          </Button>
          <Button variant="outline" onClick={() => update('month', null)}>
            Today
          </Button>
          <h2 id={MONTH_HEADING_ID} aria-live="polite" className="ml-2 text-xl font-semibold text-slate-900">
            {monthLabel(month)}
          </h2>
        </div>
        <div className="w-full sm:w-64">
          <Label htmlFor="calendar-ministry">Ministry</Label>
          <select id="calendar-ministry" className={SELECT} value={ministryId} onChange={(e) => update('ministry', e.target.value || null)}>
            <MinistryFilterOptions />
          </select>
        </div>
      </div>

      {calendar.isPending ? (
        <LoadingState label="Loading tasks..." />
      ) : calendar.isError ? (
        <ErrorState message={CALENDAR_MESSAGES.fetchFailed} onRetry={() => void calendar.refetch()} />
      ) : (
        <>
          <div aria-live="polite" className="mb-2 min-h-5 text-sm text-slate-600">
            {calendar.isPlaceholderData ? (
              <span role="status">Loading tasks...</span>
            ) : loaded && dueThisMonth === 0 ? (
              <span>{CALENDAR_MESSAGES.emptyMonth}</span>
            ) : null}
          </div>
          <Month
            grid={grid}
            tasksByDay={tasksByDay}
            countByDay={countByDay}
            sundayByDay={sundayByDay}
            today={today}
            labelledBy={MONTH_HEADING_ID}
            busy={calendar.isPlaceholderData}
            onShowDay={(date, button) => {
              setOpener(button);
              setOpenDate(date);
            }}
          />
        </>
      )}
      <DayTasksDialog
        day={openDay}
        ministryId={ministryId || undefined}
        returnFocusTo={opener}
        onOpenChange={(open) => !open && setOpenDate(null)}
      />
    </main>
  );
}
