import { CalendarDays } from 'lucide-react';
import { Link } from 'react-router';
import type { SeriesSummary } from '@shared/api/series';
import type { SeriesBadge } from '@shared/domain/series';
import { formatSeriesRange } from './series-dates';

const BADGE_CLASSES: Record<SeriesBadge, string> = {
  Upcoming: 'bg-blue-100 text-blue-800',
  Active: 'bg-green-100 text-green-800',
  Past: 'bg-slate-100 text-slate-700',
};

export function SeriesBadgeChip({ badge }: { badge: SeriesBadge }) {
  return (
    <span data-badge={badge} className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ${BADGE_CLASSES[badge]}`}>
      {badge}
    </span>
  );
}

const weeks = (n: number) => `${n} ${n === 1 ? 'week' : 'weeks'}`;

/** One 'Sermon Series' card (guide/sunday-planning.md#sermon-series): title, tagline, date range, theme-colour left border, badge. */
export function SeriesCard({ series }: { series: SeriesSummary }) {
  return (
    <li>
      <Link
        to={`/series/${series.id}`}
        className="flex h-full flex-col gap-2 rounded-lg border border-l-[6px] border-slate-200 bg-white p-4 shadow-sm transition-shadow hover:shadow-md focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        style={{ borderLeftColor: series.themeColor }}
      >
        <div className="flex items-start justify-between gap-3">
          <h2 className="text-lg font-semibold text-slate-900">{series.title}</h2>
          <SeriesBadgeChip badge={series.badge} />
        </div>
        {series.tagline && <p className="text-sm text-slate-600">{series.tagline}</p>}
        <p className="mt-auto flex items-center gap-1.5 pt-2 text-sm text-slate-500">
          <CalendarDays className="h-4 w-4 shrink-0" aria-hidden />
          <span>{formatSeriesRange(series.startSunday, series.endSunday)}</span>
          {series.weekCount > 0 && <span aria-hidden>·</span>}
          {series.weekCount > 0 && <span>{weeks(series.weekCount)}</span>}
        </p>
      </Link>
    </li>
  );
}
