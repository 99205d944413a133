import { Search } from 'lucide-react';
import type { AssigneeOption } from '@shared/api/tasks';
import { Input, Label } from '@web/components/ui/input';

export interface TaskFilterValues {
  /** '', 'me', 'unassigned' or a person's id. */
  assignee: string;
  search: string;
}

const SELECT =
  'block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';

interface Props {
  value: TaskFilterValues;
  onSearch: (text: string) => void;
  onAssignee: (assignee: string) => void;
  /** Coordinators and above, who see assignees: anyone's tasks, or the unassigned ones. */
  assignees?: AssigneeOption[];
}

/**
 * The task list's filters for those who see every task: 'Assigned to me', a search of the event
 * title and, from coordinator up, an assignee. The list answers from the server, a page at a time.
 */
export function TaskFilters({ value, onSearch, onAssignee, assignees }: Props) {
  return (
    <div className="mb-6 grid items-end gap-3 sm:grid-cols-3" role="group" aria-label="Filter tasks">
      <div>
        <Label htmlFor="tasks-search">Search</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-3 h-4 w-4 text-slate-400" aria-hidden />
          <Input
            id="tasks-search"
            type="search"
            placeholder="Event title"
            className="pl-9"
            value={value.search}
            onChange={(e) => onSearch(e.target.value)}
          />
        </div>
      </div>
      {assignees && (
        <div>
          <Label htmlFor="tasks-assignee">Assignee</Label>
          <select id="tasks-assignee" className={SELECT} value={value.assignee} onChange={(e) => onAssignee(e.target.value)}>
            <option value="">Everyone</option>
            <option value="me">Me</option>
            <option value="unassigned">Unassigned</option>
            {assignees.map((a) => (
              <option key={a.id} value={a.id}>
                {a.fullName}
              </option>
            ))}
          </select>
        </div>
      )}
      <label className="flex h-10 items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          className="h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-600"
          checked={value.assignee === 'me'}
          onChange={(e) => onAssignee(e.target.checked ? 'me' : '')}
        />
        Assigned to me
      </label>
    </div>
  );
}
