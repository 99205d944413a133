import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SERIES_MESSAGES, type SeriesBody, type SeriesDetail, type SeriesList } from '../../../shared/api/series';
import { addDaysIso, todayIn } from '../../../shared/domain/dates';
import { firstSundayOnOrAfter } from '../../../shared/domain/series';
import { series, seriesWeeks, sundayPlans } from '../../platform/db/schema';
import type { AppEvent } from '../../platform/events/bus';
import { sessionAgent } from '../../test/agent';
import { buildUser } from '../../test/factories';
import { BACKENDS, createTestApp, type Agent, type TestApp } from '../../test/harness';
import { buildTeam, type Team } from '../../test/task-fixtures';
import { withInsertsRefused } from '../../test/faults';

const MISSING = '00000000-0000-4000-8000-000000000000';
/** A scripture whose week the database is made to refuse, to make a week's insert fail inside the save. */
const FAILING_SCRIPTURE = 'FAIL-WEEK-INSERT';

describe.each(BACKENDS)('sermon series on %s', (backend) => {
  let t: TestApp;
  let team: Team;
  const as: Record<string, Agent> = {};
  let today: string;
  /** The Sunday `n` weeks from this week's (or today's) Sunday. */
  const sunday = (n: number) => addDaysIso(firstSundayOnOrAfter(today), 7 * n);
  const uniqueTitle = (label: string) => `${label} ${randomBytes(4).toString('hex')}`;

  const create = (agent: Agent, body: Partial<SeriesBody>) => agent.inject({ method: 'POST', url: '/api/series', payload: body });
  const update = (agent: Agent, id: string, body: Partial<SeriesBody>) =>
    agent.inject({ method: 'PUT', url: `/api/series/${id}`, payload: body });
  const created = async (body: Partial<SeriesBody>) => {
    const res = await create(as.coordinator, { title: uniqueTitle('Series'), ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as SeriesDetail;
  };
  const list = async (agent: Agent) => {
    const res = await agent.inject({ method: 'GET', url: '/api/series' });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as SeriesList).items;
  };
  const countTitled = async (title: string) => (await t.ctx.db.select().from(series).where(eq(series.title, title))).length;

  beforeAll(async () => {
    t = await createTestApp(backend);
    team = await buildTeam(t.ctx.db);
    for (const role of ['admin', 'coordinator', 'approver', 'creative', 'requester', 'viewer'] as const) {
      as[role] = await sessionAgent(t.app, team[role].id);
    }
    today = todayIn(t.ctx.config.churchTimeZone);
  });
  afterAll(async () => t.close());

  describe('access', () => {
    it('is for coordinators and admins: lower roles get 403 on every operation, signed out 401', async () => {
      const mine = await created({});
      const calls = [
        { method: 'GET', url: '/api/series' },
        { method: 'GET', url: '/api/series/owners' },
        { method: 'GET', url: `/api/series/${mine.id}` },
        { method: 'POST', url: '/api/series', payload: { title: 'Refused' } },
        { method: 'PUT', url: `/api/series/${mine.id}`, payload: { title: 'Refused' } },
        { method: 'DELETE', url: `/api/series/${mine.id}` },
      ] as const;
      for (const role of ['creative', 'approver', 'requester', 'viewer']) {
        for (const call of calls) expect((await as[role].inject(call)).statusCode, `${role} ${call.method} ${call.url}`).toBe(403);
      }
      for (const call of calls) expect((await t.app.inject(call)).statusCode).toBe(401);
      expect(await countTitled('Refused')).toBe(0);
      const read = await as.admin.inject({ method: 'GET', url: `/api/series/${mine.id}` });
      expect(read.statusCode).toBe(200);
    });
  });

  describe('create and read', () => {
    it('creates a series with its weekly breakdown, defaults the theme colour and reads it back', async () => {
      const title = uniqueTitle('Psalms');
      const res = await create(as.coordinator, {
        title,
        tagline: '  Songs for the journey ',
        startSunday: sunday(2),
        endSunday: sunday(4),
        ownerId: team.approver.id,
        weeks: [{ sundayDate: sunday(3), weekTitle: 'Lament', scripture: 'Psalm 13', blurb: 'How long, O Lord?' }],
      });
      expect(res.statusCode, res.body).toBe(201);
      const detail = res.json() as SeriesDetail;
      expect(detail).toMatchObject({
        title,
        tagline: 'Songs for the journey',
        description: null,
        themeColor: '#4f46e5',
        ownerId: team.approver.id,
        ownerName: team.approver.fullName,
        badge: 'Upcoming',
      });
      expect(detail.weeks.map((w) => [w.sundayDate, w.weekTitle, w.scripture])).toEqual([
        [sunday(2), 'Week 1', null],
        [sunday(3), 'Lament', 'Psalm 13'],
        [sunday(4), 'Week 3', null],
      ]);
      const again = await as.admin.inject({ method: 'GET', url: `/api/series/${detail.id}` });
      expect(again.json()).toEqual(detail);
    });

    it('lists series by start Sunday descending with week counts and badges for today in the church zone', async () => {
      const past = await created({ startSunday: sunday(-6), endSunday: sunday(-3) });
      const active = await created({ startSunday: sunday(-1), endSunday: sunday(1), themeColor: '#0F766E' });
      const upcoming = await created({ startSunday: sunday(8), endSunday: sunday(9) });
      const undated = await created({});
      const items = await list(as.coordinator);
      const ours = items.filter((s) => [past.id, active.id, upcoming.id, undated.id].includes(s.id));
      expect(ours.map((s) => [s.id, s.badge, s.weekCount])).toEqual([
        [undated.id, 'Upcoming', 0],
        [upcoming.id, 'Upcoming', 2],
        [active.id, 'Active', 3],
        [past.id, 'Past', 4],
      ]);
      expect(ours[2].themeColor).toBe('#0f766e');
      const starts = items.map((s) => s.startSunday).filter((d): d is string => d !== null);
      expect(starts).toEqual([...starts].sort().reverse());
    });

    it('answers 404 for an unknown series and 400 for an id that is not one', async () => {
      expect((await as.coordinator.inject({ method: 'GET', url: `/api/series/${MISSING}` })).statusCode).toBe(404);
      expect((await as.coordinator.inject({ method: 'GET', url: '/api/series/not-an-id' })).statusCode).toBe(400);
      expect((await update(as.coordinator, MISSING, { title: 'Nobody' })).statusCode).toBe(404);
      expect((await as.coordinator.inject({ method: 'DELETE', url: `/api/series/${MISSING}` })).statusCode).toBe(404);
    });

    it('lists active admins, coordinators, creatives and approvers as owners, not the squad or others', async () => {
      const gone = await buildUser(t.ctx.db, { role: 'coordinator', active: false });
      const res = await as.coordinator.inject({ method: 'GET', url: '/api/series/owners' });
      const ids = (res.json() as { items: Array<{ id: string }> }).items.map((o) => o.id);
      for (const role of ['admin', 'coordinator', 'creative', 'approver'] as const) expect(ids).toContain(team[role].id);
      for (const id of [team.requester.id, team.viewer.id, team.squad.id, gone.id]) expect(ids).not.toContain(id);
    });
  });

  describe('validation', () => {
    const refused = async (body: Partial<SeriesBody>, field: string, message: string) => {
      const title = body.title ?? uniqueTitle('Refused');
      const res = await create(as.coordinator, { ...body, title: body.title === undefined ? title : body.title });
      expect(res.statusCode, res.body).toBe(400);
      const error = res.json().error as { message: string; fields: Record<string, string> };
      expect(error.fields[field]).toBe(message);
      if (title.trim()) expect(await countTitled(title)).toBe(0);
    };

    it('requires a title', () => refused({ title: '   ' }, 'title', SERIES_MESSAGES.titleRequired));
    it('refuses a start or end that is not a Sunday', async () => {
      await refused({ startSunday: addDaysIso(sunday(1), 1) }, 'startSunday', SERIES_MESSAGES.notSunday);
      await refused({ endSunday: addDaysIso(sunday(1), -2) }, 'endSunday', SERIES_MESSAGES.notSunday);
      await refused({ startSunday: '2030-02-30' }, 'startSunday', SERIES_MESSAGES.invalidDate);
    });
    it('refuses a start after the end', () =>
      refused({ startSunday: sunday(3), endSunday: sunday(2) }, 'endSunday', SERIES_MESSAGES.startAfterEnd));
    it('refuses a theme colour that is not #rrggbb', async () => {
      for (const themeColor of ['red', '#fff', '#12345g', '4f46e5']) await refused({ themeColor }, 'themeColor', SERIES_MESSAGES.badColor);
    });
    it('refuses weeks outside the range, twice the same Sunday, or without dates', async () => {
      const range = { startSunday: sunday(1), endSunday: sunday(2) };
      await refused({ ...range, weeks: [{ sundayDate: sunday(3) }] }, 'weeks.0.sundayDate', SERIES_MESSAGES.weekOutOfRange);
      await refused(
        { ...range, weeks: [{ sundayDate: sunday(1) }, { sundayDate: sunday(1) }] },
        'weeks.1.sundayDate',
        SERIES_MESSAGES.duplicateWeek,
      );
      await refused({ weeks: [{ sundayDate: sunday(1) }] }, 'weeks.0.sundayDate', SERIES_MESSAGES.weeksWithoutDates);
    });
    it('refuses a range of more than two years of Sundays', () =>
      refused({ startSunday: sunday(1), endSunday: sunday(120) }, 'endSunday', SERIES_MESSAGES.tooManyWeeks));

    it('refuses an owner who is not an active admin, coordinator, creative or approver, but keeps a current one', async () => {
      for (const owner of [team.requester.id, team.squad.id, MISSING]) {
        const title = uniqueTitle('Owner');
        const res = await create(as.coordinator, { title, ownerId: owner });
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json().error.fields.ownerId).toBe(SERIES_MESSAGES.badOwner);
        expect(await countTitled(title)).toBe(0);
      }
      const leaving = await buildUser(t.ctx.db, { role: 'creative' });
      const owned = await created({ ownerId: leaving.id });
      await t.ctx.db.execute(sql`update users set active = false where id = ${leaving.id}`);
      const res = await update(as.coordinator, owned.id, { title: 'Still owned', ownerId: leaving.id });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as SeriesDetail).ownerId).toBe(leaving.id);
    });
  });

  describe('editing the weekly breakdown', () => {
    it('keeps weeks that match, adds Week N for new Sundays and drops weeks no longer in range', async () => {
      const first = await created({
        startSunday: sunday(1),
        endSunday: sunday(3),
        weeks: [
          { sundayDate: sunday(1), weekTitle: 'Creation', scripture: 'Genesis 1', blurb: 'In the beginning' },
          { sundayDate: sunday(2), weekTitle: 'Fall', scripture: 'Genesis 3', blurb: '' },
        ],
      });
      // Move the range one week later and send only the week being edited.
      const res = await update(as.coordinator, first.id, {
        title: first.title,
        startSunday: sunday(2),
        endSunday: sunday(4),
        weeks: [{ sundayDate: sunday(3), weekTitle: 'Flood', scripture: 'Genesis 6', blurb: 'Noah' }],
      });
      expect(res.statusCode, res.body).toBe(200);
      const weeks = (res.json() as SeriesDetail).weeks.map((w) => [w.sundayDate, w.weekTitle, w.scripture, w.blurb]);
      expect(weeks).toEqual([
        [sunday(2), 'Fall', 'Genesis 3', null],
        [sunday(3), 'Flood', 'Genesis 6', 'Noah'],
        [sunday(4), 'Week 3', null, null],
      ]);
      const stored = await t.ctx.db.select().from(seriesWeeks).where(eq(seriesWeeks.seriesId, first.id));
      expect(stored.map((w) => w.sundayDate).sort()).toEqual([sunday(2), sunday(3), sunday(4)]);
    });

    it('clearing a date drops every week; the series itself stays', async () => {
      const s = await created({ startSunday: sunday(1), endSunday: sunday(2) });
      const res = await update(as.coordinator, s.id, { title: s.title, startSunday: sunday(1), endSunday: null });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as SeriesDetail).weeks).toEqual([]);
    });

    it('one transaction: a failing week insert leaves no series, and an update changes nothing', async () => {
      // The database refuses the week with this scripture, after the use case's other writes.
      const refusingTheWeek = <T>(work: () => Promise<T>) =>
        withInsertsRefused(t.ctx.db, 'series_weeks', work, { when: `new.scripture = '${FAILING_SCRIPTURE}'` });
      const title = uniqueTitle('Doomed');
      const res = await refusingTheWeek(() =>
        create(as.coordinator, {
          title,
          startSunday: sunday(1),
          endSunday: sunday(2),
          weeks: [{ sundayDate: sunday(2), scripture: FAILING_SCRIPTURE }],
        }),
      );
      expect(res.statusCode).toBe(500);
      expect(await countTitled(title)).toBe(0);

      const kept = await created({ startSunday: sunday(1), endSunday: sunday(1), weeks: [{ sundayDate: sunday(1), scripture: 'Ruth 1' }] });
      const failed = await refusingTheWeek(() =>
        update(as.coordinator, kept.id, {
          title: 'Renamed',
          startSunday: sunday(1),
          endSunday: sunday(2),
          weeks: [{ sundayDate: sunday(2), scripture: FAILING_SCRIPTURE }],
        }),
      );
      expect(failed.statusCode).toBe(500);
      const after = (await as.coordinator.inject({ method: 'GET', url: `/api/series/${kept.id}` })).json() as SeriesDetail;
      expect(after).toEqual(kept);
    });
  });

  describe('a locked Sunday’s week', () => {
    // Far Sundays of their own, so no other test's series meets these locks.
    const lockSunday = (date: string) =>
      t.ctx.db.insert(sundayPlans).values({ sundayDate: date, isLocked: true, status: 'locked', lockedAt: new Date(), version: 0 });
    const weekOf = async (id: string, date: string) =>
      ((await as.admin.inject({ method: 'GET', url: `/api/series/${id}` })).json() as SeriesDetail).weeks.find(
        (w) => w.sundayDate === date,
      );

    it('a coordinator may not retitle, remove or add it (422 naming the Sunday, nothing saved); an admin may', async () => {
      const [a, b, c] = [sunday(60), sunday(61), sunday(62)];
      const s = await created({ startSunday: a, endSunday: b, weeks: [{ sundayDate: b, weekTitle: 'Harvest', scripture: '', blurb: '' }] });
      await lockSunday(b);
      const retitled = await update(as.coordinator, s.id, {
        title: s.title,
        startSunday: a,
        endSunday: b,
        weeks: [{ sundayDate: b, weekTitle: 'Renamed', scripture: '', blurb: '' }],
      });
      expect(retitled.statusCode, retitled.body).toBe(422);
      expect(retitled.json().error).toMatchObject({ code: 'sunday_locked', message: SERIES_MESSAGES.weekLocked([b]) });
      expect(retitled.json().error.fields).toEqual({ weeks: SERIES_MESSAGES.weekLocked([b]) });
      expect((await weekOf(s.id, b))?.weekTitle).toBe('Harvest');
      // Shortening the range would remove the locked week; lengthening it into a locked Sunday would add one.
      expect((await update(as.coordinator, s.id, { title: s.title, startSunday: a, endSunday: a })).statusCode).toBe(422);
      await lockSunday(c);
      expect((await update(as.coordinator, s.id, { title: s.title, startSunday: a, endSunday: c })).statusCode).toBe(422);
      expect((await as.coordinator.inject({ method: 'DELETE', url: `/api/series/${s.id}` })).statusCode).toBe(422);
      expect(await weekOf(s.id, b)).toMatchObject({ weekTitle: 'Harvest' });

      // The open week and the series' own fields still change; the locked week sent as it is rides along.
      const open = await update(as.coordinator, s.id, {
        title: `${s.title} (new)`,
        startSunday: a,
        endSunday: b,
        weeks: [
          { sundayDate: a, weekTitle: 'Opening', scripture: '', blurb: '' },
          { sundayDate: b, weekTitle: 'Harvest', scripture: '', blurb: '' },
        ],
      });
      expect(open.statusCode, open.body).toBe(200);
      expect((await weekOf(s.id, a))?.weekTitle).toBe('Opening');

      const byAdmin = await update(as.admin, s.id, {
        title: s.title,
        startSunday: a,
        endSunday: b,
        weeks: [{ sundayDate: b, weekTitle: 'Renamed', scripture: '', blurb: '' }],
      });
      expect(byAdmin.statusCode, byAdmin.body).toBe(200);
      expect((await weekOf(s.id, b))?.weekTitle).toBe('Renamed');
    });
  });

  describe('delete and realtime', () => {
    it('deletes a series with its weeks and tells coordinators on the series and sundays topics', async () => {
      const seen: AppEvent[] = [];
      const stop = t.ctx.bus.subscribe((e) => seen.push(e));
      try {
        const s = await created({ startSunday: sunday(1), endSunday: sunday(2) });
        // On PostgreSQL the events come back through LISTEN/NOTIFY, a moment after the answer, and
        // an earlier test's 'sundays' may still arrive first: wait for the one sent after this series'.
        await vi.waitFor(() => {
          const own = seen.findIndex((e) => e.topic === 'series' && e.id === s.id);
          expect(own).toBeGreaterThanOrEqual(0);
          expect(seen.slice(own + 1)).toContainEqual({ topic: 'sundays', audience: { minRole: 'coordinator' } });
        });
        seen.length = 0;
        const res = await as.admin.inject({ method: 'DELETE', url: `/api/series/${s.id}` });
        expect(res.statusCode).toBe(204);
        await vi.waitFor(() => expect(seen.map((e) => e.topic).sort()).toEqual(['series', 'sundays']));
        expect((await as.coordinator.inject({ method: 'GET', url: `/api/series/${s.id}` })).statusCode).toBe(404);
        expect(await t.ctx.db.select().from(seriesWeeks).where(eq(seriesWeeks.seriesId, s.id))).toEqual([]);
      } finally {
        stop();
      }
    });
  });
});
