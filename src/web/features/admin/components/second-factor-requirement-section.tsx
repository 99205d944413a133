import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { formatDateTime } from '@shared/domain/dates';
import { Card } from '@web/components/ui/card';
import { ErrorState, LoadingState } from '@web/components/ui/states';
import { readerLocale } from '@web/lib/locale';
import { secondFactorRequirementQuery, useSetSecondFactorRequirement } from '../api/second-factor-requirement';
import { SectionHeader } from './section-header';

/**
 * "Require a second factor for admins and coordinators": while on, those roles without
 * two-step verification reach only their account page until they set it up (decision 0037).
 */
export function SecondFactorRequirementSection() {
  const setting = useQuery(secondFactorRequirementQuery);
  const save = useSetSecondFactorRequirement();
  return (
    <Card className="overflow-hidden">
      <SectionHeader
        id="second-factor-requirement-heading"
        icon={ShieldCheck}
        title="Two-step verification"
        description="While this is on, admins and coordinators without two-step verification (you included) can only use their account page until they set it up."
      />
      <div className="border-t border-slate-200 px-5 py-4 sm:px-6">
        {setting.isPending ? (
          <LoadingState />
        ) : setting.isError ? (
          <ErrorState message={`Could not fetch settings data: ${setting.error.message}`} onRetry={() => void setting.refetch()} />
        ) : (
          <div className="space-y-2">
            <label htmlFor="second-factor-requirement" className="flex cursor-pointer items-start gap-3 text-sm text-slate-800">
              <input
                id="second-factor-requirement"
                type="checkbox"
                role="switch"
                className="mt-0.5 h-5 w-5 shrink-0 accent-brand-600"
                checked={save.isPending ? save.variables : setting.data.enabled}
                disabled={save.isPending}
                aria-describedby={setting.data.updatedAt ? 'second-factor-requirement-changed' : undefined}
                onChange={(e) => save.mutate(e.target.checked)}
              />
              <span className="font-medium">Require a second factor for admins and coordinators</span>
            </label>
            {setting.data.updatedAt && (
              <p id="second-factor-requirement-changed" className="pl-8 text-xs text-slate-500">
                Last changed {formatDateTime(setting.data.updatedAt, readerLocale())}
                {setting.data.updatedByName ? ` by ${setting.data.updatedByName}` : ''}.
              </p>
            )}
          </div>
        )}
      </div>
    </Card>
  );
}
