import * as Collapsible from '@radix-ui/react-collapsible';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import type { AssigneeOption, TaskDto, TaskList } from '@shared/api/tasks';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/states';
import { TaskCard, type TaskPermissions } from './task-card';

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

function SectionHeading({ id, title, count }: { id: string; title: string; count: number }) {
  return (
    <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
      {title}
      <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">{count}</span>
    </h2>
  );
}

/** The three sections of a task list (spec 002 section 4): waiting, active, and collapsible rejected. */
export function TaskSections({ list, idPrefix = 'tasks', ...rest }: SectionProps & { list: TaskList; idPrefix?: string }) {
  const [rejectedOpen, setRejectedOpen] = useState(false);
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
      </section>
      <Collapsible.Root open={rejectedOpen} onOpenChange={setRejectedOpen} asChild>
        <section aria-labelledby={`${prefix}-rejected`} className="space-y-3">
          <h2 id={`${prefix}-rejected`} className="text-lg font-semibold text-slate-900">
            <Collapsible.Trigger className="flex items-center gap-2 rounded-md text-left focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
              <ChevronDown className={`h-5 w-5 text-slate-500 transition-transform ${rejectedOpen ? '' : '-rotate-90'}`} aria-hidden />
              Rejected Requests
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">{list.rejected.length}</span>
            </Collapsible.Trigger>
          </h2>
          <Collapsible.Content>
            <Card>
              <TaskItems tasks={list.rejected} empty="No rejected requests." {...rest} />
            </Card>
          </Collapsible.Content>
        </section>
      </Collapsible.Root>
    </div>
  );
}
