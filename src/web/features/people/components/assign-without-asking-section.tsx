import { useQuery } from '@tanstack/react-query';
import { UserCheck } from 'lucide-react';
import { formatDateTime } from '@shared/domain/dates';
import { Card } from '@web/components/ui/card';
import { ErrorState, LoadingState } from '@web/components/ui/states';
import { toast } from '@web/components/ui/toast-store';
import { assignWithoutAskingQuery, useSaveAssignWithoutAsking } from '../api/assign-without-asking';

/**
 * Admin Settings' "Assign without asking" (guide/sunday-planning.md#answering-an-assignment): off
 * by default, so people accept or decline their work; on, new assignments count as accepted.
 */
export function AssignWithoutAskingSection() {
  const setting = useQuery(assignWithoutAskingQuery);
  const save = useSaveAssignWithoutAsking();
  return (
    <Card className="overflow-hidden">
      <div className="flex items-start gap-3 px-5 py-4 sm:px-6">
        <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
          <UserCheck className="h-5 w-5" aria-hidden />
        </span>
        <div>
          <h2 id="assign-without-asking-heading" className="text-lg font-semibold text-slate-900">
            Assignments
          </h2>
          <p className="mt-1 text-sm text-slate-500">
            People accept or decline the work they are given, and a decline tells the coordinators. Assign without asking to skip that.
          </p>
        </div>
      </div>
      <div className="border-t border-slate-200 px-5 py-4 sm:px-6">
        {setting.isPending ? (
          <LoadingState />
        ) : setting.isError ? (
          <ErrorState
            message={`The assignment setting could not be loaded: ${setting.error.message}`}
            onRetry={() => void setting.refetch()}
          />
        ) : (
          <div className="space-y-2">
            <label htmlFor="assign-without-asking" className="flex cursor-pointer items-start gap-3 text-sm text-slate-800">
              <input
                id="assign-without-asking"
                type="checkbox"
                role="switch"
                className="mt-0.5 h-5 w-5 shrink-0 accent-brand-600"
                checked={save.isPending ? save.variables : setting.data.enabled}
                disabled={save.isPending}
                aria-describedby="assign-without-asking-note"
                onChange={(e) =>
                  save.mutate(e.target.checked, {
                    onError: (err) => toast({ title: 'The setting was not saved', description: err.message, variant: 'destructive' }),
                  })
                }
              />
              <span className="font-medium">Assign without asking</span>
            </label>
            <p id="assign-without-asking-note" className="pl-8 text-xs text-slate-500">
              {setting.data.enabled ? 'New assignments count as accepted at once.' : 'New assignments wait for their person to accept.'}
              {setting.data.updatedAt &&
                ` Last changed ${formatDateTime(setting.data.updatedAt)}${setting.data.updatedByName ? ` by ${setting.data.updatedByName}` : ''}.`}
            </p>
          </div>
        )}
      </div>
    </Card>
  );
}
