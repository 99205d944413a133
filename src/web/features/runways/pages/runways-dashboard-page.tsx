import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { Activity, BookOpen, CalendarDays, ChevronRight, Lock, Megaphone, Plus, RefreshCw, StickyNote } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { SUNDAYS_MESSAGES, type RunwayDashboard, type UpcomingSunday } from '@shared/api/sundays';
import { SERIES_MESSAGES } from '@shared/api/series';
import type { ReadinessBadge as Badge } from '@shared/domain/planning';
import { RunwayTabs } from '@web/components/runway-tabs';
import { Button, buttonClasses } from '@web/components/ui/button';
import { Card, PageHeader } from '@web/components/ui/card';
import { DataTable } from '@web/components/ui/data-table';
import { EmptyState, ErrorState, LoadingState } from '@web/components/ui/states';
import { SetupPrompt } from '@web/features/setup';
import { useWideLayout } from '@web/lib/use-media-query';
import { dashboardQuery } from '../api/get-dashboard';
import { ReadinessBar, readinessText } from '../components/dialog-parts';
import { ReadinessBadge } from '../components/readiness-badge';
import { SundayPlanDialog } from '../components/sunday-plan-dialog';
import { useErrorToast } from '../components/use-error-toast';

/**
 * /runways 'Communication Runways' (guide/sunday-planning.md#the-runways-dashboard): header actions, Global Readiness, a card
 * per runway and the Event Promotions card, 'Upcoming Sundays' with View Details (the Sunday plan
 * dialog), 'Future Notes (Beyond 6 Weeks)', the sticky 'Overall Runway Status', all from one read.
 */
export function Component() {
  const dashboard = useQuery(dashboardQuery);
  const [open, setOpen] = useState<string | null>(null);
  useErrorToast(dashboard.error, SUNDAYS_MESSAGES.fetchSummaryFailed);
  const data = dashboard.data;

  return (
    <main className="px-4 pb-28 pt-8 sm:px-6">
      <PageHeader title={SUNDAYS_MESSAGES.title}>
        {data && data.healthScore !== null && (
          <Link to="/admin/system-health" className={buttonClasses('outline', 'sm')}>
            <Activity className="h-4 w-4" aria-hidden />
            {SUNDAYS_MESSAGES.systemHealth} {data.healthScore}%
          </Link>
        )}
        <Link to="/request/new" className={buttonClasses('primary', 'sm')}>
          <Plus className="h-4 w-4" aria-hidden />
          {SUNDAYS_MESSAGES.addRequest}
        </Link>
        <Link to="/calendar" className={buttonClasses('outline', 'sm')}>
          <CalendarDays className="h-4 w-4" aria-hidden />
          {SUNDAYS_MESSAGES.viewCalendar}
        </Link>
        {/* The series screens (route table: coordinator) have no menu item in guide/sunday-planning.md; they are reached from here. */}
        <Link to="/series" className={buttonClasses('outline', 'sm')}>
          <BookOpen className="h-4 w-4" aria-hidden />
          {SERIES_MESSAGES.title}
        </Link>
        <Button
          variant="outline"
          size="sm"
          aria-label={SUNDAYS_MESSAGES.refresh}
          onClick={() => void dashboard.refetch()}
          disabled={dashboard.isFetching}
        >
          <RefreshCw className={`h-4 w-4 ${dashboard.isFetching ? 'animate-spin' : ''}`} aria-hidden />
        </Button>
      </PageHeader>
      <p className="-mt-4 mb-4 text-sm text-slate-600">{SUNDAYS_MESSAGES.subtitle}</p>
      <RunwayTabs />
      {dashboard.isPending ? (
        <LoadingState label="Loading runways..." />
      ) : !data ? (
        <div className="space-y-4">
          {/* One read serves the whole dashboard: each of its parts says what it could not fetch. */}
          {[
            SUNDAYS_MESSAGES.fetchSummaryFailed,
            SUNDAYS_MESSAGES.fetchPromotionsFailed,
            SUNDAYS_MESSAGES.fetchUpcomingFailed,
            SUNDAYS_MESSAGES.fetchNotesFailed,
          ].map((m) => (
            <Card key={m}>
              <ErrorState message={m} onRetry={() => void dashboard.refetch()} />
            </Card>
          ))}
        </div>
      ) : (
        <DashboardView data={data} onViewDetails={setOpen} />
      )}
      {data && <OverallStatus value={data.globalReadinessPct} badge={data.globalBadge} />}
      {open && <SundayPlanDialog date={open} onClose={() => setOpen(null)} />}
    </main>
  );
}

function DashboardView({ data, onViewDetails }: { data: RunwayDashboard; onViewDetails: (date: string) => void }) {
  return (
    <div className="space-y-6">
      <Card className="p-4">
        <div className="mb-2 flex items-center justify-between">
          <h2 className="text-base font-semibold text-slate-900">{SUNDAYS_MESSAGES.globalReadiness}</h2>
          <span className="flex items-center gap-2">
            <span className="text-lg font-bold text-slate-900">{readinessText(data.globalReadinessPct)}</span>
            <ReadinessBadge badge={data.globalBadge} />
          </span>
        </div>
        <ReadinessBar value={data.globalReadinessPct} label={SUNDAYS_MESSAGES.globalReadiness} />
      </Card>

      {data.runways.length === 0 && (
        <Card className="p-4 text-sm text-slate-700">
          <p className="font-medium text-slate-900">No Sunday is planned yet: this church has no runways.</p>
          <p className="mt-1">
            <Link to="/runways/manage" className="font-medium text-brand-700 underline">
              Set up runways
            </Link>{' '}
            and the tasks each one repeats, and every Sunday of the next six weeks gets them.
          </p>
          <SetupPrompt />
        </Card>
      )}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Runways">
        {data.runways.map((r) => (
          <li key={r.id}>
            <Link
              to={`/runways/${r.code}`}
              className="block h-full rounded-lg border border-slate-200 border-l-4 bg-white p-4 shadow-sm hover:bg-slate-50 focus:outline-none focus:ring-2 focus:ring-brand-600"
              style={{ borderLeftColor: r.color }}
            >
              <div className="mb-2 flex items-center justify-between gap-2">
                <h3 className="font-semibold text-slate-900">{r.name}</h3>
                <ReadinessBadge badge={r.badge} />
              </div>
              <div className="mb-2 flex items-center gap-2">
                <ReadinessBar value={r.readinessPct} label={`${r.name} readiness`} />
                <span className="whitespace-nowrap text-sm font-semibold text-slate-900">{readinessText(r.readinessPct)}</span>
              </div>
              <dl className="grid grid-cols-3 gap-2 text-xs text-slate-600">
                <div>
                  <dt>Planned</dt>
                  <dd className="text-sm font-semibold text-slate-900">{r.itemsPlanned}</dd>
                </div>
                <div>
                  <dt>In progress</dt>
                  <dd className="text-sm font-semibold text-slate-900">{r.itemsInProgress}</dd>
                </div>
                <div>
                  <dt>Locked</dt>
                  <dd className="text-sm font-semibold text-slate-900">{r.lockedSundays}</dd>
                </div>
              </dl>
              <p className="mt-2 text-sm text-slate-700">
                <span className="font-medium">Next: </span>
                {r.nextAction}
              </p>
            </Link>
          </li>
        ))}
        <li>
          <Link
            to="/event-promotions"
            className="flex h-full items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:bg-slate-50 focus:outline-none focus:ring-2 focus:ring-brand-600"
          >
            <span className="flex items-center gap-3">
              <Megaphone className="h-5 w-5 text-brand-600" aria-hidden />
              <span>
                <span className="block font-semibold text-slate-900">{SUNDAYS_MESSAGES.eventPromotions}</span>
                <span className="block text-sm text-slate-600">
                  {SUNDAYS_MESSAGES.eventPromotionsSummary(data.eventPromotions.upcoming, data.eventPromotions.ready)}
                </span>
              </span>
            </span>
            <ChevronRight className="h-4 w-4 text-slate-400" aria-hidden />
          </Link>
        </li>
      </ul>

      <UpcomingSundays sundays={data.upcomingSundays} onViewDetails={onViewDetails} />
      <FutureNotes notes={data.futureNotes} />
    </div>
  );
}

const day = (date: string) => format(parseISO(date), 'EEE, MMM d');

function SundayStatus({ s }: { s: UpcomingSunday }) {
  return (
    <span className="flex items-center gap-2">
      {s.isLocked && <Lock className="h-4 w-4 text-amber-600" aria-label="Locked" role="img" />}
      <ReadinessBadge badge={s.badge} />
      {s.readinessPct !== null && <span className="text-xs text-slate-600">{s.readinessPct}%</span>}
    </span>
  );
}

function ViewDetails({ s, onViewDetails, className }: { s: UpcomingSunday; onViewDetails: (date: string) => void; className?: string }) {
  return (
    <Button
      variant="outline"
      size="sm"
      className={className}
      onClick={() => onViewDetails(s.sundayDate)}
      aria-label={`${SUNDAYS_MESSAGES.viewDetails} for ${day(s.sundayDate)}`}
    >
      {SUNDAYS_MESSAGES.viewDetails}
    </Button>
  );
}

/** On a phone each Sunday is a card, its View Details in sight rather than past a sideways scroll. */
function UpcomingSundayCards({ sundays, onViewDetails }: { sundays: UpcomingSunday[]; onViewDetails: (date: string) => void }) {
  return (
    <ul className="divide-y divide-slate-100" aria-label={SUNDAYS_MESSAGES.upcomingSundays}>
      {sundays.map((s) => (
        <li key={s.sundayDate} className="space-y-2 px-4 py-3" data-testid="upcoming-sunday-card">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-sm font-semibold text-slate-900">{day(s.sundayDate)}</h3>
            <SundayStatus s={s} />
          </div>
          <p className="break-words text-sm text-slate-700">{s.seriesTitle ?? 'No series'}</p>
          <dl className="flex gap-4 text-xs text-slate-600">
            {(
              [
                ['Videos', s.videoCount],
                ['Slides', s.slideCount],
                ['Social', s.socialCount],
              ] as const
            ).map(([label, n]) => (
              <div key={label} className="flex gap-1">
                <dt>{label}</dt>
                <dd className="font-medium text-slate-900">{n}</dd>
              </div>
            ))}
          </dl>
          <ViewDetails s={s} onViewDetails={onViewDetails} className="w-full" />
        </li>
      ))}
    </ul>
  );
}

function UpcomingSundays({ sundays, onViewDetails }: { sundays: UpcomingSunday[]; onViewDetails: (date: string) => void }) {
  const wide = useWideLayout();
  return (
    <Card>
      <h2 className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">{SUNDAYS_MESSAGES.upcomingSundays}</h2>
      {!wide ? (
        <UpcomingSundayCards sundays={sundays} onViewDetails={onViewDetails} />
      ) : (
        <div className="relative overflow-x-auto">
          <DataTable
            className="w-full min-w-[40rem] text-left text-sm"
            headClassName="text-xs uppercase tracking-wide text-slate-500"
            headerCellClassName="px-4 py-2 font-medium"
            cellClassName="px-4 py-2"
            rows={sundays}
            rowKey={(s) => s.sundayDate}
            columns={[
              { key: 'date', header: 'Date', className: 'whitespace-nowrap font-medium text-slate-900', cell: (s) => day(s.sundayDate) },
              { key: 'series', header: 'Series', className: 'text-slate-700', cell: (s) => s.seriesTitle ?? '—' },
              { key: 'videos', header: 'Videos', cell: (s) => s.videoCount },
              { key: 'slides', header: 'Slides', cell: (s) => s.slideCount },
              { key: 'social', header: 'Social', cell: (s) => s.socialCount },
              { key: 'status', header: 'Status', cell: (s) => <SundayStatus s={s} /> },
              {
                key: 'details',
                header: SUNDAYS_MESSAGES.viewDetails,
                hideHeader: true,
                className: 'text-right',
                cell: (s) => <ViewDetails s={s} onViewDetails={onViewDetails} />,
              },
            ]}
          />
        </div>
      )}
    </Card>
  );
}

function FutureNotes({ notes }: { notes: RunwayDashboard['futureNotes'] }) {
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h2 className="text-base font-semibold text-slate-900">{SUNDAYS_MESSAGES.futureNotes}</h2>
        <div className="flex gap-2">
          <Link to="/runways/planning?new=1" className={buttonClasses('outline', 'sm')}>
            <Plus className="h-4 w-4" aria-hidden />
            {SUNDAYS_MESSAGES.addNote}
          </Link>
          <Link to="/runways/planning" className={buttonClasses('ghost', 'sm')}>
            {SUNDAYS_MESSAGES.showAllNotes}
          </Link>
        </div>
      </div>
      {notes.length === 0 ? (
        <EmptyState>{SUNDAYS_MESSAGES.noFutureNotes}</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100">
          {notes.map((n) => (
            <li key={n.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm">
              {/* The row opens the note on the planning page. */}
              <Link
                to={`/runways/planning?note=${encodeURIComponent(n.id)}`}
                className="flex items-center gap-2 rounded-sm font-medium text-slate-900 hover:underline focus-visible:underline"
              >
                <StickyNote className="h-4 w-4 text-slate-400" aria-hidden />
                {n.title}
              </Link>
              <span className="flex items-center gap-3 text-xs text-slate-600">
                <span className="capitalize">{n.category}</span>
                <span className="rounded-full bg-slate-100 px-2 py-0.5 capitalize">{n.status}</span>
                {n.targetDate && <span>{format(parseISO(n.targetDate), 'MMM d, yyyy')}</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function OverallStatus({ value, badge }: { value: number | null; badge: Badge }) {
  return (
    <div
      data-testid="overall-status"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-2px_6px_rgba(0,0,0,0.05)] backdrop-blur sm:px-6"
    >
      <div className="mx-auto flex max-w-7xl items-center gap-3">
        <span className="whitespace-nowrap text-sm font-semibold text-slate-900">{SUNDAYS_MESSAGES.overallStatus}</span>
        <div className="flex-1">
          <ReadinessBar value={value} label={SUNDAYS_MESSAGES.overallStatus} />
        </div>
        <span className="whitespace-nowrap text-sm font-bold text-slate-900">{readinessText(value)}</span>
        <ReadinessBadge badge={badge} />
      </div>
    </div>
  );
}
