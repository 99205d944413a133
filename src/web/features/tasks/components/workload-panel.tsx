import type { AssigneeOption, TaskDto } from '@shared/api/tasks';
import { isDoneStatus, workloadColour, workloadPercent, type WorkloadColour } from '@shared/domain/tasks';
import { Card } from '@web/components/ui/card';
import { ProgressBar } from './progress-bar';

const BAR: Record<WorkloadColour, string> = { red: 'bg-red-500', orange: 'bg-orange-500', green: 'bg-green-500' };

/** Open tasks per assignee: active, not yet approved, published or complete. */
export function activeTaskCounts(tasks: TaskDto[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const task of tasks) {
    if (!task.assignee || isDoneStatus(task.status)) continue;
    counts.set(task.assignee.id, (counts.get(task.assignee.id) ?? 0) + 1);
  }
  return counts;
}

/** Team workload (guide/tasks-and-calendar.md#reminders): active tasks / 10 x 100, capped at 100, coloured by load. */
export function WorkloadPanel({ activeTasks, assignees }: { activeTasks: TaskDto[]; assignees: AssigneeOption[] }) {
  const counts = activeTaskCounts(activeTasks);
  const people = [...assignees].sort((a, b) => (counts.get(b.id) ?? 0) - (counts.get(a.id) ?? 0));
  return (
    <section aria-labelledby="workload-heading" className="space-y-3">
      <h2 id="workload-heading" className="text-lg font-semibold text-slate-900">
        Team Workload
      </h2>
      <Card className="grid gap-x-8 gap-y-3 p-4 sm:grid-cols-2 lg:grid-cols-3">
        {people.map((person) => {
          const count = counts.get(person.id) ?? 0;
          const percent = workloadPercent(count);
          return (
            <div key={person.id}>
              <div className="flex justify-between text-sm">
                <span className="font-medium text-slate-800">{person.fullName}</span>
                <span className="text-slate-500">
                  {count} active {count === 1 ? 'task' : 'tasks'}
                </span>
              </div>
              <ProgressBar value={percent} label={`Workload of ${person.fullName}`} barClassName={BAR[workloadColour(percent)]} />
            </div>
          );
        })}
      </Card>
    </section>
  );
}
