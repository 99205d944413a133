import { statusBadgeColour, statusLabel, type BadgeColour } from '@shared/domain/statuses';

const COLOURS: Record<BadgeColour, string> = {
  green: 'bg-green-100 text-green-800',
  red: 'bg-red-100 text-red-800',
  orange: 'bg-orange-100 text-orange-800',
  purple: 'bg-purple-100 text-purple-800',
  yellow: 'bg-yellow-100 text-yellow-800',
  sky: 'bg-sky-100 text-sky-800',
  blue: 'bg-blue-100 text-blue-800',
};

/** A status with the spec's badge colours (guide/requests.md#request-statuses). */
export function StatusBadge({ status, label }: { status: string; label?: string }) {
  return (
    <span
      data-colour={statusBadgeColour(status)}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ${COLOURS[statusBadgeColour(status)]}`}
    >
      {label ?? statusLabel(status)}
    </span>
  );
}

export function Badge({ children, className = '' }: { children: React.ReactNode; className?: string }) {
  return (
    <span className={`inline-flex items-center rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 ${className}`}>
      {children}
    </span>
  );
}
