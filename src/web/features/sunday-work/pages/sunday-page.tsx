import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { SUNDAY_WORK_MESSAGES } from '@shared/api/sunday-work';
import { SUNDAY_MESSAGES } from '@shared/domain/planning';
import { hasRank } from '@shared/domain/roles';
import {
  parseSundayFocus,
  POST_OPEN_STATUSES,
  SUNDAY_WORK_KIND_LABELS,
  sundayTitle,
  VIDEO_OPEN_STATUSES,
  type SundayWorkKind,
} from '@shared/domain/sunday-work';
import { Button } from '@web/components/ui/button';
import { Card, PageHeader } from '@web/components/ui/card';
import { ErrorState, LoadingState } from '@web/components/ui/states';
import { toast } from '@web/components/ui/toast-store';
import { useCurrentUser } from '@web/features/auth';
import { DONE_STEP, useCompleteSundayWork } from '../api/complete-sunday-work';
import { sundayPlanQuery, sundaySlidesQuery, sundaySocialQuery, sundayVideosQuery } from '../api/get-sunday';
import type { AssignmentResponse, SundayAnswerableKind } from '@shared/domain/people-on-sundays';
import { AnswerControls, ResponseBadge } from '@web/features/people';

/**
 * /sundays/:date: one Sunday as the people doing its work read it (decision 0058). Every runway's
 * tasks, the videos, the week's slides, the social posts and the sermon, read only; the reader's own open work has
 * its finishing step. `?focus=<kind>:<id>` (the link of a notification, an e-mail, My Tasks or a
 * calendar feed) scrolls to that piece and focuses it. Coordinators plan the Sunday in Runways.
 */
export function Component() {
  const { date = '' } = useParams();
  const [params] = useSearchParams();
  const focus = parseSundayFocus(params.get('focus'));
  const user = useCurrentUser();
  const plan = useQuery(sundayPlanQuery(date));
  const videos = useQuery(sundayVideosQuery(date));
  const slides = useQuery(sundaySlidesQuery(date));
  const social = useQuery(sundaySocialQuery(date));
  const focusedRef = useRef<HTMLElement | null>(null);
  const loaded = plan.isSuccess && videos.isSuccess && slides.isSuccess && social.isSuccess;

  useEffect(() => {
    if (!loaded || !focus) return;
    const target = document.getElementById(focusId(focus.kind, focus.id));
    if (target) {
      target.scrollIntoView?.({ block: 'center' });
      target.focus();
      focusedRef.current = target;
    }
    // The focus moves once the Sunday is on screen, not on every refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded, focus?.kind, focus?.id]);

  if (!user || plan.isPending || videos.isPending || slides.isPending || social.isPending)
    return <LoadingState label="Loading the Sunday..." />;
  if (plan.isError || videos.isError || slides.isError || social.isError) {
    const err = (plan.error ?? videos.error ?? slides.error ?? social.error) as Error;
    return (
      <main className="mx-auto max-w-4xl px-4 py-8">
        <ErrorState
          message={err.message}
          onRetry={() => {
            void plan.refetch();
            void videos.refetch();
            void slides.refetch();
            void social.refetch();
          }}
        />
      </main>
    );
  }
  const detail = plan.data;
  const locked = detail.lock.isLocked && user.role !== 'admin';
  const mayFinish = (assigneeId: string | null | undefined) => !locked && assigneeId === user.id;
  const focused = (kind: string, id: string) => focus?.kind === kind && focus.id === id;
  const pastorName = (id: string | null) => detail.pastors.find((p) => p.id === id)?.fullName ?? 'Unassigned';

  return (
    <main className="mx-auto max-w-4xl px-4 py-8">
      <PageHeader title={sundayTitle(date)}>
        {hasRank(user.role, 'coordinator') && (
          <Link to="/runways" className="text-sm font-medium text-brand-700 hover:underline">
            Plan this Sunday in Runways
          </Link>
        )}
      </PageHeader>
      {detail.lock.isLocked && (
        <p role="status" className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {SUNDAY_MESSAGES.locked}
        </p>
      )}

      <Section title="Runway tasks">
        {detail.groups.every((g) => g.items.every((i) => !i.id)) ? (
          <Empty>No tasks planned for this Sunday yet.</Empty>
        ) : (
          detail.groups.map((g) =>
            g.items
              .filter((i) => i.id)
              .map((i) => (
                <WorkRow
                  key={i.id!}
                  kind="task"
                  id={i.id!}
                  title={i.taskName}
                  context={g.runway.name}
                  status={i.isComplete ? 'Complete' : 'Open'}
                  who={i.assignee?.fullName ?? 'Unassigned'}
                  focused={focused('task', i.id!)}
                  canFinish={!i.isComplete && mayFinish(i.assignee?.id)}
                  answer={
                    i.assignee
                      ? { response: i.response, reason: i.responseReason, mine: !i.isComplete && i.assignee.id === user.id }
                      : undefined
                  }
                />
              )),
          )
        )}
      </Section>

      <Section title="Videos">
        {videos.data.videos.length === 0 ? (
          <Empty>No videos planned for this Sunday yet.</Empty>
        ) : (
          videos.data.videos.map((v) => (
            <WorkRow
              key={v.id}
              kind="video"
              id={v.id}
              title={v.title}
              status={v.status.replace('_', ' ')}
              who={v.ownerName ?? 'Unassigned'}
              focused={focused('video', v.id)}
              canFinish={videoOpen(v.status) && mayFinish(v.ownerId)}
              answer={
                v.ownerId
                  ? { response: v.response, reason: v.responseReason, mine: videoOpen(v.status) && v.ownerId === user.id }
                  : undefined
              }
            />
          ))
        )}
      </Section>

      <Section title="Weekly slides">
        {slides.data.weekly.length === 0 ? (
          <Empty>No weekly slides for this Sunday yet.</Empty>
        ) : (
          slides.data.weekly.map((s) => (
            <WorkRow
              key={s.id}
              kind="slide"
              id={s.id}
              title={s.title}
              status={s.isComplete ? 'done' : 'open'}
              who={s.ownerName ?? 'Unassigned'}
              focused={focused('slide', s.id)}
              canFinish={!s.isComplete && mayFinish(s.ownerId)}
            />
          ))
        )}
      </Section>

      <Section title="Social posts">
        {social.data.posts.length === 0 ? (
          <Empty>No social posts planned for this week yet.</Empty>
        ) : (
          social.data.posts.map((p) => (
            <WorkRow
              key={p.id}
              kind="post"
              id={p.id}
              title={`${p.platform} ${p.postType}`}
              status={p.status}
              who={p.ownerName ?? 'Unassigned'}
              focused={focused('post', p.id)}
              canFinish={postOpen(p.status) && mayFinish(p.ownerId)}
              answer={
                p.ownerId
                  ? { response: p.response, reason: p.responseReason, mine: postOpen(p.status) && p.ownerId === user.id }
                  : undefined
              }
            />
          ))
        )}
      </Section>

      <Section title="Sermon">
        <li
          id={focusId(focus?.kind === 'sermon_owner' ? 'sermon_owner' : 'sermon_pastor', focus?.id ?? 'sermon')}
          tabIndex={-1}
          className={rowClass(!!focus && focus.kind.startsWith('sermon'))}
        >
          <div className="min-w-0">
            <p className="font-medium text-slate-900">{detail.sermon.sermonTitle ?? 'Untitled sermon'}</p>
            <p className="text-sm text-slate-600">{detail.sermon.status}</p>
            <SermonRole
              kind="sermon_pastor"
              planId={detail.servicePlan.id}
              personId={detail.sermon.teachingPastorId}
              name={pastorName(detail.sermon.teachingPastorId)}
              response={detail.sermon.pastorResponse}
              reason={detail.sermon.pastorResponseReason}
              me={user.id}
            />
            <SermonRole
              kind="sermon_owner"
              planId={detail.servicePlan.id}
              personId={detail.sermon.ownerId}
              name={pastorName(detail.sermon.ownerId)}
              response={detail.sermon.ownerResponse}
              reason={detail.sermon.ownerResponseReason}
              me={user.id}
            />
          </div>
        </li>
      </Section>
    </main>
  );
}

/** One sermon role: its person and their answer, which they give here (guide/sunday-planning.md#answering-an-assignment). */
function SermonRole(props: {
  kind: 'sermon_pastor' | 'sermon_owner';
  planId: string | null;
  personId: string | null;
  name: string;
  response: AssignmentResponse;
  reason: string | null;
  me: string;
}) {
  const { kind, planId, personId, name, response, reason, me } = props;
  const label = SUNDAY_WORK_KIND_LABELS[kind];
  return (
    <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
      <span>
        {label}: {name}
      </span>
      {personId &&
        planId &&
        (personId === me ? (
          <AnswerControls kind={kind} id={planId} title={label} response={response} reason={reason} />
        ) : (
          <ResponseBadge response={response} reason={reason} />
        ))}
    </div>
  );
}

/** Unfinished work, which its person may still finish or answer (finished work is past answering). */
const videoOpen = (status: string) => (VIDEO_OPEN_STATUSES as readonly string[]).includes(status);
const postOpen = (status: string) => (POST_OPEN_STATUSES as readonly string[]).includes(status);

const focusId = (kind: string, id: string) => `work-${kind}-${id}`;
const rowClass = (focused: boolean) =>
  `flex flex-wrap items-center justify-between gap-3 px-4 py-3 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ${
    focused ? 'bg-brand-50 ring-2 ring-inset ring-brand-600' : ''
  }`;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="mb-6">
      <h2 id={id} className="mb-2 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <Card>
        <ul className="divide-y divide-slate-100">{children}</ul>
      </Card>
    </section>
  );
}

const Empty = ({ children }: { children: React.ReactNode }) => <li className="px-4 py-3 text-sm text-slate-500">{children}</li>;

interface RowProps {
  kind: SundayWorkKind;
  id: string;
  title: string;
  context?: string;
  status: string;
  who: string;
  focused: boolean;
  canFinish: boolean;
  /** Its person's answer (all but a slide); `mine`: the reader is its person and may answer (guide/sunday-planning.md#answering-an-assignment). */
  answer?: { response: AssignmentResponse; reason: string | null; mine: boolean };
}

function WorkRow({ kind, id, title, context, status, who, focused, canFinish, answer }: RowProps) {
  const complete = useCompleteSundayWork({
    onSuccess: () => toast({ title: SUNDAY_WORK_MESSAGES.completed, description: title }),
    onError: (err) => toast({ title: SUNDAY_WORK_MESSAGES.saveFailed, description: err.message, variant: 'destructive' }),
  });
  const step = DONE_STEP[kind];
  return (
    <li id={focusId(kind, id)} tabIndex={-1} aria-current={focused ? 'true' : undefined} className={rowClass(focused)}>
      <div className="min-w-0">
        {context && <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{context}</p>}
        <p className="font-medium text-slate-900">{title}</p>
        <p className="text-sm text-slate-600">
          {who} · <span className="capitalize">{status}</span>
        </p>
        {answer && (
          <div className="mt-1">
            {answer.mine ? (
              <AnswerControls kind={kind as SundayAnswerableKind} id={id} title={title} response={answer.response} reason={answer.reason} />
            ) : (
              <ResponseBadge response={answer.response} reason={answer.reason} />
            )}
          </div>
        )}
      </div>
      {canFinish && (
        <Button
          size="sm"
          onClick={() => complete.mutate({ kind, id })}
          disabled={complete.isPending}
          aria-label={`${step.label}: ${title}`}
        >
          {step.label}
        </Button>
      )}
    </li>
  );
}
