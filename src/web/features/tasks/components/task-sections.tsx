import * as Collapsible from '@radix-ui/react-collapsible';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import {
  completedCountLabel,
  TASK_MESSAGES,
  type AssigneeOption,
  type CompletedScope,
  type TaskDto,
  type TaskFilters,
  type TaskList,
} from '@shared/api/tasks';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState, ErrorState, LoadingState } from '@web/components/ui/states';
import { completedTasksQuery, nextIsOlder } from '../api/get-completed-tasks';
import { TaskCard, type TaskPermissions } from './task-card';

export const COMPLETED_TITLE = 'Completed';
export const COMPLETED_EMPTY = 'No completed tasks yet.';
/** The Completed section lists the last 30 days until 'Show older' (decision 0026). */
export const COMPLETED_RECENT_EMPTY = 'No tasks completed in the last 30 days.';
export const SHOW_OLDER = 'Show older';
export const LOAD_MORE = 'Load more';

interface SectionProps {
  today: string;
  permissions: TaskPermissions;
  assignees: AssigneeOption[];
}

function TaskItems({ tasks, empty, ...rest }: SectionProps & { tasks: TaskDto[]; empty: string }) {
  if (tasks.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <ul className="divide-y divide-slate-100">
      {tasks.map((task) => (
        <TaskCard key={task.id} task={task} {...rest} />
      ))}
    </ul>
  );
}

const COUNT = 'rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600';

function SectionHeading({ id, title, count }: { id: string; title: string; count: number }) {
  return (
    <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
      {title}
      <span className={COUNT}>{count}</span>
    </h2>
  );
}

/** A section that starts collapsed; its content mounts (and so loads) only once opened. */
function CollapsibleSection({ id, title, count, children }: { id: string; title: string; count: number | string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} asChild>
      <section aria-labelledby={id} className="space-y-3">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          <Collapsible.Trigger className="flex items-center gap-2 rounded-md text-left focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
            <ChevronDown className={`h-5 w-5 text-slate-500 transition-transform ${open ? '' : '-rotate-90'}`} aria-hidden />
            {title}
            <span className={COUNT}>{count}</span>
          </Collapsible.Trigger>
        </h2>
        <Collapsible.Content>
          <Card>{children}</Card>
        </Collapsible.Content>
      </section>
    </Collapsible.Root>
  );
}

/**
 * Finished tasks, most recently finished first, a page at a time: 'Show more' within the last 30
 * days, then 'Show older' to reach further back (decision 0026).
 */
function CompletedTasks({ scope, filters, ...rest }: SectionProps & { scope: CompletedScope; filters?: TaskFilters }) {
  const pages = useInfiniteQuery(completedTasksQuery(scope, filters));
  if (pages.isPending) return <LoadingState label="Loading tasks..." />;
  if (pages.isError) return <ErrorState message={TASK_MESSAGES.fetchFailed} onRetry={() => void pages.refetch()} />;
  const tasks = pages.data.pages.flatMap((p) => p.items);
  const older = nextIsOlder(pages.data.pages);
  return (
    <>
      <TaskItems tasks={tasks} empty={older ? COMPLETED_RECENT_EMPTY : COMPLETED_EMPTY} {...rest} />
      {pages.hasNextPage && (
        <div className="border-t border-slate-100 p-3 text-center">
          <Button variant="outline" size="sm" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
            {pages.isFetchingNextPage ? 'Loading...' : older ? SHOW_OLDER : 'Show more'}
          </Button>
        </div>
      )}
    </>
  );
}

/** The Completed section of a list: its count (the last 30 days) comes with the list, its tasks load when opened. */
export function CompletedSection({
  id,
  scope,
  count,
  filters,
  ...rest
}: SectionProps & { id: string; scope: CompletedScope; count: number; filters?: TaskFilters }) {
  return (
    <CollapsibleSection id={id} title={COMPLETED_TITLE} count={completedCountLabel(count)}>
      <CompletedTasks scope={scope} filters={filters} {...rest} />
    </CollapsibleSection>
  );
}

/** 'Load more' under a list of open work: the next page, soonest due first. */
export function LoadMore({ onLoad, loading, label = LOAD_MORE }: { onLoad: () => void; loading: boolean; label?: string }) {
  return (
    <div className="text-center">
      <Button variant="outline" size="sm" onClick={onLoad} disabled={loading}>
        {loading ? 'Loading...' : label}
      </Button>
    </div>
  );
}

/**
 * The sections of a task list (guide/tasks-and-calendar.md#my-tasks-and-all-tasks): waiting, active and a collapsible Rejected
 * Requests, then the finished work apart in a collapsed, paged Completed section (guide/tasks-and-calendar.md#my-tasks-and-all-tasks).
 * `more` is the list's 'Load more', under Active Tasks.
 */
export function TaskSections({
  list,
  scope,
  idPrefix = 'tasks',
  more = null,
  filters,
  ...rest
}: SectionProps & { list: TaskList; scope: CompletedScope; idPrefix?: string; more?: ReactNode; filters?: TaskFilters }) {
  const prefix = idPrefix;
  return (
    <div className="space-y-8">
      <section aria-labelledby={`${prefix}-waiting`} className="space-y-3">
        <SectionHeading id={`${prefix}-waiting`} title="Waiting for Approval" count={list.waiting.length} />
        <Card>
          <TaskItems tasks={list.waiting} empty="No tasks are waiting for approval." {...rest} />
        </Card>
      </section>
      <section aria-labelledby={`${prefix}-active`} className="space-y-3">
        <SectionHeading id={`${prefix}-active`} title="Active Tasks" count={list.active.length} />
        <Card>
          <TaskItems tasks={list.active} empty="No active tasks." {...rest} />
        </Card>
        {/* Open work comes a page at a time, soonest due first: the next page of every open section. */}
        {more}
      </section>
      <CollapsibleSection id={`${prefix}-rejected`} title="Rejected Requests" count={list.rejected.length}>
        <TaskItems tasks={list.rejected} empty="No rejected requests." {...rest} />
      </CollapsibleSection>
      <CompletedSection id={`${prefix}-completed`} scope={scope} count={list.completedCount} filters={filters} {...rest} />
    </div>
  );
}
