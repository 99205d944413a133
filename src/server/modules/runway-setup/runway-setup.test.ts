import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RUNWAY_SETUP_MESSAGES, type RunwaySetup, type SetupChange } from '../../../shared/api/runway-setup';
import type { RunwayDashboard, RunwaySundays, SundayDetail } from '../../../shared/api/sundays';
import { addDaysIso, upcomingSundays } from '../../../shared/domain/dates';
import { RUNWAY_CHANGED, STANDARD_RUNWAYS, SUNDAY_UNLOCKED } from '../../../shared/domain/runway-setup';
import { DEFAULT_LOCK_RULE, sundayLockInstant } from '../../../shared/domain/sunday-lock';
import * as s from '../../platform/db/schema';
import { runSundayAutoLock } from '../../platform/jobs/sunday-auto-lock';
import { setSetting } from '../../platform/settings';
import { sessionAgent } from '../../test/agent';
import { buildUser } from '../../test/factories';
import { BACKENDS, createTestApp, type Agent, type TestApp } from '../../test/harness';

const ROLES = ['admin', 'coordinator', 'creative'] as const;
type Role = (typeof ROLES)[number];

describe.each(BACKENDS)('runways as data on %s', (backend) => {
  let t: TestApp;
  const as = {} as Record<Role, Agent>;
  const user = {} as Record<Role, typeof s.users.$inferSelect>;
  let window: string[];

  beforeAll(async () => {
    t = await createTestApp(backend);
    for (const role of ROLES) {
      user[role] = await buildUser(t.ctx.db, { role, fullName: `The ${role}` });
      as[role] = await sessionAgent(t.app, user[role].id);
    }
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    window = upcomingSundays(t.ctx.config.churchTimeZone, 6);
    await t.ctx.db.execute(sql`truncate table ${s.sundayPlans}, ${s.runways}, ${s.appSettings} cascade`);
    await t.ctx.db.delete(s.activityLog).where(isNull(s.activityLog.requestId));
  });

  const call = <T>(agent: Agent, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown) =>
    agent
      .inject({ method, url, ...(method === 'GET' ? {} : { payload: (payload ?? {}) as object }) })
      .then((r) => ({ status: r.statusCode, body: r.json() as T }));
  const setup = async () => (await call<RunwaySetup>(as.coordinator, 'GET', '/api/runway-setup')).body;
  const createRunway = async (name = 'Kids', color = '#7c3aed') => {
    const res = await call<SetupChange>(as.admin, 'POST', '/api/runway-setup/runways', { name, color });
    expect(res.status).toBe(200);
    return res.body.id;
  };
  const addTask = async (runwayId: string, body: Record<string, unknown>, agent = as.coordinator) => {
    const res = await call<SetupChange>(agent, 'POST', `/api/runway-setup/runways/${runwayId}/tasks`, {
      kind: 'text',
      daysBefore: 2,
      ...body,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const itemsOn = async (date: string, runwayId: string) =>
    t.ctx.db
      .select({ item: s.sundayPlanItems })
      .from(s.sundayPlanItems)
      .innerJoin(s.sundayPlans, eq(s.sundayPlans.id, s.sundayPlanItems.sundayPlanId))
      .where(and(eq(s.sundayPlans.sundayDate, date), eq(s.sundayPlans.runwayId, runwayId)))
      .then((rows) => rows.map((r) => r.item));
  const detail = async (date: string, agent = as.coordinator) => (await call<SundayDetail>(agent, 'GET', `/api/sundays/${date}`)).body;
  const lock = (date: string) => call(as.coordinator, 'POST', `/api/sundays/${date}/lock`);
  const logCount = async () => (await t.ctx.db.select().from(s.activityLog).where(eq(s.activityLog.actionType, RUNWAY_CHANGED))).length;

  describe('runways', () => {
    it('an admin creates, renames, recolours, reorders and archives runways, each logged', async () => {
      const kids = await createRunway('Kids & Family');
      const youth = await createRunway('Youth');
      let view = await setup();
      expect(view.runways.map((r) => [r.code, r.name, r.color, r.orderIndex])).toEqual([
        ['kids-family', 'Kids & Family', '#7c3aed', 0],
        ['youth', 'Youth', '#7c3aed', 1],
      ]);
      expect((await call(as.admin, 'PATCH', `/api/runway-setup/runways/${kids}`, { name: 'Kids', color: '#dc2626' })).status).toBe(200);
      expect((await call(as.admin, 'PUT', '/api/runway-setup/order', { ids: [youth, kids] })).status).toBe(200);
      view = await setup();
      // The address stays with the runway through a rename.
      expect(view.runways.map((r) => [r.code, r.name, r.color])).toEqual([
        ['youth', 'Youth', '#7c3aed'],
        ['kids-family', 'Kids', '#dc2626'],
      ]);
      expect((await call(as.admin, 'POST', `/api/runway-setup/runways/${youth}/archive`)).status).toBe(200);
      expect((await call<{ items: unknown[] }>(as.coordinator, 'GET', '/api/runways')).body.items).toHaveLength(1);
      expect((await call(as.coordinator, 'GET', '/api/runways/youth/sundays')).status).toBe(404);
      expect((await setup()).runways.find((r) => r.id === youth)?.archived).toBe(true);
      expect((await call(as.admin, 'POST', `/api/runway-setup/runways/${youth}/restore`)).status).toBe(200);
      expect((await call(as.coordinator, 'GET', '/api/runways/youth/sundays')).status).toBe(200);
      // Two creations, one edit (name and colour together), the order, the archive and the restore.
      expect(await logCount()).toBe(6);
    });

    it('validation errors answer with the field and change nothing', async () => {
      const kids = await createRunway('Kids');
      const before = await setup();
      const logged = await logCount();
      const empty = await call<{ error: { message: string } }>(as.admin, 'POST', '/api/runway-setup/runways', {
        name: '  ',
        color: '#000000',
      });
      expect(empty.status).toBe(400);
      expect(JSON.stringify(empty.body)).toContain(RUNWAY_SETUP_MESSAGES.nameRequired);
      expect((await call(as.admin, 'POST', '/api/runway-setup/runways', { name: 'X', color: 'red' })).status).toBe(400);
      expect((await call(as.admin, 'POST', '/api/runway-setup/runways', { name: 'kids', color: '#000000' })).status).toBe(422);
      const negative = await call(as.coordinator, 'POST', `/api/runway-setup/runways/${kids}/tasks`, {
        name: 'A',
        kind: 'text',
        daysBefore: -1,
      });
      expect(negative.status).toBe(400);
      expect(JSON.stringify(negative.body)).toContain(RUNWAY_SETUP_MESSAGES.negativeDays);
      const noName = await call(as.coordinator, 'POST', `/api/runway-setup/runways/${kids}/tasks`, {
        name: '',
        kind: 'text',
        daysBefore: 1,
      });
      expect(JSON.stringify(noName.body)).toContain(RUNWAY_SETUP_MESSAGES.taskNameRequired);
      const badAssignee = await call(as.coordinator, 'POST', `/api/runway-setup/runways/${kids}/tasks`, {
        name: 'A',
        kind: 'text',
        daysBefore: 1,
        defaultAssigneeId: randomUUID(), // nobody's id
      });
      expect(badAssignee.status).toBe(422);
      expect((await call(as.admin, 'PUT', '/api/runway-setup/order', { ids: [kids, kids] })).status).toBe(400);
      expect(await setup()).toEqual(before);
      expect(await logCount()).toBe(logged);
      expect(await t.ctx.db.select().from(s.sundayPlans)).toEqual([]);
    });

    it('a coordinator may edit tasks but not create, rename, reorder or archive runways', async () => {
      const kids = await createRunway('Kids');
      for (const [method, url, payload] of [
        ['POST', '/api/runway-setup/runways', { name: 'Y', color: '#000000' }],
        ['PATCH', `/api/runway-setup/runways/${kids}`, { name: 'Z' }],
        ['PUT', '/api/runway-setup/order', { ids: [kids] }],
        ['POST', `/api/runway-setup/runways/${kids}/archive`, {}],
        ['POST', '/api/runway-setup/standard', { runways: [{ name: 'A', color: '#000000', tasks: [] }] }],
      ] as const) {
        expect((await call(as.coordinator, method, url, payload)).status, url).toBe(403);
      }
      expect((await setup()).canManageRunways).toBe(false);
      const { id } = await addTask(kids, { name: 'Check-in sheet' });
      expect((await call(as.coordinator, 'PATCH', `/api/runway-setup/tasks/${id}`, { daysBefore: 4 })).status).toBe(200);
      expect((await call(as.coordinator, 'POST', `/api/runway-setup/tasks/${id}/archive`)).status).toBe(200);
      expect((await call(as.creative, 'GET', '/api/runway-setup')).status).toBe(403);
      expect((await setup()).runways[0]).toMatchObject({ name: 'Kids', archived: false });
    });
  });

  describe('recurring tasks reach the window', () => {
    it('a new task appears on every open Sunday of the window with its kind, due date and default assignee; a locked Sunday is left as it was', async () => {
      const kids = await createRunway('Kids');
      await addTask(kids, { name: 'Snack list' });
      expect((await lock(window[1])).status).toBe(200);
      const change = await addTask(kids, { name: 'Check-in sheet', kind: 'file', daysBefore: 3, defaultAssigneeId: user.creative.id });
      expect(change.sundayItems).toBe(5);
      for (const date of window) {
        const names = (await itemsOn(date, kids)).map((i) => i.taskName).sort();
        expect(names, date).toEqual(date === window[1] ? ['Snack list'] : ['Check-in sheet', 'Snack list']);
      }
      const [item] = (await itemsOn(window[2], kids)).filter((i) => i.taskName === 'Check-in sheet');
      expect(item).toMatchObject({ kind: 'file', dueDate: addDaysIso(window[2], -3), assignedToId: user.creative.id });
      // The Sunday plan shows it as a file task, due three days before, assigned.
      const group = (await detail(window[2])).groups.find((g) => g.runway.id === kids)!;
      expect(group.items.find((i) => i.taskName === 'Check-in sheet')).toMatchObject({
        isFileTask: true,
        kind: 'file',
        dueDate: addDaysIso(window[2], -3),
        assignee: { id: user.creative.id, fullName: 'The creative' },
        oneOff: false,
      });
      // The locked Sunday does not show the task added after its lock.
      const locked = (await detail(window[1])).groups.find((g) => g.runway.id === kids)!;
      expect(locked.items.map((i) => i.taskName)).toEqual(['Snack list']);
    });

    it('an edit reaches the items nobody worked on and leaves worked-on ones and locked Sundays alone', async () => {
      const kids = await createRunway('Kids');
      const { id } = await addTask(kids, { name: 'Snack list', daysBefore: 2 });
      const [worked] = await itemsOn(window[2], kids);
      await t.ctx.db.update(s.sundayPlanItems).set({ taskDetails: 'Apples' }).where(eq(s.sundayPlanItems.id, worked.id));
      const [done] = await itemsOn(window[3], kids);
      await t.ctx.db.update(s.sundayPlanItems).set({ isComplete: true }).where(eq(s.sundayPlanItems.id, done.id));
      const [reassigned] = await itemsOn(window[4], kids);
      await t.ctx.db.update(s.sundayPlanItems).set({ assignedToId: user.admin.id }).where(eq(s.sundayPlanItems.id, reassigned.id));
      expect((await lock(window[5])).status).toBe(200);
      const version = async (date: string) =>
        (
          await t.ctx.db
            .select()
            .from(s.sundayPlans)
            .where(and(eq(s.sundayPlans.sundayDate, date), eq(s.sundayPlans.runwayId, kids)))
        )[0].version;
      const before = await version(window[0]);
      const res = await call<SetupChange>(as.coordinator, 'PATCH', `/api/runway-setup/tasks/${id}`, {
        name: 'Snacks',
        kind: 'check',
        daysBefore: 5,
        defaultAssigneeId: user.coordinator.id,
      });
      expect(res.status).toBe(200);
      expect(res.body.sundayItems).toBe(2);
      for (const date of [window[0], window[1]]) {
        expect(await itemsOn(date, kids)).toEqual([
          expect.objectContaining({ taskName: 'Snacks', kind: 'check', dueDate: addDaysIso(date, -5), assignedToId: user.coordinator.id }),
        ]);
      }
      expect(await version(window[0])).toBe(before + 1);
      expect((await itemsOn(window[2], kids))[0]).toMatchObject({ taskName: 'Snack list', taskDetails: 'Apples' });
      expect((await itemsOn(window[3], kids))[0]).toMatchObject({ taskName: 'Snack list', isComplete: true });
      expect((await itemsOn(window[4], kids))[0]).toMatchObject({ taskName: 'Snack list', assignedToId: user.admin.id });
      expect((await itemsOn(window[5], kids))[0]).toMatchObject({ taskName: 'Snack list', kind: 'text' });
      // A worked-on item is still that task's item on its Sunday: no second row appears beside it.
      const group = (await detail(window[2])).groups.find((g) => g.runway.id === kids)!;
      expect(group.items.map((i) => i.taskName)).toEqual(['Snack list']);
    });

    it('an item saved under a task’s name before tasks were linked stays that task’s one item through a rename, locked or not', async () => {
      const kids = await createRunway('Kids');
      const { id } = await addTask(kids, { name: 'Snack list' });
      for (const date of [window[1], window[2]]) {
        const [item] = await itemsOn(date, kids);
        await t.ctx.db
          .update(s.sundayPlanItems)
          .set({ runwayItemId: null, taskDetails: 'Apples' })
          .where(eq(s.sundayPlanItems.id, item.id));
      }
      expect((await lock(window[2])).status).toBe(200);
      await call(as.coordinator, 'PATCH', `/api/runway-setup/tasks/${id}`, { name: 'Snacks' });
      for (const date of [window[1], window[2]]) {
        const group = (await detail(date)).groups.find((g) => g.runway.id === kids)!;
        expect(
          group.items.map((i) => [i.taskName, i.taskDetails]),
          date,
        ).toEqual([['Snack list', 'Apples']]);
      }
      expect((await detail(window[0])).groups.find((g) => g.runway.id === kids)!.items.map((i) => i.taskName)).toEqual(['Snacks']);
    });

    it('archiving a task removes it where nobody worked on it; worked-on items and locked Sundays keep it', async () => {
      const kids = await createRunway('Kids');
      const { id } = await addTask(kids, { name: 'Snack list' });
      await addTask(kids, { name: 'Room setup' });
      const [worked] = (await itemsOn(window[2], kids)).filter((i) => i.taskName === 'Snack list');
      await t.ctx.db.update(s.sundayPlanItems).set({ url: 'https://example.org/snacks' }).where(eq(s.sundayPlanItems.id, worked.id));
      expect((await lock(window[4])).status).toBe(200);
      const res = await call<SetupChange>(as.coordinator, 'POST', `/api/runway-setup/tasks/${id}/archive`);
      expect(res.body.sundayItems).toBe(4);
      const names = async (date: string) => (await itemsOn(date, kids)).map((i) => i.taskName).sort();
      expect(await names(window[0])).toEqual(['Room setup']);
      expect(await names(window[2])).toEqual(['Room setup', 'Snack list']);
      expect(await names(window[4])).toEqual(['Room setup', 'Snack list']);
      // Restoring brings it back to the open Sundays.
      await call(as.coordinator, 'POST', `/api/runway-setup/tasks/${id}/restore`);
      expect(await names(window[0])).toEqual(['Room setup', 'Snack list']);
    });

    it('a coordinator adds a one-off task to one Sunday; a name already there is refused', async () => {
      const kids = await createRunway('Kids');
      await addTask(kids, { name: 'Snack list' });
      const version = (await detail(window[1])).groups.find((g) => g.runway.id === kids)!.version;
      const url = `/api/sundays/${window[1]}/runways/kids/tasks`;
      const res = await call<{ id: string; version: number }>(as.coordinator, 'POST', url, {
        version,
        taskName: 'Baptism towels',
        kind: 'check',
      });
      expect(res.status).toBe(201);
      const group = (await detail(window[1])).groups.find((g) => g.runway.id === kids)!;
      expect(group.items.map((i) => [i.taskName, i.oneOff, i.kind])).toEqual([
        ['Snack list', false, 'text'],
        ['Baptism towels', true, 'check'],
      ]);
      expect((await itemsOn(window[2], kids)).map((i) => i.taskName)).toEqual(['Snack list']);
      const again = await call(as.coordinator, 'POST', url, { version: group.version, taskName: 'Snack list' });
      expect(again.status).toBe(422);
      expect((await call(as.coordinator, 'POST', url, { version: 0, taskName: 'Other' })).status).toBe(409);
      expect((await call(as.coordinator, 'POST', url, { version: group.version, taskName: ' ' })).status).toBe(400);
      expect((await call(as.creative, 'POST', url, { version: group.version, taskName: 'Other' })).status).toBe(403);
    });
  });

  describe('the standard runways', () => {
    it('an admin of a church without runways adds them in one action (edited), once', async () => {
      const edited = STANDARD_RUNWAYS.map((r) => ({ name: r.name, color: r.color, tasks: r.tasks }));
      edited[4] = { ...edited[4], name: 'Welcome', tasks: [{ name: 'Greeter list', kind: 'text', daysBefore: 1 }] };
      const res = await call<SetupChange>(as.admin, 'POST', '/api/runway-setup/standard', { runways: edited });
      expect(res.status).toBe(200);
      const view = await setup();
      expect(view.runways.map((r) => r.code)).toEqual(['message', 'generosity', 'logistics', 'media', 'welcome']);
      expect(view.runways[0].tasks.map((task) => task.name)).toEqual(STANDARD_RUNWAYS[0].tasks.map((task) => task.name));
      expect(res.body.sundayItems).toBe(6 * (4 + 3 + 3 + 3 + 1));
      const dash = (await call<RunwayDashboard>(as.coordinator, 'GET', '/api/runways/dashboard')).body;
      expect(dash.upcomingSundays.every((u) => u.readinessPct === 0 && u.badge === 'Behind')).toBe(true);
      const again = await call(as.admin, 'POST', '/api/runway-setup/standard', { runways: edited });
      expect(again.status).toBe(409);
    });
  });

  describe('Not planned', () => {
    it('a church without runways reads Not planned on the dashboard, the runway views and the Sunday plan, never 100', async () => {
      const dash = (await call<RunwayDashboard>(as.admin, 'GET', '/api/runways/dashboard')).body;
      expect(dash.globalReadinessPct).toBeNull();
      expect(dash.globalBadge).toBe('Not Planned');
      expect(dash.upcomingSundays.map((u) => [u.readinessPct, u.badge])).toEqual(window.map(() => [null, 'Not Planned']));
      const d = await detail(window[0]);
      expect(d.readinessPct).toBeNull();
      await createRunway('Kids');
      const view = (await call<RunwaySundays>(as.coordinator, 'GET', '/api/runways/kids/sundays')).body;
      expect(view.sundays.map((x) => x.readinessPct)).toEqual(window.map(() => null));
      expect((await call<RunwayDashboard>(as.coordinator, 'GET', '/api/runways/dashboard')).body.runways[0]).toMatchObject({
        readinessPct: null,
        badge: 'Not Planned',
      });
    });
  });

  describe('the lock rule and unlocking', () => {
    it('an admin unlocks a locked Sunday; the unlock is logged and shown with the Sunday; others may not', async () => {
      const kids = await createRunway('Kids');
      await addTask(kids, { name: 'Snack list' });
      expect((await lock(window[0])).status).toBe(200);
      expect((await detail(window[0], as.admin)).canUnlock).toBe(true);
      expect((await call(as.coordinator, 'POST', `/api/sundays/${window[0]}/unlock`)).status).toBe(403);
      const res = await call<{ unlockedBy: string }>(as.admin, 'POST', `/api/sundays/${window[0]}/unlock`);
      expect(res.status).toBe(200);
      expect(res.body.unlockedBy).toBe('The admin');
      const d = await detail(window[0]);
      expect(d.lock.isLocked).toBe(false);
      expect(d.canEdit).toBe(true);
      expect(d.lockLog.map((e) => [e.action, e.by])).toEqual([
        ['unlocked', 'The admin'],
        ['locked', 'The coordinator'],
      ]);
      const logged = await t.ctx.db
        .select()
        .from(s.activityLog)
        .where(and(eq(s.activityLog.actionType, SUNDAY_UNLOCKED), eq(s.activityLog.newValue, window[0])));
      expect(logged).toHaveLength(1);
      expect((await call(as.admin, 'POST', `/api/sundays/${window[0]}/unlock`)).status).toBe(409);
    });

    it('the auto-lock job follows the weekday and time of the rule, and locks nothing when it is off or after an unlock', async () => {
      const tz = t.ctx.config.churchTimeZone;
      const kids = await createRunway('Kids');
      await addTask(kids, { name: 'Snack list' });
      const sunday = window[1];
      const saturday = { enabled: true, weekday: 6, time: '18:30' };
      await setSetting(t.ctx.db, 'sundayAutoLock', saturday, user.admin.id);
      const at = sundayLockInstant(sunday, tz, saturday);
      // The default rule's Thursday noon has passed, but the church's rule is Saturday 18:30.
      expect(sundayLockInstant(sunday, tz, DEFAULT_LOCK_RULE).getTime()).toBeLessThan(at.getTime());
      expect(await runSundayAutoLock(t.ctx, new Date(at.getTime() - 60_000))).not.toContain(sunday);
      await setSetting(t.ctx.db, 'sundayAutoLock', { ...saturday, enabled: false }, user.admin.id);
      expect(await runSundayAutoLock(t.ctx, new Date(at.getTime() + 60_000))).toEqual([]);
      await setSetting(t.ctx.db, 'sundayAutoLock', saturday, user.admin.id);
      expect(await runSundayAutoLock(t.ctx, new Date(at.getTime() + 60_000))).toContain(sunday);
      expect((await call(as.admin, 'POST', `/api/sundays/${sunday}/unlock`)).status).toBe(200);
      expect(await runSundayAutoLock(t.ctx, new Date(at.getTime() + 120_000))).not.toContain(sunday);
      expect((await detail(sunday)).lock.isLocked).toBe(false);
    });

    it('the settings route reads and writes the rule; a bad time is refused and changes nothing', async () => {
      const url = '/api/admin/settings/sunday-auto-lock';
      expect((await call(as.admin, 'GET', url)).body).toMatchObject({
        enabled: true,
        weekday: 4,
        time: '12:00',
        sentence: 'Thursday at 12:00',
      });
      const put = await call(as.admin, 'PUT', url, { enabled: true, weekday: 5, time: '09:15' });
      expect(put.body).toMatchObject({ weekday: 5, time: '09:15', sentence: 'Friday at 09:15' });
      expect((await call(as.admin, 'PUT', url, { enabled: true, time: '25:00' })).status).toBe(400);
      // The switch alone keeps the weekday and time.
      expect((await call(as.admin, 'PUT', url, { enabled: false })).body).toMatchObject({
        enabled: false,
        weekday: 5,
        time: '09:15',
        sentence: null,
      });
      const rows = await t.ctx.db
        .select()
        .from(s.appSettings)
        .where(inArray(s.appSettings.key, ['sundayAutoLock']));
      expect(rows[0].value).toEqual({ enabled: false, weekday: 5, time: '09:15' });
    });
  });
});
