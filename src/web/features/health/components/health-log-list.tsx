import { CheckCircle2 } from 'lucide-react';
import { HEALTH_MESSAGES, type HealthLogEntry } from '@shared/api/health';
import { formatDateTime } from '@shared/domain/dates';
import { Button } from '@web/components/ui/button';
import { readerLocale } from '@web/lib/locale';
import { HealthStatusBadge, SeverityBadge } from './health-badges';

/** One log row: what was checked, what it found, when and by whom, and Resolve when it may be resolved. */
function LogRow({ log, resolving, onResolve }: { log: HealthLogEntry; resolving: boolean; onResolve: (id: string) => void }) {
  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-start sm:justify-between sm:px-6">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-sm font-semibold text-slate-900">{log.automationName}</h3>
          <HealthStatusBadge status={log.status} />
          <SeverityBadge severity={log.severity} />
          {log.resolved && (
            <span className="inline-flex items-center gap-1 text-xs font-medium text-green-700">
              <CheckCircle2 className="h-3.5 w-3.5" aria-hidden />
              Resolved
            </span>
          )}
        </div>
        <p className="text-sm text-slate-700">{log.summary}</p>
        {log.details && <p className="break-words text-xs text-slate-500">{log.details}</p>}
        <p className="text-xs text-slate-500">
          {formatDateTime(log.dateRun, readerLocale())} · {log.durationMs} ms · {log.checkedByName ?? 'Scheduled'}
        </p>
      </div>
      {log.canResolve && (
        <Button
          variant="outline"
          size="sm"
          className="shrink-0 self-start"
          disabled={resolving}
          aria-label={`${HEALTH_MESSAGES.resolve} ${log.automationName}: ${log.summary}`}
          onClick={() => onResolve(log.id)}
        >
          {HEALTH_MESSAGES.resolve}
        </Button>
      )}
    </li>
  );
}

export function HealthLogList({
  logs,
  resolvingId,
  onResolve,
}: {
  logs: HealthLogEntry[];
  resolvingId: string | null;
  onResolve: (id: string) => void;
}) {
  return (
    <ul className="divide-y divide-slate-200" aria-label="Health check log">
      {logs.map((log) => (
        <LogRow key={log.id} log={log} resolving={resolvingId === log.id} onResolve={onResolve} />
      ))}
    </ul>
  );
}
