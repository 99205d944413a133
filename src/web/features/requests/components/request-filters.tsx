import { Search } from 'lucide-react';
import type { PersonDto } from '@shared/api/requests';
import { MinistryFilterOptions } from '@web/lib/ministry-filter-options';
import { ARCHIVED_REQUEST_STATUSES, REQUEST_STATUSES, statusLabel } from '@shared/domain/statuses';
import { Input, Label } from '@web/components/ui/input';

export interface RequestFilterValues {
  search: string;
  status: string;
  ministryId: string;
  coordinatorId: string;
}

export const EMPTY_FILTERS: RequestFilterValues = { search: '', status: '', ministryId: '', coordinatorId: '' };

/** Every status a listed request can have: archived ones never appear here. */
const LIST_STATUSES = REQUEST_STATUSES.filter((s) => !(ARCHIVED_REQUEST_STATUSES as readonly string[]).includes(s));

const SELECT =
  'block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';

interface Props {
  value: RequestFilterValues;
  onChange: (next: RequestFilterValues) => void;
  /** Coordinator level only: the coordinator filter and its candidates. */
  coordinators?: PersonDto[];
}

/** Filters of My Requests (guide/requests.md#my-requests): search, status, ministry and, for coordinators, coordinator. */
export function RequestFilters({ value, onChange, coordinators }: Props) {
  const set = (key: keyof RequestFilterValues) => (e: { target: { value: string } }) => onChange({ ...value, [key]: e.target.value });
  return (
    <div className={`grid gap-3 sm:grid-cols-2 ${coordinators ? 'lg:grid-cols-4' : 'lg:grid-cols-3'}`}>
      <div>
        <Label htmlFor="requests-search">Search</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-3 h-4 w-4 text-slate-400" aria-hidden />
          <Input
            id="requests-search"
            type="search"
            placeholder="Event title or requester"
            className="pl-9"
            value={value.search}
            onChange={set('search')}
          />
        </div>
      </div>
      <div>
        <Label htmlFor="requests-status">Status</Label>
        <select id="requests-status" className={SELECT} value={value.status} onChange={set('status')}>
          <option value="">All Statuses</option>
          {LIST_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Label htmlFor="requests-ministry">Ministry</Label>
        <select id="requests-ministry" className={SELECT} value={value.ministryId} onChange={set('ministryId')}>
          <MinistryFilterOptions />
        </select>
      </div>
      {coordinators && (
        <div>
          <Label htmlFor="requests-coordinator">Coordinator</Label>
          <select id="requests-coordinator" className={SELECT} value={value.coordinatorId} onChange={set('coordinatorId')}>
            <option value="">All Coordinators</option>
            <option value="unassigned">Unassigned</option>
            {coordinators.map((c) => (
              <option key={c.id} value={c.id}>
                {c.fullName}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
