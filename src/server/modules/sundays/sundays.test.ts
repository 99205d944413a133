import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunwayDashboard, RunwaySundays, SundayDetail } from '../../../shared/api/sundays';
import { addDaysIso, upcomingSundays } from '../../../shared/domain/dates';
import { SUNDAY_MESSAGES, type RunwayCode } from '../../../shared/domain/planning';
import type { Db, Executor } from '../../platform/db/client';
import * as s from '../../platform/db/schema';
import type { AppEvent } from '../../platform/events/bus';
import { sessionAgent } from '../../test/agent';
import { buildUser } from '../../test/factories';
import { BACKENDS, createTestApp, type Agent, type TestApp } from '../../test/harness';
import { runwayDashboard, runwaySundays, sundayDetail } from './service';
import { HEALTH_AUDIT_JOB } from '../../commands/health-audit';
import { markJobRun } from '../../platform/jobs/scheduler';
import { countQueries } from '../../test/two-instances';

/** Runways and their requirement items for every test: logistics has none (its plans are not planned, left out of the means). */
const RUNWAYS: Array<{ code: RunwayCode; name: string; items: string[] }> = [
  { code: 'message', name: 'Message', items: ['Sermon title and scripture', 'Message slide deck'] },
  { code: 'generosity', name: 'Generosity', items: ['Giving moment script'] },
  { code: 'logistics', name: 'Logistics', items: [] },
  { code: 'media', name: 'Media', items: ['Walk-in loop'] },
  { code: 'announcements', name: 'Announcements', items: ['Bulletin copy'] },
];
const ROLES = ['admin', 'coordinator', 'approver', 'creative', 'requester', 'viewer'] as const;
type Role = (typeof ROLES)[number];

describe.each(BACKENDS)('Sunday planning on %s', (backend) => {
  let t: TestApp;
  const as = {} as Record<Role, Agent>;
  const user = {} as Record<Role, typeof s.users.$inferSelect>;
  const runwayId = {} as Record<RunwayCode, string>;
  let tz: string;
  let window: string[];
  // A Sunday far from the window, for the writes (each test clears the plans first).
  const FAR = '2031-01-05';

  beforeAll(async () => {
    t = await createTestApp(backend);
    tz = t.ctx.config.churchTimeZone;
    for (const role of ROLES) {
      user[role] = await buildUser(t.ctx.db, { role, fullName: `The ${role}` });
      as[role] = await sessionAgent(t.app, user[role].id);
    }
    for (const [i, r] of RUNWAYS.entries()) {
      const [row] = await t.ctx.db.insert(s.runways).values({ code: r.code, name: r.name, orderIndex: i }).returning();
      runwayId[r.code] = row.id;
      if (r.items.length) {
        await t.ctx.db.insert(s.runwayItems).values(r.items.map((title, j) => ({ runwayId: row.id, title, orderIndex: j })));
      }
    }
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    window = upcomingSundays(tz, 6);
    // The audit an admin's dashboard runs (at most hourly) would add its own latest run; these
    // tests read the score of the rows they write (health.test.ts covers the dashboard's audit).
    await markJobRun(t.ctx.db, HEALTH_AUDIT_JOB);
    await t.ctx.db.execute(
      sql`truncate table ${s.sundayPlans}, ${s.series}, ${s.futureNotes}, ${s.systemHealthLog}, ${s.planningFiles} cascade`,
    );
  });

  const get = <T>(agent: Agent, url: string) =>
    agent.inject({ method: 'GET', url }).then((r) => ({ status: r.statusCode, body: r.json() as T }));
  const saveItems = (agent: Agent, date: string, code: RunwayCode, version: number, items: unknown[]) =>
    agent.inject({ method: 'PUT', url: `/api/sundays/${date}/runways/${code}/items`, payload: { version, items } });
  const lock = (agent: Agent, date: string) => agent.inject({ method: 'POST', url: `/api/sundays/${date}/lock`, payload: {} });
  const detail = async (agent: Agent, date: string) => {
    const res = await get<SundayDetail>(agent, `/api/sundays/${date}`);
    expect(res.status).toBe(200);
    return res.body;
  };
  const group = (d: SundayDetail, code: RunwayCode) => d.groups.find((g) => g.runway.code === code)!;

  async function plan(db: Executor, date: string, code: RunwayCode | null, extra: Partial<typeof s.sundayPlans.$inferInsert> = {}) {
    const [row] = await db
      .insert(s.sundayPlans)
      .values({ sundayDate: date, runwayId: code ? runwayId[code] : null, version: 1, ...extra })
      .returning();
    return row;
  }

  /**
   * The dashboard fixture. First Sunday: message has one of its two tasks done and the other
   * assigned (50), generosity its task done (100), logistics nothing required (not planned, left
   * out), media and announcements nothing saved (0): the Sunday reads 38. The other five read 0.
   */
  async function buildDashboard() {
    const db = t.ctx.db;
    const [d0, d1] = window;
    const message = await plan(db, d0, 'message');
    await db.insert(s.sundayPlanItems).values([
      { sundayPlanId: message.id, taskName: 'Sermon title and scripture', isComplete: true, taskDetails: 'Colossians 1' },
      { sundayPlanId: message.id, taskName: 'Message slide deck', assignedToId: user.creative.id },
    ]);
    const generosity = await plan(db, d0, 'generosity');
    await db
      .insert(s.sundayPlanItems)
      .values({ sundayPlanId: generosity.id, taskName: 'Giving moment script', isComplete: true, taskDetails: 'First fruits' });

    const service0 = await plan(db, d0, null);
    const service1 = await plan(db, d1, null);
    await db.insert(s.sundayVideoItems).values([
      { sundayId: service0.id, title: 'Announcements' },
      { sundayId: service0.id, title: 'Promo', type: 'promo' },
    ]);
    await db.insert(s.slides).values([
      { title: 'Welcome', type: 'recurring' },
      { title: 'This week', type: 'weekly', sundayId: service0.id },
    ]);
    await db.insert(s.socialMediaPosts).values({ sundayId: service0.id, postDatetime: new Date(`${d0}T17:00:00Z`) });
    const [weekly] = await db.insert(s.series).values({ title: 'Rooted', startSunday: d0, endSunday: d0 }).returning();
    await db.insert(s.seriesWeeks).values({ seriesId: weekly.id, sundayDate: d0, weekTitle: 'Week 1' });
    const [other] = await db.insert(s.series).values({ title: 'Psalms' }).returning();
    await db.insert(s.sermonDetails).values({ sundayId: service1.id, seriesId: other.id });

    const after = addDaysIso(window[5], 7);
    await db.insert(s.futureNotes).values([
      ...[6, 5, 4, 3, 2, 1].map((n) => ({
        title: `Later ${n}`,
        status: n % 2 ? 'draft' : 'planned',
        targetDate: addDaysIso(after, n * 7),
      })),
      { title: 'Inside the window', status: 'planned', targetDate: window[2] },
      { title: 'Archived', status: 'archived', targetDate: after },
      { title: 'On runway', status: 'moved_to_runway', targetDate: after },
    ]);

    const older = randomUUID();
    const latest = randomUUID();
    await db.insert(s.systemHealthLog).values([
      { runId: older, dateRun: new Date(Date.now() - 86_400_000), automationName: 'db', status: 'Failed', summary: 'x' },
      ...['Passed', 'Warning', 'Failed', 'Passed'].map((status, i) => ({
        runId: latest,
        automationName: `check ${i}`,
        status,
        summary: 'x',
      })),
    ]);
    return { d0, d1 };
  }

  describe('who may read', () => {
    it('the dashboard and runway views are for coordinators and above; one Sunday is read by creatives and approvers too', async () => {
      for (const url of ['/api/runways/dashboard', '/api/runways/message/sundays', `/api/sundays/${window[0]}`]) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
        const oneSunday = url.startsWith('/api/sundays/');
        for (const role of ['approver', 'creative', 'requester', 'viewer'] as const) {
          const reads = oneSunday && (role === 'approver' || role === 'creative');
          expect((await as[role].inject({ method: 'GET', url })).statusCode, `${role} ${url}`).toBe(reads ? 200 : 403);
        }
        for (const role of ['coordinator', 'admin'] as const) {
          expect((await as[role].inject({ method: 'GET', url })).statusCode, `${role} ${url}`).toBe(200);
        }
      }
      expect((await get(as.creative, '/api/runways')).status).toBe(200);
    });

    it('only admins get the System Health score', async () => {
      await buildDashboard();
      expect((await get<RunwayDashboard>(as.admin, '/api/runways/dashboard')).body.healthScore).toBe(63);
      expect((await get<RunwayDashboard>(as.coordinator, '/api/runways/dashboard')).body.healthScore).toBeNull();
    });

    it('the health score is 100 when no audit has run', async () => {
      expect((await get<RunwayDashboard>(as.admin, '/api/runways/dashboard')).body.healthScore).toBe(100);
    });

    it('refuses a date that is not a Sunday', async () => {
      const res = await as.coordinator.inject({ method: 'GET', url: `/api/sundays/${addDaysIso(window[0], 1)}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(SUNDAY_MESSAGES.notSunday);
      expect((await as.coordinator.inject({ method: 'GET', url: '/api/sundays/2026-02-31' })).statusCode).toBe(400);
    });
  });

  describe('the dashboard, computed from rows', () => {
    it('gives each runway, each Sunday and the whole its readiness, counts and next action', async () => {
      const { d0, d1 } = await buildDashboard();
      expect((await lock(as.coordinator, d1)).statusCode).toBe(200);
      const { status, body } = await get<RunwayDashboard>(as.coordinator, '/api/runways/dashboard');
      expect(status).toBe(200);
      const byCode = Object.fromEntries(body.runways.map((r) => [r.code, r]));
      expect(body.runways.map((r) => r.code)).toEqual(['message', 'generosity', 'logistics', 'media', 'announcements']);
      // message: 50 then five Sundays of nothing done: mean 8.33.
      expect(byCode.message).toMatchObject({ readinessPct: 8, badge: 'Behind', itemsPlanned: 2, itemsInProgress: 1, lockedSundays: 1 });
      expect(byCode.message.nextAction).toBe(`Finish Message slide deck for ${format(parseISO(d0), 'MMM d')}`);
      expect(byCode.generosity).toMatchObject({ readinessPct: 17, itemsPlanned: 1, itemsInProgress: 0 });
      expect(byCode.generosity.nextAction).toBe(`Assign Giving moment script for ${format(parseISO(d1), 'MMM d')}`);
      // Logistics has no task: not planned, never 100, and left out of the whole's mean.
      expect(byCode.logistics).toMatchObject({
        readinessPct: null,
        badge: 'Not Planned',
        nextAction: 'All tasks done for the next 6 Sundays',
      });
      expect(byCode.media.readinessPct).toBe(0);
      expect(body.globalReadinessPct).toBe(6);
      expect(body.globalBadge).toBe('Behind');

      expect(body.upcomingSundays.map((u) => u.sundayDate)).toEqual(window);
      expect(body.upcomingSundays[0]).toEqual({
        sundayDate: d0,
        seriesTitle: 'Rooted',
        videoCount: 2,
        slideCount: 1,
        socialCount: 1,
        isLocked: false,
        readinessPct: 38,
        badge: 'Behind',
      });
      expect(body.upcomingSundays[1]).toMatchObject({ seriesTitle: 'Psalms', videoCount: 0, isLocked: true, readinessPct: 0 });
      expect(body.upcomingSundays[2]).toMatchObject({ seriesTitle: null, isLocked: false });

      expect(body.futureNotes.map((n) => n.title)).toEqual(['Later 1', 'Later 2', 'Later 3', 'Later 4', 'Later 5']);
    });

    it('counts the Event Promotions card: approved or in-production events to come, ready when every item is done', async () => {
      const before = (await get<RunwayDashboard>(as.coordinator, '/api/runways/dashboard')).body.eventPromotions;
      const requester = await buildUser(t.ctx.db, { role: 'requester' });
      // An item is a status, or an additional channel's status and its approval ('pending' or 'rejected').
      type Item = string | { status: string; additional: 'pending' | 'rejected' };
      const event = async (status: string, eventStartDate: string, items: Item[]) => {
        const [r] = await t.ctx.db
          .insert(s.requests)
          .values({ eventTitle: `Promo ${randomUUID()}`, requesterId: requester.id, status, tier: 'C', eventStartDate })
          .returning();
        for (const item of items)
          await t.ctx.db.insert(s.requestItems).values(
            typeof item === 'string'
              ? { requestId: r.id, channel: 'sunday_slide', status: item }
              : {
                  requestId: r.id,
                  channel: 'promotional_video',
                  status: item.status,
                  isAdditionalRequest: true,
                  additionalRequestStatus: item.additional,
                },
          );
      };
      const soon = addDaysIso(window[0], 7);
      await event('approved', soon, ['approved', 'published']); // ready
      await event('in_production', soon, ['complete', 'in_progress']); // not ready
      await event('in_production', soon, []); // no items: not ready
      await event('submitted', soon, ['approved']); // not approved yet: not counted
      await event('approved', addDaysIso(window[0], -400), ['approved']); // past: not counted
      // Decision 0048, as on Event Promotions: a rejected additional channel is never produced, so
      // it does not hold its event back; a pending one still may be, so it does.
      await event('in_production', soon, ['complete', { status: 'submitted', additional: 'rejected' }]); // ready
      await event('in_production', soon, ['complete', { status: 'submitted', additional: 'pending' }]); // not ready
      await event('approved', soon, [{ status: 'submitted', additional: 'rejected' }]); // nothing that counts: not ready
      const after = (await get<RunwayDashboard>(as.coordinator, '/api/runways/dashboard')).body.eventPromotions;
      expect(after).toEqual({ upcoming: before.upcoming + 6, ready: before.ready + 2 });
    });

    it('reads a fixed set of queries, however many Sundays hold plans', async () => {
      const count = async () => {
        let n = 0;
        const counting = new Proxy(t.ctx.db, {
          get(target, prop, receiver) {
            const value = Reflect.get(target, prop, receiver);
            if (prop === 'select' || prop === 'execute')
              return (...args: unknown[]) => (n++, (value as (...a: unknown[]) => unknown).apply(target, args));
            return value;
          },
        }) as Executor;
        await runwayDashboard(counting, user.admin as never, tz);
        await runwaySundays(counting, 'message', tz);
        await sundayDetail(counting, user.admin as never, window[0]);
        return n;
      };
      const empty = await count();
      await buildDashboard();
      for (const date of window)
        for (const code of Object.keys(runwayId) as RunwayCode[]) await plan(t.ctx.db, date, code).catch(() => undefined);
      expect(await count()).toBe(empty);
    });

    it('reads the dashboard in one statement (decision 0038), for an admin with the health score too', async () => {
      await buildDashboard();
      const queries = countQueries(t.ctx.db as Db);
      try {
        const dashboard = await runwayDashboard(t.ctx.db, user.admin as never, tz);
        expect(dashboard.healthScore).not.toBeNull();
        expect(dashboard.upcomingSundays).toHaveLength(6);
        expect(queries.count()).toBe(1);
      } finally {
        queries.stop();
      }
    });
  });

  describe('a runway view', () => {
    it('lists the next six Sundays with weekday, lock, readiness and the plan’s version', async () => {
      const { d0 } = await buildDashboard();
      await lock(as.admin, d0);
      const { status, body } = await get<RunwaySundays>(as.coordinator, '/api/runways/message/sundays');
      expect(status).toBe(200);
      expect(body.runway.code).toBe('message');
      expect(body.timeZone).toBe(tz);
      expect(body.sundays.map((x) => x.sundayDate)).toEqual(window);
      expect(body.sundays[0]).toEqual({
        sundayDate: d0,
        weekday: 'Sunday',
        isLocked: true,
        readinessPct: 50,
        badge: 'At Risk',
        version: 1,
      });
      expect(body.sundays[1]).toMatchObject({ isLocked: false, readinessPct: 0, version: 0 });
    });
  });

  describe('a Sunday plan', () => {
    it('shows the five groups in order with saved and unsaved tasks, badges and task kinds', async () => {
      const { d0 } = await buildDashboard();
      const d = await detail(as.coordinator, d0);
      expect(d.groups.map((g) => g.runway.code)).toEqual(['message', 'generosity', 'logistics', 'media', 'announcements']);
      const message = group(d, 'message');
      expect(message.version).toBe(1);
      expect(message.readinessPct).toBe(50);
      expect(message.items.map((i) => [i.taskName, i.badge, !!i.id, i.isFileTask])).toEqual([
        ['Sermon title and scripture', 'complete', true, false],
        ['Message slide deck', 'in_progress', true, true],
      ]);
      expect(message.items[1].assignee).toEqual({ id: user.creative.id, fullName: 'The creative' });
      expect(group(d, 'generosity').items[0]).toMatchObject({ taskName: 'Giving moment script', isScript: true });
      expect(group(d, 'media').items).toEqual([
        expect.objectContaining({ id: null, taskName: 'Walk-in loop', badge: 'not_started', isComplete: false }),
      ]);
      expect(group(d, 'media').version).toBe(0);
      // message 50, generosity 100, media and announcements 0; logistics (no task) left out.
      expect(d.readinessPct).toBe(38);
      expect(d.assignees.map((p) => p.fullName)).toEqual(['The admin', 'The coordinator', 'The creative']);
      expect(d.pastors.map((p) => p.fullName)).toEqual(['The admin', 'The approver', 'The coordinator', 'The creative']);
      expect(d).toMatchObject({ canEdit: true, canLock: true, lock: { isLocked: false, lockedBy: null } });
    });

    it('reads a Sunday with no plan at all as its runways’ requirement items, and writes nothing', async () => {
      const d = await detail(as.coordinator, FAR);
      expect(d.servicePlan).toEqual({ id: null, version: 0 });
      expect(group(d, 'message').items.every((i) => i.id === null)).toBe(true);
      expect(d.sermon).toMatchObject({ seriesId: null, status: 'Planned', slidesNeeded: [] });
      expect(d.sermonComplete).toBe(false);
      expect(await t.ctx.db.select().from(s.sundayPlans)).toEqual([]);
    });
  });

  describe('saving tasks', () => {
    it('applies the save rule: nothing to write answers saved 0 and makes no plan', async () => {
      const res = await saveItems(as.coordinator, FAR, 'message', 0, [
        { taskName: 'Sermon title and scripture', isComplete: false, taskDetails: '  ' },
        { taskName: 'Message slide deck', isComplete: false },
      ]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ saved: 0, version: 0 });
      expect(await t.ctx.db.select().from(s.sundayPlans)).toEqual([]);
    });

    it("names a task's file from the planning file its URL points to (any case), and nothing for a file that is gone", async () => {
      const [file] = await t.ctx.db
        .insert(s.planningFiles)
        .values({
          sundayDate: FAR,
          fileName: 'Sermon deck.pdf',
          storageKey: `k-${randomUUID()}`,
          fileSize: 10,
          fileType: 'application/pdf',
        })
        .returning();
      const res = await saveItems(as.coordinator, FAR, 'message', 0, [
        { taskName: 'Message slide deck', isComplete: false, fileUrl: `/api/planning-files/${file.id.toUpperCase()}` },
        { taskName: 'Sermon title and scripture', isComplete: false, fileUrl: `/api/planning-files/${randomUUID()}` },
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const items = group(await detail(as.coordinator, FAR), 'message').items;
      expect(items.map((i) => [i.taskName, i.fileName])).toEqual([
        ['Sermon title and scripture', null],
        ['Message slide deck', 'Sermon deck.pdf'],
      ]);
    });

    it('writes only rows with content, bumps the version, then updates by id and tells coordinators', async () => {
      const seen: AppEvent[] = [];
      const stop = t.ctx.bus.subscribe((e) => seen.push(e));
      try {
        const fileUrl = `/api/planning-files/${randomUUID()}`;
        const first = await saveItems(as.coordinator, FAR, 'message', 0, [
          { taskName: 'Sermon title and scripture', isComplete: false, taskDetails: 'Colossians 2', assignedToId: user.creative.id },
          { taskName: 'Message slide deck', isComplete: false, fileUrl },
          { taskName: 'Untouched extra', isComplete: false },
        ]);
        expect(first.statusCode, first.body).toBe(200);
        expect(first.json()).toEqual({ saved: 2, version: 1 });
        let d = await detail(as.coordinator, FAR);
        const items = group(d, 'message').items;
        expect(items.map((i) => [i.taskName, i.badge])).toEqual([
          ['Sermon title and scripture', 'in_progress'],
          ['Message slide deck', 'not_started'],
        ]);
        expect(items[1].fileUrl).toBe(fileUrl);

        const second = await saveItems(as.coordinator, FAR, 'message', 1, [
          { id: items[0].id, taskName: 'Sermon title and scripture', isComplete: true, taskDetails: null, assignedToId: null },
          { id: items[1].id, taskName: 'Message slide deck', isComplete: false, fileUrl: null },
        ]);
        expect(second.json()).toEqual({ saved: 2, version: 2 });
        d = await detail(as.coordinator, FAR);
        expect(group(d, 'message').items.map((i) => [i.badge, i.taskDetails, i.fileUrl])).toEqual([
          ['complete', null, null],
          ['not_started', null, null],
        ]);
        // Readiness counts content, not ticks: the ticked details task without details is not done.
        expect(group(d, 'message').readinessPct).toBe(0);
        const third = await saveItems(as.coordinator, FAR, 'message', 2, [
          { id: items[0].id, taskName: 'Sermon title and scripture', isComplete: true, taskDetails: 'Colossians 2' },
          { id: items[1].id, taskName: 'Message slide deck', isComplete: true, fileUrl: null },
        ]);
        expect(third.json()).toEqual({ saved: 2, version: 3 });
        d = await detail(as.coordinator, FAR);
        // The details count now; the ticked file task without its file still does not.
        expect(group(d, 'message').readinessPct).toBe(50);
        expect(seen).toContainEqual({ topic: 'sundays', id: FAR, audience: { minRole: 'coordinator' } });
      } finally {
        stop();
      }
    });

    it('upserts on the plan and task name: a second save without the id updates the same row', async () => {
      await saveItems(as.coordinator, FAR, 'media', 0, [{ taskName: 'Walk-in loop', isComplete: false, url: 'https://a.example' }]);
      await saveItems(as.coordinator, FAR, 'media', 1, [{ taskName: 'Walk-in loop', isComplete: true }]);
      const rows = await t.ctx.db.select().from(s.sundayPlanItems);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ taskName: 'Walk-in loop', isComplete: true, url: null });
    });

    it('answers 409 stale to a save from an older version and changes nothing', async () => {
      await saveItems(as.coordinator, FAR, 'media', 0, [{ taskName: 'Walk-in loop', isComplete: false, url: 'https://first.example' }]);
      const stale = await saveItems(as.admin, FAR, 'media', 0, [{ taskName: 'Walk-in loop', isComplete: true }]);
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error).toMatchObject({ code: 'stale', message: SUNDAY_MESSAGES.stale });
      const [row] = await t.ctx.db.select().from(s.sundayPlanItems);
      expect(row).toMatchObject({ isComplete: false, url: 'https://first.example' });
    });

    it('refuses bad input without writing: assignee, file link, duplicate task, foreign id, non-Sunday', async () => {
      const cases: Array<[unknown[], number, string]> = [
        [[{ taskName: 'Walk-in loop', isComplete: false, assignedToId: user.approver.id }], 422, 'rule_broken'],
        [[{ taskName: 'Walk-in loop', isComplete: false, fileUrl: 'https://evil.example/x.png' }], 400, 'validation'],
        [
          [
            { taskName: 'Walk-in loop', isComplete: true },
            { taskName: 'Walk-in loop', isComplete: true },
          ],
          400,
          'bad_request',
        ],
        [[{ id: randomUUID(), taskName: 'Walk-in loop', isComplete: true }], 404, 'not_found'],
      ];
      for (const [items, status, code] of cases) {
        const res = await saveItems(as.coordinator, FAR, 'media', 0, items);
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json().error.code).toBe(code);
      }
      expect((await saveItems(as.coordinator, addDaysIso(FAR, 1), 'media', 0, [{ taskName: 'x', isComplete: true }])).statusCode).toBe(400);
      expect(await t.ctx.db.select().from(s.sundayPlanItems)).toEqual([]);
    });

    it('is for coordinators and above', async () => {
      for (const role of ['approver', 'creative', 'requester', 'viewer'] as const) {
        expect((await saveItems(as[role], FAR, 'media', 0, [{ taskName: 'Walk-in loop', isComplete: true }])).statusCode, role).toBe(403);
      }
      expect(await t.ctx.db.select().from(s.sundayPlanItems)).toEqual([]);
    });
  });

  describe('Lock Sunday', () => {
    it('locks every plan of the date with who and when; after it only admins change the Sunday', async () => {
      await saveItems(as.coordinator, FAR, 'media', 0, [{ taskName: 'Walk-in loop', isComplete: false, url: 'https://a.example' }]);
      expect((await lock(as.creative, FAR)).statusCode).toBe(403);
      expect((await lock(as.approver, FAR)).statusCode).toBe(403);
      const res = await lock(as.coordinator, FAR);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ sundayDate: FAR, lockedBy: 'The coordinator' });
      const plans = await t.ctx.db.select().from(s.sundayPlans).where(eq(s.sundayPlans.sundayDate, FAR));
      expect(plans).toHaveLength(2); // the media plan and the service plan made for the lock
      for (const p of plans) expect(p).toMatchObject({ isLocked: true, status: 'locked', lockedById: user.coordinator.id });

      const again = await lock(as.admin, FAR);
      expect(again.statusCode).toBe(409);
      const d = await detail(as.coordinator, FAR);
      expect(d).toMatchObject({ canEdit: false, canLock: false, lock: { isLocked: true, lockedBy: 'The coordinator' } });
      expect((await detail(as.admin, FAR)).canEdit).toBe(true);

      const refused = await saveItems(as.coordinator, FAR, 'media', 1, [{ taskName: 'Walk-in loop', isComplete: true }]);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error).toMatchObject({ code: 'sunday_locked', message: SUNDAY_MESSAGES.locked });
      const sermon = await as.coordinator.inject({
        method: 'PUT',
        url: `/api/sundays/${FAR}/sermon`,
        payload: { version: 0, sermonTitle: 'x' },
      });
      expect(sermon.statusCode).toBe(422);
      // A runway whose plan did not exist yet is locked too (the Sunday is).
      const other = await saveItems(as.coordinator, FAR, 'message', 0, [{ taskName: 'Sermon title and scripture', isComplete: true }]);
      expect(other.statusCode).toBe(422);

      const admin = await saveItems(as.admin, FAR, 'media', 1, [{ taskName: 'Walk-in loop', isComplete: true }]);
      expect(admin.statusCode, admin.body).toBe(200);
      const [row] = await t.ctx.db.select().from(s.sundayPlanItems);
      expect(row.isComplete).toBe(true);
    });

    it('refuses a date that is not a Sunday', async () => {
      expect((await lock(as.coordinator, addDaysIso(FAR, 2))).statusCode).toBe(400);
      expect(await t.ctx.db.select().from(s.sundayPlans)).toEqual([]);
    });
  });

  describe('the sermon plan', () => {
    it('upserts on the service plan; the check mark needs series, title, pastor and scripture', async () => {
      const [series] = await t.ctx.db.insert(s.series).values({ title: 'Rooted' }).returning();
      const put = (version: number, body: object) =>
        as.coordinator.inject({ method: 'PUT', url: `/api/sundays/${FAR}/sermon`, payload: { version, ...body } });
      let res = await put(0, {
        seriesId: series.id,
        sermonTitle: 'Deep roots',
        teachingPastorId: user.approver.id,
        slidesNeeded: ['Title Slide'],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ version: 1 });
      let d = await detail(as.coordinator, FAR);
      expect(d.sermon).toMatchObject({ seriesId: series.id, sermonTitle: 'Deep roots', slidesNeeded: ['Title Slide'], status: 'Planned' });
      expect(d.sermonComplete).toBe(false);
      expect(d.seriesOptions).toEqual([{ id: series.id, title: 'Rooted' }]);

      res = await put(1, {
        seriesId: series.id,
        sermonTitle: 'Deep roots',
        teachingPastorId: user.approver.id,
        scriptureReference: 'Colossians 2:6-7',
        status: 'Finalized',
        ownerId: user.creative.id,
      });
      expect(res.json()).toEqual({ version: 2 });
      d = await detail(as.coordinator, FAR);
      expect(d.sermonComplete).toBe(true);
      expect(d.servicePlan.version).toBe(2);
      const rows = await t.ctx.db
        .select()
        .from(s.sermonDetails)
        .innerJoin(s.sundayPlans, eq(s.sundayPlans.id, s.sermonDetails.sundayId))
        .where(and(eq(s.sundayPlans.sundayDate, FAR), isNull(s.sundayPlans.runwayId)));
      expect(rows).toHaveLength(1);

      expect((await put(1, { sermonTitle: 'stale' })).statusCode).toBe(409);
      expect((await put(2, { teachingPastorId: user.requester.id })).statusCode).toBe(422);
      expect((await put(2, { seriesId: randomUUID() })).statusCode).toBe(422);
      expect((await put(2, { status: 'Someday' })).statusCode).toBe(400);
    });
  });
});
