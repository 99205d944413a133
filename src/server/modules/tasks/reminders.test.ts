import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { TZDate } from '@date-fns/tz';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TASK_MESSAGES } from '../../../shared/api/tasks';
import { addDaysIso, todayIn } from '../../../shared/domain/dates';
import { ITEM_STATUSES, PRIORITIES } from '../../../shared/domain/statuses';
import { assigneeReminders, formatDueDate } from '../../../shared/domain/tasks';
import { rowsOf } from '../../platform/db/client';
import { emailLinkSecret, setEmailMode, verifyOffToken } from '../../commands/email-preferences';
import {
  digestEntries,
  emailPreferences,
  jobRuns,
  notifications,
  pendingEmails,
  reminderLog,
  requestItems,
  teamReminderLog,
} from '../../platform/db/schema';
import { BACKENDS, createTestApp, signIn, type Agent, type TestApp } from '../../test/harness';
import { TEST_PASSWORD } from '../../test/factories';
import { countInserts } from '../../test/insert-count';
import { REMINDER_JOB, reminderReasonsSql, runTaskReminders } from './reminders';
import { buildItem, buildRequest, buildTeam, type Team } from '../../test/task-fixtures';

describe.each(BACKENDS)('task reminders on %s', (backend) => {
  let t: TestApp;
  let team: Team;
  let admin: Agent;
  const item: Record<string, string> = {};
  const requestOf: Record<string, string> = {};
  const dueOf: Record<string, string> = {};
  const nameOf = (id: string) => Object.entries(team).find(([, u]) => u.id === id)?.[0] ?? id;

  /** Assignee reminders about one item (each item has its own request), as "user:type" pairs. */
  const notesOf = async (itemKey: string) => {
    const rows = await t.ctx.db
      .select({ userId: notifications.userId, type: notifications.type })
      .from(notifications)
      .where(and(eq(notifications.requestId, requestOf[itemKey]), ne(notifications.type, 'manual_reminder')));
    return rows.map((r) => `${nameOf(r.userId)}:${r.type}`).sort();
  };

  /** The team's summaries: notifications about no request, oldest first. */
  const summaries = async () => {
    const rows = await t.ctx.db
      .select()
      .from(notifications)
      .where(isNull(notifications.requestId))
      .orderBy(notifications.createdAt, notifications.id);
    return rows.map((r) => ({ to: nameOf(r.userId), title: r.title, body: r.body, type: r.type, link: r.link }));
  };
  const summariesTo = async (who: string) => (await summaries()).filter((s) => s.to === who);

  beforeAll(async () => {
    t = await createTestApp(backend);
    const db = t.ctx.db;
    team = await buildTeam(db);
    admin = await signIn(t.app, team.admin.email, TEST_PASSWORD);
    const today = todayIn(t.ctx.config.churchTimeZone);
    const add = async (key: string, over: Parameters<typeof buildItem>[2]) => {
      const req = await buildRequest(db, team.requester.id, { eventTitle: 'Youth Camp' });
      requestOf[key] = req.id;
      const row = await buildItem(db, req.id, { assigneeId: team.creative.id, ...over });
      item[key] = row.id;
      dueOf[key] = row.dueDate ?? '';
    };
    await add('tomorrow', { dueDate: addDaysIso(today, 1), status: 'not_started', priority: 'medium' });
    await add('todayHigh', { dueDate: addDaysIso(today, 0), status: 'not_started', priority: 'high', channel: 'facebook_event' });
    await add('overdue', { dueDate: addDaysIso(today, -1), status: 'in_progress' });
    await add('overdueSquad', { dueDate: addDaysIso(today, -3), status: 'proof_ready', assigneeId: team.squad.id });
    await add('later', { dueDate: addDaysIso(today, 5), status: 'not_started', priority: 'urgent' });
    await add('doneLate', { dueDate: addDaysIso(today, -1), status: 'published' });
    await add('startedSoon', { dueDate: addDaysIso(today, 0), status: 'in_progress', priority: 'high' });
    await add('pendingLate', { dueDate: addDaysIso(today, -1), isAdditionalRequest: true, additionalRequestStatus: 'pending' });
    await add('rejectedLate', { dueDate: addDaysIso(today, -1), isAdditionalRequest: true, additionalRequestStatus: 'rejected' });
    const archived = await buildRequest(db, team.requester.id, { status: 'archived_recurring' });
    requestOf.archivedLate = archived.id;
    item.archivedLate = (await buildItem(db, archived.id, { assigneeId: team.creative.id, dueDate: addDaysIso(today, -1) })).id;
  });
  afterAll(async () => t.close());
  // The tasks above are only read; what reminders write is cleared so each test starts from none sent.
  beforeEach(async () => {
    for (const table of [reminderLog, teamReminderLog, notifications, pendingEmails, digestEntries, emailPreferences, jobRuns])
      await t.ctx.db.delete(table);
  });

  /** Noon of the church's day: the windows are unambiguous (due today = 12 h, tomorrow = 36 h). */
  const noonToday = () => {
    const [y, m, d] = todayIn(t.ctx.config.churchTimeZone).split('-').map(Number);
    return new Date(new TZDate(y, m - 1, d, 12, 0, 0, 0, t.ctx.config.churchTimeZone).getTime());
  };
  const DAY = 86_400_000;

  it('applies each rule to the assignee and sends each admin and approver one summary', async () => {
    const run = await runTaskReminders(t.ctx, noonToday());
    expect(await notesOf('tomorrow')).toEqual(['creative:deadline_warning']);
    expect(await notesOf('todayHigh')).toEqual(['creative:deadline_warning', 'creative:urgent_deadline']);
    expect(await notesOf('overdue')).toEqual(['creative:overdue']);
    // The external squad never gets notifications; the team still hears about its overdue task.
    expect(await notesOf('overdueSquad')).toEqual([]);
    for (const key of ['later', 'doneLate', 'startedSoon', 'pendingLate', 'rejectedLate', 'archivedLate'])
      expect(await notesOf(key)).toEqual([]);
    // One summary each, linking to the task list that role opens: two overdue (overdue, overdueSquad), one urgent (todayHigh).
    const body =
      'Newly reported: 2 tasks past due and not finished; 1 task of high priority, not started and due within 24 hours. Open the task list to see them.';
    expect(await summaries()).toEqual(
      expect.arrayContaining([
        { to: 'admin', title: '2 tasks overdue', body, type: 'team_overdue', link: '/all-tasks' },
        { to: 'approver', title: '2 tasks overdue', body, type: 'team_overdue', link: '/my-tasks' },
      ]),
    );
    expect(await summaries()).toHaveLength(2);
    expect(run).toEqual({
      notified: 6,
      byType: { deadline_warning: 2, urgent_deadline: 1, overdue: 1, team_overdue: 2, team_urgent: 1, manual_reminder: 0 },
      summaries: 2,
      more: false,
    });
  });

  it("keeps the assignee's reminders word for word, linking to the request", async () => {
    await runTaskReminders(t.ctx, noonToday());
    const rows = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, team.creative.id));
    const of = (key: string, type: string) => rows.find((r) => r.requestId === requestOf[key] && r.type === type);
    expect(of('overdue', 'overdue')).toMatchObject({
      title: 'Task overdue',
      body: `Sunday Slide Deck for Youth Camp was due ${formatDueDate(dueOf.overdue)}.`,
      link: `/request/${requestOf.overdue}`,
    });
    expect(of('tomorrow', 'deadline_warning')).toMatchObject({
      title: 'Task due soon',
      body: `Sunday Slide Deck for Youth Camp is due ${formatDueDate(dueOf.tomorrow)} and has not been started.`,
    });
    expect(of('todayHigh', 'urgent_deadline')).toMatchObject({
      title: 'Urgent task due within 24 hours',
      body: `Facebook Event for Youth Camp is high priority, not started, and due ${formatDueDate(dueOf.todayHigh)}.`,
      link: `/request/${requestOf.todayHigh}`,
    });
  });

  it('e-mails each new reminder as its assignee chose: in the daily digest by default, at once, or not at all', async () => {
    const origin = t.ctx.config.appOrigin;
    const mails = () => t.ctx.db.select().from(pendingEmails).where(eq(pendingEmails.recipient, team.creative.email));
    const entries = () => t.ctx.db.select().from(digestEntries).where(eq(digestEntries.userId, team.creative.id));
    const clear = async () => {
      for (const table of [reminderLog, teamReminderLog, notifications, pendingEmails, digestEntries]) await t.ctx.db.delete(table);
    };

    // The default: each of the creative's four reminders waits for the digest, none is mailed now.
    await runTaskReminders(t.ctx, noonToday());
    const waiting = await entries();
    expect(waiting).toHaveLength(4);
    expect(waiting.find((e) => e.requestId === requestOf.overdue)).toMatchObject({
      kind: 'reminder',
      requestTitle: 'Youth Camp',
      summary: `Task overdue: Sunday Slide Deck for Youth Camp was due ${formatDueDate(dueOf.overdue)}.`,
      link: `${origin}/request/${requestOf.overdue}`,
      digestDate: null,
    });
    expect(await mails()).toEqual([]);

    // At once: one e-mail per reminder, both parts, with the one-click way out of this kind.
    await clear();
    await setEmailMode(t.ctx.db, team.creative.id, 'reminder', 'immediate');
    await runTaskReminders(t.ctx, noonToday());
    const sent = await mails();
    expect(sent.map((m) => m.subject).sort()).toEqual([
      'Task due soon: Youth Camp',
      'Task due soon: Youth Camp',
      'Task overdue: Youth Camp',
      'Urgent task due within 24 hours: Youth Camp',
    ]);
    const overdueMail = sent.find((m) => m.subject === 'Task overdue: Youth Camp')!;
    expect(overdueMail.body).toContain(`Sunday Slide Deck for Youth Camp was due ${formatDueDate(dueOf.overdue)}.`);
    expect(overdueMail.actionUrl).toBe(`${origin}/request/${requestOf.overdue}`);
    expect(overdueMail.html).toContain('Youth Camp');
    expect(overdueMail.listUnsubscribe).toMatch(new RegExp(`^${origin}/email/off\\?token=`));
    expect(await entries()).toEqual([]);
    // Once a day: a later run the same day mails nothing more.
    await runTaskReminders(t.ctx, new Date(noonToday().getTime() + 3_600_000));
    expect(await mails()).toHaveLength(4);

    // Not at all: the notifications still come, no e-mail and no digest entry.
    await clear();
    await setEmailMode(t.ctx.db, team.creative.id, 'reminder', 'off');
    await runTaskReminders(t.ctx, noonToday());
    expect(await notesOf('overdue')).toEqual(['creative:overdue']);
    expect(await mails()).toEqual([]);
    expect(await entries()).toEqual([]);
  });

  it("queues a batch's immediate e-mails in one insert: every assignee's, each with its own way out", async () => {
    const origin = t.ctx.config.appOrigin;
    const req = await buildRequest(t.ctx.db, team.requester.id, { eventTitle: 'Harvest Dinner' });
    const other = await buildItem(t.ctx.db, req.id, {
      assigneeId: team.creative2.id,
      dueDate: addDaysIso(todayIn(t.ctx.config.churchTimeZone), -2),
      status: 'in_progress',
    });
    await setEmailMode(t.ctx.db, team.creative.id, 'reminder', 'immediate');
    await setEmailMode(t.ctx.db, team.creative2.id, 'reminder', 'immediate');
    try {
      const inserts = await countInserts(t.ctx.db, 'pending_emails', () => runTaskReminders(t.ctx, noonToday()));
      // One batch (the default bound is 500 items), so one insert of all five e-mails.
      expect(inserts).toBe(1);
    } finally {
      await t.ctx.db.delete(requestItems).where(eq(requestItems.id, other.id));
    }
    const sent = await t.ctx.db.select().from(pendingEmails);
    expect(sent.map((m) => `${m.recipient} ${m.subject}`).sort()).toEqual(
      [
        `${team.creative.email} Task due soon: Youth Camp`,
        `${team.creative.email} Task due soon: Youth Camp`,
        `${team.creative.email} Task overdue: Youth Camp`,
        `${team.creative.email} Urgent task due within 24 hours: Youth Camp`,
        `${team.creative2.email} Task overdue: Harvest Dinner`,
      ].sort(),
    );
    const harvest = sent.find((m) => m.recipient === team.creative2.email)!;
    expect(harvest.body).toContain(`Hi ${team.creative2.fullName},`);
    expect(harvest.actionUrl).toBe(`${origin}/request/${req.id}`);
    // Each List-Unsubscribe turns off reminders for its own recipient only.
    const secret = await emailLinkSecret(t.ctx.db);
    const idOf = new Map([team.creative, team.creative2].map((u) => [u.email, u.id]));
    for (const mail of sent) {
      const token = new URL(mail.listUnsubscribe!).searchParams.get('token')!;
      expect(verifyOffToken(secret, token)).toEqual({ userId: idOf.get(mail.recipient), target: 'reminder' });
    }
  });

  it("runs from 'Send All Task Reminders' and records the run for the health audit", async () => {
    const res = await admin.inject({ method: 'POST', url: '/api/tasks/reminders' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ summaries: 2, more: false });
    expect(res.json().byType.team_overdue).toBeGreaterThan(0);
    const [job] = await t.ctx.db.select().from(jobRuns).where(eq(jobRuns.name, REMINDER_JOB));
    expect(job.lastRunAt).toBeInstanceOf(Date);
  });

  it('never notifies the same person of the same item and reason twice in a day', async () => {
    const count = async () => (await t.ctx.db.select().from(notifications)).length;
    const noon = noonToday();
    expect((await runTaskReminders(t.ctx, noon)).notified).toBe(6);
    const before = await count();
    const again = await runTaskReminders(t.ctx, new Date(noon.getTime() + 3_600_000));
    expect(again).toMatchObject({ notified: 0, summaries: 0, more: false });
    expect(await count()).toBe(before);

    // A task that falls overdue later in the day reaches the team in a later summary, alone.
    const req = await buildRequest(t.ctx.db, team.requester.id, { eventTitle: 'Late Arrival' });
    const late = await buildItem(t.ctx.db, req.id, {
      assigneeId: team.creative2.id,
      dueDate: addDaysIso(todayIn(t.ctx.config.churchTimeZone, noon), -2),
    });
    try {
      const third = await runTaskReminders(t.ctx, new Date(noon.getTime() + 2 * 3_600_000));
      expect(third).toMatchObject({ notified: 3, summaries: 2, byType: { overdue: 1, team_overdue: 1, team_urgent: 0 } });
      expect((await summariesTo('admin')).map((s) => s.title)).toEqual(['2 tasks overdue', '1 task overdue']);
    } finally {
      await t.ctx.db.delete(requestItems).where(eq(requestItems.id, late.id));
    }

    // The next church day is a new day: the same tasks are reminded and summarized again, once,
    // with today's tasks (todayHigh, startedSoon) overdue now and tomorrow's due today.
    const next = await runTaskReminders(t.ctx, new Date(noon.getTime() + DAY));
    expect(next.byType).toMatchObject({ overdue: 3, deadline_warning: 1, team_overdue: 4, team_urgent: 0 });
    expect((await summariesTo('approver')).map((s) => s.title)).toEqual(['2 tasks overdue', '1 task overdue', '4 tasks overdue']);
    expect(await notesOf('overdue')).toEqual(['creative:overdue', 'creative:overdue']);
    expect(await runTaskReminders(t.ctx, new Date(noon.getTime() + DAY + 60_000))).toMatchObject({ notified: 0, summaries: 0 });
  });

  it('stops a run at its bound and leaves the rest, losing nothing, for the next run', async () => {
    const noon = noonToday();
    const sent = async () =>
      (await t.ctx.db.select().from(notifications).where(ne(notifications.type, 'manual_reminder')))
        .filter((r) => r.requestId)
        .map((r) => `${nameOf(r.userId)}:${r.type}:${r.requestId}`)
        .sort();
    // Four tasks owe reminders; a run may take two, one a batch: the two overdue ones (earliest due) first.
    const bounds = { batchItems: 1, runItems: 2 };
    const first = await runTaskReminders(t.ctx, noon, bounds);
    expect(first.more).toBe(true);
    // The second run also fills its bound, so it cannot tell that nothing is left; the third finds nothing.
    const second = await runTaskReminders(t.ctx, noon, bounds);
    expect(second.more).toBe(true);
    expect(await runTaskReminders(t.ctx, noon, bounds)).toMatchObject({ notified: 0, more: false });
    const bounded = await sent();
    expect(first.byType).toMatchObject({ overdue: 1, team_overdue: 2, team_urgent: 0, deadline_warning: 0 });
    expect(second.byType).toMatchObject({ overdue: 0, team_overdue: 0, team_urgent: 1, deadline_warning: 2, urgent_deadline: 1 });
    expect((await summariesTo('admin')).map((x) => x.title)).toEqual(['2 tasks overdue', '1 urgent task at risk']);

    for (const table of [reminderLog, teamReminderLog, notifications]) await t.ctx.db.delete(table);
    const whole = await runTaskReminders(t.ctx, noon);
    expect(await sent()).toEqual(bounded);
    expect(bounded).toHaveLength(whole.notified - whole.summaries);
    expect(new Set(bounded).size).toBe(bounded.length);
  });

  it("states in SQL exactly the pure rule's reminders, on generated tasks and moments", async () => {
    const timeZone = t.ctx.config.churchTimeZone;
    // Moments around both daylight-saving changes of 2025 and anywhere in 2024-2027.
    const moment = fc.oneof(
      fc.integer({ min: Date.UTC(2025, 2, 7), max: Date.UTC(2025, 2, 11) }),
      fc.integer({ min: Date.UTC(2025, 9, 31), max: Date.UTC(2025, 10, 4) }),
      fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2027, 11, 31) }),
    );
    const task = fc.record({
      offset: fc.integer({ min: -3, max: 4 }),
      status: fc.constantFrom(...ITEM_STATUSES),
      priority: fc.constantFrom(...PRIORITIES),
      dated: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(moment, fc.array(task, { minLength: 1, maxLength: 25 }), async (ms, tasks) => {
        const now = new Date(ms);
        const today = todayIn(timeZone, now);
        const facts = tasks.map((x) => ({ ...x, dueDate: x.dated || x.offset === 0 ? addDaysIso(today, x.offset) : null }));
        const values = sql.join(
          facts.map((f, k) => sql`(${k}::int, ${f.dueDate}::date, ${f.status}::text, ${f.priority}::text)`),
          sql`, `,
        );
        const rows = rowsOf<{ k: number; reason: string; team_reason: string | null; due_text: string | null }>(
          await t.ctx.db.execute(sql`
            select i.k, rr.reason, rr.team_reason, to_char(i.due_date, 'Mon FMDD, YYYY') as due_text
            from (values ${values}) as i(k, due_date, status, priority)
            cross join lateral ${reminderReasonsSql('i', { now, timeZone })} rr`),
        );
        const fromSql = rows.map((r) => `${r.k}:${r.reason}:${r.team_reason ?? '-'}`).sort();
        const team = { overdue: 'team_overdue', urgent_deadline: 'team_urgent' } as Record<string, string>;
        const fromRule = facts.flatMap((f, k) => assigneeReminders(f, now, timeZone).map((r) => `${k}:${r}:${team[r] ?? '-'}`)).sort();
        expect(fromSql).toEqual(fromRule);
        for (const r of rows) expect(r.due_text).toBe(formatDueDate(facts[r.k].dueDate!));
      }),
      { numRuns: 40 },
    );
  });

  it('sends a manual reminder to the assignee once a day', async () => {
    const first = await admin.inject({ method: 'POST', url: `/api/tasks/${item.later}/remind` });
    expect(first.statusCode).toBe(204);
    const rows = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, team.creative.id), eq(notifications.type, 'manual_reminder')));
    expect(rows).toHaveLength(1);
    expect(rows[0].body).toContain('Youth Camp');
    const second = await admin.inject({ method: 'POST', url: `/api/tasks/${item.later}/remind` });
    expect(second.statusCode).toBe(409);
    const squad = await admin.inject({ method: 'POST', url: `/api/tasks/${item.overdueSquad}/remind` });
    expect(squad.statusCode).toBe(422);
  });

  it('refuses a manual reminder about finished work', async () => {
    const done = await admin.inject({ method: 'POST', url: `/api/tasks/${item.doneLate}/remind` });
    expect(done.statusCode).toBe(422);
    expect(done.json().error.message).toBe(TASK_MESSAGES.finished);
    const rows = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.requestId, requestOf.doneLate), inArray(notifications.type, ['manual_reminder'])));
    expect(rows).toEqual([]);
  });
});
