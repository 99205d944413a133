import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { Link } from 'react-router';
import type { EventPromotion } from '@shared/api/requests';
import { isActiveThisWeek, isEventReady } from '@shared/domain/promotions';
import { buttonClasses } from '@web/components/ui/button';
import { Badge, StatusBadge } from '@web/components/ui/status-badge';
import { ReadinessBar } from './readiness-bar';

/** One event: when, who, its tier and status, and how ready its promotion is. */
export function EventCard({ event, today }: { event: EventPromotion; today: string }) {
  const active = isActiveThisWeek(event.eventStartDate, today);
  return (
    <li className={`flex flex-wrap items-center gap-4 px-4 py-3 ${active ? 'border-l-4 border-l-amber-500 bg-amber-50/40' : ''}`}>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900">{event.eventTitle}</span>
          {event.tier && <Badge>Tier {event.tier}</Badge>}
          <StatusBadge status={event.status} />
          {active && <Marker className="bg-amber-100 text-amber-800">Active this week</Marker>}
          {isEventReady(event.readiness) && <Marker className="bg-green-100 text-green-800">Ready</Marker>}
        </div>
        <div className="mt-0.5 text-xs text-slate-500">
          {format(parseISO(event.eventStartDate), 'EEE, MMM d, yyyy')} · {event.ministryName ?? 'No ministry'} · Requested by{' '}
          {event.requesterName} · Coordinator: {event.coordinatorName ?? 'Unassigned'}
        </div>
      </div>
      <ReadinessBar readiness={event.readiness} doneCount={event.doneCount} itemCount={event.itemCount} title={event.eventTitle} />
      {event.canView ? (
        <Link to={`/request/${event.id}`} className={buttonClasses('outline', 'sm')} aria-label={`View ${event.eventTitle}`}>
          View
        </Link>
      ) : (
        // Keeps the rows aligned; the request belongs to someone else and the drawer would refuse it.
        <span className="w-[54px]" aria-hidden />
      )}
    </li>
  );
}

function Marker({ className, children }: { className: string; children: React.ReactNode }) {
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ${className}`}>{children}</span>;
}
