import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ReminderRun } from '../../../shared/api/tasks';
import type { ChannelConfig } from '../../../shared/domain/church-config';
import { addDaysIso, todayIn } from '../../../shared/domain/dates';
import { ARCHIVED_REQUEST_STATUSES, DONE_ITEM_STATUSES } from '../../../shared/domain/statuses';
import {
  ASSIGNEE_REMINDERS,
  DEADLINE_WARNING_HOURS,
  REMINDER_HORIZON_DAYS,
  REMINDER_TYPES,
  TEAM_REMINDER,
  taskListPathFor,
  teamSummary,
  URGENT_DEADLINE_HOURS,
  URGENT_PRIORITIES,
  type AssigneeReminder,
  type ReminderType,
} from '../../../shared/domain/tasks';
import { inTransaction, type AppContext } from '../../platform/context';
import { churchConfig } from '../../platform/church-config';
import { rowsOf, type Tx } from '../../platform/db/client';
import { users } from '../../platform/db/schema';
import { liveItemSql, productionItemSql } from '../../platform/db/predicates';
import type { AppEvent } from '../../platform/events/bus';
import { activityChanged, createNotifications, notificationsChanged } from '../../commands/notify';
import { inList, literal, literalList } from '../../queries/sql-lists';
import { emailLinkSecret, queuePreferenceEmails, type PreferenceEmail } from '../../commands/email-preferences';
import { DEFAULT_EMAIL_MODES } from '../../../shared/domain/email-preferences';
import { forgetOldSundayReminders, remindSundayBatch } from './sunday-reminders';

/** The scheduler's name for this job in job_runs (read by the system health audit). */
export const REMINDER_JOB = 'task_reminders';

/** Overdue and team alerts go to every admin and approver (guide/tasks-and-calendar.md#reminders). */
const TEAM_ROLES = ['admin', 'approver'];

/**
 * How much one run does (decision 0027): items in batches of REMINDER_BATCH_ITEMS, each batch its
 * own short transaction, at most REMINDER_RUN_ITEMS items a run. Whatever is left waits for the
 * next run (hourly), so a run never holds the database for long.
 */
export const REMINDER_BATCH_ITEMS = 500;
export const REMINDER_RUN_ITEMS = 5_000;
export interface ReminderBounds {
  batchItems: number;
  runItems: number;
}
const DEFAULT_BOUNDS: ReminderBounds = { batchItems: REMINDER_BATCH_ITEMS, runItems: REMINDER_RUN_ITEMS };

export interface RuleClock {
  now: Date;
  timeZone: string;
}

/**
 * The SQL twin of `assigneeReminders` (src/shared/domain/tasks.ts, the single statement of the
 * rule): a subquery of (reason, team_reason) rows for the item row named `alias`, which has
 * due_date, status and priority. A property test holds the two equal on generated items.
 */
export function reminderReasonsSql(alias: string, clock: RuleClock): SQL {
  const i = sql.raw(alias);
  const now = sql`${clock.now.toISOString()}::timestamptz`;
  // The end of the due date in the church's time zone, as deadlineOf.
  const deadline = sql`((${i}.due_date + 1)::timestamp at time zone ${clock.timeZone})`;
  const within = (hours: number) => sql`${deadline} > ${now} and ${deadline} <= ${now} + make_interval(hours => ${hours})`;
  const when: Record<AssigneeReminder, SQL> = {
    overdue: sql`${deadline} <= ${now}`,
    deadline_warning: sql`${i}.status = 'not_started' and ${within(DEADLINE_WARNING_HOURS)}`,
    urgent_deadline: sql`${i}.status = 'not_started' and ${i}.priority in (${inList(URGENT_PRIORITIES)}) and ${within(URGENT_DEADLINE_HOURS)}`,
  };
  const pairs = sql.raw(ASSIGNEE_REMINDERS.map((r) => `('${r}', ${TEAM_REMINDER[r] ? `'${TEAM_REMINDER[r]}'` : 'null::text'})`).join(', '));
  const cases = sql.join(
    ASSIGNEE_REMINDERS.map((r) => sql`when ${literal(r)} then ${when[r]}`),
    sql` `,
  );
  return sql`(select rr.reason, rr.team_reason from (values ${pairs}) as rr(reason, team_reason)
    where ${i}.due_date is not null and ${i}.status not in (${inList(DONE_ITEM_STATUSES)}) and case rr.reason ${cases} else false end)`;
}

const TITLES: Record<AssigneeReminder, string> = {
  deadline_warning: 'Task due soon',
  overdue: 'Task overdue',
  urgent_deadline: 'Urgent task due within 24 hours',
};

type ChannelNames = readonly Pick<ChannelConfig, 'code' | 'label'>[];

/** A channel's label as the church's configuration names it (as channelLabels does), else its code. */
const channelLabelSql = (column: SQL, channels: ChannelNames): SQL =>
  channels.length === 0
    ? column
    : sql`case ${column} ${sql.join(
        channels.map((c) => sql`when ${c.code}::text then ${c.label}::text`),
        sql` `,
      )} else ${column} end`;

/**
 * The assignee's reminder, word for word as before decision 0027 ('<channel> for <event> was due
 * Jun 15, 2025.'), from a work row `w` (channel_label, event_title, due_date) and its reason.
 */
function assigneeText(reason: SQL): { title: SQL; body: SQL } {
  const what = sql`w.channel_label || ' for ' || w.event_title`;
  // to_char's 'Mon FMDD, YYYY' is formatDueDate's 'MMM d, yyyy' (English month, unpadded day).
  const due = sql`to_char(w.due_date, 'Mon FMDD, YYYY')`;
  const bodies: Record<AssigneeReminder, SQL> = {
    deadline_warning: sql`${what} || ' is due ' || ${due} || ' and has not been started.'`,
    overdue: sql`${what} || ' was due ' || ${due} || '.'`,
    urgent_deadline: sql`${what} || ' is high priority, not started, and due ' || ${due} || '.'`,
  };
  const pick = (of: (k: AssigneeReminder) => SQL) =>
    sql`case ${reason} ${sql.join(
      ASSIGNEE_REMINDERS.map((k) => sql`when ${literal(k)} then ${of(k)}`),
      sql` `,
    )} end`;
  return { title: pick((k) => sql`${TITLES[k]}::text`), body: pick((k) => bodies[k]) };
}

interface BatchResult {
  items: number;
  byType: Record<string, number>;
  users: string[];
}

const parsed = <T>(value: unknown, fallback: T): T =>
  value == null ? fallback : typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);

/**
 * One batch in one statement: the next `limit` items (by due date, from the partial index) that
 * still owe someone a reminder today; their assignee reminders logged in reminder_log and, for
 * the rows that were new, written as notifications (insert ... select); their team alerts logged
 * in team_reminder_log for the run's summary. ON CONFLICT DO NOTHING makes concurrent runs safe.
 */
export function reminderBatchSql(clock: RuleClock, day: string, limit: number, origin: string, channels: ChannelNames): SQL {
  const horizon = addDaysIso(day, REMINDER_HORIZON_DAYS);
  const text = assigneeText(sql`l.reason`);
  return sql`
    with batch as (
      select i.id, i.request_id, ${channelLabelSql(sql`i.channel`, channels)} as channel_label, i.due_date, i.status, i.priority,
             r.event_title, u.id as assignee_id
      from request_items i
      join requests r on r.id = i.request_id
      -- Someone who declined the task is not reminded of it (guide/sunday-planning.md#answering-an-assignment); the team still is.
      left join users u on u.id = i.assignee_id and u.active and not u.is_external and i.response <> 'declined'
      where i.due_date is not null and ${sql.raw(liveItemSql('i'))} and i.status not in (${literalList(DONE_ITEM_STATUSES)})
        and i.due_date <= ${horizon}::date
        and r.status not in (${inList([...ARCHIVED_REQUEST_STATUSES, 'cancelled'])})
        and ${sql.raw(productionItemSql('i'))}
        and exists (
          select 1 from ${reminderReasonsSql('i', clock)} rr
          where (u.id is not null and not exists (
                  select 1 from reminder_log l
                  where l.user_id = u.id and l.item_id = i.id and l.reason = rr.reason and l.day = ${day}::date))
             or (rr.team_reason is not null and not exists (
                  select 1 from team_reminder_log t
                  where t.item_id = i.id and t.reason = rr.team_reason and t.day = ${day}::date)))
      order by i.due_date, i.id
      limit ${limit}
    ),
    work as (
      select b.*, rr.reason, rr.team_reason from batch b cross join lateral ${reminderReasonsSql('b', clock)} rr
    ),
    logged as (
      insert into reminder_log (user_id, item_id, reason, day)
      select w.assignee_id, w.id, w.reason, ${day}::date from work w where w.assignee_id is not null
      on conflict do nothing
      returning user_id, item_id, reason
    ),
    noted as (
      insert into notifications (user_id, title, body, type, request_id, link)
      select l.user_id, ${text.title}, ${text.body}, l.reason, w.request_id, '/request/' || w.request_id
      from logged l join work w on w.id = l.item_id and w.reason = l.reason
      returning user_id, type
    ),
    -- The assignee's e-mail of each new reminder, as they chose for the 'reminder' kind (
    -- decision 0034; the default is the daily digest): digest entries here, immediate ones queued
    -- by the caller from the rows the statement returns, 'off' nothing.
    mailed as (
      select l.user_id, w.request_id, w.event_title, ${text.title} as title, ${text.body} as body,
             coalesce(p.mode, ${sql.raw(`'${DEFAULT_EMAIL_MODES.reminder}'`)}) as mode
      from logged l join work w on w.id = l.item_id and w.reason = l.reason
      left join email_preferences p on p.user_id = l.user_id and p.kind = 'reminder'
    ),
    digested as (
      insert into digest_entries (user_id, kind, request_id, request_title, summary, link)
      select m.user_id, 'reminder', m.request_id, m.event_title, m.title || ': ' || m.body, ${origin} || '/request/' || m.request_id
      from mailed m where m.mode = 'digest'
      returning 1
    ),
    -- Runs although nothing reads it: PostgreSQL executes every data-modifying WITH once.
    team as (
      insert into team_reminder_log (item_id, reason, day)
      select w.id, w.team_reason, ${day}::date from work w where w.team_reason is not null
      on conflict do nothing
      returning reason
    )
    select (select count(*) from batch)::int as items,
           (select json_object_agg(type, n) from (select type, count(*)::int as n from noted group by type) x) as by_type,
           (select json_agg(distinct user_id) from noted) as users,
           (select json_agg(json_build_object('userId', u.id, 'fullName', u.full_name, 'email', u.email,
                   'requestId', m.request_id, 'eventTitle', m.event_title, 'title', m.title, 'body', m.body))
              from mailed m join users u on u.id = m.user_id where m.mode = 'immediate') as immediate`;
}

interface ImmediateReminder {
  userId: string;
  fullName: string;
  email: string;
  requestId: string;
  eventTitle: string;
  title: string;
  body: string;
}

async function remindBatch(
  tx: Tx,
  events: AppEvent[],
  clock: RuleClock,
  day: string,
  limit: number,
  origin: string,
  channels: ChannelNames,
): Promise<BatchResult> {
  const [row] = rowsOf<{ items: number; by_type: unknown; users: unknown; immediate: unknown }>(
    await tx.execute(reminderBatchSql(clock, day, limit, origin, channels)),
  );
  const out: BatchResult = { items: Number(row.items), byType: parsed(row.by_type, {}), users: parsed(row.users, []) };
  await mailImmediately(tx, parsed<ImmediateReminder[]>(row.immediate, []), origin);
  if (out.users.length > 0) events.push(notificationsChanged(out.users), activityChanged());
  return out;
}

/** The reminder e-mail of one assignee, about one item and reason, linking to its request. */
function reminderEmail(r: ImmediateReminder, origin: string): PreferenceEmail {
  return {
    to: { id: r.userId, fullName: r.fullName, email: r.email },
    kind: 'reminder',
    subject: `${r.title}: ${r.eventTitle}`,
    paragraphs: [`Hi ${r.fullName},`, r.body],
    requestId: r.requestId,
    requestTitle: r.eventTitle,
    summary: `${r.title}: ${r.body}`,
    link: `${origin}/request/${r.requestId}`,
    actionText: 'View Request',
    origin,
  };
}

/**
 * The reminders their assignees want by e-mail at once (the default is the digest): the batch's
 * e-mails in one insert, in its transaction. A batch's items owe at most two reminders each, so
 * its rows stay far below the insert's bound.
 */
async function mailImmediately(tx: Tx, reminders: ImmediateReminder[], origin: string): Promise<void> {
  if (reminders.length === 0) return;
  const emails = reminders.map((r) => reminderEmail(r, origin));
  await queuePreferenceEmails(tx, emails, await emailLinkSecret(tx));
}

/**
 * The run's one summary per admin and approver: every team alert logged and not yet summarized
 * (this run's, or a crashed run's) is counted and marked in the same transaction, so each item and
 * reason reaches the team once a day and no alert is lost between a batch and the summary.
 */
async function summarizeForTeam(tx: Tx, events: AppEvent[]): Promise<{ overdue: number; urgent: number; summaries: number }> {
  const counted = rowsOf<{ reason: string; n: number }>(
    await tx.execute(sql`
      with reported as (update team_reminder_log set summarized = true where summarized = false returning reason)
      select reason, count(*)::int as n from reported group by reason`),
  );
  const countOf = (reason: ReminderType) => Number(counted.find((c) => c.reason === reason)?.n ?? 0);
  const counts = { overdue: countOf('team_overdue'), urgent: countOf('team_urgent') };
  const summary = teamSummary(counts);
  if (!summary) return { ...counts, summaries: 0 };
  const team = await tx
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.active, true), eq(users.isExternal, false), inArray(users.role, TEAM_ROLES)));
  await createNotifications(
    tx,
    events,
    team.map((u) => ({ userId: u.id, title: summary.title, body: summary.body, type: summary.type, link: taskListPathFor(u.role) })),
  );
  return { ...counts, summaries: team.length };
}

/**
 * The reminder rules (guide/tasks-and-calendar.md#reminders), run hourly by the scheduler and by
 * 'Send All Task Reminders': batches of set-based SQL, bounded per run (decision 0027). Assignees
 * get one reminder per task and reason a day; admins and approvers one summary per run.
 */
export async function runTaskReminders(
  ctx: AppContext,
  now: Date = new Date(),
  bounds: ReminderBounds = DEFAULT_BOUNDS,
): Promise<ReminderRun> {
  const clock: RuleClock = { now, timeZone: ctx.config.churchTimeZone };
  const day = todayIn(clock.timeZone, now);
  const byType = Object.fromEntries(REMINDER_TYPES.map((t) => [t, 0])) as Record<ReminderType, number>;
  const { channels } = await churchConfig(ctx);
  let items = 0;
  let more = false;
  while (items < bounds.runItems) {
    const limit = Math.min(bounds.batchItems, bounds.runItems - items);
    const batch = await inTransaction(ctx, (tx, events) => remindBatch(tx, events, clock, day, limit, ctx.config.appOrigin, channels));
    items += batch.items;
    for (const [type, n] of Object.entries(batch.byType)) byType[type as ReminderType] += n;
    if (batch.items < limit) break;
    more = items >= bounds.runItems;
  }
  // Sunday work (decision 0058): its own batches, within what is left of the run's bound.
  await inTransaction(ctx, (tx) => forgetOldSundayReminders(tx, day));
  while (items < bounds.runItems) {
    const limit = Math.min(bounds.batchItems, bounds.runItems - items);
    const batch = await inTransaction(ctx, (tx, events) => remindSundayBatch(tx, events, clock, day, limit, ctx.config.appOrigin));
    items += batch.items;
    byType.overdue += batch.overdue;
    byType.deadline_warning += batch.deadlineWarning;
    if (batch.items < limit) break;
    more = items >= bounds.runItems;
  }
  const team = await inTransaction(ctx, (tx, events) => summarizeForTeam(tx, events));
  byType.team_overdue = team.overdue;
  byType.team_urgent = team.urgent;
  const assigneeSent = byType.overdue + byType.deadline_warning + byType.urgent_deadline;
  return { notified: assigneeSent + team.summaries, byType, summaries: team.summaries, more };
}
