import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDaysIso, todayIn } from '../../../shared/domain/dates';
import { ARCHIVED_READ_ONLY } from '../../../shared/domain/request-permissions';
import type { TaskList } from '../../../shared/api/tasks';
import { activityLog, notifications, pendingEmails, requestItems } from '../../platform/db/schema';
import { BACKENDS, createTestApp, signIn, type Agent, type TestApp } from '../../test/harness';
import { buildUser, TEST_PASSWORD } from '../../test/factories';
import { buildItem, buildRequest, buildTeam, type Team } from './task-fixtures';

// Lets one test make the e-mail step of a reassignment fail, to prove the whole use case rolls back.
const mail = vi.hoisted(() => ({ fail: false }));
vi.mock('../../platform/mail/outbox', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../platform/mail/outbox')>();
  return {
    ...actual,
    queueEmail: async (...args: Parameters<typeof actual.queueEmail>) => {
      if (mail.fail) throw new Error('outbox unavailable');
      return actual.queueEmail(...args);
    },
  };
});

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

const ids = (list: TaskList, section: keyof Pick<TaskList, 'waiting' | 'active' | 'rejected'>) =>
  list[section].map((t) => t.id).sort();

describe.each(BACKENDS)('task lists and reassignment on %s', (backend) => {
  let t: TestApp;
  let team: Team;
  const as: Record<string, Agent> = {};
  const item: Record<string, string> = {};
  let requestId: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    const db = t.ctx.db;
    team = await buildTeam(db);
    for (const role of ['admin', 'coordinator', 'approver', 'creative', 'requester', 'viewer'] as const) {
      as[role] = await signIn(t.app, team[role].email, TEST_PASSWORD);
    }
    const today = todayIn(t.ctx.config.churchTimeZone);
    const request = await buildRequest(db, team.requester.id, { eventTitle: 'Easter Sunday' });
    requestId = request.id;
    item.mine = (await buildItem(db, request.id, { assigneeId: team.creative.id, dueDate: addDaysIso(today, 3), status: 'in_progress' })).id;
    item.mineLater = (await buildItem(db, request.id, { assigneeId: team.creative.id, dueDate: null, channel: 'banner' })).id;
    item.squad = (await buildItem(db, request.id, { assigneeId: team.squad.id, dueDate: addDaysIso(today, 1), status: 'approved' })).id;
    item.other = (await buildItem(db, request.id, { assigneeId: team.creative2.id, dueDate: addDaysIso(today, -2), status: 'complete' })).id;
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
  afterAll(async () => t.close());

  describe('authorization', () => {
    const routes = () => [
      { method: 'GET' as const, url: '/api/tasks', denied: 'requester' },
      { method: 'GET' as const, url: '/api/tasks?scope=all', denied: 'approver' },
      { method: 'GET' as const, url: '/api/tasks/squad', denied: 'approver' },
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

    it('shows coordinators every item of live requests in sections, with assignees and progress', async () => {
      const list = (await as.coordinator.inject({ method: 'GET', url: '/api/tasks?scope=all' })).json() as TaskList;
      expect(ids(list, 'active')).toEqual([item.mine, item.mineLater, item.squad, item.other].sort());
      expect(ids(list, 'waiting')).toEqual([item.pending]);
      expect(ids(list, 'rejected')).toEqual([item.rejected]);
      const squad = list.active.find((x) => x.id === item.squad)!;
      expect(squad.assignee).toEqual({ id: team.squad.id, fullName: 'Church Media Squad', isExternal: true });
      expect(list.waiting[0].assignee).toBeNull();
      // 2 of the request's 6 items are approved or complete.
      expect(squad.progress).toBe(33);
      expect(squad.eventTitle).toBe('Easter Sunday');
      expect(squad.channelLabel).toBe('Sunday Slide Deck');
      expect(list.today).toBe(todayIn(t.ctx.config.churchTimeZone));
    });

    it('orders by due date ascending with undated tasks last', async () => {
      const list = (await as.admin.inject({ method: 'GET', url: '/api/tasks?scope=all' })).json() as TaskList;
      expect(list.active.map((x) => x.id)).toEqual([item.other, item.squad, item.mine, item.mineLater]);
    });

    it('shows approvers all tasks on My Tasks but not the assignee, and not All Tasks', async () => {
      const list = (await as.approver.inject({ method: 'GET', url: '/api/tasks' })).json() as TaskList;
      expect(list.active).toHaveLength(4);
      expect(list.active.every((task) => !('assignee' in task))).toBe(true);
    });

    it('lists the Church Media Squad Queue', async () => {
      const list = (await as.coordinator.inject({ method: 'GET', url: '/api/tasks/squad' })).json() as TaskList;
      expect(ids(list, 'active')).toEqual([item.squad]);
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
      expect(activity[0]).toMatchObject({ oldValue: team.creative.fullName, newValue: team.creative2.fullName, userId: team.coordinator.id });
      const notes = await db.select().from(notifications).where(eq(notifications.userId, team.creative2.id));
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({ type: 'assignment', title: 'You were assigned a task', requestId, link: `/request/${requestId}` });
      expect(notes[0].body).toContain('Easter Sunday');
      expect(notes[0].body).toContain('Sunday Slide Deck');
      const mails = await db.select().from(pendingEmails).where(eq(pendingEmails.recipient, team.creative2.email));
      expect(mails).toHaveLength(1);
      expect(mails[0].actionUrl).toMatch(new RegExp(`/request/${requestId}$`));
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
      const before = await t.ctx.db.select().from(activityLog).where(eq(activityLog.requestId, requestId));
      mail.fail = true;
      try {
        const res = await as.coordinator.inject({
          method: 'POST',
          url: `/api/tasks/${item.mine}/assign`,
          payload: { assigneeId: team.admin.id },
        });
        expect(res.statusCode).toBe(500);
      } finally {
        mail.fail = false;
      }
      const [row] = await t.ctx.db.select().from(requestItems).where(eq(requestItems.id, item.mine));
      expect(row.assigneeId).toBe(team.creative2.id);
      expect(await t.ctx.db.select().from(activityLog).where(eq(activityLog.requestId, requestId))).toHaveLength(before.length);
      expect(await t.ctx.db.select().from(notifications).where(eq(notifications.userId, team.admin.id))).toHaveLength(0);
    });
  });
});
