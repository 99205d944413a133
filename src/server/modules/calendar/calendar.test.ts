import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_MESSAGES, type CalendarDayResponse, type CalendarItem, type CalendarResponse } from '../../../shared/api/calendar';
import { CALENDAR_MAX_RANGE_DAYS, MAX_TASKS_PER_DAY, monthGrid } from '../../../shared/domain/calendar';
import { addDaysIso, todayIn } from '../../../shared/domain/dates';
import { eq } from 'drizzle-orm';
import { requestItems, requestViewers } from '../../platform/db/schema';
import { sessionAgent } from '../../test/agent';
import { buildUser } from '../../test/factories';
import { BACKENDS, createTestApp, type Agent, type TestApp } from '../../test/harness';
import { buildItem, buildRequest, buildTeam, type Team } from '../../test/task-fixtures';

/** March 2031 starts on a Saturday: its grid runs from Sunday 23 February to Saturday 5 April. */
const GRID = monthGrid('2031-03');

describe.each(BACKENDS)('task calendar on %s', (backend) => {
  let t: TestApp;
  let team: Team;
  const as: Record<string, Agent> = {};
  const item: Record<string, string> = {};
  const req: Record<string, { id: string; ministryId: string | null }> = {};

  const url = (from: string, to: string, ministryId?: string) =>
    `/api/calendar?from=${from}&to=${to}${ministryId ? `&ministryId=${ministryId}` : ''}`;
  const calendar = async (agent: Agent, from = GRID.from, to = GRID.to, ministryId?: string) => {
    const res = await agent.inject({ method: 'GET', url: url(from, to, ministryId) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CalendarResponse;
  };
  const ids = (c: CalendarResponse | CalendarDayResponse) => c.items.map((i) => i.id);
  const day = async (agent: Agent, date: string, ministryId?: string) => {
    const res = await agent.inject({
      method: 'GET',
      url: `/api/calendar/day?date=${date}${ministryId ? `&ministryId=${ministryId}` : ''}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CalendarDayResponse;
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    const db = t.ctx.db;
    team = await buildTeam(db);
    const otherRequester = await buildUser(db, { role: 'requester' });
    for (const role of ['admin', 'coordinator', 'approver', 'creative', 'requester', 'viewer'] as const) {
      as[role] = await sessionAgent(t.app, team[role].id);
    }
    as.otherRequester = await sessionAgent(t.app, otherRequester.id);

    // Own: requested by the requester, coordinated by the coordinator.
    const own = await buildRequest(db, team.requester.id, { eventTitle: 'Easter Sunday', currentCoordinatorId: team.coordinator.id });
    // Someone else's, not shared with anyone.
    const other = await buildRequest(db, otherRequester.id, { eventTitle: 'Youth Winter Camp' });
    // Someone else's, shared with the requester and the viewer.
    const shared = await buildRequest(db, otherRequester.id, { eventTitle: 'Marriage Retreat' });
    await db.insert(requestViewers).values([
      { requestId: shared.id, userId: team.viewer.id },
      { requestId: shared.id, userId: team.requester.id },
    ]);
    // Someone else's, with one item assigned to the requester.
    const assigned = await buildRequest(db, otherRequester.id, { eventTitle: 'Baptism Sunday' });
    // Someone else's, coordinated by the requester.
    const coordinated = await buildRequest(db, otherRequester.id, { eventTitle: 'Art Night', currentCoordinatorId: team.requester.id });
    // Archived: left out for everyone.
    const archived = await buildRequest(db, team.requester.id, { eventTitle: 'Easter Long Ago', status: 'archived_onetime' });
    for (const [key, r] of Object.entries({ own, other, shared, assigned, coordinated, archived })) {
      req[key] = { id: r.id, ministryId: r.ministryId };
    }

    item.ownFirst = (await buildItem(db, own.id, { dueDate: GRID.from, status: 'in_progress' })).id;
    item.ownMid = (await buildItem(db, own.id, { dueDate: '2031-03-10', channel: 'banner', status: 'approved' })).id;
    item.ownUndated = (await buildItem(db, own.id, { dueDate: null, channel: 'mass_email' })).id;
    item.otherMid = (await buildItem(db, other.id, { dueDate: '2031-03-10', channel: 'facebook_event', assigneeId: team.creative.id })).id;
    item.otherLast = (await buildItem(db, other.id, { dueDate: GRID.to, channel: 'social_media_story', status: 'complete' })).id;
    item.otherBefore = (await buildItem(db, other.id, { dueDate: addDaysIso(GRID.from, -1) })).id;
    item.otherAfter = (await buildItem(db, other.id, { dueDate: addDaysIso(GRID.to, 1) })).id;
    item.sharedMid = (await buildItem(db, shared.id, { dueDate: '2031-03-12', channel: 'email_feature' })).id;
    item.assignedToRequester = (await buildItem(db, assigned.id, { dueDate: '2031-03-14', assigneeId: team.requester.id })).id;
    item.coordinated = (await buildItem(db, coordinated.id, { dueDate: '2031-03-15' })).id;
    item.approvedExtra = (
      await buildItem(db, other.id, {
        dueDate: '2031-03-16',
        channel: 'mass_email',
        isAdditionalRequest: true,
        additionalRequestStatus: 'approved',
      })
    ).id;
    item.pendingExtra = (
      await buildItem(db, own.id, {
        dueDate: '2031-03-16',
        channel: 'banner',
        isAdditionalRequest: true,
        additionalRequestStatus: 'pending',
      })
    ).id;
    item.rejectedExtra = (
      await buildItem(db, own.id, {
        dueDate: '2031-03-16',
        channel: 'promotional_video',
        isAdditionalRequest: true,
        additionalRequestStatus: 'rejected',
      })
    ).id;
    item.archived = (await buildItem(db, archived.id, { dueDate: '2031-03-10' })).id;
  });
  afterAll(async () => t.close());

  describe('authorization and validation', () => {
    it('answers 401 signed out', async () => {
      const res = await t.app.inject({ method: 'GET', url: url(GRID.from, GRID.to) });
      expect(res.statusCode).toBe(401);
    });

    it('refuses a range that ends before it starts, is too wide, or is not made of real dates', async () => {
      const cases: Array<[string, string, RegExp]> = [
        [url('2031-03-10', '2031-03-09'), 'to', /^The end date must be on or after the start date\.$/],
        [url('2031-03-01', addDaysIso('2031-03-01', CALENDAR_MAX_RANGE_DAYS)), 'to', /^Choose a range of at most 62 days\.$/],
        [url('2031-02-30', '2031-03-09'), 'from', /^Enter dates as YYYY-MM-DD\.$/],
        [url('03/01/2031', '2031-03-09'), 'from', /^Enter dates as YYYY-MM-DD\.$/],
        ['/api/calendar', 'from', /^Enter dates as YYYY-MM-DD\.$/],
        [url('2031-03-01', '2031-03-09', 'worship'), 'ministryId', /^Choose a ministry from the list\.$/],
      ];
      for (const [path, field, message] of cases) {
        const res = await as.admin.inject({ method: 'GET', url: path });
        expect(res.statusCode, path).toBe(400);
        const body = res.json() as { error: { code: string; message: string; fields: Record<string, string> } };
        expect(body.error.code).toBe('validation');
        expect(body.error.message, path).toMatch(message);
        expect(body.error.fields[field], path).toMatch(message);
      }
    });

    it('accepts the widest range allowed', async () => {
      const c = await calendar(as.admin, '2031-03-01', addDaysIso('2031-03-01', CALENDAR_MAX_RANGE_DAYS - 1));
      expect(c.items.length).toBeGreaterThan(0);
    });
  });

  describe('range and order', () => {
    it('lists the tasks due within the range, both ends included, by due date then event title', async () => {
      const c = await calendar(as.coordinator);
      expect(c.from).toBe(GRID.from);
      expect(c.to).toBe(GRID.to);
      expect(c.today).toBe(todayIn(t.ctx.config.churchTimeZone));
      expect(c.dayCounts).toEqual([
        { date: GRID.from, count: 1 },
        { date: '2031-03-10', count: 2 },
        { date: '2031-03-12', count: 1 },
        { date: '2031-03-14', count: 1 },
        { date: '2031-03-15', count: 1 },
        { date: '2031-03-16', count: 1 },
        { date: GRID.to, count: 1 },
      ]);
      expect(ids(c)).toEqual([
        item.ownFirst,
        item.ownMid, // 10 March: Easter Sunday before Youth Winter Camp
        item.otherMid,
        item.sharedMid,
        item.assignedToRequester,
        item.coordinated,
        item.approvedExtra,
        item.otherLast,
      ]);
      const chip = c.items.find((i) => i.id === item.ownMid) as CalendarItem;
      expect(chip).toEqual({
        id: item.ownMid,
        requestId: req.own.id,
        channel: 'banner',
        dueDate: '2031-03-10',
        eventTitle: 'Easter Sunday',
        ministryId: req.own.ministryId,
        status: 'approved',
      });
    });

    it('leaves out undated tasks, archived requests and additional channels waiting for approval or rejected', async () => {
      const all = ids(await calendar(as.admin));
      for (const key of ['ownUndated', 'archived', 'pendingExtra', 'rejectedExtra', 'otherBefore', 'otherAfter']) {
        expect(all, key).not.toContain(item[key]);
      }
    });

    it('a one-day range returns only that day', async () => {
      expect(ids(await calendar(as.admin, '2031-03-10', '2031-03-10'))).toEqual([item.ownMid, item.otherMid]);
      expect(ids(await calendar(as.admin, '2031-03-11', '2031-03-11'))).toEqual([]);
    });
  });

  describe('ministry filter', () => {
    it('keeps only the tasks of requests of that ministry', async () => {
      const c = await calendar(as.admin, GRID.from, GRID.to, req.other.ministryId!);
      expect(ids(c)).toEqual([item.otherMid, item.approvedExtra, item.otherLast]);
      expect(c.items.every((i) => i.ministryId === req.other.ministryId)).toBe(true);
      const none = await calendar(as.admin, GRID.from, GRID.to, '00000000-0000-4000-8000-000000000000');
      expect(none.items).toEqual([]);
    });

    it('narrows a scoped list and never widens it', async () => {
      expect(ids(await calendar(as.viewer, GRID.from, GRID.to, req.other.ministryId!))).toEqual([]);
      expect(ids(await calendar(as.viewer, GRID.from, GRID.to, req.shared.ministryId!))).toEqual([item.sharedMid]);
    });
  });

  describe('scope', () => {
    it('creatives, approvers, coordinators and admins see every live request', async () => {
      const expected = ids(await calendar(as.admin));
      expect(expected).toHaveLength(8);
      for (const role of ['creative', 'approver', 'coordinator']) expect(ids(await calendar(as[role])), role).toEqual(expected);
    });

    it('a viewer sees only the requests shared with them', async () => {
      expect(ids(await calendar(as.viewer))).toEqual([item.sharedMid]);
    });

    it('a requester sees what they requested, coordinate, are assigned to or are shared on', async () => {
      expect(ids(await calendar(as.requester))).toEqual([
        item.ownFirst,
        item.ownMid,
        item.sharedMid,
        item.assignedToRequester,
        item.coordinated,
      ]);
    });

    it('a request of theirs shows once an item of it is due in the range, and leaves when none is (decision 0041)', async () => {
      const db = t.ctx.db;
      const [from, to] = ['2033-01-01', '2033-01-31'];
      const own = await buildRequest(db, team.requester.id, { eventTitle: 'New Year Prayer' });
      const shared = await buildRequest(db, team.admin.id, { eventTitle: 'Shared Vision Night' });
      await db.insert(requestViewers).values([
        { requestId: shared.id, userId: team.requester.id },
        { requestId: shared.id, userId: team.viewer.id },
      ]);
      const ownItem = await buildItem(db, own.id, { dueDate: '2032-12-01' });
      const sharedItem = await buildItem(db, shared.id, { dueDate: '2033-03-01' });
      expect(ids(await calendar(as.requester, from, to))).toEqual([]);
      expect(ids(await calendar(as.viewer, from, to))).toEqual([]);

      await db.update(requestItems).set({ dueDate: '2033-01-20' }).where(eq(requestItems.id, ownItem.id));
      await db.update(requestItems).set({ dueDate: '2033-01-31' }).where(eq(requestItems.id, sharedItem.id));
      expect(ids(await calendar(as.requester, from, to))).toEqual([ownItem.id, sharedItem.id]);
      expect(ids(await calendar(as.viewer, from, to))).toEqual([sharedItem.id]);

      await db.update(requestItems).set({ dueDate: '2033-02-01' }).where(eq(requestItems.id, sharedItem.id));
      expect(ids(await calendar(as.requester, from, to))).toEqual([ownItem.id]);
      expect(ids(await calendar(as.viewer, from, to))).toEqual([]);
    });

    it('another requester sees their own requests and nothing shared with someone else', async () => {
      expect(ids(await calendar(as.otherRequester))).toEqual([
        item.otherMid,
        item.sharedMid,
        item.assignedToRequester,
        item.coordinated,
        item.approvedExtra,
        item.otherLast,
      ]);
    });
  });

  describe("a busy day: four chips and its count, the rest behind '+N more' (decision 0044)", () => {
    const BUSY = '2031-06-10';
    const busy: Record<string, string> = {};
    beforeAll(async () => {
      const db = t.ctx.db;
      // Six requests due that day, three of them the requester's, created out of title order.
      for (const [title, owner] of [
        ['Fall Kickoff', 'requester'],
        ['Advent Choir', 'other'],
        ['Day of Prayer', 'requester'],
        ['Christmas Eve', 'other'],
        ['Block Party', 'requester'],
        ['Easter Egg Hunt', 'other'],
      ] as const) {
        const ownerId = owner === 'requester' ? team.requester.id : team.admin.id;
        const r = await buildRequest(db, ownerId, { eventTitle: title });
        busy[title] = (await buildItem(db, r.id, { dueDate: BUSY })).id;
      }
    });

    it("the grid carries the day's first four by event title and the day's count", async () => {
      const c = await calendar(as.coordinator, '2031-06-01', '2031-06-30');
      expect(MAX_TASKS_PER_DAY).toBe(4);
      expect(ids(c)).toEqual([busy['Advent Choir'], busy['Block Party'], busy['Christmas Eve'], busy['Day of Prayer']]);
      expect(c.dayCounts).toEqual([{ date: BUSY, count: 6 }]);
    });

    it('the day lists every task of that day by event title, and nothing of the days around it', async () => {
      const d = await day(as.coordinator, BUSY);
      expect(d.date).toBe(BUSY);
      expect(d.truncated).toBe(false);
      expect(ids(d)).toEqual(
        ['Advent Choir', 'Block Party', 'Christmas Eve', 'Day of Prayer', 'Easter Egg Hunt', 'Fall Kickoff'].map((title) => busy[title]),
      );
      expect(d.items[0]).toMatchObject({ dueDate: BUSY, eventTitle: 'Advent Choir', status: 'not_started' });
      expect(ids(await day(as.coordinator, '2031-03-10'))).toEqual([item.ownMid, item.otherMid]);
      expect(ids(await day(as.coordinator, '2031-06-11'))).toEqual([]);
    });

    it('a requester counts and lists only what they may read, and the ministry filter narrows the day', async () => {
      const c = await calendar(as.requester, '2031-06-01', '2031-06-30');
      expect(ids(c)).toEqual([busy['Block Party'], busy['Day of Prayer'], busy['Fall Kickoff']]);
      expect(c.dayCounts).toEqual([{ date: BUSY, count: 3 }]);
      expect(ids(await day(as.requester, BUSY))).toEqual([busy['Block Party'], busy['Day of Prayer'], busy['Fall Kickoff']]);
      expect(ids(await day(as.viewer, BUSY))).toEqual([]);
      expect(ids(await day(as.admin, '2031-03-10', req.other.ministryId!))).toEqual([item.otherMid]);
    });

    it("staff's grid and day follow a request retitled, moved to another ministry or archived (decision 0060)", async () => {
      const db = t.ctx.db;
      const date = '2031-09-10';
      const r = await buildRequest(db, team.admin.id, { eventTitle: 'Zebra Night' });
      const early = await buildRequest(db, team.admin.id, { eventTitle: 'Middle Night' });
      const mine = (await buildItem(db, r.id, { dueDate: date })).id;
      const theirs = (await buildItem(db, early.id, { dueDate: date })).id;
      const grid = () => calendar(as.coordinator, '2031-09-01', '2031-09-30');
      expect(ids(await grid())).toEqual([theirs, mine]);
      await db.execute(sql`update requests set event_title = 'Alpha Night', ministry_id = ${req.other.ministryId} where id = ${r.id}`);
      const retitled = await grid();
      expect(ids(retitled)).toEqual([mine, theirs]);
      expect(retitled.items[0]).toMatchObject({ eventTitle: 'Alpha Night', ministryId: req.other.ministryId });
      expect(ids(await calendar(as.coordinator, '2031-09-01', '2031-09-30', req.other.ministryId!))).toEqual([mine]);
      expect(ids(await day(as.coordinator, date, req.other.ministryId!))).toEqual([mine]);
      await db.execute(sql`update requests set status = 'archived_onetime' where id = ${r.id}`);
      const after = await grid();
      expect(ids(after)).toEqual([theirs]);
      expect(after.dayCounts).toEqual([{ date, count: 1 }]);
      expect(ids(await day(as.coordinator, date))).toEqual([theirs]);
    });

    it('refuses a day that is not a real date, and answers 401 signed out', async () => {
      for (const date of ['2031-02-30', 'tomorrow', '']) {
        const res = await as.admin.inject({ method: 'GET', url: `/api/calendar/day?date=${date}` });
        expect(res.statusCode, date).toBe(400);
        expect(res.body).toContain(CALENDAR_MESSAGES.invalidDate);
      }
      const res = await t.app.inject({ method: 'GET', url: `/api/calendar/day?date=${BUSY}` });
      expect(res.statusCode).toBe(401);
    });
  });
});
