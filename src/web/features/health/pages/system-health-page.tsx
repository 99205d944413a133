import { useQuery } from '@tanstack/react-query';
import { Activity, RefreshCw } from 'lucide-react';
import { HEALTH_MESSAGES } from '@shared/api/health';
import { Button } from '@web/components/ui/button';
import { Card, PageHeader } from '@web/components/ui/card';
import { EmptyState, ErrorState, LoadingState } from '@web/components/ui/states';
import { healthLogQuery } from '../api/get-health-log';
import { useResolveHealthLog } from '../api/resolve-health-log';
import { useRunHealthCheck } from '../api/run-health-check';
import { scoreTone } from '../components/health-badges';
import { HealthLogList } from '../components/health-log-list';
import { MailDeliveryNotice } from '@web/features/admin';

/** System Health (guide/administration.md#system-health; guide/administration.md#system-health): the score of the latest run, Run Health Check, and the log with Resolve. */
export function Component() {
  const log = useQuery(healthLogQuery);
  const run = useRunHealthCheck();
  const resolve = useResolveHealthLog();
  return (
    <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <PageHeader title={HEALTH_MESSAGES.title}>
        <Button onClick={() => run.mutate()} disabled={run.isPending}>
          <RefreshCw className={`h-4 w-4 ${run.isPending ? 'animate-spin' : ''}`} aria-hidden />
          {HEALTH_MESSAGES.runCheck}
        </Button>
      </PageHeader>
      {log.isPending ? (
        <LoadingState />
      ) : log.isError ? (
        <ErrorState message={HEALTH_MESSAGES.fetchFailed} onRetry={() => void log.refetch()} />
      ) : (
        <div className="space-y-6">
          <MailDeliveryNotice />
          <Card className="flex items-center gap-4 p-5 sm:p-6">
            <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
              <Activity className="h-6 w-6" aria-hidden />
            </span>
            <div>
              <p className="text-sm text-slate-600">Health score (latest run)</p>
              <p className={`text-3xl font-bold ${scoreTone(log.data.score)}`} data-testid="health-score">
                {log.data.score}%
              </p>
            </div>
          </Card>
          <Card className="overflow-hidden">
            <h2 className="border-b border-slate-200 px-4 py-3 text-lg font-semibold text-slate-900 sm:px-6">Log</h2>
            {log.data.logs.length === 0 ? (
              <EmptyState>{HEALTH_MESSAGES.noLogs}</EmptyState>
            ) : (
              <HealthLogList
                logs={log.data.logs}
                resolvingId={resolve.isPending ? (resolve.variables ?? null) : null}
                onResolve={(id) => resolve.mutate(id)}
              />
            )}
          </Card>
        </div>
      )}
    </main>
  );
}
