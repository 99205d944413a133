import * as Tabs from '@radix-ui/react-tabs';
import { useInfiniteQuery, useQuery, type InfiniteData, type UseInfiniteQueryResult } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useCallback } from 'react';
import type { CurrentUser } from '@shared/api/auth';
import { TASK_MESSAGES, type AssigneeOption, type TaskFilters as TaskFilterQuery, type TaskList } from '@shared/api/tasks';
import { hasRank } from '@shared/domain/roles';
import { Button } from '@web/components/ui/button';
import { Card, PageHeader } from '@web/components/ui/card';
import { EmptyState, ErrorState, LoadingState } from '@web/components/ui/states';
import { toast } from '@web/components/ui/toast-store';
import { useCurrentUser } from '@web/features/auth';
import { useListParams, useSearchText } from '@web/lib/use-list-params';
import { ExportCsvLink } from '@web/components/ui/export-csv-link';
import { tasksExportUrl } from '../api/export-tasks';
import { assigneesQuery } from '../api/get-assignees';
import { joinPages, squadTasksQuery, tasksQuery, type TaskScope } from '../api/get-tasks';
import { useSendReminders } from '../api/send-reminders';
import { TaskCard, type TaskPermissions } from './task-card';
import { TaskFilters } from './task-filters';
import { CompletedSection, LoadMore, TaskSections } from './task-sections';
import { WorkloadPanel } from './workload-panel';
import { SundayWorkSection } from '@web/features/sunday-work';
import { SetupPrompt } from '@web/features/setup';

export const SQUAD_QUEUE_TITLE = 'Church Media Squad Queue';
export const SQUAD_QUEUE_EMPTY = 'No tasks are assigned to the Church Media Squad.';

const TAB =
  'rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm';

/**
 * My Tasks and All Tasks (guide/tasks-and-calendar.md#my-tasks-and-all-tasks): one screen, two scopes. The server decides which
 * tasks a user sees; the page shows the assignee and reassignment from coordinator level and the
 * reminder actions to admins.
 */
export function TaskListScreen({ scope }: { scope: TaskScope }) {
  const user = useCurrentUser();
  if (!user) return <LoadingState label="Loading user data..." />;
  return <TaskListView scope={scope} user={user} />;
}

function TaskListView({ scope, user }: { scope: TaskScope; user: CurrentUser }) {
  const permissions: TaskPermissions = {
    canManage: hasRank(user.role, 'coordinator'),
    canRemind: user.role === 'admin',
    canAnswer: scope === 'mine',
  };
  // Those who see every task filter them; the filters and the tab live in the address (decision 0057).
  const canFilter = hasRank(user.role, 'approver');
  const [params, setParams] = useListParams({ assignee: '', search: '', view: 'tasks' });
  const writeSearch = useCallback((text: string) => setParams({ search: text }, { replace: true }), [setParams]);
  const [searchText, setSearchText] = useSearchText(params.search, writeSearch);
  const filters: TaskFilterQuery = canFilter
    ? {
        assignee: params.assignee && (permissions.canManage || params.assignee === 'me') ? params.assignee : undefined,
        search: params.search.trim() || undefined,
      }
    : {};
  const tasks = useInfiniteQuery(tasksQuery(scope, filters));
  const assignees = useQuery({ ...assigneesQuery, enabled: permissions.canManage });
  const sendAll = useSendReminders({
    onSuccess: (run) =>
      toast({
        title: TASK_MESSAGES.remindersSent,
        description:
          run.notified === 0
            ? 'Everyone due a reminder today already has one.'
            : `${run.notified} ${run.notified === 1 ? 'notification' : 'notifications'} sent.`,
      }),
    onError: (err) => toast({ title: TASK_MESSAGES.remindersFailed, description: err.message, variant: 'destructive' }),
  });
  const people = assignees.data ?? [];
  const title = scope === 'all' ? 'All Tasks' : 'My Tasks';

  const body = (
    <TaskListBody
      list={tasks}
      scope={scope}
      permissions={permissions}
      assignees={people}
      showWorkload={scope === 'all' && permissions.canManage && !filters.assignee && !filters.search}
      filters={filters}
    />
  );
  const filterBar = canFilter && (
    <TaskFilters
      value={{ assignee: filters.assignee ?? '', search: searchText }}
      onSearch={setSearchText}
      onAssignee={(assignee) => setParams({ assignee })}
      assignees={permissions.canManage ? people : undefined}
    />
  );
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <PageHeader title={title}>
        <ExportCsvLink href={tasksExportUrl(scope)} label={title} />
        {permissions.canRemind && (
          <Button onClick={() => sendAll.mutate()} disabled={sendAll.isPending}>
            <Send className="h-4 w-4" aria-hidden />
            Send All Task Reminders
          </Button>
        )}
      </PageHeader>
      {/* The person's Sunday work sits above their request tasks (decision 0058). */}
      {scope === 'mine' && <SundayWorkSection />}
      {scope === 'all' && permissions.canManage ? (
        <Tabs.Root value={params.view === 'squad' ? 'squad' : 'tasks'} onValueChange={(view) => setParams({ view })}>
          <Tabs.List aria-label="Task views" className="mb-6 inline-flex gap-1 rounded-lg bg-slate-100 p-1">
            <Tabs.Trigger value="tasks" className={TAB}>
              All Tasks
            </Tabs.Trigger>
            <Tabs.Trigger value="squad" className={TAB}>
              {SQUAD_QUEUE_TITLE}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="tasks">
            {filterBar}
            {body}
          </Tabs.Content>
          <Tabs.Content value="squad">
            <SquadQueue permissions={permissions} assignees={people} />
          </Tabs.Content>
        </Tabs.Root>
      ) : (
        <>
          {filterBar}
          {body}
        </>
      )}
    </main>
  );
}

function TaskListBody({
  list,
  scope,
  permissions,
  assignees,
  showWorkload,
  filters,
}: {
  list: UseInfiniteQueryResult<InfiniteData<TaskList>>;
  scope: TaskScope;
  permissions: TaskPermissions;
  assignees: AssigneeOption[];
  showWorkload: boolean;
  filters: TaskFilterQuery;
}) {
  if (list.isPending) return <LoadingState label="Loading tasks..." />;
  if (list.isError) return <ErrorState message={TASK_MESSAGES.fetchFailed} onRetry={() => void list.refetch()} />;
  const data = joinPages(list.data.pages);
  // No task at all, ever, in My Tasks: for an admin of a church not yet set up, the way to set it up.
  const nothingYet =
    scope === 'mine' &&
    !filters.assignee &&
    !filters.search &&
    data.waiting.length + data.active.length + data.rejected.length + data.completedCount === 0;
  return (
    <div className="space-y-8">
      {nothingYet && <SetupPrompt />}
      {showWorkload && assignees.length > 0 && <WorkloadPanel activeTasks={data.active} assignees={assignees} />}
      <TaskSections
        list={data}
        scope={scope}
        today={data.today}
        permissions={permissions}
        assignees={assignees}
        filters={filters}
        more={list.hasNextPage ? <LoadMore onLoad={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} /> : null}
      />
    </div>
  );
}

/** The Church Media Squad Queue: the squad's open tasks, soonest due first, its finished ones apart. */
function SquadQueue({ permissions, assignees }: { permissions: TaskPermissions; assignees: AssigneeOption[] }) {
  const queue = useInfiniteQuery(squadTasksQuery);
  if (queue.isPending) return <LoadingState label="Loading tasks..." />;
  if (queue.isError) return <ErrorState message={TASK_MESSAGES.fetchFailed} onRetry={() => void queue.refetch()} />;
  const data = joinPages(queue.data.pages);
  const tasks = [...data.active, ...data.waiting, ...data.rejected];
  const shared = { today: data.today, permissions, assignees };
  return (
    <div className="space-y-8">
      <section aria-labelledby="squad-heading" className="space-y-3">
        <h2 id="squad-heading" className="text-lg font-semibold text-slate-900">
          {SQUAD_QUEUE_TITLE}
        </h2>
        <Card>
          {tasks.length === 0 ? (
            <EmptyState>{SQUAD_QUEUE_EMPTY}</EmptyState>
          ) : (
            <ul className="divide-y divide-slate-100">
              {tasks.map((task) => (
                <TaskCard key={task.id} task={task} {...shared} />
              ))}
            </ul>
          )}
        </Card>
        {queue.hasNextPage && <LoadMore onLoad={() => void queue.fetchNextPage()} loading={queue.isFetchingNextPage} />}
      </section>
      <CompletedSection id="squad-completed" scope="squad" count={data.completedCount} {...shared} />
    </div>
  );
}
