import { useQuery } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { SUNDAY_AUTO_LOCK_MESSAGES } from '@shared/api/notes';
import { formatDateTime } from '@shared/domain/dates';
import { Card } from '@web/components/ui/card';
import { ErrorState, LoadingState } from '@web/components/ui/states';
import { sundayAutoLockQuery, useSetSundayAutoLock } from '../api/sunday-auto-lock';
import { SectionHeader } from './section-header';

/**
 * The Thursday-noon Sunday lock (landing copy; issue 9): on by default; an admin turns it off for a
 * church that locks by hand. The server's job reads the same setting.
 */
export function SundayAutoLockSection() {
  const setting = useQuery(sundayAutoLockQuery);
  const save = useSetSundayAutoLock();
  return (
    <Card className="overflow-hidden">
      <SectionHeader
        id="sunday-auto-lock-heading"
        icon={Lock}
        title={SUNDAY_AUTO_LOCK_MESSAGES.heading}
        description={SUNDAY_AUTO_LOCK_MESSAGES.explanation}
      />
      <div className="border-t border-slate-200 px-5 py-4 sm:px-6">
        {setting.isPending ? (
          <LoadingState />
        ) : setting.isError ? (
          <ErrorState message={`${SUNDAY_AUTO_LOCK_MESSAGES.fetchFailed}${setting.error.message}`} onRetry={() => void setting.refetch()} />
        ) : (
          <div className="space-y-2">
            <label htmlFor="sunday-auto-lock" className="flex cursor-pointer items-start gap-3 text-sm text-slate-800">
              <input
                id="sunday-auto-lock"
                type="checkbox"
                role="switch"
                className="mt-0.5 h-5 w-5 shrink-0 accent-brand-600"
                checked={save.isPending ? save.variables : setting.data.enabled}
                disabled={save.isPending}
                aria-describedby="sunday-auto-lock-zone"
                onChange={(e) => save.mutate(e.target.checked)}
              />
              <span className="font-medium">{SUNDAY_AUTO_LOCK_MESSAGES.label}</span>
            </label>
            <p id="sunday-auto-lock-zone" className="pl-8 text-xs text-slate-500">
              Church time zone: {setting.data.timeZone}.
              {setting.data.updatedAt &&
                ` Last changed ${formatDateTime(setting.data.updatedAt)}${setting.data.updatedByName ? ` by ${setting.data.updatedByName}` : ''}.`}
            </p>
          </div>
        )}
      </div>
    </Card>
  );
}
