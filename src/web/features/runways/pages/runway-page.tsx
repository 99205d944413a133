import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { Info, Lock } from 'lucide-react';
import { useId, useState } from 'react';
import { useParams } from 'react-router';
import { SUNDAYS_MESSAGES, type RunwaySundays } from '@shared/api/sundays';
import { RUNWAY_CODE_PATTERN, type RunwayCode } from '@shared/domain/planning';
import { RunwayTabs } from '@web/components/runway-tabs';
import { ApiError } from '@web/lib/api';
import { PageHeader } from '@web/components/ui/card';
import { ErrorState, LoadingState } from '@web/components/ui/states';
import { runwaySundaysQuery } from '../api/get-runway-sundays';
import { longDay, ReadinessBar, readinessText } from '../components/dialog-parts';
import { ReadinessBadge } from '../components/readiness-badge';
import { RunwayEditor } from '../components/runway-editor';
import { useErrorToast } from '../components/use-error-toast';

const isRunwayCode = (code: string | undefined): code is RunwayCode => RUNWAY_CODE_PATTERN.test(code ?? '');

/** The time zone's name for people: 'America/New_York' reads 'Eastern Time'. */
export function zoneName(timeZone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
    .formatToParts(new Date())
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/**
 * /runways/{runwayCode} (guide/sunday-planning.md#the-runways-dashboard): one card per upcoming Sunday (the next six in the
 * church's time zone) with date, weekday, lock icon and readiness; a card opens the runway's editor.
 */
export function Component() {
  const { runwayCode } = useParams();
  const valid = isRunwayCode(runwayCode);
  const view = useQuery({ ...runwaySundaysQuery(runwayCode ?? ''), enabled: valid });
  useErrorToast(view.error, SUNDAYS_MESSAGES.fetchPlansFailed);
  const [open, setOpen] = useState<string | null>(null);

  return (
    <main className="px-4 py-8 sm:px-6">
      <PageHeader title={view.data?.runway.name ?? SUNDAYS_MESSAGES.title} />
      <RunwayTabs />
      {!valid || (view.error instanceof ApiError && view.error.status === 404) ? (
        <ErrorState message={SUNDAYS_MESSAGES.runwayNotFound} />
      ) : view.isPending ? (
        <LoadingState label="Loading Sundays..." />
      ) : !view.data ? (
        <ErrorState message={SUNDAYS_MESSAGES.fetchPlansFailed} onRetry={() => void view.refetch()} />
      ) : (
        <SundayCards view={view.data} onOpen={setOpen} />
      )}
      {open && valid && <RunwayEditor code={runwayCode} date={open} onClose={() => setOpen(null)} />}
    </main>
  );
}

function SundayCards({ view, onOpen }: { view: RunwaySundays; onOpen: (date: string) => void }) {
  const tipId = useId();
  const tip = `Shows the next 6 Sundays in ${zoneName(view.timeZone)}.`;
  return (
    <section aria-labelledby={`${tipId}-title`}>
      <div className="mb-3 flex items-center gap-2">
        <h2 id={`${tipId}-title`} className="text-base font-semibold text-slate-900">
          Upcoming Sundays
        </h2>
        <span className="group relative inline-flex">
          <button
            type="button"
            aria-label="About this view"
            aria-describedby={tipId}
            className="rounded-full text-slate-500 hover:text-slate-800 focus:outline-none focus:ring-2 focus:ring-brand-600"
          >
            <Info className="h-4 w-4" aria-hidden />
          </button>
          <span
            id={tipId}
            role="tooltip"
            className="pointer-events-none absolute left-1/2 top-6 z-10 hidden w-56 -translate-x-1/2 rounded-md bg-slate-900 px-2 py-1 text-xs text-white shadow group-focus-within:block group-hover:block"
          >
            {tip}
          </span>
        </span>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {view.sundays.map((s) => (
          <li
            key={s.sundayDate}
            className="relative rounded-lg border border-slate-200 border-l-4 bg-white p-4 shadow-sm focus-within:ring-2 focus-within:ring-brand-600 hover:bg-slate-50"
            style={{ borderLeftColor: view.runway.color }}
          >
            <div className="mb-1 flex items-center justify-between gap-2">
              {/* The button covers the whole card; its visible text is the date its name ends with. */}
              <button
                type="button"
                onClick={() => onOpen(s.sundayDate)}
                aria-label={`Open ${view.runway.name} for ${longDay(s.sundayDate)}`}
                aria-describedby={`${tipId}-${s.sundayDate}`}
                className="text-left text-lg font-semibold text-slate-900 after:absolute after:inset-0 after:content-[''] focus:outline-none"
              >
                {format(parseISO(s.sundayDate), 'MMMM d')}
              </button>
              {s.isLocked && <Lock className="h-4 w-4 text-amber-600" aria-label="Locked" role="img" />}
            </div>
            <span id={`${tipId}-${s.sundayDate}`} className="sr-only">
              {s.isLocked ? 'Locked. ' : ''}
              {s.readinessPct === null ? `${SUNDAYS_MESSAGES.notPlanned}.` : `Readiness ${s.readinessPct}%, ${s.badge}.`}
            </span>
            <div className="mb-3 flex items-center justify-between text-sm text-slate-600">
              <span>{s.weekday}</span>
              <ReadinessBadge badge={s.badge} />
            </div>
            <div className="flex items-center gap-2">
              <ReadinessBar value={s.readinessPct} label={`Readiness for ${longDay(s.sundayDate)}`} />
              <span className="whitespace-nowrap text-sm font-semibold text-slate-900">{readinessText(s.readinessPct)}</span>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
