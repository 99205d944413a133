import { and, eq, inArray, ne } from 'drizzle-orm';
import { TZDate } from '@date-fns/tz';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TASK_MESSAGES } from '../../../shared/api/tasks';
import { addDaysIso, todayIn } from '../../../shared/domain/dates';
import { jobRuns, notifications, pendingEmails, reminderLog } from '../../platform/db/schema';
import { BACKENDS, createTestApp, signIn, type Agent, type TestApp } from '../../test/harness';
import { TEST_PASSWORD } from '../../test/factories';
import { REMINDER_JOB, runTaskReminders } from './reminders';
import { buildItem, buildRequest, buildTeam, type Team } from './task-fixtures';

describe.each(BACKENDS)('task reminders on %s', (backend) => {
  let t: TestApp;
  let team: Team;
  let admin: Agent;
  const item: Record<string, string> = {};
  const requestOf: Record<string, string> = {};

  /** Reminder notifications about one item (each item has its own request), as "user:type" pairs. */
  const notesOf = async (itemKey: string) => {
    const rows = await t.ctx.db
      .select({ userId: notifications.userId, type: notifications.type })
      .from(notifications)
      .where(and(eq(notifications.requestId, requestOf[itemKey]), ne(notifications.type, 'manual_reminder')));
    const name = (id: string) => Object.entries(team).find(([, u]) => u.id === id)?.[0] ?? id;
    return rows.map((r) => `${name(r.userId)}:${r.type}`).sort();
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    const db = t.ctx.db;
    team = await buildTeam(db);
    admin = await signIn(t.app, team.admin.email, TEST_PASSWORD);
    const today = todayIn(t.ctx.config.churchTimeZone);
    const add = async (key: string, over: Parameters<typeof buildItem>[2]) => {
      const req = await buildRequest(db, team.requester.id, { eventTitle: 'Youth Camp' });
      requestOf[key] = req.id;
      item[key] = (await buildItem(db, req.id, { assigneeId: team.creative.id, ...over })).id;
    };
    await add('tomorrow', { dueDate: addDaysIso(today, 1), status: 'not_started', priority: 'medium' });
    await add('todayHigh', { dueDate: addDaysIso(today, 0), status: 'not_started', priority: 'high' });
    await add('overdue', { dueDate: addDaysIso(today, -1), status: 'in_progress' });
    await add('overdueSquad', { dueDate: addDaysIso(today, -3), status: 'proof_ready', assigneeId: team.squad.id });
    await add('later', { dueDate: addDaysIso(today, 5), status: 'not_started', priority: 'urgent' });
    await add('doneLate', { dueDate: addDaysIso(today, -1), status: 'published' });
    await add('startedSoon', { dueDate: addDaysIso(today, 0), status: 'in_progress', priority: 'high' });
    await add('pendingLate', { dueDate: addDaysIso(today, -1), isAdditionalRequest: true, additionalRequestStatus: 'pending' });
    const archived = await buildRequest(db, team.requester.id, { status: 'archived_recurring' });
    requestOf.archivedLate = archived.id;
    item.archivedLate = (await buildItem(db, archived.id, { assigneeId: team.creative.id, dueDate: addDaysIso(today, -1) })).id;
  });
  afterAll(async () => t.close());
  // The tasks above are only read; what reminders write is cleared so each test starts from none sent.
  beforeEach(async () => {
    for (const table of [reminderLog, notifications, pendingEmails, jobRuns]) await t.ctx.db.delete(table);
  });

  /** Noon of the church's day: the windows are unambiguous (due today = 12 h, tomorrow = 36 h). */
  const noonToday = () => {
    const [y, m, d] = todayIn(t.ctx.config.churchTimeZone).split('-').map(Number);
    return new Date(new TZDate(y, m - 1, d, 12, 0, 0, 0, t.ctx.config.churchTimeZone).getTime());
  };

  it('applies each rule to the assignee and alerts admins and approvers', async () => {
    const run = await runTaskReminders(t.ctx, noonToday());
    expect(await notesOf('tomorrow')).toEqual(['creative:deadline_warning']);
    expect(await notesOf('todayHigh')).toEqual([
      'admin:team_urgent',
      'approver:team_urgent',
      'creative:deadline_warning',
      'creative:urgent_deadline',
    ]);
    expect(await notesOf('overdue')).toEqual(['admin:team_overdue', 'approver:team_overdue', 'creative:overdue']);
    // The external squad never gets notifications; the team still hears about its overdue task.
    expect(await notesOf('overdueSquad')).toEqual(['admin:team_overdue', 'approver:team_overdue']);
    for (const key of ['later', 'doneLate', 'startedSoon', 'pendingLate', 'archivedLate']) expect(await notesOf(key)).toEqual([]);
    expect(run.byType).toMatchObject({ deadline_warning: 2, urgent_deadline: 1, overdue: 1, team_overdue: 4, team_urgent: 2 });
    expect(run.notified).toBe(10);
  });

  it("runs from 'Send All Task Reminders' and records the run for the health audit", async () => {
    const res = await admin.inject({ method: 'POST', url: '/api/tasks/reminders' });
    expect(res.statusCode).toBe(200);
    expect(res.json().byType).toHaveProperty('team_overdue');
    const [job] = await t.ctx.db.select().from(jobRuns).where(eq(jobRuns.name, REMINDER_JOB));
    expect(job.lastRunAt).toBeInstanceOf(Date);
  });

  it('never notifies the same person of the same item and reason twice in a day', async () => {
    const count = async () =>
      (
        await t.ctx.db
          .select()
          .from(notifications)
          .where(inArray(notifications.userId, [team.creative.id, team.admin.id]))
      ).length;
    const noon = noonToday();
    expect((await runTaskReminders(t.ctx, noon)).notified).toBe(10);
    const before = await count();
    const again = await runTaskReminders(t.ctx, noon);
    expect(again.notified).toBe(0);
    expect(await count()).toBe(before);
    // The next church day is a new day.
    const next = await runTaskReminders(t.ctx, new Date(noon.getTime() + 86_400_000));
    expect(next.byType.overdue).toBeGreaterThan(0);
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
      .where(and(eq(notifications.requestId, requestOf.doneLate), eq(notifications.type, 'manual_reminder')));
    expect(rows).toEqual([]);
  });
});
