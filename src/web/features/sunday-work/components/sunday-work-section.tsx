import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { SUNDAY_WORK_MESSAGES, type SundayWorkDto } from '@shared/api/sunday-work';
import { SUNDAY_WORK_KIND_LABELS, sundayTitle } from '@shared/domain/sunday-work';
import { formatDueDate } from '@shared/domain/tasks';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState, ErrorState, LoadingState } from '@web/components/ui/states';
import { toast } from '@web/components/ui/toast-store';
import { DONE_STEP, useCompleteSundayWork } from '../api/complete-sunday-work';
import { sundayWorkQuery } from '../api/get-sunday-work';
import { AnswerControls } from '@web/features/people';

/**
 * My Tasks' Sunday work (decision 0058): the person's open Sunday tasks, videos and posts, soonest
 * due first, each opening its Sunday on it and finished from here with one press.
 */
export function SundayWorkSection() {
  const list = useInfiniteQuery(sundayWorkQuery);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-labelledby="sunday-work-heading" className="mb-8">
      <h2 id="sunday-work-heading" className="mb-3 text-lg font-semibold text-slate-900">
        {SUNDAY_WORK_MESSAGES.heading}
      </h2>
      {list.isPending ? (
        <LoadingState label="Loading Sunday work..." />
      ) : list.isError ? (
        <ErrorState message={SUNDAY_WORK_MESSAGES.fetchFailed} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState>{SUNDAY_WORK_MESSAGES.empty}</EmptyState>
      ) : (
        <Card className="divide-y divide-slate-100">
          <ul className="divide-y divide-slate-100">
            {items.map((item) => (
              <SundayWorkRow key={`${item.kind}-${item.id}`} item={item} />
            ))}
          </ul>
          {list.hasNextPage && (
            <div className="px-4 py-2">
              <Button variant="secondary" size="sm" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            </div>
          )}
        </Card>
      )}
    </section>
  );
}

function SundayWorkRow({ item }: { item: SundayWorkDto }) {
  const complete = useCompleteSundayWork({
    onSuccess: () => toast({ title: SUNDAY_WORK_MESSAGES.completed, description: item.title }),
    onError: (err) => toast({ title: SUNDAY_WORK_MESSAGES.saveFailed, description: err.message, variant: 'destructive' }),
  });
  const step = DONE_STEP[item.kind];
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
      <div className="min-w-0">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500">
          {SUNDAY_WORK_KIND_LABELS[item.kind]}
          {item.runwayName ? ` · ${item.runwayName}` : ''}
        </p>
        <Link to={item.path} className="font-medium text-brand-700 hover:underline">
          {item.title}
        </Link>
        <p className="text-sm text-slate-600">
          {sundayTitle(item.sundayDate)} · Due {formatDueDate(item.dueDate)}
        </p>
        {item.kind !== 'slide' && item.response && (
          <div className="mt-1">
            <AnswerControls kind={item.kind} id={item.id} title={item.title} response={item.response} reason={item.responseReason} />
          </div>
        )}
      </div>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => complete.mutate({ kind: item.kind, id: item.id })}
        disabled={complete.isPending}
        aria-label={`${step.label}: ${item.title}`}
      >
        {step.label}
      </Button>
    </li>
  );
}
