import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ReminderRun } from '../../../shared/api/tasks';
import { channelLabel } from '../../../shared/domain/channels';
import { addDaysIso, todayIn } from '../../../shared/domain/dates';
import { ARCHIVED_REQUEST_STATUSES, DONE_ITEM_STATUSES } from '../../../shared/domain/statuses';
import { assigneeReminders, formatDueDate, REMINDER_TYPES, TEAM_REMINDER, type ReminderType } from '../../../shared/domain/tasks';
import { inTransaction, type AppContext } from '../../platform/context';
import { rowsOf, type Executor } from '../../platform/db/client';
import { reminderLog, users } from '../../platform/db/schema';
import { createNotifications, type NewNotification } from '../../commands/notify';
import { inList } from '../../queries/sql-lists';

/** The scheduler's name for this job in job_runs (read by the system health audit). */
export const REMINDER_JOB = 'task_reminders';

/** Overdue and team alerts go to every admin and approver (spec 002 section 6). */
const TEAM_ROLES = ['admin', 'approver'];
const CHUNK = 500;

interface Candidate {
  id: string;
  request_id: string;
  event_title: string;
  channel: string;
  status: string;
  priority: string;
  due_date: string;
  assignee_id: string | null;
  assignee_name: string | null;
  assignee_reachable: boolean;
}

/**
 * Items that may need a reminder: dated, not done, due by three days from the church's today
 * (a wider net than 48 hours; the pure rule decides), of live requests, and not an additional
 * item still pending or rejected.
 */
async function loadCandidates(tx: Executor, today: string): Promise<Candidate[]> {
  const result = await tx.execute(sql`
    select i.id, i.request_id, r.event_title, i.channel, i.status, i.priority, i.due_date::text as due_date,
           i.assignee_id, u.full_name as assignee_name,
           coalesce(u.active and not u.is_external, false) as assignee_reachable
    from request_items i
    join requests r on r.id = i.request_id
    left join users u on u.id = i.assignee_id
    where i.due_date is not null and i.due_date <= ${addDaysIso(today, 3)}::date
      and i.status not in (${inList(DONE_ITEM_STATUSES)})
      and r.status not in (${inList([...ARCHIVED_REQUEST_STATUSES, 'cancelled'])})
      and (i.is_additional_request = false or i.additional_request_status = 'approved')
    order by i.due_date, i.id`);
  return rowsOf<Candidate>(result);
}

async function teamIds(tx: Executor): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.active, true), eq(users.isExternal, false), inArray(users.role, TEAM_ROLES)));
  return rows.map((r) => r.id);
}

interface Planned {
  userId: string;
  reason: ReminderType;
  item: Candidate;
}

function plan(candidates: Candidate[], team: string[], now: Date, timeZone: string): Planned[] {
  const out: Planned[] = [];
  for (const item of candidates) {
    for (const reason of assigneeReminders({ dueDate: item.due_date, status: item.status, priority: item.priority }, now, timeZone)) {
      if (item.assignee_id && item.assignee_reachable) out.push({ userId: item.assignee_id, reason, item });
      const teamReason = TEAM_REMINDER[reason];
      if (teamReason) for (const userId of team) out.push({ userId, reason: teamReason, item });
    }
  }
  return out;
}

const TITLES: Record<ReminderType, string> = {
  deadline_warning: 'Task due soon',
  overdue: 'Task overdue',
  urgent_deadline: 'Urgent task due within 24 hours',
  team_overdue: 'Overdue task',
  team_urgent: 'Urgent task at risk',
  manual_reminder: 'Task reminder',
};

function message(p: Planned): NewNotification {
  const { item } = p;
  const what = `${channelLabel(item.channel)} for ${item.event_title}`;
  const who = item.assignee_name ?? 'Unassigned';
  const due = formatDueDate(item.due_date);
  const bodies: Record<ReminderType, string> = {
    deadline_warning: `${what} is due ${due} and has not been started.`,
    overdue: `${what} was due ${due}.`,
    urgent_deadline: `${what} is high priority, not started, and due ${due}.`,
    team_overdue: `${what} (${who}) was due ${due}.`,
    team_urgent: `${what} (${who}) is high priority, not started, and due ${due}.`,
    manual_reminder: `Please check on ${what}.`,
  };
  return { userId: p.userId, title: TITLES[p.reason], body: bodies[p.reason], type: p.reason, requestId: item.request_id };
}

/**
 * Records the planned reminders in reminder_log for the church's day and keeps only those that
 * were new: a (person, item, reason) already reminded today is skipped (DESIGN 5.10).
 */
async function keepNew(tx: Executor, planned: Planned[], day: string): Promise<Planned[]> {
  const byKey = new Map(planned.map((p) => [`${p.userId}|${p.item.id}|${p.reason}`, p]));
  const fresh: Planned[] = [];
  const unique = [...byKey.values()];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const inserted = await tx
      .insert(reminderLog)
      .values(unique.slice(i, i + CHUNK).map((p) => ({ userId: p.userId, itemId: p.item.id, reason: p.reason, day })))
      .onConflictDoNothing()
      .returning({ userId: reminderLog.userId, itemId: reminderLog.itemId, reason: reminderLog.reason });
    for (const r of inserted) fresh.push(byKey.get(`${r.userId}|${r.itemId}|${r.reason}`)!);
  }
  return fresh;
}

/**
 * The reminder rules (spec 001 section 7, spec 002 section 9), run hourly by the scheduler and by
 * 'Send All Task Reminders'. The log rows and the notifications commit together.
 */
export async function runTaskReminders(ctx: AppContext, now: Date = new Date()): Promise<ReminderRun> {
  const timeZone = ctx.config.churchTimeZone;
  const day = todayIn(timeZone, now);
  return inTransaction(ctx, async (tx, events) => {
    const candidates = await loadCandidates(tx, day);
    const team = await teamIds(tx);
    const fresh = await keepNew(tx, plan(candidates, team, now, timeZone), day);
    for (let i = 0; i < fresh.length; i += CHUNK) {
      await createNotifications(tx, events, fresh.slice(i, i + CHUNK).map(message));
    }
    const byType = Object.fromEntries(REMINDER_TYPES.map((t) => [t, 0])) as Record<ReminderType, number>;
    for (const p of fresh) byType[p.reason]++;
    return { notified: fresh.length, byType };
  });
}
