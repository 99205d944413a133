import { sql } from 'drizzle-orm';
import { addDaysIso } from '../../../shared/domain/dates';
import { drawerPath } from '../../../shared/domain/drawer-path';
import { DEFAULT_EMAIL_MODES, digestDue, type EmailMode } from '../../../shared/domain/email-preferences';
import { nudgeLine, nudgeLookbackDays, nudgesDue, nudgeSummary, type NudgeReason } from '../../../shared/domain/nudges';
import type { NudgeSettings } from '../../../shared/domain/nudge-settings';
import { inTransaction, type AppContext } from '../../platform/context';
import { channelLabels, churchConfig } from '../../platform/church-config';
import { rowsOf, type Executor, type Tx } from '../../platform/db/client';
import { stalledItemSql } from '../../platform/db/predicates';
import { getSetting } from '../../platform/settings';
import type { AppEvent } from '../../platform/events/bus';
import { createNotifications } from '../../commands/notify';
import { emailLinkSecret, queuePreferenceEmails, type PreferenceEmail } from '../../commands/email-preferences';

/** The scheduler's name for the nudges in job_runs. */
export const NUDGE_JOB = 'stall_nudges';
/** The job looks every few minutes; it nudges once the day's digest time has come (guide/notifications-and-email.md#nudges). */
export const NUDGE_CHECK_MS = 5 * 60 * 1000;
/** The stalled-work read's page (keyset on the index), and the people summarized in one transaction. */
export const NUDGE_PAGE_ITEMS = 1_000;
export const NUDGE_BATCH_PEOPLE = 200;
/** How far a church day's length may stray from 24 hours, and more: the crossed-threshold reads' margin. */
const CLOCK_SLACK_MS = 3 * 3_600_000;
/** A summary lists this many items; the rest are counted. */
export const NUDGE_LIST_ITEMS = 20;
/** The once-a-day log keeps a week, as the reminders' logs do (decision 0027). */
const NUDGE_LOG_DAYS = 7;

export interface NudgeRun {
  /** The church day of the run. */
  day: string;
  /** Whether the day's digest time had come. */
  due: boolean;
  /** Summaries sent (one per person). */
  people: number;
  /** Items those summaries name. */
  items: number;
}

interface StalledRow {
  id: string;
  request_id: string;
  channel: string;
  status: string;
  stage_entered_at: string | Date;
  assignee_id: string | null;
  response: string;
  event_title: string;
  requester_id: string | null;
  current_coordinator_id: string | null;
  /** The walk's ordering instant. */
  k: string | Date;
}

/** The day's last complete run (nudge_runs). */
interface LastRun {
  readUntil: Date;
  touchedUntil: Date;
}

interface Line {
  reason: NudgeReason;
  requestId: string;
  itemId: string;
  eventTitle: string;
  text: string;
  stageEnteredAt: number;
}

interface Person {
  id: string;
  fullName: string;
  email: string;
  mode: EmailMode;
}

/** The keyset of a walk: its ordering instant and the item's id. */
type Keyset = { at: string; id: string } | null;

/**
 * One page of stalled work, longest waiting first, from request_items_stalled_idx: items that
 * entered their stage before `before` (and after `since`, when given), after the keyset `after`.
 * Work of a request on hold waits on purpose and nudges nobody.
 */
export function stalledPageSql(before: Date, after: Keyset, limit: number, since: Date | null = null) {
  const keyset = after ? sql`and (i.stage_entered_at, i.id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``;
  const from = since ? sql`and i.stage_entered_at > ${since.toISOString()}::timestamptz` : sql``;
  return sql`
    select i.id, i.request_id, i.channel, i.status, i.stage_entered_at, i.assignee_id, i.response,
           r.event_title, r.requester_id, r.current_coordinator_id, i.stage_entered_at as k
    from request_items i join requests r on r.id = i.request_id
    where ${sql.raw(stalledItemSql('i'))} and i.stage_entered_at < ${before.toISOString()}::timestamptz ${from} ${keyset}
      and r.status <> 'on_hold'
    order by i.stage_entered_at, i.id
    limit ${limit}`;
}

/**
 * One page of the stalled work whose people changed after `since` (assignee, answer, the
 * request's hold, requester or coordinator: request_items.nudge_touched_at), from
 * request_items_nudge_touched_idx, that entered its stage before `before`.
 */
export function touchedPageSql(since: Date, before: Date, after: Keyset, limit: number) {
  const keyset = after ? sql`and (i.nudge_touched_at, i.id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``;
  return sql`
    select i.id, i.request_id, i.channel, i.status, i.stage_entered_at, i.assignee_id, i.response,
           r.event_title, r.requester_id, r.current_coordinator_id, i.nudge_touched_at as k
    from request_items i join requests r on r.id = i.request_id
    where ${sql.raw(stalledItemSql('i'))} and i.nudge_touched_at > ${since.toISOString()}::timestamptz ${keyset}
      and i.stage_entered_at < ${before.toISOString()}::timestamptz and r.status <> 'on_hold'
    order by i.nudge_touched_at, i.id
    limit ${limit}`;
}

const isoOf = (v: string | Date) => (v instanceof Date ? v.toISOString() : new Date(v).toISOString());

/**
 * The walks a run reads. The day's first complete run (or one after the rules changed): all
 * stalled work past the shortest wait. A later run: only what can have become due since the last
 * complete run (decision 0071): work whose wait crossed one of the rule's thresholds since its
 * instant, and work whose people changed since the database's clock when it began (less one check
 * interval, for a change committed while that run read).
 */
function walks(now: Date, settings: NudgeSettings, last: LastRun | null) {
  const before = new Date(now.getTime() - nudgeLookbackDays(settings) * 86_400_000);
  if (!last) return [(after: Keyset, limit: number) => stalledPageSql(before, after, limit)];
  const thresholds = [...new Set([settings.proofNudgeDays, settings.proofNudgeDays + settings.nudgeEscalateDays, settings.stageStuckDays])];
  // A wait of d church days is d days of 23 to 25 hours (a daylight saving change): the slack covers it, and the rule decides.
  const crossed = thresholds.map((days) => {
    const since = new Date(last.readUntil.getTime() - days * 86_400_000 - CLOCK_SLACK_MS);
    const until = new Date(now.getTime() - days * 86_400_000 + CLOCK_SLACK_MS);
    return (after: Keyset, limit: number) => stalledPageSql(until, after, limit, since);
  });
  const touchedSince = new Date(last.touchedUntil.getTime() - NUDGE_CHECK_MS);
  return [...crossed, (after: Keyset, limit: number) => touchedPageSql(touchedSince, before, after, limit)];
}

/** Every row of each walk, page by page from its keyset, each item once however many walks reach it. */
async function* stalledRows(db: Executor, now: Date, settings: NudgeSettings, last: LastRun | null): AsyncGenerator<StalledRow> {
  const seen = new Set<string>();
  for (const page of walks(now, settings, last)) {
    let after: Keyset = null;
    for (;;) {
      const rows: StalledRow[] = rowsOf<StalledRow>(await db.execute(page(after, NUDGE_PAGE_ITEMS)));
      for (const row of rows) {
        if (seen.has(row.id)) continue;
        seen.add(row.id);
        yield row;
      }
      if (rows.length < NUDGE_PAGE_ITEMS) break;
      const final: StalledRow = rows[rows.length - 1];
      after = { at: isoOf(final.k), id: final.id };
    }
  }
}

/** The nudges one stalled item is due, each as the line its person's summary lists. */
function linesOf(row: StalledRow, now: Date, timeZone: string, settings: NudgeSettings, label: (code: string) => string) {
  const enteredAt = new Date(isoOf(row.stage_entered_at));
  const due = nudgesDue(
    {
      status: row.status,
      stageEnteredAt: enteredAt,
      // Someone who declined the task is not nudged about it (guide/sunday-planning.md#answering-an-assignment).
      assigneeId: row.response === 'declined' ? null : row.assignee_id,
      requesterId: row.requester_id,
      coordinatorId: row.current_coordinator_id,
    },
    now,
    timeZone,
    settings,
  );
  return due.map((nudge) => ({
    userId: nudge.userId,
    line: {
      reason: nudge.reason,
      requestId: row.request_id,
      itemId: row.id,
      eventTitle: row.event_title,
      text: nudgeLine(nudge.reason, label(row.channel), row.status, nudge.days),
      stageEnteredAt: enteredAt.getTime(),
    } satisfies Line,
  }));
}

/** Every person's due lines: each stalled item (once) through the rule. */
async function dueLines(
  db: Executor,
  now: Date,
  timeZone: string,
  settings: NudgeSettings,
  label: (code: string) => string,
  last: LastRun | null,
) {
  const byPerson = new Map<string, Line[]>();
  for await (const row of stalledRows(db, now, settings, last)) {
    for (const { userId, line } of linesOf(row, now, timeZone, settings, label)) {
      const lines = byPerson.get(userId) ?? [];
      lines.push(line);
      byPerson.set(userId, lines);
    }
  }
  return byPerson;
}

/**
 * The people among `ids` who can be nudged (active, able to sign in) and have had no summary on
 * `day`, with their task-reminder e-mail mode.
 */
async function nudgeablePeople(db: Executor, ids: string[], day: string): Promise<Person[]> {
  if (ids.length === 0) return [];
  const rows = rowsOf<{ id: string; full_name: string; email: string; mode: string | null }>(
    await db.execute(sql`
      select u.id, u.full_name, u.email, p.mode from users u
      left join email_preferences p on p.user_id = u.id and p.kind = 'reminder'
      where u.id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) and u.active and not u.is_external
        and not exists (select 1 from nudge_log n where n.user_id = u.id and n.day = ${day}::date)
      order by u.id`),
  );
  return rows.map((r) => ({
    id: r.id,
    fullName: r.full_name,
    email: r.email,
    mode: (r.mode as EmailMode | null) ?? DEFAULT_EMAIL_MODES.reminder,
  }));
}

/** A summary's requests, each with its lines, longest waiting first. */
function byRequest(lines: Line[]) {
  const groups = new Map<string, { requestId: string; eventTitle: string; firstItem: string; lines: string[] }>();
  for (const line of lines) {
    const group = groups.get(line.requestId) ?? {
      requestId: line.requestId,
      eventTitle: line.eventTitle,
      firstItem: line.itemId,
      lines: [],
    };
    group.lines.push(line.text);
    groups.set(line.requestId, group);
  }
  return [...groups.values()];
}

/**
 * One person's summary: the bell's notification and the e-mail (at once, or lines for the digest,
 * or none, as they chose for task reminders).
 */
function summaryOf(person: Person, all: Line[], origin: string) {
  const lines = [...all].sort((a, b) => a.stageEnteredAt - b.stageEnteredAt || a.itemId.localeCompare(b.itemId));
  const listed = lines.slice(0, NUDGE_LIST_ITEMS);
  const count = (reason: NudgeReason) => lines.filter((l) => l.reason === reason).length;
  const { title, body } = nudgeSummary({
    proofWaiting: count('proof_waiting'),
    proofEscalated: count('proof_escalated'),
    stageStuck: count('stage_stuck'),
  });
  // The bell and the e-mail open the work that has waited longest.
  const link = drawerPath(lines[0].requestId, lines[0].itemId);
  const groups = byRequest(listed);
  const more = lines.length - listed.length;
  const email: PreferenceEmail = {
    to: { id: person.id, fullName: person.fullName, email: person.email },
    kind: 'reminder',
    subject: lines.length === 1 ? `Still waiting: ${lines[0].eventTitle}` : `${lines.length} things are waiting on you`,
    paragraphs: [
      `Hi ${person.fullName},`,
      body,
      ...(more > 0
        ? [`Here are the ${listed.length} that have waited longest; ${more} more ${more === 1 ? 'is' : 'are'} in Lampstand.`]
        : []),
    ],
    sections: groups.map((g) => ({
      title: g.eventTitle,
      link: { url: `${origin}${drawerPath(g.requestId, g.firstItem)}`, text: 'View Request' },
      items: g.lines,
    })),
    requestId: lines[0].requestId,
    requestTitle: lines[0].eventTitle,
    summary: `${title}: ${body}`,
    link: `${origin}${link}`,
    actionText: 'View Request',
    origin,
  };
  const digest = listed.map((l) => ({
    userId: person.id,
    requestId: l.requestId,
    requestTitle: l.eventTitle,
    summary: l.text,
    link: `${origin}${drawerPath(l.requestId, l.itemId)}`,
  }));
  return { notification: { userId: person.id, title, body, type: 'nudge', requestId: lines[0].requestId, link }, email, digest };
}

/**
 * One batch of people in one transaction: each (person, church day) claimed in nudge_log with
 * INSERT ... ON CONFLICT DO NOTHING, and only for the claims made here the notifications, the
 * e-mails and the digest lines written, so an instance running at once, or a run after a restart,
 * sends nobody a second summary that day.
 */
async function nudgeBatch(tx: Tx, events: AppEvent[], day: string, people: Person[], lines: Map<string, Line[]>, origin: string) {
  const claimed = rowsOf<{ user_id: string }>(
    await tx.execute(sql`
      insert into nudge_log (user_id, day, items)
      values ${sql.join(
        people.map((p) => sql`(${p.id}::uuid, ${day}::date, ${lines.get(p.id)!.length}::int)`),
        sql`, `,
      )}
      on conflict do nothing
      returning user_id`),
  );
  const mine = new Set(claimed.map((c) => c.user_id));
  const summaries = people.filter((p) => mine.has(p.id)).map((p) => ({ person: p, ...summaryOf(p, lines.get(p.id)!, origin) }));
  if (summaries.length === 0) return { people: 0, items: 0 };
  await createNotifications(
    tx,
    events,
    summaries.map((s) => s.notification),
  );
  const immediate = summaries.filter((s) => s.person.mode === 'immediate').map((s) => s.email);
  if (immediate.length > 0) await queuePreferenceEmails(tx, immediate, await emailLinkSecret(tx));
  const digest = summaries.filter((s) => s.person.mode === 'digest').flatMap((s) => s.digest);
  if (digest.length > 0) {
    await tx.execute(sql`
      insert into digest_entries (user_id, kind, request_id, request_title, summary, link)
      values ${sql.join(
        digest.map((d) => sql`(${d.userId}::uuid, 'reminder', ${d.requestId}::uuid, ${d.requestTitle}, ${d.summary}, ${d.link})`),
        sql`, `,
      )}`);
  }
  return { people: summaries.length, items: summaries.reduce((n, s) => n + lines.get(s.person.id)!.length, 0) };
}

/**
 * The nudges (guide/notifications-and-email.md#nudges, decision 0066): once the day's digest time
 * has come on the church's wall clock, everyone stalled work waits on gets one summary a church day,
 * through the bell and their task-reminder e-mail choice. Run by the scheduler every few minutes
 * (main.ts, before the digest, so a summary for the digest goes out with that day's digest).
 */
export async function runNudges(ctx: AppContext, now: Date = new Date()): Promise<NudgeRun> {
  const config = await churchConfig(ctx);
  const timeZone = ctx.config.churchTimeZone;
  const { churchDate: day, due } = digestDue(now, timeZone, await getSetting(ctx.db, 'digestTime'));
  if (!due) return { day, due, people: 0, items: 0 };
  await ctx.db.execute(sql`delete from nudge_log where day < ${addDaysIso(day, -NUDGE_LOG_DAYS)}::date`);
  await ctx.db.execute(sql`delete from nudge_runs where day < ${addDaysIso(day, -NUDGE_LOG_DAYS)}::date`);
  const { proofNudgeDays, nudgeEscalateDays, stageStuckDays } = config.church;
  const settings = { proofNudgeDays, nudgeEscalateDays, stageStuckDays };
  const rules = `${timeZone} ${proofNudgeDays} ${nudgeEscalateDays} ${stageStuckDays}`;
  const [started] = rowsOf<{ at: string | Date; read_until: string | Date | null; touched_until: string | Date | null }>(
    await ctx.db.execute(sql`
      select clock_timestamp() as at, n.read_until, n.touched_until
      from (select 1) one left join nudge_runs n on n.day = ${day}::date and n.rules = ${rules}`),
  );
  const last: LastRun | null =
    started.read_until && started.touched_until
      ? { readUntil: new Date(isoOf(started.read_until)), touchedUntil: new Date(isoOf(started.touched_until)) }
      : null;
  const lines = await dueLines(ctx.db, now, timeZone, settings, await channelLabels(ctx), last);
  const ids = [...lines.keys()];
  const people: Person[] = [];
  for (let i = 0; i < ids.length; i += NUDGE_PAGE_ITEMS)
    people.push(...(await nudgeablePeople(ctx.db, ids.slice(i, i + NUDGE_PAGE_ITEMS), day)));
  const run: NudgeRun = { day, due, people: 0, items: 0 };
  for (let i = 0; i < people.length; i += NUDGE_BATCH_PEOPLE) {
    const batch = people.slice(i, i + NUDGE_BATCH_PEOPLE);
    const done = await inTransaction(ctx, (tx, events) => nudgeBatch(tx, events, day, batch, lines, ctx.config.appOrigin));
    run.people += done.people;
    run.items += done.items;
  }
  // Complete: the day's later runs read only what changes after this one (a run that failed records nothing).
  await ctx.db.execute(sql`
    insert into nudge_runs (day, read_until, touched_until, rules)
    values (${day}::date, ${now.toISOString()}::timestamptz, ${isoOf(started.at)}::timestamptz, ${rules})
    on conflict (day) do update set
      read_until = case when nudge_runs.rules = excluded.rules then greatest(nudge_runs.read_until, excluded.read_until) else excluded.read_until end,
      touched_until = case when nudge_runs.rules = excluded.rules then greatest(nudge_runs.touched_until, excluded.touched_until) else excluded.touched_until end,
      rules = excluded.rules`);
  return run;
}

/** The nudges as a scheduled job (main.ts). */
export function nudgeJob(ctx: AppContext) {
  return { name: NUDGE_JOB, intervalMs: NUDGE_CHECK_MS, run: () => runNudges(ctx) };
}
