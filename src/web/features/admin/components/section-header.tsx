import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDateTime } from '@shared/domain/dates';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ErrorState, LoadingState } from '@web/components/ui/states';

export function SectionHeader({
  id,
  icon: Icon,
  title,
  description,
  children,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  description: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3 p-5 sm:p-6">
      <div className="flex items-start gap-3">
        <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
          <Icon className="h-5 w-5" aria-hidden />
        </span>
        <div>
          <h2 id={id} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <p className="mt-0.5 text-sm text-slate-500">{description}</p>
        </div>
      </div>
      {children && <div className="flex items-center gap-2">{children}</div>}
    </div>
  );
}

/** Who last changed a setting and when, as a sentence that starts with a space ('' when never changed). */
export function lastChangedText({ updatedAt, updatedByName }: { updatedAt: string | null; updatedByName?: string | null }): string {
  return updatedAt ? ` Last changed ${formatDateTime(updatedAt)}${updatedByName ? ` by ${updatedByName}` : ''}.` : '';
}

/** A setting form's Save: disabled while nothing changed or while saving, which it says. */
export function SaveButton({ pending, disabled, className }: { pending: boolean; disabled: boolean; className?: string }) {
  return (
    <Button type="submit" size="sm" className={className} disabled={pending || disabled}>
      {pending ? 'Saving...' : 'Save'}
    </Button>
  );
}

/**
 * An Admin Settings section that reads one setting: the header, then under a rule the loading
 * state, the error (the section's `fetchFailed` with the server's message) with Retry, or the
 * section's body drawn from the setting.
 */
export function SettingSection<T>({
  id,
  icon,
  title,
  description,
  query,
  fetchFailed,
  bodyClassName = '',
  children,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  description: string;
  query: UseQueryResult<T>;
  fetchFailed: string;
  bodyClassName?: string;
  children: (setting: T) => ReactNode;
}) {
  return (
    <Card className="overflow-hidden">
      <SectionHeader id={id} icon={icon} title={title} description={description} />
      <div className={`border-t border-slate-200 px-5 py-4 sm:px-6 ${bodyClassName}`}>
        {query.isPending ? (
          <LoadingState />
        ) : query.isError ? (
          <ErrorState message={`${fetchFailed}${query.error.message}`} onRetry={() => void query.refetch()} />
        ) : (
          children(query.data)
        )}
      </div>
    </Card>
  );
}
