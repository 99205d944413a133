import { sql } from 'drizzle-orm';
import { addDaysIso } from '../../../shared/domain/dates';
import { DEFAULT_EMAIL_MODES } from '../../../shared/domain/email-preferences';
import { SUNDAY_WORK_KIND_LABELS, sundayTitle, sundayWorkPath, type SundayWorkKind } from '../../../shared/domain/sunday-work';
import { DEADLINE_WARNING_HOURS, formatDueDate } from '../../../shared/domain/tasks';
import { emailLinkSecret, queuePreferenceEmails, type PreferenceEmail } from '../../commands/email-preferences';
import { activityChanged, createNotifications, notificationsChanged } from '../../commands/notify';
import { rowsOf, type Tx } from '../../platform/db/client';
import { digestEntries } from '../../platform/db/schema';
import type { AppEvent } from '../../platform/events/bus';
import { literal } from '../../queries/sql-lists';
import { sundayWorkOf } from '../../queries/sunday-work';

/**
 * Reminders of Sunday work (decision 0058), as request tasks get theirs (decision 0027): the
 * assignee of each open plan item, video, weekly slide or social post is told once a church day when it is due
 * within DEADLINE_WARNING_HOURS ('deadline_warning') or its due date has passed ('overdue'), by a
 * notification and an e-mail of the 'reminder' kind as they chose. Bounded batches: one statement
 * picks and logs a batch (`sunday_reminder_log` keeps the once-a-day promise), then one insert
 * each writes its notifications, digest entries and immediate e-mails.
 */
export type SundayReminderReason = 'overdue' | 'deadline_warning';

const TITLES: Record<SundayReminderReason, string> = {
  overdue: 'Sunday work overdue',
  deadline_warning: 'Sunday work due soon',
};

/** How long the once-a-day rows are kept: only today's are read. */
const LOG_RETENTION_DAYS = 7;

interface Reminded {
  user_id: string;
  full_name: string;
  email: string;
  kind: SundayWorkKind;
  id: string;
  sunday_date: string;
  due_date: string;
  title: string;
  reason: SundayReminderReason;
  mode: string;
}

export interface SundayBatch {
  items: number;
  overdue: number;
  deadlineWarning: number;
  users: string[];
}

/**
 * One batch, inside the caller's transaction. Work is picked from the partial indexes of open
 * assigned work, only what is due by the end of the warning window, soonest due first.
 */
export async function remindSundayBatch(
  tx: Tx,
  events: AppEvent[],
  clock: { now: Date; timeZone: string },
  day: string,
  limit: number,
  origin: string,
): Promise<SundayBatch> {
  const now = sql`${clock.now.toISOString()}::timestamptz`;
  const deadline = sql`((w.due_date::date + 1)::timestamp at time zone ${clock.timeZone})`;
  const horizon = addDaysIso(day, Math.ceil(DEADLINE_WARNING_HOURS / 24) + 1);
  const rows = rowsOf<Reminded>(
    await tx.execute(sql`
      with batch as (
        select w.kind, w.id, w.assignee_id, w.sunday_date, w.due_date, w.title,
               case when ${deadline} <= ${now} then 'overdue' else 'deadline_warning' end as reason
        from (${sundayWorkOf(null)}) as w
        join users u on u.id = w.assignee_id and u.active and not u.is_external
        where w.due_date <= ${horizon} and w.response is distinct from 'declined' and ${deadline} <= ${now} + make_interval(hours => ${literal(DEADLINE_WARNING_HOURS)})
          and not exists (
            select 1 from sunday_reminder_log l
            where l.user_id = w.assignee_id and l.work_id = w.id and l.day = ${day}::date
              and l.reason = case when ${deadline} <= ${now} then 'overdue' else 'deadline_warning' end)
        order by w.due_date, w.id
        limit ${limit}
      ),
      logged as (
        insert into sunday_reminder_log (user_id, work_kind, work_id, reason, day)
        select b.assignee_id, b.kind, b.id, b.reason, ${day}::date from batch b
        on conflict do nothing
        returning user_id, work_id, reason
      )
      select l.user_id, u.full_name, u.email, b.kind, b.id, b.sunday_date, b.due_date, b.title, b.reason,
             coalesce(p.mode, ${literal(DEFAULT_EMAIL_MODES.reminder)}) as mode
      from logged l
      join batch b on b.id = l.work_id and b.reason = l.reason
      join users u on u.id = l.user_id
      left join email_preferences p on p.user_id = l.user_id and p.kind = 'reminder'`),
  );
  const text = (r: Reminded) => {
    const what = `${SUNDAY_WORK_KIND_LABELS[r.kind]} "${r.title}" for ${sundayTitle(r.sunday_date)}`;
    return r.reason === 'overdue' ? `${what} was due ${formatDueDate(r.due_date)}.` : `${what} is due ${formatDueDate(r.due_date)}.`;
  };
  await createNotifications(
    tx,
    [],
    rows.map((r) => ({
      userId: r.user_id,
      title: TITLES[r.reason],
      body: text(r),
      type: r.reason,
      link: sundayWorkPath(r.sunday_date, r.kind, r.id),
    })),
  );
  const email = (r: Reminded): PreferenceEmail => ({
    to: { id: r.user_id, fullName: r.full_name, email: r.email },
    kind: 'reminder',
    subject: `${TITLES[r.reason]}: ${sundayTitle(r.sunday_date)}`,
    paragraphs: [`Hi ${r.full_name},`, text(r)],
    requestId: null,
    requestTitle: sundayTitle(r.sunday_date),
    summary: `${TITLES[r.reason]}: ${text(r)}`,
    link: `${origin}${sundayWorkPath(r.sunday_date, r.kind, r.id)}`,
    actionText: 'Open the Sunday',
    origin,
  });
  const digested = rows.filter((r) => r.mode === 'digest').map(email);
  if (digested.length > 0) {
    await tx.insert(digestEntries).values(
      digested.map((e) => ({
        userId: e.to.id,
        kind: e.kind,
        requestId: null,
        requestTitle: e.requestTitle,
        summary: e.summary,
        link: e.link,
      })),
    );
  }
  const immediate = rows.filter((r) => r.mode === 'immediate').map(email);
  if (immediate.length > 0) await queuePreferenceEmails(tx, immediate, await emailLinkSecret(tx));
  const users = [...new Set(rows.map((r) => r.user_id))];
  if (users.length > 0) events.push(notificationsChanged(users), activityChanged());
  return {
    items: rows.length,
    overdue: rows.filter((r) => r.reason === 'overdue').length,
    deadlineWarning: rows.filter((r) => r.reason === 'deadline_warning').length,
    users,
  };
}

/** Drops the once-a-day rows older than a week (the run's first step). */
export async function forgetOldSundayReminders(tx: Tx, day: string): Promise<void> {
  await tx.execute(sql`delete from sunday_reminder_log where day < ${addDaysIso(day, -LOG_RETENTION_DAYS)}::date`);
}
