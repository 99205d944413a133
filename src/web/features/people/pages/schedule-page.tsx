import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { Schedule, ScheduleTask, ScheduleWork } from '@shared/api/people';
import { SUNDAY_WORK_KIND_LABELS, sundayWorkPath } from '@shared/domain/sunday-work';
import { Link } from 'react-router';
import { SCHEDULE_MAX_WEEKS, SCHEDULE_MESSAGES as M, SCHEDULE_WEEKS } from '@shared/api/people';
import { blockoutCovers } from '@shared/domain/people-on-sundays';
import { formatDueDate } from '@shared/domain/tasks';
import { RunwayTabs } from '@web/components/runway-tabs';
import { Button } from '@web/components/ui/button';
import { Card, PageHeader } from '@web/components/ui/card';
import { EmptyState, ErrorState, LoadingState } from '@web/components/ui/states';
import { toast } from '@web/components/ui/toast-store';
import { useAvailability } from '../api/get-availability';
import { useFillSundayWork } from '../api/fill-sunday-work';
import { scheduleQuery, useAssignFromSchedule } from '../api/schedule';
import { availabilityLabel, suggestionsFor } from '../components/availability-label';
import { BlockoutConfirm, isBlockedOut } from '../components/blockout-confirm';
import { ResponseBadge } from '../components/response-badge';

const shortDate = (iso: string) => formatDueDate(iso).replace(/, \d{4}$/, '');
const taskKey = (t: ScheduleTask) => `${t.sundayDate}|${t.runwayId}|${t.taskName}`;
const workKey = (w: ScheduleWork) => `${w.kind}:${w.id}`;

/** What the filler fills: a runway task, or a video, a social post or a sermon role. */
type Slot = { task: ScheduleTask; work?: undefined } | { work: ScheduleWork; task?: undefined };
const slotKey = (slot: Slot) => (slot.task ? taskKey(slot.task) : workKey(slot.work));
/** An open slot's or a declined one's state on its button, read out after its name. */
function SlotState({ assigneeId, response, reason }: { assigneeId: string | null; response: string; reason: string | null }) {
  return response === 'declined' && assigneeId ? (
    <span className="ml-1">
      <ResponseBadge response="declined" reason={reason} />
    </span>
  ) : (
    <span className="sr-only">{M.openTask}</span>
  );
}
const SLOT_BUTTON =
  'w-full rounded-md border border-amber-300 bg-white px-2 py-1 text-left text-xs hover:bg-amber-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60';

/**
 * The schedule (/runways/schedule, guide/sunday-planning.md#the-schedule): people down the side,
 * the next Sundays across, each cell the person's tasks with their answers and their blockouts;
 * open and declined tasks, videos, posts and sermon roles in a row of their own at the top, each a
 * button that opens the filler above the table: a picker marked with availability, and the
 * suggested replacements, each one press from assigned. A table with headers and plain buttons: keyboard and screen readers walk it.
 */
export function Component() {
  const [weeks, setWeeks] = useState(SCHEDULE_WEEKS);
  const [everyone, setEveryone] = useState(false);
  const [filling, setFilling] = useState<Slot | null>(null);
  const schedule = useQuery(scheduleQuery(weeks));
  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <PageHeader title={M.title} />
      <p className="-mt-4 mb-4 text-sm text-slate-600">{M.subtitle}</p>
      <RunwayTabs />
      {schedule.isPending ? (
        <LoadingState label={M.loading} />
      ) : schedule.isError ? (
        <ErrorState message={M.fetchFailed} onRetry={() => void schedule.refetch()} />
      ) : (
        <>
          {filling && <Filler key={slotKey(filling)} slot={filling} schedule={schedule.data} onClose={() => setFilling(null)} />}
          <Grid data={schedule.data} everyone={everyone} onFill={setFilling} />
          <div className="mt-4 flex flex-wrap gap-3">
            <Button variant="outline" size="sm" onClick={() => setEveryone((v) => !v)}>
              {everyone ? M.onlyBusy : M.showEveryone(schedule.data.people.length)}
            </Button>
            {schedule.data.canShowMore && weeks < SCHEDULE_MAX_WEEKS && (
              <Button variant="outline" size="sm" onClick={() => setWeeks((w) => Math.min(SCHEDULE_MAX_WEEKS, w + SCHEDULE_WEEKS))}>
                {M.showMore}
              </Button>
            )}
          </div>
        </>
      )}
    </main>
  );
}

/** A video, post or sermon role in a cell: what it is, what it is called, and its answer. */
function WorkEntry({ w, showAnswer = true }: { w: ScheduleWork; showAnswer?: boolean }) {
  return (
    <>
      <span className="text-slate-600">{SUNDAY_WORK_KIND_LABELS[w.kind]}:</span> <span className="text-slate-800">{w.title}</span>{' '}
      {showAnswer && <ResponseBadge response={w.response} reason={w.responseReason} />}
    </>
  );
}

function Grid({ data, everyone, onFill }: { data: Schedule; everyone: boolean; onFill: (slot: Slot) => void }) {
  const byPerson = new Map<string, ScheduleTask[]>();
  const open: ScheduleTask[] = [];
  for (const t of data.tasks) {
    if (!t.assigneeId || t.response === 'declined') open.push(t);
    if (t.assigneeId) byPerson.set(t.assigneeId, [...(byPerson.get(t.assigneeId) ?? []), t]);
  }
  const workOf = new Map<string, ScheduleWork[]>();
  for (const w of data.work) if (w.assigneeId) workOf.set(w.assigneeId, [...(workOf.get(w.assigneeId) ?? []), w]);
  const openWork = data.work.filter((w) => !w.assigneeId || w.response === 'declined');
  const blocked = new Set(data.blockouts.map((b) => b.userId));
  const people = everyone ? data.people : data.people.filter((p) => byPerson.has(p.id) || workOf.has(p.id) || blocked.has(p.id));
  return (
    <Card className="relative overflow-x-auto">
      <table className="w-full min-w-[48rem] border-collapse text-left text-sm">
        <caption className="sr-only">{M.caption}</caption>
        <thead className="sticky top-0 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="w-48 px-3 py-2 font-medium">
              {M.person}
            </th>
            {data.sundays.map((d) => (
              <th key={d} scope="col" className="px-3 py-2 font-medium">
                {shortDate(d)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          <tr className="bg-amber-50/60 align-top">
            <th scope="row" className="px-3 py-2 font-semibold text-amber-900">
              {M.openRow}
            </th>
            {data.sundays.map((d) => {
              const here = open.filter((t) => t.sundayDate === d);
              const workHere = openWork.filter((w) => w.sundayDate === d);
              return (
                <td key={d} className="px-3 py-2">
                  {workHere.length > 0 && (
                    <ul className="mb-1 space-y-1" aria-label={M.openWorkLabel(shortDate(d))}>
                      {workHere.map((w) => (
                        <li key={workKey(w)}>
                          <button type="button" disabled={w.isLocked} onClick={() => onFill({ work: w })} className={SLOT_BUTTON}>
                            <span className="sr-only">{M.fillVerb}</span> <WorkEntry w={w} showAnswer={false} />{' '}
                            <span className="sr-only">{M.onDate(shortDate(d))}</span>{' '}
                            <SlotState assigneeId={w.assigneeId} response={w.response} reason={w.responseReason} />
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                  {here.length === 0 && workHere.length === 0 ? (
                    <span className="text-xs text-slate-500">{M.allFilled}</span>
                  ) : here.length === 0 ? null : (
                    <ul className="space-y-1">
                      {here.map((t) => (
                        <li key={taskKey(t)}>
                          <button type="button" disabled={t.isLocked} onClick={() => onFill({ task: t })} className={SLOT_BUTTON}>
                            <span className="sr-only">{M.fillVerb}</span>{' '}
                            <span className="block font-medium text-slate-900">{t.taskName}</span>{' '}
                            <span className="text-slate-600">{t.runwayName}</span> <span className="sr-only">{M.onDate(shortDate(d))}</span>{' '}
                            <SlotState assigneeId={t.assigneeId} response={t.response} reason={t.responseReason} />
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              );
            })}
          </tr>
          {people.length === 0 ? (
            <tr>
              <td colSpan={data.sundays.length + 1}>
                <EmptyState>{M.empty}</EmptyState>
              </td>
            </tr>
          ) : (
            people.map((p) => (
              <tr key={p.id} className="align-top">
                <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                  {p.fullName}
                </th>
                {data.sundays.map((d) => {
                  const tasks = (byPerson.get(p.id) ?? []).filter((t) => t.sundayDate === d);
                  const work = (workOf.get(p.id) ?? []).filter((w) => w.sundayDate === d);
                  const away = data.blockouts.find((b) => b.userId === p.id && blockoutCovers(b, d));
                  return (
                    <td key={d} className={`px-3 py-2 ${away ? 'bg-slate-100' : ''}`}>
                      {away && (
                        <span className="mb-1 block text-xs font-medium text-slate-600" title={away.reason ?? undefined}>
                          Blocked out{away.reason ? `: ${away.reason}` : ''}
                        </span>
                      )}
                      <ul className="space-y-1">
                        {tasks.map((t) => (
                          <li key={taskKey(t)} className="text-xs">
                            <span className="text-slate-800">{t.taskName}</span>{' '}
                            <ResponseBadge response={t.response} reason={t.responseReason} />
                          </li>
                        ))}
                        {work.map((w) => (
                          <li key={workKey(w)} className="text-xs">
                            <WorkEntry w={w} />
                          </li>
                        ))}
                      </ul>
                    </td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </Card>
  );
}

/**
 * Filling one open or declined slot: the suggested replacements (same role, free that day, least
 * loaded first) as one-press buttons, and every person in a picker marked with their availability.
 * A task goes through the schedule's assignment; a video, post or sermon role through its editor's
 * save, with a link to it on its Sunday for anything more.
 */
function Filler({ slot, schedule, onClose }: { slot: Slot; schedule: Schedule; onClose: () => void }) {
  const pickerId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [chosen, setChosen] = useState('');
  const [blockedOut, setBlockedOut] = useState<{ message: string; assigneeId: string } | null>(null);
  const { task, work } = slot;
  const date = task ? task.sundayDate : work.sundayDate;
  const label = task ? task.taskName : `${SUNDAY_WORK_KIND_LABELS[work.kind]}: ${work.title}`;
  const availability = useAvailability(date);
  const assign = useAssignFromSchedule();
  const fill = useFillSundayWork();
  const pending = assign.isPending || fill.isPending;
  useEffect(() => heading.current?.focus(), []);
  const send = async (assigneeId: string, confirmBlockout = false) => {
    try {
      if (task) {
        await assign.mutateAsync({ sundayDate: date, runwayId: task.runwayId, taskName: task.taskName, assigneeId, confirmBlockout });
      } else {
        await fill.mutateAsync({ work, assigneeId, confirmBlockout });
      }
      const name = schedule.people.find((p) => p.id === assigneeId)?.fullName ?? '';
      toast({ title: M.assigned, description: M.assignedText(label, shortDate(date), name) });
      onClose();
    } catch (err) {
      if (isBlockedOut(err)) setBlockedOut({ message: err.message, assigneeId });
      else toast({ title: M.assignFailed, description: err instanceof Error ? err.message : undefined, variant: 'destructive' });
    }
  };
  // A video, post or sermon role is offered to whom its editor offers: not the Church Media Squad.
  const offered = task ? schedule.people : schedule.people.filter((p) => !p.isExternal);
  const suggestions = suggestionsFor(
    availability.data,
    task ? { kind: 'task', id: task.id, assigneeId: task.assigneeId } : { kind: work.kind, id: work.id, assigneeId: work.assigneeId },
  ).filter((p) => offered.some((o) => o.id === p.id));
  return (
    <Card className="mb-4 p-4" aria-labelledby={`${pickerId}-heading`} role="region">
      <h2 id={`${pickerId}-heading`} ref={heading} tabIndex={-1} className="text-base font-semibold text-slate-900">
        {task
          ? M.fill(task.taskName, task.runwayName, shortDate(date))
          : M.fillWork(SUNDAY_WORK_KIND_LABELS[work.kind], work.title, shortDate(date))}
      </h2>
      {work && (
        <Link
          className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
          to={sundayWorkPath(date, work.kind, work.id)}
        >
          {M.openOnSunday}
        </Link>
      )}
      {availability.isPending ? (
        <LoadingState label={M.loadingFree} />
      ) : availability.isError ? (
        <ErrorState message={M.freeFailed} onRetry={() => void availability.refetch()} />
      ) : (
        <div className="mt-3 space-y-3">
          <div>
            <h3 className="text-sm font-medium text-slate-700">{M.suggested}</h3>
            {suggestions.length === 0 ? (
              <p className="text-sm text-slate-500">{M.noSuggestions}</p>
            ) : (
              <ul className="mt-1 flex flex-wrap gap-2" aria-label={M.suggestedLabel}>
                {suggestions.map((p) => (
                  <li key={p.id}>
                    <Button size="sm" variant="secondary" disabled={pending} onClick={() => void send(p.id)}>
                      {M.assignSuggested(p.fullName, p.weekLoad)}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (chosen) void send(chosen);
            }}
          >
            <div>
              <label htmlFor={pickerId} className="mb-1 block text-sm font-medium text-slate-700">
                {M.chooseAnyone}
              </label>
              <select
                id={pickerId}
                className="h-9 w-72 rounded-md border border-slate-300 bg-white px-2 text-sm"
                value={chosen}
                onChange={(e) => setChosen(e.target.value)}
              >
                <option value="">{M.choosePerson}</option>
                {offered.map((p) => (
                  <option key={p.id} value={p.id}>
                    {availabilityLabel(p.fullName, p.id, availability.data)}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit" size="sm" disabled={!chosen || pending}>
              {M.assign}
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={onClose}>
              {M.close}
            </Button>
          </form>
        </div>
      )}
      <BlockoutConfirm
        message={blockedOut?.message ?? null}
        onCancel={() => setBlockedOut(null)}
        onConfirm={async () => {
          const id = blockedOut!.assigneeId;
          setBlockedOut(null);
          await send(id, true);
        }}
      />
    </Card>
  );
}
