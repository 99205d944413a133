import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { SUNDAYS_MESSAGES, type SundayDetail } from '@shared/api/sundays';
import type { RunwayCode } from '@shared/domain/planning';
import { ErrorState, LoadingState } from '@web/components/ui/states';
import { sundayQuery } from '../api/get-sunday';
import { ConflictBanner, EditorShell, fullDate, EditorFooter, ReadinessBar, readinessText } from './dialog-parts';
import { ApplyTemplateForm } from './apply-template-form';
import { PlanItemsTable } from './plan-items-table';
import { useUnsavedGuard } from '@web/components/ui/unsaved-guard';
import { useErrorToast } from './use-error-toast';
import { useSundayEditor } from './use-sunday-editor';

// The form and its schema load after the screen: the checks are not on the first paint.
const OneOffTaskForm = lazy(() => import('./one-off-task-form'));

/** Loads the Sunday for an editor: the loading and error states inside the dialog, the spec's error toast. */
export function WithSunday(props: { date: string; title: string; onClose: () => void; children: (detail: SundayDetail) => ReactNode }) {
  const sunday = useQuery(sundayQuery(props.date));
  useErrorToast(sunday.error, SUNDAYS_MESSAGES.fetchSundayFailed);
  if (sunday.data) return props.children(sunday.data);
  return (
    <EditorShell title={props.title} description="Loading the Sunday's plan." onRequestClose={props.onClose}>
      {sunday.isError ? (
        <ErrorState message={SUNDAYS_MESSAGES.fetchSundayFailed} onRetry={() => void sunday.refetch()} />
      ) : (
        <LoadingState label="Loading Sunday..." />
      )}
    </EditorShell>
  );
}

/**
 * The Sunday plan dialog (guide/sunday-planning.md#the-runways-dashboard, from 'Upcoming Sundays' View Details): 'Plan for
 * {date} — Sunday Service Overview' with its readiness, the five task groups (message,
 * generosity, logistics, media, announcements), Cancel, Save All Changes and Lock Sunday.
 * Its toasts are 'Changes saved successfully!' and 'Error saving changes'. `focus` scrolls to one
 * group (the media runway's cards open it there until the media editor replaces it).
 */
export function SundayPlanDialog({ date, focus, onClose }: { date: string; focus?: RunwayCode; onClose: () => void }) {
  const title = SUNDAYS_MESSAGES.planTitle(fullDate(date));
  return (
    <WithSunday date={date} title={title} onClose={onClose}>
      {(detail) => <SundayPlanEditor detail={detail} title={title} focus={focus} onClose={onClose} />}
    </WithSunday>
  );
}

/** The standard runways in the spec's order, then the church's other runways in their own order. */
const GROUP_ORDER: RunwayCode[] = ['message', 'generosity', 'logistics', 'media', 'announcements'];
const rank = (code: string) => (GROUP_ORDER.includes(code) ? GROUP_ORDER.indexOf(code) : GROUP_ORDER.length);

function SundayPlanEditor({
  detail,
  title,
  focus,
  onClose,
}: {
  detail: SundayDetail;
  title: string;
  focus?: RunwayCode;
  onClose: () => void;
}) {
  const editor = useSundayEditor(detail, { saved: SUNDAYS_MESSAGES.saved, failed: SUNDAYS_MESSAGES.saveFailed });
  const guard = useUnsavedGuard({ dirty: editor.dirty, save: async () => (await editor.save()) !== 'failed' });
  const groups = [...detail.groups].sort((a, b) => rank(a.runway.code) - rank(b.runway.code));

  useEffect(() => {
    if (focus) document.getElementById(`plan-group-${focus}`)?.scrollIntoView({ block: 'start' });
  }, [focus]);

  return (
    <EditorShell
      title={title}
      description={`Readiness ${readinessText(detail.readinessPct)}`}
      onRequestClose={() => guard.requestClose(onClose)}
    >
      <div className="flex-1 space-y-5 overflow-y-auto px-4 py-4 sm:px-6">
        <div className="flex items-center gap-3">
          <span className="text-sm font-medium text-slate-700">Readiness</span>
          <div className="flex-1">
            <ReadinessBar value={detail.readinessPct} label="Sunday readiness" />
          </div>
          <span className="whitespace-nowrap text-sm font-semibold text-slate-900">{readinessText(detail.readinessPct)}</span>
        </div>
        <ConflictBanner editor={editor} />
        {groups.length > 0 && <ApplyTemplateForm detail={detail} editor={editor} />}
        {groups.length === 0 && (
          <p className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
            {SUNDAYS_MESSAGES.notPlanned}: this church has no runways yet.{' '}
            <a className="font-medium text-brand-700 underline" href="/runways/manage">
              Set up runways
            </a>
          </p>
        )}
        {groups.map((g) => (
          <section key={g.runway.code} id={`plan-group-${g.runway.code}`} aria-labelledby={`plan-group-${g.runway.code}-title`}>
            <h3 id={`plan-group-${g.runway.code}-title`} className="mb-1 flex items-center gap-2 text-base font-semibold text-slate-900">
              <span className="h-3 w-3 rounded-full" style={{ backgroundColor: g.runway.color }} aria-hidden />
              {g.runway.name}
              <span className="text-sm font-normal text-slate-500">{readinessText(g.readinessPct)}</span>
            </h3>
            <PlanItemsTable
              code={g.runway.code}
              label={g.runway.name}
              editor={editor}
              assignees={detail.assignees}
              sundayDate={detail.sundayDate}
            />
            <Suspense fallback={null}>
              <OneOffTaskForm detail={detail} group={g} editor={editor} />
            </Suspense>
          </section>
        ))}
      </div>
      <EditorFooter
        detail={detail}
        editor={editor}
        saveLabel={SUNDAYS_MESSAGES.saveAllChanges}
        onCancel={() => guard.requestClose(onClose)}
      />
      {guard.dialog}
    </EditorShell>
  );
}
