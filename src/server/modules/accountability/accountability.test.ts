import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Accountability } from '../../../shared/api/accountability';
import { addDaysIso, todayIn } from '../../../shared/domain/dates';
import { sessionAgent } from '../../test/agent';
import { buildUser, clearRequests } from '../../test/factories';
import { requestItems } from '../../platform/db/schema';
import { ACCOUNTABILITY_COUNT_CAP } from '../../../shared/domain/accountability';
import { BACKENDS, createTestApp, type Agent, type TestApp } from '../../test/harness';
import { buildItem, buildRequest, buildTeam, type Team } from '../../test/task-fixtures';

const HOUR = 3_600_000;

describe.each(BACKENDS)('accountability on %s', (backend) => {
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
  // Every number spans the whole database: each test starts from no requests at all.
  beforeEach(async () => clearRequests(t.ctx.db));

  const read = async (agent: Agent = as.coordinator) => {
    const res = await agent.inject({ method: 'GET', url: '/api/accountability' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Accountability;
  };
  const day = (n: number) => addDaysIso(today, n);
  const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

  it('is for coordinators and above: approvers and below get 403', async () => {
    for (const role of ['approver', 'creative', 'requester', 'viewer']) {
      expect((await as[role].inject({ method: 'GET', url: '/api/accountability' })).statusCode).toBe(403);
    }
    expect((await read(as.admin)).today).toBe(today);
  });

  it('says All Clear when nothing is flagged', async () => {
    const fine = await buildRequest(t.ctx.db, team.requester.id, { currentCoordinatorId: team.coordinator.id, eventStartDate: day(3) });
    await buildItem(t.ctx.db, fine.id, { status: 'approved', dueDate: day(-5) });
    await buildItem(t.ctx.db, fine.id, { status: 'in_progress', dueDate: day(2) });
    // Unassigned, but submitted only a day ago.
    await buildRequest(t.ctx.db, team.requester.id, { submittedAt: ago(24) });
    const a = await read();
    expect(a.allClear).toBe(false); // the in-progress item keeps the event not ready
    expect(a.eventsNotReady.count).toBe(1);
    expect(a.overdueItems.count + a.atRiskItems.count + a.unassignedRequests.count).toBe(0);
    await t.ctx.db.execute(sql`update request_items set status = 'complete' where request_id = ${fine.id}`);
    expect((await read()).allClear).toBe(true);
  });

  it('counts every flag from the fixture, excluding finished, archived and waiting work', async () => {
    const db = t.ctx.db;
    const coordinated = { currentCoordinatorId: team.coordinator.id };
    const live = await buildRequest(db, team.requester.id, { ...coordinated, eventTitle: 'Spring Gala', eventStartDate: day(5) });
    // Overdue: two open items past due; a done one and a pending additional one are not.
    const late1 = await buildItem(db, live.id, { status: 'in_progress', dueDate: day(-2), assigneeId: team.creative.id });
    const late2 = await buildItem(db, live.id, { status: 'not_started', dueDate: day(-9), assigneeId: team.creative.id });
    await buildItem(db, live.id, { status: 'approved', dueDate: day(-3) });
    await buildItem(db, live.id, {
      status: 'not_started',
      dueDate: day(-3),
      isAdditionalRequest: true,
      additionalRequestStatus: 'pending',
    });
    // At risk: not started and due within 7 days (today and day 7 included); day 8 and started items are not.
    const risk1 = await buildItem(db, live.id, { status: 'submitted', dueDate: today, assigneeId: team.creative2.id });
    const risk2 = await buildItem(db, live.id, { status: 'not_started', dueDate: day(7) });
    await buildItem(db, live.id, { status: 'not_started', dueDate: day(8) });
    await buildItem(db, live.id, { status: 'in_progress', dueDate: day(1), assigneeId: team.creative.id });
    // Archived and cancelled requests flag nothing.
    const archived = await buildRequest(db, team.requester.id, {
      status: 'archived_onetime',
      eventStartDate: day(1),
      submittedAt: ago(100),
    });
    await buildItem(db, archived.id, { status: 'not_started', dueDate: day(-1), assigneeId: team.creative.id });
    const cancelled = await buildRequest(db, team.requester.id, { status: 'cancelled', eventStartDate: day(1), submittedAt: ago(100) });
    await buildItem(db, cancelled.id, { status: 'not_started', dueDate: day(-1) });
    // Events within 7 days: a ready one is not flagged, one 8 days out is not either.
    const ready = await buildRequest(db, team.requester.id, { ...coordinated, eventStartDate: day(0) });
    await buildItem(db, ready.id, { status: 'published' });
    const far = await buildRequest(db, team.requester.id, { ...coordinated, eventStartDate: day(8) });
    await buildItem(db, far.id, { status: 'in_progress' });
    // Unassigned over 48 hours: two; one at 47 hours and one with a coordinator are not.
    const waiting1 = await buildRequest(db, team.requester.id, { eventTitle: 'Old Ask', submittedAt: ago(80) });
    const waiting2 = await buildRequest(db, team.requester.id, { eventTitle: 'Newer Ask', submittedAt: ago(49) });
    await buildRequest(db, team.requester.id, { submittedAt: ago(47) });
    await buildRequest(db, team.requester.id, { ...coordinated, submittedAt: ago(100) });

    const a = await read();
    expect(a.allClear).toBe(false);
    expect(a.overdueItems.count).toBe(2);
    expect(a.overdueItems.rows.map((r) => r.id)).toEqual([late2.id, late1.id]);
    expect(a.overdueItems.rows[0]).toMatchObject({ eventTitle: 'Spring Gala', dueDate: day(-9), assigneeName: team.creative.fullName });
    expect(a.atRiskItems.count).toBe(2);
    expect(a.atRiskItems.rows.map((r) => r.id)).toEqual([risk1.id, risk2.id]);
    expect(a.eventsNotReady.count).toBe(1);
    expect(a.eventsNotReady.rows[0]).toMatchObject({ requestId: live.id, eventStartDate: day(5), doneItems: 1 });
    expect(a.eventsNotReady.rows[0].totalItems).toBe(7); // the pending additional item is not production work;
    expect(a.eventsNotReady.rows[0].readinessPct).toBe(14);
    expect(a.unassignedRequests.count).toBe(2);
    expect(a.unassignedRequests.rows.map((r) => r.requestId)).toEqual([waiting1.id, waiting2.id]);
    expect(a.unassignedRequests.rows[0].hoursWaiting).toBeGreaterThanOrEqual(79);

    // Workload: creative has late1, late2 and the started item (archived work does not count).
    const card = (id: string) => a.workload.find((w) => w.userId === id);
    expect(card(team.creative.id)).toMatchObject({ activeTasks: 3, percent: 30, colour: 'green' });
    expect(card(team.creative2.id)).toMatchObject({ activeTasks: 1, percent: 10 });
    expect(card(team.coordinator.id)).toMatchObject({ activeTasks: 0, percent: 0 });
    expect(card(team.approver.id)).toBeUndefined(); // approvers are not given work
    expect(a.workload[0].userId).toBe(team.creative.id);
  });

  it('bounds each list to the first rows and still counts them all; workload caps at 100 and turns red', async () => {
    const busy = await buildUser(t.ctx.db, { role: 'creative', fullName: 'Busy Bee' });
    const req = await buildRequest(t.ctx.db, team.requester.id, { currentCoordinatorId: team.coordinator.id });
    for (let n = 0; n < 14; n++) await buildItem(t.ctx.db, req.id, { status: 'in_progress', dueDate: day(-1 - n), assigneeId: busy.id });
    const a = await read();
    expect(a.overdueItems).toMatchObject({ count: 14, more: false });
    expect(a.overdueItems.rows).toHaveLength(10);
    expect(a.workload[0]).toMatchObject({ userId: busy.id, activeTasks: 14, percent: 100, colour: 'red' });
  });

  it('counts a flag only up to the cap and says there are more', async () => {
    const req = await buildRequest(t.ctx.db, team.requester.id, { currentCoordinatorId: team.coordinator.id });
    await t.ctx.db.insert(requestItems).values(
      Array.from({ length: ACCOUNTABILITY_COUNT_CAP + 5 }, (_, n) => ({
        requestId: req.id,
        channel: 'sunday_slide',
        status: 'in_progress',
        dueDate: day(-1 - (n % 30)),
      })),
    );
    const a = await read();
    expect(a.overdueItems).toMatchObject({ count: ACCOUNTABILITY_COUNT_CAP, more: true });
    expect(a.overdueItems.rows).toHaveLength(10);
    expect(a.allClear).toBe(false);
  });

  /** Every row of a list: the first read's, then each further page from the cursor the last gave. */
  const wholeList = async <T>(list: string, first: { rows: T[]; next: string | null }) => {
    const rows = [...first.rows];
    let next = first.next;
    for (let pages = 0; next && pages < 50; pages++) {
      const res = await as.coordinator.inject({ method: 'GET', url: `/api/accountability/list?list=${list}&cursor=${next}` });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as { list: string; rows: T[]; next: string | null };
      expect(page.list).toBe(list);
      rows.push(...page.rows);
      next = page.next;
    }
    expect(next).toBeNull();
    return rows;
  };

  it('pages each list by keyset after its first rows: no gaps, no duplicates, in the list order, ties of a day by title', async () => {
    const db = t.ctx.db;
    // Overdue items: 40 over a few days, titles interleaved so a day's ties are ordered by title then id.
    const titles = ['Alpha | pipe', 'Beta', 'Gamma "quoted"'];
    const requestsByTitle = await Promise.all(
      titles.map((eventTitle) => buildRequest(db, team.requester.id, { eventTitle, currentCoordinatorId: team.coordinator.id })),
    );
    const overdueIds: string[] = [];
    for (let n = 0; n < 40; n++) {
      const item = await buildItem(db, requestsByTitle[n % 3].id, { status: 'in_progress', dueDate: day(-1 - (n % 4)) });
      overdueIds.push(item.id);
    }
    // Unassigned requests: 30 waiting, some submitted at the same instant.
    const at = ago(60);
    const waitingIds: string[] = [];
    for (let n = 0; n < 30; n++) {
      const r = await buildRequest(db, team.requester.id, { submittedAt: n % 2 ? at : ago(60 + n) });
      waitingIds.push(r.id);
    }
    const a = await read();
    expect(a.overdueItems.rows).toHaveLength(10);
    expect(a.overdueItems.next).not.toBeNull();

    const items = await wholeList('overdue-items', a.overdueItems);
    expect(items.map((r) => r.id).sort()).toEqual([...overdueIds].sort());
    const keys = items.map((r) => [r.dueDate, r.eventTitle, r.id]);
    const sorted = [...keys].sort((x, y) =>
      x[0] !== y[0] ? (x[0] < y[0] ? -1 : 1) : x[1] !== y[1] ? (x[1] < y[1] ? -1 : 1) : x[2] < y[2] ? -1 : 1,
    );
    expect(keys).toEqual(sorted);

    const waiting = await wholeList('unassigned-requests', a.unassignedRequests);
    expect(waiting.map((r) => r.requestId).sort()).toEqual([...waitingIds].sort());
    expect(new Set(waiting.map((r) => r.requestId)).size).toBe(waiting.length);
    // The list's order: the longest waiting first.
    const hours = waiting.map((r) => r.hoursWaiting);
    expect(hours).toEqual([...hours].sort((x, y) => y - x));
  });

  it('pages the at-risk items and the events not ready too', async () => {
    const db = t.ctx.db;
    const eventIds: string[] = [];
    const riskIds: string[] = [];
    for (let n = 0; n < 13; n++) {
      const r = await buildRequest(db, team.requester.id, {
        currentCoordinatorId: team.coordinator.id,
        eventTitle: `Event ${n % 5}`,
        eventStartDate: day(n % 3),
      });
      eventIds.push(r.id);
      riskIds.push((await buildItem(db, r.id, { status: 'not_started', dueDate: day(n % 2) })).id);
    }
    const a = await read();
    const events = await wholeList('events-not-ready', a.eventsNotReady);
    expect(events.map((e) => e.requestId).sort()).toEqual([...eventIds].sort());
    // In the list's order (event date, title, id), the first page included, whichever requests'
    // items were written last.
    const key = (e: (typeof events)[number]) => `${e.eventStartDate} ${e.eventTitle} ${e.requestId}`;
    expect(events.map(key)).toEqual(events.map(key).sort());
    const risks = await wholeList('at-risk-items', a.atRiskItems);
    expect(risks.map((e) => e.id).sort()).toEqual([...riskIds].sort());
  });

  it('refuses a malformed cursor or list with a 400, and the page with the screen’s policy', async () => {
    for (const cursor of [
      'not-base64-json',
      Buffer.from('["2030-01-01","x"]').toString('base64url'),
      Buffer.from('["2030-13-45","x","00000000-0000-4000-8000-000000000000"]').toString('base64url'),
    ]) {
      const res = await as.coordinator.inject({ method: 'GET', url: `/api/accountability/list?list=overdue-items&cursor=${cursor}` });
      expect(res.statusCode, cursor).toBe(400);
    }
    expect((await as.coordinator.inject({ method: 'GET', url: '/api/accountability/list?list=workload&cursor=x' })).statusCode).toBe(400);
    expect((await as.approver.inject({ method: 'GET', url: '/api/accountability/list?list=overdue-items&cursor=x' })).statusCode).toBe(403);
  });

  it('counts an event moved into or out of the coming week and leaves a cancelled one out: its items carry its date (decision 0070)', async () => {
    const db = t.ctx.db;
    const r = await buildRequest(db, team.requester.id, {
      eventTitle: 'Moving',
      eventStartDate: day(30),
      currentCoordinatorId: team.coordinator.id,
    });
    await buildItem(db, r.id, { status: 'in_progress', dueDate: day(20) });
    await buildItem(db, r.id, { status: 'not_started', dueDate: day(21) });
    expect((await read()).eventsNotReady.count).toBe(0);
    await db.execute(sql`update requests set event_start_date = ${day(3)}::date where id = ${r.id}`);
    const a = await read();
    expect([a.eventsNotReady.count, a.eventsNotReady.rows.map((e) => e.requestId)]).toEqual([1, [r.id]]);
    await db.execute(sql`update requests set status = 'cancelled' where id = ${r.id}`);
    expect((await read()).eventsNotReady.count).toBe(0);
    await db.execute(sql`update requests set status = 'in_progress' where id = ${r.id}`);
    expect((await read()).eventsNotReady.count).toBe(1);
    await db.execute(sql`update requests set event_start_date = ${day(40)}::date where id = ${r.id}`);
    expect((await read()).eventsNotReady.count).toBe(0);
    // An item written into a request of the week knows its date from the start.
    const soon = await buildRequest(db, team.requester.id, {
      eventTitle: 'Soon',
      eventStartDate: day(2),
      currentCoordinatorId: team.coordinator.id,
    });
    await buildItem(db, soon.id, { status: 'in_progress', dueDate: day(1) });
    expect((await read()).eventsNotReady.count).toBe(1);
  });

  it('follows a request retitled, finished or archived: its items carry the change (decision 0060)', async () => {
    const db = t.ctx.db;
    const r = await buildRequest(db, team.requester.id, { eventTitle: 'Before', currentCoordinatorId: team.coordinator.id });
    const item = await buildItem(db, r.id, { status: 'in_progress', dueDate: day(-2), assigneeId: team.creative.id });
    expect((await read()).overdueItems.rows.map((x) => x.eventTitle)).toEqual(['Before']);
    await db.execute(sql`update requests set event_title = 'After' where id = ${r.id}`);
    expect((await read()).overdueItems.rows.map((x) => [x.id, x.eventTitle])).toEqual([[item.id, 'After']]);
    await db.execute(sql`update requests set status = 'complete' where id = ${r.id}`);
    let a = await read();
    expect(a.overdueItems.count).toBe(0);
    expect(a.workload.find((w) => w.userId === team.creative.id)?.activeTasks).toBe(0);
    await db.execute(sql`update requests set status = 'in_progress' where id = ${r.id}`);
    expect((await read()).overdueItems.count).toBe(1);
    await db.execute(sql`update requests set status = 'archived_onetime' where id = ${r.id}`);
    a = await read();
    expect(a.overdueItems.count).toBe(0);
    // An item moved into another request takes that request's facts.
    const other = await buildRequest(db, team.requester.id, { eventTitle: 'Other', currentCoordinatorId: team.coordinator.id });
    await db.execute(sql`update request_items set request_id = ${other.id} where id = ${item.id}`);
    expect((await read()).overdueItems.rows.map((x) => [x.id, x.eventTitle])).toEqual([[item.id, 'Other']]);
  });
});
