// Runs long: over forty tests, on both kinds of database.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDaysIso, todayIn } from '../../../shared/domain/dates';
import { ARCHIVED_READ_ONLY } from '../../../shared/domain/request-permissions';
import { COMPLETED_COUNT_CAP, COMPLETED_PAGE_SIZE, TASK_PAGE_SIZE, type CompletedTasks, type TaskList } from '../../../shared/api/tasks';
import { activityLog, digestEntries, emailPreferences, notifications, pendingEmails, requestItems } from '../../platform/db/schema';
import { BACKENDS, createTestApp, signIn, type Agent, type TestApp } from '../../test/harness';
import { buildUser, clearRequests, TEST_PASSWORD } from '../../test/factories';
import { countWaves } from '../../test/statement-count';
import { buildItem, buildRequest, buildTeam, type Team } from '../../test/task-fixtures';
import { withInsertsRefused } from '../../test/faults';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

const ids = (list: TaskList, section: keyof Pick<TaskList, 'waiting' | 'active' | 'rejected'>) => list[section].map((t) => t.id).sort();

describe.each(BACKENDS)('task lists and reassignment on %s', (backend) => {
  let t: TestApp;
  let team: Team;
  const as: Record<string, Agent> = {};
  const item: Record<string, string> = {};
  let requestId: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    team = await buildTeam(t.ctx.db);
    for (const role of ['admin', 'coordinator', 'approver', 'creative', 'requester', 'viewer'] as const) {
      as[role] = await signIn(t.app, team[role].email, TEST_PASSWORD);
    }
  });
  afterAll(async () => t.close());
  // The same tasks afresh before every test: none sees another's reassignments or finished work.
  beforeEach(async () => {
    await clearRequests(t.ctx.db);
    const db = t.ctx.db;
    const today = todayIn(t.ctx.config.churchTimeZone);
    const request = await buildRequest(db, team.requester.id, { eventTitle: 'Easter Sunday' });
    requestId = request.id;
    item.mine = (
      await buildItem(db, request.id, { assigneeId: team.creative.id, dueDate: addDaysIso(today, 3), status: 'in_progress' })
    ).id;
    item.mineLater = (await buildItem(db, request.id, { assigneeId: team.creative.id, dueDate: null, channel: 'banner' })).id;
    item.squad = (await buildItem(db, request.id, { assigneeId: team.squad.id, dueDate: addDaysIso(today, 1), status: 'approved' })).id;
    item.other = (
      await buildItem(db, request.id, { assigneeId: team.creative2.id, dueDate: addDaysIso(today, -2), status: 'complete' })
    ).id;
    item.pending = (
      await buildItem(db, request.id, { isAdditionalRequest: true, additionalRequestStatus: 'pending', channel: 'mass_email' })
    ).id;
    item.rejected = (
      await buildItem(db, request.id, {
        isAdditionalRequest: true,
        additionalRequestStatus: 'rejected',
        rejectionReason: 'Budget constraints for this request',
        channel: 'promotional_video',
        assigneeId: team.creative.id,
      })
    ).id;
    const archived = await buildRequest(db, team.requester.id, { status: 'archived_onetime', eventTitle: 'Old Event' });
    item.archived = (await buildItem(db, archived.id, { assigneeId: team.creative.id })).id;
  });

  describe('authorization', () => {
    const routes = () => [
      { method: 'GET' as const, url: '/api/tasks', denied: 'requester' },
      { method: 'GET' as const, url: '/api/tasks?scope=all', denied: 'approver' },
      { method: 'GET' as const, url: '/api/tasks/squad', denied: 'approver' },
      { method: 'GET' as const, url: '/api/tasks/completed?scope=all', denied: 'approver' },
      { method: 'GET' as const, url: '/api/tasks/completed?scope=squad', denied: 'approver' },
      { method: 'GET' as const, url: '/api/tasks/completed?scope=mine', denied: 'requester' },
      { method: 'GET' as const, url: '/api/users/assignees', denied: 'approver' },
      { method: 'POST' as const, url: `/api/tasks/${item.mine}/assign`, denied: 'approver', payload: { assigneeId: null } },
      { method: 'POST' as const, url: '/api/tasks/reminders', denied: 'coordinator' },
      { method: 'POST' as const, url: `/api/tasks/${item.mine}/remind`, denied: 'coordinator' },
    ];
    it('answers 401 signed out and 403 to the highest role still denied', async () => {
      for (const r of routes()) {
        const out = await t.app.inject({ method: r.method, url: r.url, payload: r.payload });
        expect(out.statusCode, `${r.method} ${r.url} signed out`).toBe(401);
        const denied = await as[r.denied].inject({ method: r.method, url: r.url, payload: r.payload ?? {} });
        expect(denied.statusCode, `${r.method} ${r.url} as ${r.denied}`).toBe(403);
      }
      expect((await as.viewer.inject({ method: 'GET', url: '/api/tasks' })).statusCode).toBe(403);
    });
  });

  describe('scopes', () => {
    it('shows a creative only the items assigned to them, not the squad’s, without assignee names', async () => {
      const res = await as.creative.inject({ method: 'GET', url: '/api/tasks?scope=mine' });
      expect(res.statusCode).toBe(200);
      const list = res.json() as TaskList;
      expect(ids(list, 'active')).toEqual([item.mine, item.mineLater].sort());
      expect(ids(list, 'rejected')).toEqual([item.rejected]);
      expect(list.waiting).toEqual([]);
      expect(list.active.every((task) => !('assignee' in task))).toBe(true);
      expect(list.rejected[0].rejectionReason).toBe('Budget constraints for this request');
    });

    it('shows coordinators every open item of live requests in sections, with assignees and progress', async () => {
      const list = (await as.coordinator.inject({ method: 'GET', url: '/api/tasks?scope=all' })).json() as TaskList;
      // Finished work (approved, complete) is apart from the active tasks: counted, not listed.
      expect(ids(list, 'active')).toEqual([item.mine, item.mineLater].sort());
      expect(list.completedCount).toBe(2);
      expect(ids(list, 'waiting')).toEqual([item.pending]);
      expect(ids(list, 'rejected')).toEqual([item.rejected]);
      const mine = list.active.find((x) => x.id === item.mine)!;
      expect(mine.assignee).toEqual({ id: team.creative.id, fullName: team.creative.fullName, isExternal: false });
      expect(list.waiting[0].assignee).toBeNull();
      // 2 of the request's 6 items are approved or complete.
      expect(mine.progress).toBe(33);
      expect(mine.eventTitle).toBe('Easter Sunday');
      expect(mine.channel).toBe('sunday_slide');
      expect(list.today).toBe(todayIn(t.ctx.config.churchTimeZone));
    });

    it('orders by due date ascending with undated tasks last', async () => {
      const list = (await as.admin.inject({ method: 'GET', url: '/api/tasks?scope=all' })).json() as TaskList;
      expect(list.active.map((x) => x.id)).toEqual([item.mine, item.mineLater]);
    });

    it('shows approvers all tasks on My Tasks but not the assignee, and not All Tasks', async () => {
      const list = (await as.approver.inject({ method: 'GET', url: '/api/tasks' })).json() as TaskList;
      expect(list.active).toHaveLength(2);
      expect(list.completedCount).toBe(2);
      expect(list.active.every((task) => !('assignee' in task))).toBe(true);
    });

    it('reads a page and its Completed count in one statement; a page without open work counts on its own', async () => {
      // The list's own reads are counted, not the session's: its cached copy lasts 10 s, which a
      // busy machine can spend between the sign-in and this test.
      const listOnly = { ignore: (text: string) => text.includes('from "sessions"') };
      const all = await countWaves(t.ctx.db, () => as.coordinator.inject({ method: 'GET', url: '/api/tasks?scope=all' }), listOnly);
      expect((all.result.json() as TaskList).completedCount).toBe(2);
      const squad = await countWaves(t.ctx.db, () => as.coordinator.inject({ method: 'GET', url: '/api/tasks/squad' }), listOnly);
      expect((squad.result.json() as TaskList).completedCount).toBe(1);
      expect([all.statements, squad.statements]).toEqual([1, 2]);
    });

    it('lists the Church Media Squad Queue, its finished task apart', async () => {
      const list = (await as.coordinator.inject({ method: 'GET', url: '/api/tasks/squad' })).json() as TaskList;
      expect(list.active).toEqual([]);
      expect(list.completedCount).toBe(1);
      const done = (await as.coordinator.inject({ method: 'GET', url: '/api/tasks/completed?scope=squad' })).json() as CompletedTasks;
      expect(done.items.map((x) => x.id)).toEqual([item.squad]);
      expect(done.items[0].assignee).toEqual({ id: team.squad.id, fullName: 'Church Media Squad', isExternal: true });
    });

    it('lists assignment candidates with the squad flagged external', async () => {
      const inactive = await buildUser(t.ctx.db, { role: 'creative', active: false });
      const res = await as.coordinator.inject({ method: 'GET', url: '/api/users/assignees' });
      const list = res.json().items as Array<{ id: string; role: string; isExternal: boolean }>;
      const byId = new Map(list.map((u) => [u.id, u]));
      for (const key of ['admin', 'coordinator', 'creative', 'creative2'] as const) expect(byId.has(team[key].id)).toBe(true);
      expect(byId.get(team.squad.id)?.isExternal).toBe(true);
      for (const key of ['approver', 'requester', 'viewer'] as const) expect(byId.has(team[key].id)).toBe(false);
      expect(byId.has(inactive.id)).toBe(false);
    });
  });

  describe('completed tasks', () => {
    const page = async (agent: Agent, url: string) => {
      const res = await agent.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      return res.json() as CompletedTasks;
    };

    it('lists a creative’s own finished tasks only, without assignee names', async () => {
      const done = await page(as.creative, '/api/tasks/completed');
      expect(done.items).toEqual([]);
      expect(done.nextCursor).toBeNull();
      const all = await page(as.coordinator, '/api/tasks/completed?scope=all');
      expect(all.items.map((x) => x.id).sort()).toEqual([item.squad, item.other].sort());
      const approver = await page(as.approver, '/api/tasks/completed');
      expect(approver.items.every((x) => !('assignee' in x))).toBe(true);
    });

    it('pages the last 30 days of finished work, then older work on demand, most recently finished first', async () => {
      const db = t.ctx.db;
      const history = await buildRequest(db, team.requester.id, { eventTitle: 'Last Year' });
      const made: string[] = [];
      const total = COMPLETED_PAGE_SIZE + 5;
      for (let n = 0; n < total; n++) {
        // One second apart, oldest first, so the order is known; all long before the 30-day window.
        const updatedAt = new Date(Date.UTC(2020, 0, 1, 0, 0, n));
        made.push((await buildItem(db, history.id, { assigneeId: team.creative2.id, status: 'complete', updatedAt })).id);
      }
      const creative2 = await signIn(t.app, team.creative2.email, TEST_PASSWORD);
      const list = (await creative2.inject({ method: 'GET', url: '/api/tasks' })).json() as TaskList;
      // The count is of the recent window only: item.other was finished today.
      expect(list.completedCount).toBe(1);
      expect(list.active.every((x) => x.status !== 'complete')).toBe(true);

      const recent = await page(creative2, '/api/tasks/completed');
      expect(recent.items.map((x) => x.id)).toEqual([item.other]);
      expect(recent.nextCursor).toBeNull();
      expect(recent.olderCursor).not.toBeNull();

      const older = `/api/tasks/completed?older=true&cursor=${encodeURIComponent(recent.olderCursor!)}`;
      const first = await page(creative2, older);
      expect(first.items.map((x) => x.id)).toEqual([...made].reverse().slice(0, COMPLETED_PAGE_SIZE));
      expect(first.olderCursor).toBeNull();
      const second = await page(creative2, `/api/tasks/completed?older=true&cursor=${encodeURIComponent(first.nextCursor!)}`);
      expect(second.items.map((x) => x.id)).toEqual([...made].reverse().slice(COMPLETED_PAGE_SIZE));
      expect(second.nextCursor).toBeNull();
      expect(second.olderCursor).toBeNull();

      const bad = await creative2.inject({ method: 'GET', url: '/api/tasks/completed?cursor=yesterday' });
      expect(bad.statusCode).toBe(400);
    });

    it('offers older work from the start of the window when nothing was finished recently', async () => {
      const db = t.ctx.db;
      const history = await buildRequest(db, team.requester.id, { eventTitle: 'Long Ago' });
      const old = await buildItem(db, history.id, {
        assigneeId: team.creative.id,
        status: 'published',
        updatedAt: new Date('2021-05-01T00:00:00Z'),
      });
      const recent = await page(as.creative, '/api/tasks/completed');
      expect(recent.items).toEqual([]);
      expect(recent.olderCursor).not.toBeNull();
      const older = await page(as.creative, `/api/tasks/completed?older=true&cursor=${encodeURIComponent(recent.olderCursor!)}`);
      expect(older.items.map((x) => x.id)).toEqual([old.id]);
    });

    it('counts recent finished work up to a bound, not the whole history', async () => {
      const db = t.ctx.db;
      const busy = await buildRequest(db, team.requester.id, { eventTitle: 'Busy Month' });
      await db.insert(requestItems).values(
        Array.from({ length: COMPLETED_COUNT_CAP + 5 }, () => ({
          requestId: busy.id,
          channel: 'sunday_slide',
          status: 'complete',
          assigneeId: team.creative.id,
        })),
      );
      const list = (await as.creative.inject({ method: 'GET', url: '/api/tasks' })).json() as TaskList;
      expect(list.completedCount).toBe(COMPLETED_COUNT_CAP + 1);
    });
  });

  describe('open work first', () => {
    const list = async (agent: Agent, url: string) => {
      const res = await agent.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      return res.json() as TaskList;
    };
    const open = (l: TaskList) => [...l.waiting, ...l.active, ...l.rejected];

    it('is never cut off by finished work, however much older finished work there is', async () => {
      const db = t.ctx.db;
      const history = await buildRequest(db, team.requester.id, { eventTitle: 'History' });
      // More finished tasks than a page, all due before the open ones.
      await db.insert(requestItems).values(
        Array.from({ length: TASK_PAGE_SIZE + 10 }, (_, n) => ({
          requestId: history.id,
          channel: 'sunday_slide',
          status: n % 2 ? 'complete' : 'approved',
          assigneeId: team.creative.id,
          dueDate: '2019-01-01',
        })),
      );
      const mine = await list(as.creative, '/api/tasks');
      expect(ids(mine, 'active')).toEqual([item.mine, item.mineLater].sort());
      expect(mine.nextCursor).toBeNull();
      const all = await list(as.coordinator, '/api/tasks?scope=all');
      expect(open(all).map((x) => x.id)).toContain(item.mine);
    });

    it('pages open work soonest due first, undated last, with no duplicates or gaps when tasks arrive between pages', async () => {
      const db = t.ctx.db;
      const today = todayIn(t.ctx.config.churchTimeZone);
      const busy = await buildRequest(db, team.requester.id, { eventTitle: 'Busy' });
      const rows = await db
        .insert(requestItems)
        .values(
          Array.from({ length: TASK_PAGE_SIZE + 30 }, (_, n) => ({
            requestId: busy.id,
            channel: 'sunday_slide',
            status: 'in_progress',
            assigneeId: team.creative.id,
            // A few per day, and some undated: ties and nulls cross the page boundary.
            dueDate: n % 10 === 0 ? null : addDaysIso(today, n % 40),
          })),
        )
        .returning({ id: requestItems.id });
      const first = await list(as.creative, '/api/tasks');
      expect(open(first)).toHaveLength(TASK_PAGE_SIZE);
      expect(first.nextCursor).not.toBeNull();
      // New work arrives between the pages: one due before the cursor, one after it.
      const early = await buildItem(db, busy.id, { assigneeId: team.creative.id, status: 'in_progress', dueDate: addDaysIso(today, -30) });
      const late = await buildItem(db, busy.id, { assigneeId: team.creative.id, status: 'in_progress', dueDate: null });
      const tasks = [...open(first)];
      let cursor = first.nextCursor;
      while (cursor) {
        const next = await list(as.creative, `/api/tasks?cursor=${encodeURIComponent(cursor)}`);
        tasks.push(...open(next));
        cursor = next.nextCursor;
      }
      const seen = tasks.map((x) => x.id);
      expect(new Set(seen).size).toBe(seen.length);
      const expected = [...rows.map((r) => r.id), item.mine, item.mineLater, item.rejected, late.id];
      expect([...seen].sort()).toEqual(expected.sort());
      expect(seen).not.toContain(early.id);

      // The order across pages (sections aside): due dates never go back, undated tasks come last.
      const dues = tasks.filter((x) => x.status === 'in_progress').map((x) => x.dueDate ?? '9999-12-31');
      expect(dues).toEqual([...dues].sort());

      const bad = await as.creative.inject({ method: 'GET', url: '/api/tasks?cursor=tomorrow' });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('filters', () => {
    const list = async (agent: Agent, query: string) => {
      const res = await agent.inject({ method: 'GET', url: `/api/tasks?${query}` });
      expect(res.statusCode).toBe(200);
      const body = res.json<TaskList>();
      return [...body.waiting, ...body.active, ...body.rejected].map((t) => t.id).sort();
    };

    it("'Assigned to me', an assignee and unassigned narrow the open work; the Completed section follows", async () => {
      const db = t.ctx.db;
      const today = todayIn(t.ctx.config.churchTimeZone);
      const own = (
        await buildItem(db, requestId, { assigneeId: team.coordinator.id, dueDate: addDaysIso(today, 2), channel: 'facebook_event' })
      ).id;
      expect(await list(as.coordinator, 'assignee=me')).toEqual([own]);
      expect(await list(as.coordinator, `assignee=${team.creative.id}`)).toEqual([item.mine, item.mineLater, item.rejected].sort());
      expect(await list(as.coordinator, 'assignee=unassigned')).toEqual([item.pending]);
      const done = await as.coordinator.inject({ method: 'GET', url: `/api/tasks/completed?scope=mine&assignee=${team.creative2.id}` });
      expect(done.json<CompletedTasks>().items.map((i) => i.id)).toEqual([item.other]);
      const none = await as.coordinator.inject({ method: 'GET', url: `/api/tasks/completed?scope=mine&assignee=${team.creative.id}` });
      expect(none.json<CompletedTasks>().items).toEqual([]);
    });

    it('searches the event title, wildcards taken literally', async () => {
      const db = t.ctx.db;
      const other = await buildRequest(db, team.requester.id, { eventTitle: 'Harvest 100% Supper' });
      const harvest = (await buildItem(db, other.id, { assigneeId: team.creative.id, channel: 'facebook_event' })).id;
      expect(await list(as.approver, 'search=harvest')).toEqual([harvest]);
      expect(await list(as.approver, 'search=100%25')).toEqual([harvest]);
      expect(await list(as.approver, 'search=H%25r')).toEqual([]);
      expect(await list(as.creative, 'search=easter')).toEqual([item.mine, item.mineLater, item.rejected].sort());
    });

    it("someone else's tasks only from coordinator up, who see assignees; 'me' for everyone", async () => {
      const denied = await as.approver.inject({ method: 'GET', url: `/api/tasks?assignee=${team.creative.id}` });
      expect(denied.statusCode).toBe(403);
      const completed = await as.creative.inject({ method: 'GET', url: '/api/tasks/completed?assignee=unassigned' });
      expect(completed.statusCode).toBe(403);
      expect(await list(as.creative, 'assignee=me')).toEqual([item.mine, item.mineLater, item.rejected].sort());
      expect((await as.coordinator.inject({ method: 'GET', url: '/api/tasks?assignee=nobody' })).statusCode).toBe(400);
    });
  });

  describe('reassignment', () => {
    it('writes the assignee, activity, a notification and an e-mail together', async () => {
      const res = await as.coordinator.inject({
        method: 'POST',
        url: `/api/tasks/${item.mine}/assign`,
        payload: { assigneeId: team.creative2.id },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().assignee).toEqual({ id: team.creative2.id, fullName: team.creative2.fullName, isExternal: false });
      const db = t.ctx.db;
      const [row] = await db.select().from(requestItems).where(eq(requestItems.id, item.mine));
      expect(row.assigneeId).toBe(team.creative2.id);
      const activity = await db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.requestId, requestId), eq(activityLog.actionType, 'Assignee Changed')));
      expect(activity).toHaveLength(1);
      expect(activity[0]).toMatchObject({
        oldValue: team.creative.fullName,
        newValue: team.creative2.fullName,
        userId: team.coordinator.id,
      });
      const notes = await db.select().from(notifications).where(eq(notifications.userId, team.creative2.id));
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({
        type: 'assignment',
        title: 'You were assigned a task',
        requestId,
        link: `/request/${requestId}?tab=items&item=${item.mine}`,
      });
      expect(notes[0].body).toContain('Easter Sunday');
      expect(notes[0].body).toContain('Sunday Slide Deck');
      // Assignment e-mails wait for the daily digest unless the person chose otherwise.
      expect(await db.select().from(pendingEmails).where(eq(pendingEmails.recipient, team.creative2.email))).toHaveLength(0);
      const waiting = await db.select().from(digestEntries).where(eq(digestEntries.userId, team.creative2.id));
      expect(waiting).toHaveLength(1);
      expect(waiting[0]).toMatchObject({ kind: 'assignment', requestId });
      expect(waiting[0].link).toMatch(new RegExp(`/request/${requestId}$`));
    });

    it('assigns to the Church Media Squad without notifying or e-mailing it', async () => {
      const res = await as.coordinator.inject({
        method: 'POST',
        url: `/api/tasks/${item.mineLater}/assign`,
        payload: { assigneeId: team.squad.id },
      });
      expect(res.statusCode).toBe(200);
      expect(await t.ctx.db.select().from(notifications).where(eq(notifications.userId, team.squad.id))).toHaveLength(0);
      expect(await t.ctx.db.select().from(pendingEmails).where(eq(pendingEmails.recipient, team.squad.email))).toHaveLength(0);
    });

    it('unassigns, and refuses someone who cannot take tasks', async () => {
      const cleared = await as.admin.inject({ method: 'POST', url: `/api/tasks/${item.mineLater}/assign`, payload: { assigneeId: null } });
      expect(cleared.json().assignee).toBeNull();
      const refused = await as.admin.inject({
        method: 'POST',
        url: `/api/tasks/${item.mineLater}/assign`,
        payload: { assigneeId: team.requester.id },
      });
      expect(refused.statusCode).toBe(422);
      const missing = await as.admin.inject({ method: 'POST', url: `/api/tasks/${MISSING_ID}/assign`, payload: { assigneeId: null } });
      expect(missing.statusCode).toBe(404);
    });

    it('reassigns the item of an archived request only for an admin (409 otherwise, decision 0007)', async () => {
      const url = `/api/tasks/${item.archived}/assign`;
      const refused = await as.coordinator.inject({ method: 'POST', url, payload: { assigneeId: null } });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe(ARCHIVED_READ_ONLY);
      expect((await as.admin.inject({ method: 'POST', url, payload: { assigneeId: null } })).statusCode).toBe(200);
    });

    it('rolls back the whole reassignment when a step fails', async () => {
      // The e-mail step is the one that fails: this assignee gets assignment e-mails at once.
      await t.ctx.db
        .insert(emailPreferences)
        .values({ userId: team.admin.id, kind: 'assignment', mode: 'immediate' })
        .onConflictDoNothing();
      const before = await t.ctx.db.select().from(activityLog).where(eq(activityLog.requestId, requestId));
      const res = await withInsertsRefused(t.ctx.db, 'pending_emails', () =>
        as.coordinator.inject({ method: 'POST', url: `/api/tasks/${item.mine}/assign`, payload: { assigneeId: team.admin.id } }),
      );
      expect(res.statusCode).toBe(500);
      const [row] = await t.ctx.db.select().from(requestItems).where(eq(requestItems.id, item.mine));
      expect(row.assigneeId).toBe(team.creative.id);
      expect(await t.ctx.db.select().from(activityLog).where(eq(activityLog.requestId, requestId))).toHaveLength(before.length);
      expect(await t.ctx.db.select().from(notifications).where(eq(notifications.userId, team.admin.id))).toHaveLength(0);
    });
  });
});
