import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, digestEntries, notifications, pendingEmails, requests } from '../../platform/db/schema';
import { BACKENDS, createTestApp, signIn, type Agent, type TestApp } from '../../test/harness';
import { buildUser, TEST_PASSWORD } from '../../test/factories';
import { buildRequestWithItem, requestIdByTitle, signInDemo, userIdByEmail, type DemoRole } from '../../test/request-fixtures';

describe.each(BACKENDS)('request detail drawer on %s', (backend) => {
  let t: TestApp;
  let as: Record<DemoRole, Agent>;
  let outsider: Agent;
  let retreat: string; // approved, shared with the viewer, coordinated by the coordinator
  let picnic: string; // submitted, requester's own, not shared
  let lunch: string; // needs_approval
  beforeAll(async () => {
    t = await createTestApp(backend, { seed: true });
    as = await signInDemo(t.app);
    const stranger = await buildUser(t.ctx.db, { role: 'requester' });
    outsider = await signIn(t.app, stranger.email, TEST_PASSWORD);
    retreat = await requestIdByTitle(t.ctx.db, 'Marriage Retreat');
    picnic = await requestIdByTitle(t.ctx.db, 'Easter Family Picnic');
    lunch = await requestIdByTitle(t.ctx.db, 'Missions Sunday Lunch');
  });
  afterAll(async () => t.close());

  /**
   * A request of the demo requester that only the calling test changes: tests that write build
   * their own, so the seeded rows the read tests check stay as seeded, in any order.
   */
  const ownRequest = async (opts: { status?: string; coordinatorId?: string } = {}) => {
    const requesterId = await userIdByEmail(t.ctx.db, 'requester@example.org');
    const { request } = await buildRequestWithItem(t.ctx.db, { requesterId, assigneeId: null, status: opts.status ?? 'submitted' });
    if (!opts.coordinatorId) return request;
    const [row] = await t.ctx.db
      .update(requests)
      .set({ currentCoordinatorId: opts.coordinatorId })
      .where(eq(requests.id, request.id))
      .returning();
    return row;
  };
  const get = (agent: Agent, id: string) => agent.inject({ method: 'GET', url: `/api/requests/${id}` });
  const version = async (id: string) => (await t.ctx.db.select({ v: requests.version }).from(requests).where(eq(requests.id, id)))[0].v;

  describe('GET /api/requests/:id', () => {
    it('answers 401 signed out', async () => {
      expect((await t.app.inject({ method: 'GET', url: `/api/requests/${retreat}` })).statusCode).toBe(401);
    });

    it('returns everything the drawer shows, with names and server-computed actions', async () => {
      const res = await get(as.requester, retreat);
      expect(res.statusCode).toBe(200);
      const d = res.json();
      expect(d.eventTitle).toBe('Marriage Retreat');
      expect(d.ministry.name).toBe('Worship');
      expect(d.requester.fullName).toBe('Ruth Requester');
      expect(d.coordinator.fullName).toBe('Caleb Coordinator');
      expect(d.items.length).toBeGreaterThan(0);
      expect(d.items[0].channel).toBeTruthy();
      expect(d.activity.some((a: { actor: { fullName: string } | null }) => a.actor?.fullName === 'Grace Admin')).toBe(true);
      expect(d.messages[0].author.fullName).toBe('Caleb Coordinator');
      expect(d.viewers.map((v: { fullName: string }) => v.fullName)).toEqual(['Victor Viewer']);
      // The requester may not edit once the request is approved, and has no admin controls.
      expect(d.allowedActions).toEqual({ canEdit: false, canAdmin: false, canMessage: true, canUpload: true, isViewOnly: false });
      expect(d.coordinatorCandidates).toEqual([]);
    });

    it('lets a viewer read a shared request only, read-only', async () => {
      const shared = await get(as.viewer, retreat);
      expect(shared.statusCode).toBe(200);
      expect(shared.json().allowedActions).toEqual({
        canEdit: false,
        canAdmin: false,
        canMessage: false,
        canUpload: false,
        isViewOnly: true,
      });
      expect(shared.json().items.every((i: { allowedActions: Record<string, unknown> }) => !i.allowedActions.canReviewProof)).toBe(true);
      expect((await get(as.viewer, picnic)).statusCode).toBe(404);
    });

    it("hides other people's requests from requesters (404), shows all to staff", async () => {
      expect((await get(outsider, retreat)).statusCode).toBe(404);
      for (const role of ['creative', 'approver', 'coordinator', 'admin'] as const) {
        expect((await get(as[role], picnic)).statusCode).toBe(200);
      }
      const creative = (await get(as.creative, picnic)).json();
      expect(creative.allowedActions.canAdmin).toBe(false);
      expect(creative.allowedActions.canEdit).toBe(false);
      const approver = (await get(as.approver, picnic)).json();
      expect(approver.allowedActions.canAdmin).toBe(false);
      const coordinator = (await get(as.coordinator, picnic)).json();
      expect(coordinator.allowedActions).toMatchObject({ canAdmin: true, canEdit: true });
      expect(coordinator.coordinatorCandidates.map((c: { fullName: string }) => c.fullName)).toEqual(['Caleb Coordinator', 'Grace Admin']);
      expect((await get(as.admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    });

    it('lets the requester edit only while submitted or needs_approval', async () => {
      expect((await get(as.requester, picnic)).json().allowedActions.canEdit).toBe(true);
      expect((await get(as.requester, lunch)).json().allowedActions.canEdit).toBe(true);
      expect((await get(as.requester, retreat)).json().allowedActions.canEdit).toBe(false);
    });
  });

  describe('PATCH /api/requests/:id (admin controls)', () => {
    const patch = (agent: Agent, id: string, payload: object) => agent.inject({ method: 'PATCH', url: `/api/requests/${id}`, payload });

    it('answers 401 signed out and 403 to an approver', async () => {
      expect(
        (await t.app.inject({ method: 'PATCH', url: `/api/requests/${picnic}`, payload: { status: 'approved', version: 1 } })).statusCode,
      ).toBe(401);
      expect((await patch(as.approver, picnic, { status: 'approved', version: await version(picnic) })).statusCode).toBe(403);
    });

    it('changes status, priority and coordinator in one transaction with activity, notifications and e-mail', async () => {
      const adminId = await userIdByEmail(t.ctx.db, 'admin@example.org');
      const requesterId = await userIdByEmail(t.ctx.db, 'requester@example.org');
      const own = await ownRequest();
      const requestId = own.id;
      const v = await version(requestId);
      const res = await patch(as.coordinator, requestId, {
        status: 'in_review',
        priority: 'urgent',
        currentCoordinatorId: adminId,
        version: v,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().version).toBe(v + 1);
      const log = await t.ctx.db
        .select()
        .from(activityLog)
        .where(eq(activityLog.requestId, requestId))
        .orderBy(desc(activityLog.createdAt));
      // The newest entry of each type: the ones this change wrote, whatever other tests wrote before.
      const byType = Object.fromEntries([...log].reverse().map((a) => [a.actionType, a]));
      expect(byType['Status Changed']).toMatchObject({ oldValue: 'submitted', newValue: 'in_review' });
      expect(byType['Priority Set']).toMatchObject({ oldValue: 'medium', newValue: 'urgent' });
      expect(byType['Coordinator Assigned']).toMatchObject({ oldValue: 'Unassigned', newValue: 'Grace Admin' });
      const [statusNote] = await t.ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, requesterId), eq(notifications.requestId, requestId), eq(notifications.type, 'status_change')));
      expect(statusNote.body).toContain('In Review');
      const [assigned] = await t.ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, adminId), eq(notifications.requestId, requestId), eq(notifications.type, 'assignment')));
      expect(assigned).toBeTruthy();
      // The assignment e-mail waits for the admin's daily digest (the default for assignments).
      const waiting = await t.ctx.db.select().from(digestEntries).where(eq(digestEntries.userId, adminId));
      expect(
        waiting.some((w) => w.kind === 'assignment' && w.requestTitle === own.eventTitle && w.link.endsWith(`/request/${requestId}`)),
      ).toBe(true);
    });

    it('records Unassigned, refuses a stale version (409) and a non-coordinator candidate (422)', async () => {
      // Its own request, with a coordinator to take away.
      const adminId = await userIdByEmail(t.ctx.db, 'admin@example.org');
      const requestId = (await ownRequest({ coordinatorId: adminId })).id;
      const v = await version(requestId);
      const res = await patch(as.admin, requestId, { currentCoordinatorId: null, version: v });
      expect(res.statusCode).toBe(200);
      const [last] = await t.ctx.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.requestId, requestId), eq(activityLog.actionType, 'Coordinator Assigned')))
        .orderBy(desc(activityLog.createdAt))
        .limit(1);
      expect(last.newValue).toBe('Unassigned');
      const stale = await patch(as.admin, requestId, { status: 'approved', version: v });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error.message).toMatch(/Someone else changed this request/);
      const creativeId = await userIdByEmail(t.ctx.db, 'creative@example.org');
      const wrong = await patch(as.admin, requestId, { currentCoordinatorId: creativeId, version: v + 1 });
      expect(wrong.statusCode).toBe(422);
      expect(await version(requestId)).toBe(v + 1);
    });

    it('validates the status against the twelve selectable ones', async () => {
      const res = await patch(as.coordinator, picnic, { status: 'archived_onetime', version: await version(picnic) });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('PATCH /api/requests/:id/details', () => {
    const edit = (agent: Agent, id: string, payload: object) =>
      agent.inject({ method: 'PATCH', url: `/api/requests/${id}/details`, payload });

    it('answers 401 signed out and 403 to a viewer', async () => {
      expect((await t.app.inject({ method: 'PATCH', url: `/api/requests/${lunch}/details`, payload: { version: 1 } })).statusCode).toBe(
        401,
      );
      expect((await edit(as.viewer, retreat, { location: 'x', version: await version(retreat) })).statusCode).toBe(403);
    });

    it('lets the requester edit while needs_approval, not once approved; creatives never', async () => {
      const ok = await edit(as.requester, lunch, {
        location: 'Fellowship Hall',
        descriptionShort: 'Lunch after church.',
        version: await version(lunch),
      });
      expect(ok.statusCode).toBe(200);
      const [row] = await t.ctx.db.select().from(requests).where(eq(requests.id, lunch));
      expect(row.location).toBe('Fellowship Hall');
      const [entry] = await t.ctx.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.requestId, lunch), eq(activityLog.actionType, 'Details Updated')));
      expect(entry.notes).toBe('Short description, Location');
      expect((await edit(as.requester, retreat, { location: 'x', version: await version(retreat) })).statusCode).toBe(403);
      expect((await edit(as.creative, lunch, { location: 'x', version: await version(lunch) })).statusCode).toBe(403);
      expect((await edit(outsider, lunch, { location: 'x', version: await version(lunch) })).statusCode).toBe(404);
      expect((await edit(as.coordinator, retreat, { location: 'Lodge', version: await version(retreat) })).statusCode).toBe(200);
      expect((await edit(as.requester, lunch, { location: 'Old', version: 1 })).statusCode).toBe(409);
      expect((await edit(as.requester, lunch, { descriptionShort: 'x'.repeat(151), version: await version(lunch) })).statusCode).toBe(400);
    });
  });

  describe('messages', () => {
    const post = (agent: Agent, id: string, body: string) =>
      agent.inject({ method: 'POST', url: `/api/requests/${id}/messages`, payload: { body } });

    it('answers 401 signed out, 403 to a viewer, 404 to an outsider, 400 when blank', async () => {
      expect((await t.app.inject({ method: 'POST', url: `/api/requests/${retreat}/messages`, payload: { body: 'hi' } })).statusCode).toBe(
        401,
      );
      expect((await post(as.viewer, retreat, 'hello')).statusCode).toBe(403);
      expect((await post(outsider, retreat, 'hello')).statusCode).toBe(404);
      const blank = await post(as.requester, retreat, '   \n ');
      expect(blank.statusCode).toBe(400);
      expect((await post(as.requester, retreat, 'x'.repeat(5001))).statusCode).toBe(400);
    });

    it('stores the message, notifies the team and e-mails an @mentioned user', async () => {
      const creativeId = await userIdByEmail(t.ctx.db, 'creative@example.org');
      const coordinatorId = await userIdByEmail(t.ctx.db, 'coordinator@example.org');
      const requesterId = await userIdByEmail(t.ctx.db, 'requester@example.org');
      const own = await ownRequest({ status: 'approved', coordinatorId });
      const requestId = own.id;
      const res = await post(as.requester, requestId, '  Could @Chloe Creative use the blue logo?  ');
      expect(res.statusCode).toBe(201);
      const detail = (await get(as.requester, requestId)).json();
      expect(detail.messages[0]).toMatchObject({
        body: 'Could @Chloe Creative use the blue logo?',
        author: { fullName: 'Ruth Requester' },
      });
      const notes = await t.ctx.db.select().from(notifications).where(eq(notifications.requestId, requestId));
      expect(notes.some((n) => n.userId === creativeId && n.type === 'mention' && n.title === 'Ruth Requester mentioned you')).toBe(true);
      expect(notes.some((n) => n.userId === coordinatorId && n.type === 'message')).toBe(true);
      expect(notes.some((n) => n.userId === requesterId && (n.type === 'message' || n.type === 'mention'))).toBe(false);
      const mails = await t.ctx.db.select().from(pendingEmails).where(eq(pendingEmails.recipient, 'creative@example.org'));
      expect(mails.some((m) => m.subject === `Ruth Requester mentioned you on ${own.eventTitle}` && !m.sent)).toBe(true);
    });
  });

  describe('viewers', () => {
    it('lists viewer candidates for coordinators only', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/users/viewers' })).statusCode).toBe(401);
      expect((await as.approver.inject({ method: 'GET', url: '/api/users/viewers' })).statusCode).toBe(403);
      const res = await as.coordinator.inject({ method: 'GET', url: '/api/users/viewers' });
      expect(res.json().users.map((u: { fullName: string }) => u.fullName)).toEqual(['Victor Viewer']);
    });

    it('adds a viewer (who is notified and may then read it) and removes them again', async () => {
      const viewerId = await userIdByEmail(t.ctx.db, 'viewer@example.org');
      const requesterId = await userIdByEmail(t.ctx.db, 'requester@example.org');
      const requestId = (await ownRequest()).id;
      const add = (agent: Agent, userId: string) =>
        agent.inject({ method: 'POST', url: `/api/requests/${requestId}/viewers`, payload: { userId } });
      expect(
        (await t.app.inject({ method: 'POST', url: `/api/requests/${requestId}/viewers`, payload: { userId: viewerId } })).statusCode,
      ).toBe(401);
      expect((await add(as.approver, viewerId)).statusCode).toBe(403);
      expect((await add(as.coordinator, requesterId)).statusCode).toBe(422);
      expect((await add(as.coordinator, viewerId)).statusCode).toBe(201);
      expect((await add(as.coordinator, viewerId)).statusCode).toBe(409);
      const [note] = await t.ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, viewerId), eq(notifications.requestId, requestId)));
      expect(note.title).toBe('A request was shared with you');
      expect((await get(as.viewer, requestId)).json().allowedActions.isViewOnly).toBe(true);
      const url = `/api/requests/${requestId}/viewers/${viewerId}`;
      expect((await as.approver.inject({ method: 'DELETE', url })).statusCode).toBe(403);
      expect((await as.coordinator.inject({ method: 'DELETE', url })).statusCode).toBe(204);
      expect((await as.coordinator.inject({ method: 'DELETE', url })).statusCode).toBe(404);
      expect((await get(as.viewer, requestId)).statusCode).toBe(404);
    });
  });

  describe('archive and delete', () => {
    it('archives as one-time (coordinator only), once', async () => {
      const id = await requestIdByTitle(t.ctx.db, 'Fall Festival');
      const url = `/api/requests/${id}/archive`;
      expect((await t.app.inject({ method: 'POST', url, payload: { kind: 'onetime' } })).statusCode).toBe(401);
      expect((await as.approver.inject({ method: 'POST', url, payload: { kind: 'onetime' } })).statusCode).toBe(403);
      expect((await as.coordinator.inject({ method: 'POST', url, payload: { kind: 'onetime' } })).statusCode).toBe(200);
      const [row] = await t.ctx.db.select().from(requests).where(eq(requests.id, id));
      expect(row.status).toBe('archived_onetime');
      expect(row.archivedAt).toBeTruthy();
      expect(row.archivedBy).toBe(await userIdByEmail(t.ctx.db, 'coordinator@example.org'));
      expect((await as.coordinator.inject({ method: 'POST', url, payload: { kind: 'recurring' } })).statusCode).toBe(409);
    });

    it('deletes the request and its rows (coordinator only)', async () => {
      const id = await requestIdByTitle(t.ctx.db, 'Parking Lot Prayer Walk');
      const url = `/api/requests/${id}`;
      expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
      expect((await as.approver.inject({ method: 'DELETE', url })).statusCode).toBe(403);
      expect((await as.admin.inject({ method: 'DELETE', url })).statusCode).toBe(204);
      expect((await get(as.admin, id)).statusCode).toBe(404);
      expect(await t.ctx.db.select().from(activityLog).where(eq(activityLog.requestId, id))).toEqual([]);
    });
  });
});
