import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APPROVAL_MESSAGES, REJECTION_REASONS, type ApprovalItem } from '../../../shared/api/approvals';
import { activityLog, notifications, requestItems } from '../../platform/db/schema';
import { BACKENDS, createTestApp, signIn, type Agent, type TestApp } from '../../test/harness';
import { clearRequests, TEST_PASSWORD } from '../../test/factories';
import { buildItem, buildRequest, buildTeam, type Team } from '../../test/task-fixtures';

describe.each(BACKENDS)('approval queue on %s', (backend) => {
  let t: TestApp;
  let team: Team;
  let approver: Agent;
  let creative: Agent;
  let requestId: string;
  const item: Record<string, string> = {};

  const pending = (channel: string) =>
    buildItem(t.ctx.db, requestId, { isAdditionalRequest: true, additionalRequestStatus: 'pending', channel, status: 'submitted' });
  const itemRow = async (id: string) => (await t.ctx.db.select().from(requestItems).where(eq(requestItems.id, id)))[0];

  beforeAll(async () => {
    t = await createTestApp(backend);
    team = await buildTeam(t.ctx.db);
    approver = await signIn(t.app, team.approver.email, TEST_PASSWORD);
    creative = await signIn(t.app, team.creative.email, TEST_PASSWORD);
  });
  afterAll(async () => t.close());
  // Each test decides items of its own: the queue is rebuilt from nothing before every test.
  beforeEach(async () => {
    await clearRequests(t.ctx.db);
    const request = await buildRequest(t.ctx.db, team.requester.id, { eventTitle: 'Marriage Retreat', tier: 'C' });
    requestId = request.id;
    for (const [key, channel] of Object.entries({
      a: 'mass_email',
      b: 'banner',
      c: 'promotional_video',
      d: 'print_posters',
      e: 'email_mention',
    })) {
      item[key] = (await pending(channel)).id;
    }
    item.included = (await buildItem(t.ctx.db, requestId, { channel: 'sunday_slide' })).id;
    const archived = await buildRequest(t.ctx.db, team.requester.id, { status: 'archived_onetime' });
    item.archived = (
      await buildItem(t.ctx.db, archived.id, { isAdditionalRequest: true, additionalRequestStatus: 'pending', channel: 'banner' })
    ).id;
  });

  it('suggests the scheduling reason for a week over capacity and the lead-time reason for a passed due date', async () => {
    const week = '2031-06-02';
    const booking = { isAdditionalRequest: true, additionalRequestStatus: 'pending', channel: 'stage_announcement', bookedWeeks: [week] };
    const first = await buildItem(t.ctx.db, requestId, { ...booking, dueDate: '2031-05-01' });
    const second = await buildItem(t.ctx.db, requestId, { ...booking, dueDate: '2031-05-01' });
    const late = await buildItem(t.ctx.db, requestId, { ...booking, bookedWeeks: [], dueDate: '2020-01-01' });
    const items = (await approver.inject({ method: 'GET', url: '/api/approvals' })).json().items as ApprovalItem[];
    const reason = (id: string) => items.find((i) => i.id === id)!.suggestedReason;
    // The stage announcement holds one a Sunday: two in one week are over it.
    expect([reason(first.id), reason(second.id)]).toEqual([REJECTION_REASONS[0], REJECTION_REASONS[0]]);
    expect(reason(late.id)).toBe(REJECTION_REASONS[2]);
    expect(reason(item.a)).toBeNull();
  });

  it('answers 401 signed out and 403 to a creative on every route', async () => {
    const routes = [
      { method: 'GET' as const, url: '/api/approvals' },
      { method: 'POST' as const, url: `/api/approvals/${item.a}/approve` },
      { method: 'POST' as const, url: `/api/approvals/${item.a}/reject`, payload: { reason: REJECTION_REASONS[0] } },
    ];
    for (const r of routes) {
      expect((await t.app.inject({ ...r })).statusCode).toBe(401);
      expect((await creative.inject({ ...r, payload: r.payload ?? {} })).statusCode).toBe(403);
    }
  });

  it('lists pending additional items of live requests with request, ministry, requester, channel and tier', async () => {
    const res = await approver.inject({ method: 'GET', url: '/api/approvals' });
    expect(res.statusCode).toBe(200);
    const items = res.json().items as ApprovalItem[];
    expect(items.map((i) => i.id).sort()).toEqual([item.a, item.b, item.c, item.d, item.e].sort());
    const first = items.find((i) => i.id === item.a)!;
    expect(first).toMatchObject({
      requestId,
      eventTitle: 'Marriage Retreat',
      requesterName: team.requester.fullName,
      channel: 'mass_email',
      tier: 'C',
    });
    expect(first.ministryName).toMatch(/^Ministry /);
  });

  it('approves a pending item with activity and a notification to the requester; twice is a 409', async () => {
    const res = await approver.inject({ method: 'POST', url: `/api/approvals/${item.a}/approve` });
    expect(res.statusCode).toBe(200);
    expect((await itemRow(item.a)).additionalRequestStatus).toBe('approved');
    const activity = await t.ctx.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.requestId, requestId), eq(activityLog.actionType, 'Additional Request Approved')));
    expect(activity).toHaveLength(1);
    const notes = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, team.requester.id));
    expect(notes.map((n) => n.title)).toContain('Additional item approved');
    const again = await approver.inject({ method: 'POST', url: `/api/approvals/${item.a}/approve` });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(APPROVAL_MESSAGES.notPending);
    const reject = await approver.inject({
      method: 'POST',
      url: `/api/approvals/${item.a}/reject`,
      payload: { reason: REJECTION_REASONS[1] },
    });
    expect(reject.statusCode).toBe(409);
  });

  it('rejects with a preset reason, stored verbatim', async () => {
    const res = await approver.inject({
      method: 'POST',
      url: `/api/approvals/${item.b}/reject`,
      payload: { reason: REJECTION_REASONS[3] },
    });
    expect(res.statusCode).toBe(200);
    const row = await itemRow(item.b);
    expect(row.additionalRequestStatus).toBe('rejected');
    expect(row.rejectionReason).toBe('Budget constraints for this request');
    const notes = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, team.requester.id));
    expect(notes.find((n) => n.title === 'Additional item rejected')?.body).toContain('Budget constraints for this request');
  });

  it("needs text after trimming when the reason is 'Other', and stores the trimmed text", async () => {
    const reject = (id: string, payload: object) => approver.inject({ method: 'POST', url: `/api/approvals/${id}/reject`, payload });
    const noText = await reject(item.c, { reason: 'Other' });
    expect(noText.statusCode).toBe(400);
    expect(noText.json().error.fields.otherText).toBe(APPROVAL_MESSAGES.otherTextRequired);
    expect((await reject(item.c, { reason: 'Other', otherText: '   \n\t ' })).statusCode).toBe(400);
    expect((await reject(item.c, { reason: 'Because I said so' })).statusCode).toBe(400);
    expect((await reject(item.c, {})).statusCode).toBe(400);
    expect((await itemRow(item.c)).additionalRequestStatus).toBe('pending');
    const ok = await reject(item.c, { reason: 'Other', otherText: '  Video team is booked that month.  ' });
    expect(ok.statusCode).toBe(200);
    expect((await itemRow(item.c)).rejectionReason).toBe('Video team is booked that month.');
  });

  it('refuses items that are not additional (404) or whose request is archived (409)', async () => {
    expect((await approver.inject({ method: 'POST', url: `/api/approvals/${item.included}/approve` })).statusCode).toBe(404);
    expect((await approver.inject({ method: 'POST', url: `/api/approvals/${item.archived}/approve` })).statusCode).toBe(409);
    expect((await approver.inject({ method: 'POST', url: '/api/approvals/00000000-0000-4000-8000-000000000000/approve' })).statusCode).toBe(
      404,
    );
  });
});
