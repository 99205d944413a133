import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CMS_QUEUE_MESSAGES, CMS_QUEUE_PAGE_SIZE, type CmsQueuePage } from '../../../shared/api/cms-queue';
import { addDaysIso, todayIn } from '../../../shared/domain/dates';
import { activityLog, notifications, requestItems, requests } from '../../platform/db/schema';
import type { AppEvent } from '../../platform/events/bus';
import { sessionAgent } from '../../test/agent';
import { BACKENDS, createTestApp, type Agent, type TestApp } from '../../test/harness';
import { buildItem, buildRequest, buildTeam, type Team } from '../../test/task-fixtures';

const URL_OK = 'https://example.org/events/easter';

describe.each(BACKENDS)('CMS queue on %s', (backend) => {
  let t: TestApp;
  let team: Team;
  let today: string;
  const as: Record<string, Agent> = {};

  beforeAll(async () => {
    t = await createTestApp(backend);
    team = await buildTeam(t.ctx.db);
    today = todayIn(t.ctx.config.churchTimeZone);
    for (const role of ['admin', 'coordinator', 'approver', 'creative', 'requester', 'viewer'] as const) {
      as[role] = await sessionAgent(t.app, team[role].id);
    }
  });
  afterAll(async () => t.close());

  const queue = async (cursor?: string) => {
    const res = await as.coordinator.inject({
      method: 'GET',
      url: `/api/cms-queue${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CmsQueuePage;
  };
  /** Every page of the queue, walked by its cursors. */
  const wholeQueue = async () => {
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await queue(cursor);
      ids.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return ids;
  };
  const publish = (agent: Agent, id: string, body: Record<string, unknown> = { publishedDate: today, publishedUrl: URL_OK }) =>
    agent.inject({ method: 'POST', url: `/api/cms-queue/${id}/publish`, payload: body });
  const itemRow = async (id: string) => (await t.ctx.db.select().from(requestItems).where(eq(requestItems.id, id)))[0];
  const requestRow = async (id: string) => (await t.ctx.db.select().from(requests).where(eq(requests.id, id)))[0];

  it('lists approved web and e-mail items of live requests only, oldest due first, undated last, paged by keyset', async () => {
    const title = `Queue ${Math.random()}`;
    const live = await buildRequest(t.ctx.db, team.requester.id, { eventTitle: title });
    const archived = await buildRequest(t.ctx.db, team.requester.id, { eventTitle: title, status: 'archived_onetime' });
    const late = await buildItem(t.ctx.db, live.id, { channel: 'website_event_page', status: 'approved', dueDate: addDaysIso(today, 9) });
    const early = await buildItem(t.ctx.db, live.id, { channel: 'email_feature', status: 'approved', dueDate: addDaysIso(today, -3) });
    const undated = await buildItem(t.ctx.db, live.id, { channel: 'app_push_notification', status: 'approved', dueDate: null });
    const notCms = await buildItem(t.ctx.db, live.id, { channel: 'sunday_slide', status: 'approved' });
    const notApproved = await buildItem(t.ctx.db, live.id, { channel: 'registration_page', status: 'proof_ready' });
    const pending = await buildItem(t.ctx.db, live.id, {
      channel: 'website_feature_page',
      status: 'approved',
      isAdditionalRequest: true,
      additionalRequestStatus: 'pending',
    });
    const ofArchived = await buildItem(t.ctx.db, archived.id, { channel: 'website_calendar_listing', status: 'approved' });

    const ids = await wholeQueue();
    const mine = ids.filter((id) => [late, early, undated, notCms, notApproved, pending, ofArchived].some((i) => i.id === id));
    expect(mine).toEqual([early.id, late.id, undated.id]);
    const page = await queue();
    expect(page.total).toBe(ids.length);
    expect(page.items.find((i) => i.id === early.id)).toMatchObject({
      eventTitle: title,
      channel: 'email_feature',
      dueDate: addDaysIso(today, -3),
    });
  });

  it('pages through more than one page without skipping or repeating an item', async () => {
    const req = await buildRequest(t.ctx.db, team.requester.id);
    const made: string[] = [];
    for (let n = 0; n < CMS_QUEUE_PAGE_SIZE + 3; n++) {
      made.push(
        (await buildItem(t.ctx.db, req.id, { channel: 'website_event_page', status: 'approved', dueDate: addDaysIso(today, n % 4) })).id,
      );
    }
    const first = await queue();
    expect(first.items).toHaveLength(CMS_QUEUE_PAGE_SIZE);
    expect(first.nextCursor).not.toBeNull();
    const ids = await wholeQueue();
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of made) expect(ids).toContain(id);
  });

  it('refuses a malformed cursor with 400', async () => {
    const res = await as.coordinator.inject({ method: 'GET', url: '/api/cms-queue?cursor=2024-02-30|nope' });
    expect(res.statusCode).toBe(400);
  });

  it('is for coordinators and above: approvers, creatives, requesters and viewers get 403', async () => {
    for (const role of ['approver', 'creative', 'requester', 'viewer']) {
      expect((await as[role].inject({ method: 'GET', url: '/api/cms-queue' })).statusCode).toBe(403);
    }
    expect((await as.admin.inject({ method: 'GET', url: '/api/cms-queue' })).statusCode).toBe(200);
    const req = await buildRequest(t.ctx.db, team.requester.id);
    const item = await buildItem(t.ctx.db, req.id, { channel: 'email_mention', status: 'approved' });
    expect((await publish(as.approver, item.id)).statusCode).toBe(403);
    expect((await itemRow(item.id)).status).toBe('approved');
  });

  it('Mark Published: the item, its activity, the requester notified, the request completes, one live event', async () => {
    const req = await buildRequest(t.ctx.db, team.requester.id, {
      eventTitle: 'Easter Sunday',
      status: 'final_approval',
      currentCoordinatorId: team.coordinator.id,
    });
    const item = await buildItem(t.ctx.db, req.id, { channel: 'website_feature_page', status: 'approved', assigneeId: team.creative.id });
    await buildItem(t.ctx.db, req.id, { channel: 'sunday_slide', status: 'complete' });
    const seen: AppEvent[] = [];
    const stop = t.ctx.bus.subscribe((e) => seen.push(e));
    try {
      const date = addDaysIso(today, -1);
      const res = await publish(as.coordinator, item.id, { publishedDate: date, publishedUrl: URL_OK });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        id: item.id,
        status: 'published',
        publishedDate: date,
        publishedUrl: URL_OK,
        requestStatus: 'complete',
      });
      const row = await itemRow(item.id);
      expect(row.status).toBe('published');
      expect(row.publishedUrl).toBe(URL_OK);
      expect(row.publishedAt).not.toBeNull();
      expect((await requestRow(req.id)).status).toBe('complete');
      const [entry] = await t.ctx.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.requestId, req.id), eq(activityLog.actionType, 'Item Published')));
      expect(entry).toMatchObject({ userId: team.coordinator.id, oldValue: 'approved', newValue: URL_OK });
      expect(entry.notes).toContain('Website Feature Page');
      const notes = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, team.requester.id));
      const notice = notes.find((n) => n.requestId === req.id);
      expect(notice).toMatchObject({ type: 'status_change', title: 'Website Feature Page is live', link: `/request/${req.id}` });
      expect(notice?.body).toContain(URL_OK);
      await expect.poll(() => seen.some((e) => e.topic === 'requests' && e.id === req.id)).toBe(true);
      expect(seen.some((e) => e.topic === 'notifications')).toBe(true);
    } finally {
      stop();
    }
    expect((await wholeQueue()).includes(item.id)).toBe(false);
    // A second publish of the same item is refused and changes nothing.
    const again = await publish(as.coordinator, item.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(CMS_QUEUE_MESSAGES.notWaiting);
  });

  it('validates the date and the live URL; bad input changes nothing', async () => {
    const req = await buildRequest(t.ctx.db, team.requester.id);
    const item = await buildItem(t.ctx.db, req.id, { channel: 'registration_page', status: 'approved' });
    const bad = [
      { publishedDate: today, publishedUrl: 'http://example.org/page' },
      { publishedDate: today, publishedUrl: 'not a url' },
      { publishedDate: today, publishedUrl: 'javascript:alert(1)' },
      { publishedDate: '2024-02-30', publishedUrl: URL_OK },
      { publishedDate: '', publishedUrl: URL_OK },
      { publishedUrl: URL_OK },
    ];
    for (const body of bad) expect((await publish(as.coordinator, item.id, body)).statusCode, JSON.stringify(body)).toBe(400);
    const future = await publish(as.coordinator, item.id, { publishedDate: addDaysIso(today, 2), publishedUrl: URL_OK });
    expect(future.statusCode).toBe(422);
    expect(future.json().error.message).toBe(CMS_QUEUE_MESSAGES.dateInFuture);
    const row = await itemRow(item.id);
    expect(row).toMatchObject({ status: 'approved', publishedUrl: null, publishedAt: null });
    const entries = await t.ctx.db.select().from(activityLog).where(eq(activityLog.requestId, req.id));
    expect(entries).toEqual([]);
  });

  it('refuses items that are not waiting (another channel, not approved, archived request) and a missing id', async () => {
    const live = await buildRequest(t.ctx.db, team.requester.id);
    const archived = await buildRequest(t.ctx.db, team.requester.id, { status: 'archived_recurring' });
    const slide = await buildItem(t.ctx.db, live.id, { channel: 'sunday_slide', status: 'approved' });
    const draft = await buildItem(t.ctx.db, live.id, { channel: 'email_feature', status: 'in_progress' });
    const old = await buildItem(t.ctx.db, archived.id, { channel: 'email_feature', status: 'approved' });
    for (const id of [slide.id, draft.id, old.id]) expect((await publish(as.coordinator, id)).statusCode).toBe(409);
    expect((await publish(as.coordinator, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('does not notify a requester who publishes it themselves (an admin who requested it)', async () => {
    const req = await buildRequest(t.ctx.db, team.admin.id);
    const item = await buildItem(t.ctx.db, req.id, { channel: 'email_mention', status: 'approved' });
    expect((await publish(as.admin, item.id)).statusCode).toBe(200);
    const notes = await t.ctx.db.select().from(notifications).where(eq(notifications.requestId, req.id));
    expect(notes).toEqual([]);
  });
});
