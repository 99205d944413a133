import { useQuery } from '@tanstack/react-query';
import { Church } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { ADMIN_USERS_MESSAGES as M, type AdminMinistry } from '@shared/api/admin-users';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { EmptyState, ErrorState, LoadingState } from '@web/components/ui/states';
import { adminMinistriesQuery, useSetMinistryActive } from '../api/admin-ministries';
import { SectionHeader } from './section-header';

// The dialog's form and its schema load after the section: the checks are not on its first paint.
const MinistriesDialog = lazy(() => import('./ministries-dialog'));

/**
 * Ministry management (guide/administration.md#admin-settings): name, default tier, active toggle. An archived ministry
 * leaves the new-request form; its requests keep it.
 */
export function MinistriesSection() {
  const ministries = useQuery(adminMinistriesQuery);
  const [editing, setEditing] = useState<AdminMinistry | 'new' | null>(null);
  return (
    <Card className="overflow-hidden" aria-labelledby="ministries-heading" role="region">
      <SectionHeader
        id="ministries-heading"
        icon={Church}
        title={M.ministriesTitle}
        description="Each ministry's default tier is preselected on its new requests. Archived ministries leave the request form and keep their requests."
      >
        <Button onClick={() => setEditing('new')}>Add Ministry</Button>
      </SectionHeader>
      <div className="border-t border-slate-200">
        {ministries.isPending ? (
          <LoadingState />
        ) : ministries.isError ? (
          <ErrorState message={`${M.fetchFailed}${ministries.error.message}`} onRetry={() => void ministries.refetch()} />
        ) : ministries.data.ministries.length === 0 ? (
          <EmptyState>{M.noMinistries}</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="Ministries">
            {ministries.data.ministries.map((m) => (
              <MinistryRow key={m.id} ministry={m} onEdit={() => setEditing(m)} />
            ))}
          </ul>
        )}
      </div>
      <Suspense fallback={null}>
        <MinistriesDialog ministry={editing} onClose={() => setEditing(null)} />
      </Suspense>
    </Card>
  );
}

function MinistryRow({ ministry, onEdit }: { ministry: AdminMinistry; onEdit: () => void }) {
  const setActive = useSetMinistryActive();
  const active = setActive.isPending ? setActive.variables.active : ministry.active;
  const switchId = `ministry-active-${ministry.id}`;
  const [asking, setAsking] = useState(false);
  return (
    <li className="flex flex-wrap items-center gap-x-6 gap-y-2 px-5 py-3 sm:px-6">
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">{ministry.name}</p>
        <p className="text-sm text-slate-600">
          Default tier {ministry.defaultTier} · {ministry.requestCount} {ministry.requestCount === 1 ? 'request' : 'requests'}
        </p>
      </div>
      <label htmlFor={switchId} className="flex items-center gap-2 text-sm text-slate-700">
        <input
          id={switchId}
          type="checkbox"
          role="switch"
          className="h-5 w-5 accent-brand-600"
          checked={active}
          disabled={setActive.isPending}
          onChange={(e) => {
            // Archiving takes the ministry off the request form: asked first. Restoring is not.
            if (e.target.checked) setActive.mutate({ id: ministry.id, active: true });
            else setAsking(true);
          }}
        />
        <span>{active ? 'Active' : 'Archived'}</span>
        <span className="sr-only">{ministry.name}</span>
      </label>
      <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${ministry.name}`}>
        Edit
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={`Archive ${ministry.name}?`}
        description={`${ministry.name} leaves the list new requests choose from. Its ${ministry.requestCount === 1 ? 'request stays' : 'requests stay'} as they are, and it can be made active again.`}
        confirm="Archive"
        pendingLabel="Archiving..."
        destructive
        onConfirm={() => setActive.mutateAsync({ id: ministry.id, active: false })}
      />
    </li>
  );
}
