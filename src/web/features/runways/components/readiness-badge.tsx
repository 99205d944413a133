import type { ReadinessBadge as Badge } from '@shared/domain/planning';

const CLASSES: Record<Badge, string> = {
  'On Track': 'bg-green-100 text-green-800',
  'At Risk': 'bg-amber-100 text-amber-900',
  Behind: 'bg-red-100 text-red-800',
  'Not Planned': 'bg-slate-100 text-slate-700',
};
const LABELS: Partial<Record<Badge, string>> = { 'Not Planned': 'Not planned' };

/** On Track (70 and up), At Risk (40 to under 70), Behind (below 40): guide/sunday-planning.md#readiness; Not planned without tasks. */
export function ReadinessBadge({ badge }: { badge: Badge }) {
  return (
    <span data-readiness={badge} className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${CLASSES[badge]}`}>
      {LABELS[badge] ?? badge}
    </span>
  );
}
