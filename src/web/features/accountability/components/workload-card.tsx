import type { WorkloadCard as Workload } from '@shared/api/accountability';
import { Card } from '@web/components/ui/card';

const BAR: Record<Workload['colour'], string> = { red: 'bg-red-600', orange: 'bg-orange-500', green: 'bg-green-600' };

/** One person's workload: active tasks / 10 as a bar, red above 90, orange above 70 (guide/reports.md#accountability-and-gaps). */
export function WorkloadCard({ person }: { person: Workload }) {
  return (
    <li>
      <Card className="p-4">
        <div className="flex items-baseline justify-between gap-2">
          <p className="truncate font-medium text-slate-900">{person.fullName}</p>
          <p className="shrink-0 text-sm text-slate-700">
            {person.activeTasks} active {person.activeTasks === 1 ? 'task' : 'tasks'}
          </p>
        </div>
        <div
          role="meter"
          aria-label={`Workload of ${person.fullName}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={person.percent}
          aria-valuetext={`${person.percent}%`}
          data-colour={person.colour}
          className="mt-3 h-2 w-full overflow-hidden rounded-full bg-slate-100"
        >
          <div className={`h-full rounded-full ${BAR[person.colour]}`} style={{ width: `${person.percent}%` }} />
        </div>
        <p className="mt-1 text-right text-xs text-slate-600">{person.percent}%</p>
      </Card>
    </li>
  );
}
