import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanningFile, SlidesResponse, SocialResponse, VideosResponse } from '../../../shared/api/sunday-media';
import { BLOCKED_OUT_CODE, PEOPLE_MESSAGES } from '../../../shared/domain/people-on-sundays';
import { SUNDAY_MESSAGES } from '../../../shared/domain/planning';
import { formatDueDate } from '../../../shared/domain/tasks';
import { addDaysIso } from '../../../shared/domain/dates';
import {
  blockouts,
  planningFiles,
  runways,
  sermonDetails,
  slides,
  socialMediaPosts,
  sundayPlans,
  sundayVideoItems,
} from '../../platform/db/schema';
import type { AppEvent } from '../../platform/events/bus';
import { sessionAgent } from '../../test/agent';
import { buildMinistry } from '../../test/factories';
import { BACKENDS, createTestApp, type Agent, type TestApp } from '../../test/harness';
import { multipart } from '../../test/request-fixtures';
import { SAMPLE_FILES } from '../../test/sample-files';
import { buildRequest, buildTeam, type Team } from '../../test/task-fixtures';
import { SAMPLE_VIDEOS } from '../../test/sample-videos';

const MISSING = '00000000-0000-4000-8000-000000000000';
let sundaySeq = 0;

describe.each(BACKENDS)('sunday media on %s', (backend) => {
  let t: TestApp;
  let team: Team;
  const as: Record<string, Agent> = {};

  beforeAll(async () => {
    t = await createTestApp(backend);
    team = await buildTeam(t.ctx.db);
    for (const role of ['admin', 'coordinator', 'approver', 'creative', 'requester'] as const) {
      as[role] = await sessionAgent(t.app, team[role].id);
    }
  });
  afterAll(async () => t.close());

  /** A Sunday of its own for each test (2031-01-05 is a Sunday), so tests pass in any order. */
  const freshSunday = () => addDaysIso('2031-01-05', 7 * ++sundaySeq);
  const get = async <T>(agent: Agent, url: string) => {
    const res = await agent.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  const put = (agent: Agent, url: string, payload: object) => agent.inject({ method: 'PUT', url, payload });
  /** Locks the Sunday as Lock Sunday does: a runway plan of that date locked is enough (decision 0014). */
  async function lock(date: string) {
    const [runway] = await t.ctx.db.insert(runways).values({ code: 'media', name: 'Media' }).onConflictDoNothing().returning();
    const runwayId = runway?.id ?? (await t.ctx.db.select().from(runways).where(eq(runways.code, 'media')))[0].id;
    await t.ctx.db.insert(sundayPlans).values({ sundayDate: date, runwayId, isLocked: true, status: 'locked', lockedAt: new Date() });
  }
  const upload = (agent: Agent, date: string, kind: string, name: string, data: Buffer) =>
    agent.inject({ method: 'POST', url: `/api/sundays/${date}/files?kind=${kind}`, ...multipart({ name, data }) });
  const events = () => {
    const seen: AppEvent[] = [];
    const original = t.ctx.bus.publish.bind(t.ctx.bus);
    t.ctx.bus.publish = async (list: AppEvent[]) => {
      seen.push(...list);
      return original(list);
    };
    return { seen, restore: () => (t.ctx.bus.publish = original) };
  };

  describe('who may call', () => {
    it('creatives and above read the editors (only coordinators and admins save); requesters are refused; signed out is 401', async () => {
      const date = freshSunday();
      for (const part of ['videos', 'slides', 'social']) {
        const url = `/api/sundays/${date}/${part}`;
        expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
        expect((await as.requester.inject({ method: 'GET', url })).statusCode).toBe(403);
        for (const role of ['creative', 'approver', 'coordinator', 'admin'])
          expect((await as[role].inject({ method: 'GET', url })).statusCode).toBe(200);
      }
      expect((await put(as.creative, `/api/sundays/${date}/videos`, { version: 0, videos: [] })).statusCode).toBe(403);
      expect((await put(as.approver, `/api/sundays/${date}/videos`, { version: 0, videos: [] })).statusCode).toBe(403);
    });

    it('a date that is not a Sunday is refused', async () => {
      const res = await as.coordinator.inject({ method: 'GET', url: '/api/sundays/2031-01-06/videos' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(SUNDAY_MESSAGES.notSunday);
    });
  });

  describe('Sunday Videos', () => {
    it('a Sunday with no plan reads empty at version 0 and writes nothing', async () => {
      const date = freshSunday();
      const body = await get<VideosResponse>(as.coordinator, `/api/sundays/${date}/videos`);
      expect(body).toMatchObject({ sundayDate: date, version: 0, isLocked: false, canEdit: true, videos: [] });
      expect(body.counts).toEqual({ ready: 0, inProgress: 0, planned: 0 });
      expect(body.owners.map((o) => o.id)).toEqual(expect.arrayContaining([team.coordinator.id, team.approver.id, team.creative.id]));
      expect(body.owners.map((o) => o.id)).not.toContain(team.requester.id);
      expect(await t.ctx.db.select().from(sundayPlans).where(eq(sundayPlans.sundayDate, date))).toEqual([]);
    });

    it('adds with the defaults, edits, orders by order in service, deletes, counts and names owners and ministries', async () => {
      const date = freshSunday();
      const ministry = await buildMinistry(t.ctx.db, { name: `Kids ${date}` });
      const url = `/api/sundays/${date}/videos`;
      const spy = events();
      const first = await put(as.coordinator, url, {
        version: 0,
        videos: [
          { title: 'Baptism story', orderInService: 1 },
          {
            title: 'Serve promo',
            type: 'promo',
            status: 'in_production',
            ministryId: ministry.id,
            ownerId: team.creative.id,
            durationSeconds: 90,
            orderInService: 0,
          },
        ],
      });
      spy.restore();
      expect(first.statusCode, first.body).toBe(200);
      const saved = first.json() as VideosResponse;
      expect(saved.version).toBe(1);
      expect(saved.videos.map((v) => v.title)).toEqual(['Serve promo', 'Baptism story']);
      expect(saved.videos[1]).toMatchObject({ type: 'announcement', status: 'planned', durationSeconds: null });
      expect(saved.videos[0]).toMatchObject({ ministryName: ministry.name, ownerName: team.creative.fullName, durationSeconds: 90 });
      expect(saved.counts).toEqual({ ready: 0, inProgress: 1, planned: 1 });
      expect(spy.seen).toContainEqual({ topic: 'sundays', id: date, audience: { minRole: 'coordinator' } });

      const [promo, baptism] = saved.videos;
      const second = await put(as.coordinator, url, {
        version: 1,
        videos: [{ ...promo, status: 'ready', orderInService: 5 }],
        deleted: [baptism.id],
      });
      expect(second.statusCode, second.body).toBe(200);
      const after = second.json() as VideosResponse;
      expect(after.version).toBe(2);
      expect(after.videos).toHaveLength(1);
      expect(after.videos[0]).toMatchObject({ id: promo.id, status: 'ready', orderInService: 5 });
      expect(after.counts).toEqual({ ready: 1, inProgress: 0, planned: 0 });
    });

    it('a stale version answers 409 and changes nothing', async () => {
      const date = freshSunday();
      const url = `/api/sundays/${date}/videos`;
      expect((await put(as.coordinator, url, { version: 0, videos: [{ title: 'First' }] })).statusCode).toBe(200);
      const res = await put(as.admin, url, { version: 0, videos: [{ title: 'Second' }] });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'stale', message: SUNDAY_MESSAGES.stale });
      const body = await get<VideosResponse>(as.coordinator, url);
      expect(body.videos.map((v) => v.title)).toEqual(['First']);
      expect(body.version).toBe(1);
    });

    it('after the lock a coordinator is refused (422) and an admin may still save', async () => {
      const date = freshSunday();
      await lock(date);
      const url = `/api/sundays/${date}/videos`;
      const seen = await get<VideosResponse>(as.coordinator, url);
      expect(seen).toMatchObject({ isLocked: true, canEdit: false });
      expect((await get<VideosResponse>(as.admin, url)).canEdit).toBe(true);
      const refused = await put(as.coordinator, url, { version: 0, videos: [{ title: 'Late' }] });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error).toMatchObject({ code: 'sunday_locked', message: SUNDAY_MESSAGES.locked });
      expect((await put(as.admin, url, { version: 0, videos: [{ title: 'Late' }] })).statusCode).toBe(200);
    });

    it('bad input changes nothing: rows of another Sunday, a negative duration, an owner who may not own it', async () => {
      const date = freshSunday();
      const other = freshSunday();
      const url = `/api/sundays/${date}/videos`;
      const theirs = (
        (await put(as.coordinator, `/api/sundays/${other}/videos`, { version: 0, videos: [{ title: 'Theirs' }] })).json() as VideosResponse
      ).videos[0];
      const cases = [
        { body: { version: 0, videos: [{ id: theirs.id, title: 'Stolen' }] }, status: 404 },
        { body: { version: 0, videos: [], deleted: [theirs.id] }, status: 404 },
        { body: { version: 0, videos: [{ title: 'x', durationSeconds: -5 }] }, status: 400 },
        { body: { version: 0, videos: [{ title: 'x', ownerId: team.requester.id }] }, status: 400 },
        { body: { version: 0, videos: [{ title: 'x', ministryId: MISSING }] }, status: 400 },
        { body: { version: 0, videos: [{ title: '  ' }] }, status: 400 },
      ];
      for (const c of cases) expect((await put(as.coordinator, url, c.body)).statusCode, JSON.stringify(c.body)).toBe(c.status);
      expect(await t.ctx.db.select().from(sundayPlans).where(eq(sundayPlans.sundayDate, date))).toEqual([]);
      const [still] = await t.ctx.db.select().from(sundayVideoItems).where(eq(sundayVideoItems.id, theirs.id));
      expect(still.title).toBe('Theirs');
    });
  });

  describe('Slide Deck', () => {
    async function recurringSlide(title: string) {
      const [row] = await t.ctx.db.insert(slides).values({ title, type: 'recurring', orderIndex: 900 }).returning();
      return row;
    }

    it('reads recurring and this Sunday’s weekly slides; weekly changes go through the guard, reorder and activate', async () => {
      const date = freshSunday();
      const shared = await recurringSlide(`Welcome ${date}`);
      const url = `/api/sundays/${date}/slides`;
      const empty = await get<SlidesResponse>(as.coordinator, url);
      expect(empty.recurring.map((s) => s.id)).toContain(shared.id);
      expect(empty.weekly).toEqual([]);
      expect(empty).toMatchObject({ version: 0, canEdit: true, canEditRecurring: true });

      const saved = await put(as.coordinator, url, {
        version: 0,
        weekly: [
          { title: 'Harvest dinner', orderIndex: 0 },
          { title: 'Baptisms', orderIndex: 1 },
        ],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const body = saved.json() as SlidesResponse;
      expect(body.version).toBe(1);
      expect(body.weekly.map((s) => s.title)).toEqual(['Harvest dinner', 'Baptisms']);
      const [dinner, baptisms] = body.weekly;
      const reordered = await put(as.coordinator, url, {
        version: 1,
        weekly: [
          { ...baptisms, orderIndex: 0 },
          { ...dinner, orderIndex: 1, active: false },
        ],
      });
      expect(reordered.statusCode, reordered.body).toBe(200);
      const after = reordered.json() as SlidesResponse;
      expect(after.weekly.map((s) => [s.title, s.active])).toEqual([
        ['Baptisms', true],
        ['Harvest dinner', false],
      ]);
      // Other Sundays do not see this Sunday's weekly slides.
      expect((await get<SlidesResponse>(as.coordinator, `/api/sundays/${freshSunday()}/slides`)).weekly).toEqual([]);
    });

    it('after the lock a coordinator may not toggle, add or delete a recurring slide there; an admin changes that Sunday’s deck only', async () => {
      const date = freshSunday();
      const open = freshSunday();
      const giving = await recurringSlide(`Giving ${date}`);
      const notices = await recurringSlide(`Notices ${date}`);
      await lock(date);
      const url = `/api/sundays/${date}/slides`;
      const seen = await get<SlidesResponse>(as.coordinator, url);
      expect(seen).toMatchObject({ isLocked: true, canEdit: false, canEditRecurring: false });
      expect(await get<SlidesResponse>(as.admin, url)).toMatchObject({ canEdit: true, canEditRecurring: true });
      const slide = (s: typeof giving, patch: object = {}) => ({
        id: s.id,
        title: s.title,
        active: s.active,
        orderIndex: s.orderIndex,
        ...patch,
      });
      for (const body of [
        { version: 0, recurring: [slide(giving, { active: false })] },
        { version: 0, recurring: [{ title: `Added ${date}`, orderIndex: 950 }] },
        { version: 0, deleted: [notices.id] },
      ]) {
        const refused = await put(as.coordinator, url, body);
        expect(refused.statusCode, JSON.stringify(body)).toBe(422);
        expect(refused.json().error).toMatchObject({ code: 'sunday_locked', message: SUNDAY_MESSAGES.locked });
      }
      const titles = (deck: SlidesResponse) => deck.recurring.filter((s) => s.title.endsWith(date)).map((s) => [s.title, s.active]);
      expect(titles(await get<SlidesResponse>(as.coordinator, url))).toEqual([
        [`Giving ${date}`, true],
        [`Notices ${date}`, true],
      ]);
      // Unchanged recurring rows ride along without a refusal (the editor sends its whole list).
      expect((await put(as.coordinator, url, { version: 0, recurring: [slide(giving), slide(notices)] })).statusCode).toBe(200);

      const byAdmin = await put(as.admin, url, {
        version: 0,
        recurring: [slide(giving, { active: false }), { title: `Late ${date}`, orderIndex: 950 }],
        deleted: [notices.id],
      });
      expect(byAdmin.statusCode, byAdmin.body).toBe(200);
      expect(byAdmin.json()).toMatchObject({ version: 1 });
      expect(titles(byAdmin.json() as SlidesResponse)).toEqual([
        [`Giving ${date}`, false],
        [`Late ${date}`, true],
      ]);
      // The shared set is untouched: an open Sunday still shows it as it was.
      expect(titles(await get<SlidesResponse>(as.coordinator, `/api/sundays/${open}/slides`))).toEqual([
        [`Giving ${date}`, true],
        [`Notices ${date}`, true],
      ]);
    });

    it('a recurring change on an open Sunday reaches every open Sunday and leaves locked decks as they were', async () => {
      const locked = freshSunday();
      const open = freshSunday();
      const other = freshSunday();
      const welcome = await recurringSlide(`Welcome ${locked}`);
      const prayer = await recurringSlide(`Prayer ${locked}`);
      await lock(locked);
      const titles = async (date: string) =>
        (await get<SlidesResponse>(as.coordinator, `/api/sundays/${date}/slides`)).recurring
          .filter((s) => s.title.includes(locked))
          .map((s) => [s.title, s.active]);
      const asLocked = [
        [`Prayer ${locked}`, true],
        [`Welcome ${locked}`, true],
      ];
      const res = await put(as.coordinator, `/api/sundays/${open}/slides`, {
        version: 0,
        recurring: [
          { id: welcome.id, title: `Welcome back ${locked}`, active: false, orderIndex: welcome.orderIndex },
          { title: `Added ${locked}`, orderIndex: 950 },
        ],
        deleted: [prayer.id],
      });
      expect(res.statusCode, res.body).toBe(200);
      const changed = [
        [`Welcome back ${locked}`, false],
        [`Added ${locked}`, true],
      ];
      expect(await titles(open)).toEqual(changed);
      expect(await titles(other)).toEqual(changed);
      expect(await titles(locked)).toEqual(asLocked);

      // A second change leaves the locked deck as it was at the lock too.
      const added = (await get<SlidesResponse>(as.coordinator, `/api/sundays/${other}/slides`)).recurring.find((s) =>
        s.title.startsWith('Added'),
      )!;
      expect((await put(as.coordinator, `/api/sundays/${other}/slides`, { version: 0, deleted: [added.id] })).statusCode).toBe(200);
      expect(await titles(locked)).toEqual(asLocked);
      expect(await titles(open)).toEqual([[`Welcome back ${locked}`, false]]);

      // Unlocked, the Sunday shows the shared set again; locked anew, it keeps that set.
      await t.ctx.db.update(sundayPlans).set({ isLocked: false, lockedAt: null, status: 'open' }).where(eq(sundayPlans.sundayDate, locked));
      expect(await titles(locked)).toEqual([[`Welcome back ${locked}`, false]]);
      await t.ctx.db
        .update(sundayPlans)
        .set({ isLocked: true, lockedAt: new Date(), status: 'locked' })
        .where(eq(sundayPlans.sundayDate, locked));
      expect(
        (
          await put(as.coordinator, `/api/sundays/${open}/slides`, {
            version: 0,
            recurring: [{ title: `Newest ${locked}`, orderIndex: 960 }],
          })
        ).statusCode,
      ).toBe(200);
      expect(await titles(locked)).toEqual([[`Welcome back ${locked}`, false]]);
      expect(await titles(open)).toEqual([
        [`Welcome back ${locked}`, false],
        [`Newest ${locked}`, true],
      ]);
    });

    it('deleting a slide of another Sunday is 404 and a weekly delete is versioned', async () => {
      const date = freshSunday();
      const url = `/api/sundays/${date}/slides`;
      const other = freshSunday();
      const theirs = (
        (await put(as.coordinator, `/api/sundays/${other}/slides`, { version: 0, weekly: [{ title: 'Theirs' }] })).json() as SlidesResponse
      ).weekly[0];
      expect((await put(as.coordinator, url, { version: 0, deleted: [theirs.id] })).statusCode).toBe(404);
      const mine = ((await put(as.coordinator, url, { version: 0, weekly: [{ title: 'Mine' }] })).json() as SlidesResponse).weekly[0];
      expect((await put(as.coordinator, url, { version: 0, deleted: [mine.id] })).statusCode).toBe(409);
      const res = await put(as.coordinator, url, { version: 1, deleted: [mine.id] });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as SlidesResponse).weekly).toEqual([]);
    });
  });

  describe('someone blocked out that Sunday (guide/sunday-planning.md#blockout-dates)', () => {
    /** A Sunday on which the creative is blocked out (a range around it), and the refusal's sentence. */
    async function awaySunday() {
      const date = freshSunday();
      await t.ctx.db.insert(blockouts).values({ userId: team.creative.id, startsOn: addDaysIso(date, -2), endsOn: addDaysIso(date, 1) });
      return { date, message: PEOPLE_MESSAGES.blockedOut(team.creative.fullName, formatDueDate(date)) };
    }
    const refused = (
      res: { statusCode: number; body: string; json: () => { error: { code: string; message: string } } },
      message: string,
    ) => {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toMatchObject({ code: BLOCKED_OUT_CODE, message });
    };

    it('a video newly given to them is refused, changing nothing, unless confirmed; saving it again unchanged asks nothing', async () => {
      const { date, message } = await awaySunday();
      const url = `/api/sundays/${date}/videos`;
      refused(await put(as.coordinator, url, { version: 0, videos: [{ title: 'Welcome', ownerId: team.creative.id }] }), message);
      expect((await get<VideosResponse>(as.coordinator, url)).videos).toEqual([]);
      // Someone free that day is not asked about.
      const free = await put(as.coordinator, url, { version: 0, videos: [{ title: 'Welcome', ownerId: team.coordinator.id }] });
      expect(free.statusCode, free.body).toBe(200);
      const video = (free.json() as VideosResponse).videos[0];
      // Moving the saved video to them is new work for them too.
      const moved = { id: video.id, title: 'Welcome', ownerId: team.creative.id };
      refused(await put(as.coordinator, url, { version: 1, videos: [moved] }), message);
      const sure = await put(as.coordinator, url, { version: 1, videos: [moved], confirmBlockout: true });
      expect(sure.statusCode, sure.body).toBe(200);
      expect((sure.json() as VideosResponse).videos[0]).toMatchObject({ id: video.id, ownerId: team.creative.id });
      const again = await put(as.coordinator, url, { version: 2, videos: [{ ...moved, title: 'Welcome back', status: 'ready' }] });
      expect(again.statusCode, again.body).toBe(200);
      expect((again.json() as VideosResponse).videos[0]).toMatchObject({ title: 'Welcome back', ownerId: team.creative.id });
    });

    it('a weekly slide newly given to them is refused, changing nothing, unless confirmed; saving it again asks nothing', async () => {
      const { date, message } = await awaySunday();
      const url = `/api/sundays/${date}/slides`;
      const slide = { title: 'Baptism', active: true, orderIndex: 0, ownerId: team.creative.id };
      refused(await put(as.coordinator, url, { version: 0, weekly: [slide] }), message);
      expect((await get<SlidesResponse>(as.coordinator, url)).weekly).toEqual([]);
      const sure = await put(as.coordinator, url, { version: 0, weekly: [slide], confirmBlockout: true });
      expect(sure.statusCode, sure.body).toBe(200);
      const saved = (sure.json() as SlidesResponse).weekly[0];
      expect(saved.ownerId).toBe(team.creative.id);
      const again = await put(as.coordinator, url, { version: 1, weekly: [{ ...slide, id: saved.id, title: 'Baptism Sunday' }] });
      expect(again.statusCode, again.body).toBe(200);
      // Nobody blocked out is asked about: the slide given to someone free saves at once.
      const free = await put(as.coordinator, url, { version: 2, weekly: [{ ...slide, id: saved.id, ownerId: team.coordinator.id }] });
      expect(free.statusCode, free.body).toBe(200);
    });

    it('a social post newly given to them is refused unless confirmed; their post saved again is not', async () => {
      const { date, message } = await awaySunday();
      const url = `/api/sundays/${date}/social`;
      refused(await put(as.coordinator, url, { version: 0, posts: [{ id: 'new-a', ownerId: team.creative.id }] }), message);
      expect((await get<SocialResponse>(as.coordinator, url)).posts).toEqual([]);
      const sure = await put(as.coordinator, url, {
        version: 0,
        posts: [{ id: 'new-a', ownerId: team.creative.id }],
        confirmBlockout: true,
      });
      expect(sure.statusCode, sure.body).toBe(200);
      const post = (sure.json() as SocialResponse).posts[0];
      expect(post.ownerId).toBe(team.creative.id);
      const again = await put(as.coordinator, url, {
        version: 1,
        posts: [{ id: post.id, ownerId: team.creative.id, caption: 'See you Sunday' }],
      });
      expect(again.statusCode, again.body).toBe(200);
      // A second post for them is new work: asked again.
      refused(
        await put(as.coordinator, url, {
          version: 2,
          posts: [
            { id: post.id, ownerId: team.creative.id },
            { id: 'new-b', ownerId: team.creative.id },
          ],
        }),
        message,
      );
    });

    it('each sermon role newly given to them is refused unless confirmed; the plan saved again with them is not', async () => {
      const { date, message } = await awaySunday();
      const url = `/api/sundays/${date}/sermon`;
      const version = async () => (await get<VideosResponse>(as.coordinator, `/api/sundays/${date}/videos`)).version;
      refused(await put(as.coordinator, url, { version: await version(), teachingPastorId: team.creative.id }), message);
      refused(await put(as.coordinator, url, { version: await version(), ownerId: team.creative.id }), message);
      const rows = () => t.ctx.db.select().from(sermonDetails).innerJoin(sundayPlans, eq(sundayPlans.id, sermonDetails.sundayId));
      expect((await rows()).filter((r) => r.sunday_plans.sundayDate === date)).toEqual([]);
      const pastor = await put(as.coordinator, url, {
        version: await version(),
        teachingPastorId: team.creative.id,
        confirmBlockout: true,
      });
      expect(pastor.statusCode, pastor.body).toBe(200);
      // The pastor stays without asking; the owner is still new.
      const both = { teachingPastorId: team.creative.id, ownerId: team.creative.id, sermonTitle: 'Hope' };
      refused(await put(as.coordinator, url, { version: await version(), ...both }), message);
      expect((await put(as.coordinator, url, { version: await version(), ...both, confirmBlockout: true })).statusCode).toBe(200);
      const again = await put(as.coordinator, url, { version: await version(), ...both, sermonTitle: 'Hope again' });
      expect(again.statusCode, again.body).toBe(200);
      const [saved] = (await rows()).filter((r) => r.sunday_plans.sundayDate === date);
      expect(saved.sermon_details).toMatchObject({
        teachingPastorId: team.creative.id,
        ownerId: team.creative.id,
        sermonTitle: 'Hope again',
      });
    });
  });

  describe('Social Media Plan', () => {
    it('inserts new- posts with the defaults, updates uuid posts, orders by post time, lists owners and campaigns', async () => {
      const date = freshSunday();
      const live = await buildRequest(t.ctx.db, team.requester.id, { eventTitle: `Harvest ${date}`, status: 'in_production' });
      const waiting = await buildRequest(t.ctx.db, team.requester.id, { eventTitle: `Waiting ${date}`, status: 'submitted' });
      const url = `/api/sundays/${date}/social`;
      const before = await get<SocialResponse>(as.coordinator, url);
      expect(before).toMatchObject({ version: 0, canEdit: true, canLock: true, posts: [] });
      expect(before.campaignOptions).toContain(live.eventTitle);
      expect(before.campaignOptions).not.toContain(waiting.eventTitle);
      expect(before.owners.map((o) => o.id)).toEqual(expect.arrayContaining([team.admin.id, team.coordinator.id, team.creative.id]));
      expect(before.owners.map((o) => o.id)).not.toContain(team.approver.id);

      const res = await put(as.coordinator, url, {
        version: 0,
        posts: [
          { id: 'new-1' },
          {
            id: 'new-2',
            platform: 'TikTok',
            postType: 'Reel',
            postDatetime: `${addDaysIso(date, -2)}T15:00:00.000Z`,
            campaignTag: live.eventTitle,
            ownerId: team.creative.id,
            caption: 'Come!',
            hashtags: '#harvest',
          },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      const saved = res.json() as SocialResponse;
      expect(saved.version).toBe(1);
      expect(saved.posts).toHaveLength(2);
      expect(saved.posts[0]).toMatchObject({
        platform: 'TikTok',
        postType: 'Reel',
        campaignTag: live.eventTitle,
        ownerName: team.creative.fullName,
      });
      expect(saved.posts[1]).toMatchObject({
        platform: 'Instagram',
        postType: 'Static Image',
        status: 'Planned',
        postDatetime: `${date}T17:00:00.000Z`,
        campaignTag: '',
      });
      expect(saved.posts.every((p) => !p.id.startsWith('new-'))).toBe(true);

      const updated = await put(as.coordinator, url, {
        version: 1,
        posts: [{ ...saved.posts[1], status: 'Scheduled', caption: 'See you' }],
      });
      expect(updated.statusCode, updated.body).toBe(200);
      const after = updated.json() as SocialResponse;
      expect(after.posts).toHaveLength(2);
      expect(after.posts.find((p) => p.id === saved.posts[1].id)).toMatchObject({ status: 'Scheduled', caption: 'See you' });
    });

    it('refuses a uuid that is not a post of this Sunday, a campaign that is not live, and a stale version', async () => {
      const date = freshSunday();
      const url = `/api/sundays/${date}/social`;
      expect((await put(as.coordinator, url, { version: 0, posts: [{ id: MISSING }] })).statusCode).toBe(404);
      expect((await put(as.coordinator, url, { version: 0, posts: [{ id: 'new-a', campaignTag: 'Nothing live' }] })).statusCode).toBe(400);
      expect((await put(as.coordinator, url, { version: 0, posts: [{ id: 'new-a', ownerId: team.approver.id }] })).statusCode).toBe(400);
      expect((await put(as.coordinator, url, { version: 0, posts: [{ id: 'new-a' }] })).statusCode).toBe(200);
      const stale = await put(as.coordinator, url, { version: 0, posts: [{ id: 'new-b' }] });
      expect(stale.statusCode).toBe(409);
      expect((await get<SocialResponse>(as.coordinator, url)).posts).toHaveLength(1);
    });

    it('deletes posts within the save, with the version it saw, in one transaction; stale is 409, another Sunday’s post 404', async () => {
      const date = freshSunday();
      const url = `/api/sundays/${date}/social`;
      const saved = (await put(as.coordinator, url, { version: 0, posts: [{ id: 'new-a' }, { id: 'new-b' }] })).json() as SocialResponse;
      const [a, b] = saved.posts;
      expect((await put(as.coordinator, url, { version: 0, posts: [], deleted: [a.id] })).statusCode).toBe(409);
      // A refused part refuses the whole save: the delete does not happen either.
      const other = freshSunday();
      const foreign = (
        (await put(as.coordinator, `/api/sundays/${other}/social`, { version: 0, posts: [{ id: 'new-c' }] })).json() as SocialResponse
      ).posts[0];
      expect((await put(as.coordinator, url, { version: 1, posts: [], deleted: [a.id, foreign.id] })).statusCode).toBe(404);
      expect((await put(as.coordinator, url, { version: 1, posts: [{ id: b.id }], deleted: [b.id] })).statusCode).toBe(400);
      expect((await get<SocialResponse>(as.coordinator, url)).posts).toHaveLength(2);

      const res = await put(as.coordinator, url, { version: 1, posts: [{ id: 'new-d', platform: 'TikTok' }], deleted: [a.id] });
      expect(res.statusCode, res.body).toBe(200);
      const after = res.json() as SocialResponse;
      expect(after.version).toBe(2);
      expect(after.posts.map((p) => p.id)).toContain(b.id);
      expect(after.posts.map((p) => p.id)).not.toContain(a.id);
      expect(after.posts.map((p) => p.platform).sort()).toEqual(['Instagram', 'TikTok']);
      expect((await put(as.creative, url, { version: 2, posts: [], deleted: [b.id] })).statusCode).toBe(403);
    });

    it('after the lock a coordinator may not save or delete posts, and Lock Sunday is no longer offered; an admin may', async () => {
      const date = freshSunday();
      const url = `/api/sundays/${date}/social`;
      const saved = (await put(as.coordinator, url, { version: 0, posts: [{ id: 'new-a' }] })).json() as SocialResponse;
      await lock(date);
      const seen = await get<SocialResponse>(as.coordinator, url);
      expect(seen).toMatchObject({ isLocked: true, canEdit: false, canLock: false });
      expect((await put(as.coordinator, url, { version: 1, posts: [{ id: 'new-b' }] })).statusCode).toBe(422);
      expect((await put(as.coordinator, url, { version: 1, posts: [], deleted: [saved.posts[0].id] })).statusCode).toBe(422);
      expect((await put(as.admin, url, { version: 1, posts: [{ id: 'new-b' }] })).statusCode).toBe(200);
    });

    it('assets are files uploaded for this Sunday; their kind comes from the stored type', async () => {
      const date = freshSunday();
      const url = `/api/sundays/${date}/social`;
      const image = (await upload(as.coordinator, date, 'social', 'flyer.png', SAMPLE_FILES.png)).json() as PlanningFile;
      const video = (await upload(as.coordinator, date, 'social', 'clip.webm', SAMPLE_VIDEOS.webm)).json() as PlanningFile;
      const plan = (await upload(as.coordinator, date, 'plan', 'notes.pdf', SAMPLE_FILES.pdf)).json() as PlanningFile;
      const elsewhere = freshSunday();
      const foreign = (await upload(as.coordinator, elsewhere, 'social', 'other.png', SAMPLE_FILES.png)).json() as PlanningFile;

      const refused = [foreign, plan].map((f) => ({ version: 0, posts: [{ id: 'new-a', assets: [{ url: f.url, type: 'image' }] }] }));
      for (const body of refused) expect((await put(as.coordinator, url, body)).statusCode).toBe(400);
      const res = await put(as.coordinator, url, {
        version: 0,
        posts: [
          {
            id: 'new-a',
            assets: [
              { url: image.url, type: 'video' },
              { url: video.url, type: 'image' },
            ],
          },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as SocialResponse).posts[0].assets).toEqual([
        { url: image.url, type: 'image' },
        { url: video.url, type: 'video' },
      ]);
      const [row] = await t.ctx.db
        .select()
        .from(socialMediaPosts)
        .where(eq(socialMediaPosts.id, (res.json() as SocialResponse).posts[0].id));
      expect(row.assets).toHaveLength(2);
    });
  });

  describe('planning files', () => {
    it('stores a social image and video and a plan file, and answers the url and what was stored', async () => {
      const date = freshSunday();
      const res = await upload(as.coordinator, date, 'social', 'Flyer.PNG', SAMPLE_FILES.png);
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json() as PlanningFile;
      expect(body).toMatchObject({
        url: `/api/planning-files/${body.id}`,
        fileName: 'Flyer.PNG',
        fileType: 'image/png',
        fileSize: SAMPLE_FILES.png.length,
      });
      for (const [name, data, type] of [
        ['clip.mp4', SAMPLE_VIDEOS.mp4, 'video/mp4'],
        ['clip.m4v', SAMPLE_VIDEOS.mp4, 'video/mp4'],
        ['clip.mov', SAMPLE_VIDEOS.mov, 'video/quicktime'],
        ['clip.webm', SAMPLE_VIDEOS.webm, 'video/webm'],
      ] as const) {
        const up = await upload(as.coordinator, date, 'social', name, data);
        expect(up.statusCode, `${name}: ${up.body}`).toBe(201);
        expect(up.json().fileType).toBe(type);
      }
      for (const [name, data] of [
        ['run-sheet.pdf', SAMPLE_FILES.pdf],
        ['order.docx', SAMPLE_FILES.docx],
        ['budget.xlsx', SAMPLE_FILES.xlsx],
        ['photo.jpg', SAMPLE_FILES.jpg],
      ] as const) {
        expect((await upload(as.coordinator, date, 'plan', name, data)).statusCode, name).toBe(201);
      }
      const rows = await t.ctx.db.select().from(planningFiles).where(eq(planningFiles.sundayDate, date));
      expect(rows).toHaveLength(9);
      expect(rows.every((r) => r.uploadedBy === team.coordinator.id)).toBe(true);
    });

    it('refuses what each kind does not take (415), content that is not its extension (415) and files over 10 MB (413), storing nothing', async () => {
      const date = freshSunday();
      const cases: Array<[string, string, Buffer, number]> = [
        ['social', 'notes.pdf', SAMPLE_FILES.pdf, 415],
        ['plan', 'clip.mp4', SAMPLE_VIDEOS.mp4, 415],
        ['social', 'fake.mp4', SAMPLE_FILES.png, 415],
        ['social', 'fake.webm', Buffer.from('<html></html>'), 415],
        ['social', 'movie.mkv', SAMPLE_VIDEOS.matroska, 415],
        ['plan', 'virus.exe', Buffer.from('MZ'), 415],
        ['social', 'huge.png', Buffer.concat([SAMPLE_FILES.png, Buffer.alloc(10 * 1024 * 1024)]), 413],
      ];
      for (const [kind, name, data, status] of cases) {
        const res = await upload(as.coordinator, date, kind, name, data);
        expect(res.statusCode, `${kind} ${name}: ${res.body}`).toBe(status);
      }
      expect((await upload(as.coordinator, date, 'other', 'a.png', SAMPLE_FILES.png)).statusCode).toBe(400);
      expect(await t.ctx.db.select().from(planningFiles).where(eq(planningFiles.sundayDate, date))).toEqual([]);
    });

    it('uploads need coordinator rank, and after the lock an admin', async () => {
      const date = freshSunday();
      expect((await upload(as.creative, date, 'social', 'a.png', SAMPLE_FILES.png)).statusCode).toBe(403);
      expect((await upload(as.approver, date, 'plan', 'a.png', SAMPLE_FILES.png)).statusCode).toBe(403);
      await lock(date);
      const refused = await upload(as.coordinator, date, 'social', 'a.png', SAMPLE_FILES.png);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.code).toBe('sunday_locked');
      expect((await upload(as.admin, date, 'social', 'a.png', SAMPLE_FILES.png)).statusCode).toBe(201);
      const rows = await t.ctx.db.select().from(planningFiles).where(eq(planningFiles.sundayDate, date));
      expect(rows).toHaveLength(1);
    });

    it('serves files to those who read the Sunday: attachment unless inline is asked for a picture or video, nosniff, private no-store', async () => {
      const date = freshSunday();
      const image = (await upload(as.coordinator, date, 'social', 'flyer.png', SAMPLE_FILES.png)).json() as PlanningFile;
      const video = (await upload(as.coordinator, date, 'social', 'clip.mp4', SAMPLE_VIDEOS.mp4)).json() as PlanningFile;
      const pdf = (await upload(as.coordinator, date, 'plan', 'run sheet.pdf', SAMPLE_FILES.pdf)).json() as PlanningFile;

      const plain = await as.coordinator.inject({ method: 'GET', url: image.url });
      expect(plain.statusCode).toBe(200);
      expect(plain.rawPayload.equals(SAMPLE_FILES.png)).toBe(true);
      expect(plain.headers).toMatchObject({
        'content-type': 'image/png',
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      });
      expect(plain.headers['content-disposition']).toMatch(/^attachment; filename="flyer.png"/);
      const inline = await as.admin.inject({ method: 'GET', url: `${image.url}?disposition=inline` });
      expect(inline.headers['content-disposition']).toMatch(/^inline/);
      const inlineVideo = await as.admin.inject({ method: 'GET', url: `${video.url}?disposition=inline` });
      expect(inlineVideo.headers['content-type']).toBe('video/mp4');
      expect(inlineVideo.headers['content-disposition']).toMatch(/^inline/);
      const pdfInline = await as.coordinator.inject({ method: 'GET', url: `${pdf.url}?disposition=inline` });
      expect(pdfInline.headers['content-disposition']).toMatch(/^attachment; filename="run sheet.pdf"/);

      // Creatives read the Sunday of their work, its files too (decision 0058); requesters do not.
      expect((await as.creative.inject({ method: 'GET', url: image.url })).statusCode).toBe(200);
      expect((await as.requester.inject({ method: 'GET', url: image.url })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(401);
      expect((await as.coordinator.inject({ method: 'GET', url: `/api/planning-files/${MISSING}` })).statusCode).toBe(404);
    });
  });

  it('the service plan is made once, at the first save, whatever editor saves first', async () => {
    const date = freshSunday();
    await put(as.coordinator, `/api/sundays/${date}/social`, { version: 0, posts: [{ id: 'new-a' }] });
    const res = await put(as.coordinator, `/api/sundays/${date}/videos`, { version: 1, videos: [{ title: 'x' }] });
    expect(res.statusCode, res.body).toBe(200);
    const plans = await t.ctx.db
      .select()
      .from(sundayPlans)
      .where(and(eq(sundayPlans.sundayDate, date), isNull(sundayPlans.runwayId)));
    expect(plans).toHaveLength(1);
    expect(plans[0].version).toBe(2);
  });
});
