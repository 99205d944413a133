import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import type { EventPromotion } from '@shared/api/requests';
import { groupByWeek, promotionWeeks } from '@shared/domain/promotions';
import { Card } from '@web/components/ui/card';
import { EventCard } from './event-card';

/** Six Sunday-based weeks starting with the current one, each with its events. */
export function WeeklyView({ events, today }: { events: EventPromotion[]; today: string }) {
  const groups = groupByWeek(events, promotionWeeks(today));
  return (
    <div className="space-y-4">
      {groups.map(({ week, events: weekEvents }, i) => (
        <Card key={week.start}>
          <h2 className="flex flex-wrap items-baseline gap-2 border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">
            Week of {format(parseISO(week.start), 'MMM d')} – {format(parseISO(week.end), 'MMM d, yyyy')}
            {i === 0 && <span className="text-sm font-normal text-slate-500">(this week)</span>}
            <span className="ml-auto text-sm font-normal text-slate-500">
              {weekEvents.length} {weekEvents.length === 1 ? 'event' : 'events'}
            </span>
          </h2>
          {weekEvents.length === 0 ? (
            <p className="px-4 py-3 text-sm text-slate-500">No events this week.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {weekEvents.map((e) => (
                <EventCard key={e.id} event={e} today={today} />
              ))}
            </ul>
          )}
        </Card>
      ))}
    </div>
  );
}
