import type { HealthSeverity, HealthStatus } from '@shared/api/health';

const PILL = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium';

const STATUS: Record<HealthStatus, string> = {
  Passed: 'bg-green-100 text-green-800',
  Warning: 'bg-amber-100 text-amber-800',
  Failed: 'bg-red-100 text-red-800',
};

const SEVERITY: Record<HealthSeverity, string> = {
  Info: 'bg-slate-100 text-slate-700',
  Low: 'bg-sky-100 text-sky-800',
  Medium: 'bg-yellow-100 text-yellow-800',
  High: 'bg-orange-100 text-orange-800',
  Critical: 'bg-red-600 text-white',
};

/** The log's status (guide/administration.md#system-health: Passed, Warning, Failed). */
export function HealthStatusBadge({ status }: { status: HealthStatus }) {
  return (
    <span data-status={status} className={`${PILL} ${STATUS[status]}`}>
      {status}
    </span>
  );
}

/** The log's severity (guide/administration.md#system-health: Info, Low, Medium, High, Critical). */
export function SeverityBadge({ severity }: { severity: HealthSeverity }) {
  return (
    <span data-severity={severity} className={`${PILL} ${SEVERITY[severity]}`}>
      <span className="sr-only">Severity: </span>
      {severity}
    </span>
  );
}

/** Green from 90, orange from 70, red below: the score at a glance. */
export function scoreTone(score: number): string {
  if (score >= 90) return 'text-green-700';
  if (score >= 70) return 'text-orange-700';
  return 'text-red-700';
}
