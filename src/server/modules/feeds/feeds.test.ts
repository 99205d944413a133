import { randomBytes } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_FRESH_MS, FEED_SUNDAYS, FEEDS_MESSAGES, feedWindow, type CreatedFeed, type FeedsResponse } from '../../../shared/api/feeds';
import { addDaysIso, todayIn, upcomingSundays } from '../../../shared/domain/dates';
import { sundayLockInstant } from '../../../shared/domain/sunday-lock';
import { rowsOf, type Executor } from '../../platform/db/client';
import { requestViewers, users } from '../../platform/db/schema';
import { countWaves } from '../../test/statement-count';
import { sessionAgent } from '../../test/agent';
import { buildUser } from '../../test/factories';
import { BACKENDS, createTestApp, type Agent, type TestApp } from '../../test/harness';
import { dayLabel } from './ics';
import { buildItem, buildRequest, buildTeam, type Team } from '../../test/task-fixtures';

/** A parsed VEVENT: what a calendar app reads of it. */
interface Parsed {
  uid: string;
  summary: string;
  start: string;
  end: string;
  allDay: boolean;
  url: string | null;
  description: string;
  startInstant: Date;
}

function parseFeed(text: string): { name: string | null; events: Parsed[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe('vcalendar');
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  const events = calendar.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid,
      summary: e.summary,
      start: e.startDate.toString(),
      end: e.endDate.toString(),
      allDay: e.startDate.isDate,
      // The link to the app is the notes' last line.
      url: (e.description ?? '').split('\n').at(-1) || null,
      description: e.description ?? '',
      startInstant: e.startDate.toJSDate(),
    };
  });
  return { name: (calendar.getFirstPropertyValue('x-wr-calname') as string | null) ?? null, events };
}

const byUid = (events: Parsed[]) => new Map(events.map((e) => [e.uid, e]));
const pathOf = (url: string) => new URL(url).pathname;

/**
 * The app's clock, set by the test: a feed's text is kept FEED_FRESH_MS, so a test that changes
 * what a feed shows moves the clock past it (`later`) instead of waiting. It starts at 16:00 UTC
 * (morning in the church's zone), so the few periods a file passes stay within one church day.
 */
function testClock(t: TestApp) {
  let now = new Date(`${todayIn(t.ctx.config.churchTimeZone)}T16:00:00Z`);
  t.ctx.now = () => now;
  return {
    now: () => now,
    later: (ms = FEED_FRESH_MS + 1000) => {
      now = new Date(now.getTime() + ms);
    },
  };
}

describe.each(BACKENDS)('calendar feeds on %s', (backend) => {
  let t: TestApp;
  let db: Executor;
  let team: Team;
  let origin: string;
  let today: string;
  let clock: ReturnType<typeof testClock>;
  const as: Record<string, Agent> = {};
  const req: Record<string, { id: string; ministryId: string | null }> = {};
  const item: Record<string, string> = {};
  const day = (n: number) => addDaysIso(today, n);

  const create = async (agent: Agent, kind: 'personal' | 'team', body: object = {}) => {
    const res = await agent.inject({ method: 'POST', url: `/api/account/feeds/${kind}`, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CreatedFeed;
  };
  const fetchFeed = async (url: string) => t.app.inject({ method: 'GET', url: pathOf(url) });
  const feedOf = async (agent: Agent, kind: 'personal' | 'team', body: object = {}) => {
    const { url } = await create(agent, kind, body);
    const res = await fetchFeed(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    return parseFeed(res.body);
  };
  const uids = (events: Parsed[]) => events.map((e) => e.uid).sort();
  const event = (key: string) => `request-${req[key].id}-event@lampstand`;
  const promotion = (key: string) => `request-${req[key].id}-promotion@lampstand`;
  const task = (key: string) => `item-${item[key]}@lampstand`;
  const sundayUids = () =>
    upcomingSundays(t.ctx.config.churchTimeZone, FEED_SUNDAYS, clock.now()).flatMap((s) => [
      `sunday-${s}@lampstand`,
      `sunday-${s}-lock@lampstand`,
    ]);

  beforeAll(async () => {
    t = await createTestApp(backend);
    db = t.ctx.db;
    origin = t.ctx.config.appOrigin;
    clock = testClock(t);
    today = todayIn(t.ctx.config.churchTimeZone, clock.now());
    team = await buildTeam(db);
    const otherRequester = await buildUser(db, { role: 'requester' });
    for (const role of ['admin', 'coordinator', 'approver', 'creative', 'requester', 'viewer'] as const) {
      as[role] = await sessionAgent(t.app, team[role].id);
    }

    const own = await buildRequest(db, team.requester.id, {
      eventTitle: 'Easter Sunday',
      eventStartDate: day(10),
      eventEndDate: day(12),
      startTime: '18:00',
      endTime: '20:00',
      location: 'Main Hall',
      promotionStartDate: day(3),
      currentCoordinatorId: team.coordinator.id,
    });
    const other = await buildRequest(db, otherRequester.id, {
      eventTitle: 'Youth Winter Camp',
      eventStartDate: day(20),
      promotionStartDate: day(5),
    });
    const shared = await buildRequest(db, otherRequester.id, { eventTitle: 'Marriage Retreat', eventStartDate: day(30) });
    await db.insert(requestViewers).values([
      { requestId: shared.id, userId: team.viewer.id },
      { requestId: shared.id, userId: team.requester.id },
    ]);
    // Began two months ago and ended ten days ago: in the window by its end.
    const recent = await buildRequest(db, team.requester.id, {
      eventTitle: 'Lent Series',
      eventStartDate: day(-60),
      eventEndDate: day(-10),
    });
    // Outside the window (14 days back, 18 months ahead: one day past either end), archived or
    // cancelled: in no feed.
    const window = feedWindow(today);
    const longAgo = await buildRequest(db, team.requester.id, {
      eventTitle: 'Long Ago',
      eventStartDate: addDaysIso(window.from, -1),
      promotionStartDate: addDaysIso(window.from, -20),
    });
    const farAhead = await buildRequest(db, team.requester.id, {
      eventTitle: 'Far Ahead',
      eventStartDate: addDaysIso(window.to, 1),
      promotionStartDate: addDaysIso(window.to, 1),
    });
    // On the window's first and last day: in it.
    const edges = await buildRequest(db, team.requester.id, {
      eventTitle: 'At The Edges',
      eventStartDate: window.to,
      promotionStartDate: window.from,
    });
    const cancelled = await buildRequest(db, team.requester.id, {
      eventTitle: 'Cancelled Picnic',
      eventStartDate: day(16),
      status: 'cancelled',
    });
    const archived = await buildRequest(db, team.requester.id, {
      eventTitle: 'Archived Gala',
      eventStartDate: day(15),
      status: 'archived_onetime',
    });
    for (const [key, r] of Object.entries({ own, other, shared, recent, longAgo, farAhead, edges, cancelled, archived }))
      req[key] = { id: r.id, ministryId: r.ministryId };

    item.ownBanner = (
      await buildItem(db, own.id, { channel: 'banner', dueDate: day(7), assigneeId: team.creative.id, status: 'in_progress' })
    ).id;
    item.otherSlide = (await buildItem(db, other.id, { dueDate: day(8), assigneeId: team.creative.id })).id;
    item.otherUnassigned = (await buildItem(db, other.id, { dueDate: day(9) })).id;
    item.otherCreative2 = (await buildItem(db, other.id, { dueDate: day(9), assigneeId: team.creative2.id })).id;
    item.pendingExtra = (
      await buildItem(db, own.id, {
        dueDate: day(6),
        assigneeId: team.creative.id,
        isAdditionalRequest: true,
        additionalRequestStatus: 'pending',
      })
    ).id;
    item.archivedTask = (await buildItem(db, archived.id, { dueDate: day(6), assigneeId: team.creative.id })).id;
    item.farTask = (await buildItem(db, other.id, { dueDate: addDaysIso(window.to, 1), assigneeId: team.creative.id })).id;
    item.cancelledTask = (await buildItem(db, cancelled.id, { dueDate: day(6), assigneeId: team.creative.id })).id;
    item.undated = (await buildItem(db, other.id, { dueDate: null, assigneeId: team.creative.id })).id;
  });
  afterAll(async () => t.close());

  describe('the personal feed, event by event per role', () => {
    it('a requester gets the dates of what they requested and what is shared with them, and nothing else', async () => {
      const { events, name } = await feedOf(as.requester, 'personal');
      expect(name).toBe('Lampstand');
      expect(uids(events)).toEqual(
        [event('own'), promotion('own'), event('shared'), event('recent'), event('edges'), promotion('edges')].sort(),
      );
      const e = byUid(events);
      expect(e.get(event('own'))).toMatchObject({
        summary: 'Easter Sunday',
        start: day(10),
        end: day(13), // all-day DTEND is exclusive: the day after the last
        allDay: true,
        url: `${origin}/request/${req.own.id}`,
      });
      expect(e.get(event('own'))!.description).toContain('Time: 6:00 PM - 8:00 PM');
      expect(e.get(event('own'))!.description).toContain(`${origin}/request/${req.own.id}`);
      expect(e.get(promotion('own'))).toMatchObject({
        summary: 'Promotion starts: Easter Sunday',
        start: day(3),
        end: day(4),
        allDay: true,
      });
      expect(e.get(event('recent'))).toMatchObject({ start: day(-60), end: day(-9) });
    });

    it('a viewer gets only the requests shared with them', async () => {
      const { events } = await feedOf(as.viewer, 'personal');
      expect(uids(events)).toEqual([event('shared')]);
      expect(events[0]).toMatchObject({ summary: 'Marriage Retreat', start: day(30), url: `${origin}/request/${req.shared.id}` });
    });

    it('a creative gets the dates of the requests they work on and the due dates of their own tasks on the board, not the whole church', async () => {
      const { events } = await feedOf(as.creative, 'personal');
      const requests = [event('own'), promotion('own'), event('other'), promotion('other')];
      expect(uids(events)).toEqual([...requests, task('ownBanner'), task('otherSlide')].sort());
      const banner = byUid(events).get(task('ownBanner'))!;
      expect(banner).toMatchObject({
        summary: 'Banner due: Easter Sunday',
        start: day(7),
        end: day(8),
        allDay: true,
        url: `${origin}/request/${req.own.id}`,
      });
      expect(banner.description).toContain('Status: In Progress');
    });

    it("a coordinator's personal feed holds the requests they coordinate, no Sundays and no one else's tasks", async () => {
      const { events } = await feedOf(as.coordinator, 'personal');
      expect(uids(events)).toEqual([event('own'), promotion('own')].sort());
    });

    it('the same rows give the same events, UIDs and text on every fetch', async () => {
      const { url } = await create(as.creative, 'personal');
      const first = await fetchFeed(url);
      const second = await fetchFeed(url);
      expect(second.body).toBe(first.body);
      expect(uids(parseFeed(second.body).events)).toEqual(uids(parseFeed(first.body).events));
    });
  });

  describe('conditional requests', () => {
    it('answers 304 with no body to If-None-Match or If-Modified-Since while nothing changed', async () => {
      const { url } = await create(as.requester, 'personal');
      const first = await fetchFeed(url);
      const etag = first.headers.etag as string;
      const lastModified = first.headers['last-modified'] as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(Number.isNaN(Date.parse(lastModified))).toBe(false);
      const again = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: pathOf(url), headers });
      const conditions: Array<Record<string, string>> = [
        { 'if-none-match': etag },
        { 'if-none-match': `"other", W/${etag}` },
        { 'if-modified-since': lastModified },
        { 'if-modified-since': new Date(Date.parse(lastModified) + 60_000).toUTCString() },
      ];
      for (const headers of conditions) {
        const res = await again(headers);
        expect(res.statusCode, JSON.stringify(headers)).toBe(304);
        expect(res.body).toBe('');
        expect(res.headers.etag).toBe(etag);
      }
      expect((await again({ 'if-none-match': '"other"' })).statusCode).toBe(200);
      expect((await again({ 'if-modified-since': new Date(Date.parse(lastModified) - 1000).toUTCString() })).statusCode).toBe(200);
      // If-None-Match decides when both are sent.
      expect((await again({ 'if-none-match': '"other"', 'if-modified-since': lastModified })).statusCode).toBe(200);
    });

    it('gives a new ETag and Last-Modified when anything in the feed changes, and 200 to the old ones', async () => {
      const agent = await sessionAgent(t.app, (await buildUser(db, { role: 'requester' })).id);
      const mine = await buildRequest(db, agent.userId, { eventTitle: 'Choir Night', eventStartDate: day(40) });
      const { url } = await create(agent, 'personal');
      const first = await fetchFeed(url);
      expect(first.body).toContain('SUMMARY:Choir Night');
      await db.execute(
        sql`update calendar_feeds set body_changed_at = body_changed_at - interval '1 hour' where user_id = ${agent.userId}`,
      );
      const stale = (await fetchFeed(url)).headers['last-modified'] as string;
      await db.execute(sql`update requests set event_title = 'Choir Evening', updated_at = now() where id = ${mine.id}`);
      clock.later();
      const changed = await fetchFeed(url);
      expect(changed.headers.etag).not.toBe(first.headers.etag);
      expect(Date.parse(changed.headers['last-modified'] as string)).toBeGreaterThan(Date.parse(stale));
      expect(changed.body).toContain('SUMMARY:Choir Evening');
      const old = await t.app.inject({ method: 'GET', url: pathOf(url), headers: { 'if-none-match': first.headers.etag as string } });
      expect(old.statusCode).toBe(200);
      const since = await t.app.inject({ method: 'GET', url: pathOf(url), headers: { 'if-modified-since': stale } });
      expect(since.statusCode).toBe(200);
      // A request that leaves the feed (moved out of the window) changes it too.
      await db.execute(sql`update requests set event_start_date = ${addDaysIso(feedWindow(today).to, 30)} where id = ${mine.id}`);
      clock.later();
      const left = await fetchFeed(url);
      expect(left.headers.etag).not.toBe(changed.headers.etag);
      expect(left.body).not.toContain('Choir');
    });
  });

  describe('the stored text', () => {
    const ownedFeed = async () => {
      const agent = await sessionAgent(t.app, (await buildUser(db, { role: 'requester' })).id);
      const mine = await buildRequest(db, agent.userId, { eventTitle: 'Prayer Breakfast', eventStartDate: day(21) });
      const { url } = await create(agent, 'personal');
      return { agent, mine, url };
    };
    const retitle = (id: string, title: string) =>
      db.execute(sql`update requests set event_title = ${title}, updated_at = now() where id = ${id}`);

    it('answers a poll within the freshness period from the text stored, in one statement, without reading the rows', async () => {
      const { mine, url } = await ownedFeed();
      const first = await fetchFeed(url);
      expect(first.body).toContain('SUMMARY:Prayer Breakfast');
      await retitle(mine.id, 'Prayer Brunch');
      clock.later(FEED_FRESH_MS - 1000);
      const poll = await countWaves(db, () => fetchFeed(url));
      expect(poll.result.statusCode).toBe(200);
      expect(poll.result.body).toBe(first.body);
      expect(poll.result.headers.etag).toBe(first.headers.etag);
      expect(poll.statements).toBe(1);
      // Past the period the text is built again and shows the change.
      clock.later(2000);
      const rebuilt = await fetchFeed(url);
      expect(rebuilt.body).toContain('SUMMARY:Prayer Brunch');
      expect(rebuilt.headers.etag).not.toBe(first.headers.etag);
    });

    it('answers 304 to a matching ETag from the stored one in one statement, and the stored text to a stale one', async () => {
      const { mine, url } = await ownedFeed();
      const first = await fetchFeed(url);
      const etag = first.headers.etag as string;
      await retitle(mine.id, 'Prayer Supper');
      const conditional = (tag: string) =>
        countWaves(db, () => t.app.inject({ method: 'GET', url: pathOf(url), headers: { 'if-none-match': tag } }));
      const notModified = await conditional(etag);
      expect(notModified.result.statusCode).toBe(304);
      expect(notModified.result.body).toBe('');
      expect(notModified.statements).toBe(1);
      const other = await conditional('"other"');
      expect(other.result.statusCode).toBe(200);
      expect(other.result.body).toBe(first.body);
      // The token with its owner and the text's build instant: this instance holds that text, no rows read.
      expect(other.statements).toBe(1);
      clock.later();
      const changed = await conditional(etag);
      expect(changed.result.statusCode).toBe(200);
      expect(changed.result.body).toContain('SUMMARY:Prayer Supper');
    });

    it('is stored gzip-compressed with the feed, shared by every app instance, and sent as it is to a client that takes gzip', async () => {
      const { agent, url } = await ownedFeed();
      const plain = await fetchFeed(url);
      const zipped = await t.app.inject({ method: 'GET', url: pathOf(url), headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(zipped.statusCode).toBe(200);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(zipped.headers.vary).toContain('accept-encoding');
      expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const refused = await t.app.inject({ method: 'GET', url: pathOf(url), headers: { 'accept-encoding': 'gzip;q=0, identity' } });
      expect(refused.headers['content-encoding']).toBeUndefined();
      expect(refused.body).toBe(plain.body);
      const [row] = rowsOf<{ body_gzip: Uint8Array; body_etag: string }>(
        await db.execute(sql`select body_gzip, body_etag from calendar_feeds where user_id = ${agent.userId} and kind = 'personal'`),
      );
      expect(gunzipSync(Buffer.from(row.body_gzip)).toString('utf8')).toBe(plain.body);
      expect(row.body_etag).toBe(plain.headers.etag);
    });

    it('answers the text another app instance stored since, not the one this instance sent before', async () => {
      const { agent, url } = await ownedFeed();
      const first = await fetchFeed(url);
      expect(first.statusCode).toBe(200);
      clock.later(1000);
      const other = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Lampstand//Calendar feed//EN\r\nEND:VCALENDAR\r\n';
      await db.execute(sql`
        update calendar_feeds set body_gzip = ${gzipSync(other)}, body_built_at = ${clock.now().toISOString()}::timestamptz,
               body_etag = '"built-elsewhere"'
        where user_id = ${agent.userId} and kind = 'personal'`);
      // A conditional request that does not match reads the stored text: the token, then the text.
      const conditional = await countWaves(db, () =>
        t.app.inject({ method: 'GET', url: pathOf(url), headers: { 'if-none-match': first.headers.etag as string } }),
      );
      expect(conditional.result.statusCode).toBe(200);
      expect(conditional.result.body).toBe(other);
      expect(conditional.statements).toBe(2);
      const second = await fetchFeed(url);
      expect(second.body).toBe(other);
      expect(second.headers.etag).toBe('"built-elsewhere"');
    });

    it('regenerating the link drops it (the new link shows the change at once); revoking deletes it', async () => {
      const { agent, mine, url } = await ownedFeed();
      expect((await fetchFeed(url)).body).toContain('SUMMARY:Prayer Breakfast');
      await retitle(mine.id, 'Prayer Lunch');
      const again = await create(agent, 'personal');
      expect((await fetchFeed(again.url)).body).toContain('SUMMARY:Prayer Lunch');
      expect((await agent.inject({ method: 'DELETE', url: '/api/account/feeds/personal' })).statusCode).toBe(204);
      expect((await fetchFeed(again.url)).statusCode).toBe(404);
      expect(rowsOf(await db.execute(sql`select id from calendar_feeds where user_id = ${agent.userId}`))).toEqual([]);
    });

    it("a text built for another role of the owner is not answered: a demoted owner's feed is built again at once", async () => {
      const person = await buildUser(db, { role: 'coordinator' });
      const requester = await buildUser(db, { role: 'requester' });
      await buildRequest(db, requester.id, { eventTitle: 'Coordinated Retreat', eventStartDate: day(14), currentCoordinatorId: person.id });
      const { url } = await create(await sessionAgent(t.app, person.id), 'personal');
      expect((await fetchFeed(url)).body).toContain('Coordinated Retreat');
      await db.update(users).set({ role: 'viewer' }).where(eq(users.id, person.id));
      expect((await fetchFeed(url)).body).not.toContain('Coordinated Retreat');
    });
  });

  describe('the team feed', () => {
    it('holds every live request as one event, its promotion start in the notes, no tasks, and the next six Sundays with their lock times', async () => {
      const { events: all, name } = await feedOf(as.coordinator, 'team', { ministryId: null });
      expect(name).toBe('Lampstand team');
      // Other tests add requests of their own: this one judges the fixtures' events (and Sundays).
      const fixtures = new Set([
        ...Object.keys(req).flatMap((key) => [event(key), promotion(key)]),
        ...Object.keys(item).map(task),
        ...sundayUids(),
      ]);
      const events = all.filter((e) => fixtures.has(e.uid));
      const requests = [event('own'), event('other'), event('shared'), event('recent'), event('edges')];
      expect(uids(events)).toEqual([...requests, ...sundayUids()].sort());
      const e = byUid(events);
      expect(e.get(event('own'))!.description.split('\n')).toEqual([
        'Time: 6:00 PM - 8:00 PM',
        expect.stringMatching(/^Ministry: /),
        `Promotion starts: ${dayLabel(day(3))}`,
        `${origin}/request/${req.own.id}`,
      ]);
      // The edges' promotion starts on the window's first day and its event on the last: one event, its promotion in the notes.
      expect(e.get(event('edges'))!.description).toContain(`Promotion starts: ${dayLabel(feedWindow(today).from)}`);
      for (const sunday of upcomingSundays(t.ctx.config.churchTimeZone, FEED_SUNDAYS, clock.now())) {
        expect(e.get(`sunday-${sunday}@lampstand`)).toMatchObject({ start: sunday, allDay: true, url: `${origin}/runways` });
        const lock = e.get(`sunday-${sunday}-lock@lampstand`)!;
        expect(lock.allDay).toBe(false);
        expect(lock.startInstant.toISOString()).toBe(sundayLockInstant(sunday, t.ctx.config.churchTimeZone).toISOString());
      }
    });

    it('narrows to one ministry, stored on the feed, the URL unchanged', async () => {
      const { url } = await create(as.admin, 'team', { ministryId: req.own.ministryId });
      const narrowed = parseFeed((await fetchFeed(url)).body).events;
      expect(uids(narrowed)).toEqual([event('own'), ...sundayUids()].sort());

      const patched = await as.admin.inject({
        method: 'PATCH',
        url: '/api/account/feeds/team',
        payload: { ministryId: req.other.ministryId },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      // A new filter drops the stored text: the next fetch, at once, is the other ministry's.
      const other = parseFeed((await fetchFeed(url)).body).events;
      expect(uids(other)).toEqual([event('other'), ...sundayUids()].sort());

      await as.admin.inject({ method: 'PATCH', url: '/api/account/feeds/team', payload: { ministryId: null } });
      expect(parseFeed((await fetchFeed(url)).body).events.length).toBeGreaterThan(other.length);
    });

    it('refuses a ministry that does not exist, and a filter without a team feed', async () => {
      const res = await as.coordinator.inject({
        method: 'POST',
        url: '/api/account/feeds/team',
        payload: { ministryId: '00000000-0000-4000-8000-000000000000' },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ error: { message: FEEDS_MESSAGES.unknownMinistry } });
      const fresh = await sessionAgent(t.app, (await buildUser(db, { role: 'coordinator' })).id);
      const patch = await fresh.inject({ method: 'PATCH', url: '/api/account/feeds/team', payload: { ministryId: null } });
      expect(patch.statusCode).toBe(404);
      expect(patch.json()).toMatchObject({ error: { message: FEEDS_MESSAGES.noTeamFeed } });
    });
  });

  describe('revocation and dead feeds', () => {
    const notFoundBody = { error: { code: 'not_found', message: 'Not found.' } };
    const expectDead = async (url: string) => {
      const res = await fetchFeed(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFoundBody);
      expect(res.body).not.toContain('VCALENDAR');
    };

    it('a wrong token, well formed or not, answers a bare 404', async () => {
      await expectDead(`${origin}/feeds/${randomBytes(32).toString('base64url')}.ics`);
      await expectDead(`${origin}/feeds/not-a-token.ics`);
    });

    it('a revoked feed answers 404; regenerating kills the old URL and the new one works', async () => {
      const agent = await sessionAgent(t.app, (await buildUser(db, { role: 'requester' })).id);
      const first = await create(agent, 'personal');
      expect((await fetchFeed(first.url)).statusCode).toBe(200);
      const second = await create(agent, 'personal');
      expect(second.url).not.toBe(first.url);
      await expectDead(first.url);
      expect((await fetchFeed(second.url)).statusCode).toBe(200);

      const revoke = await agent.inject({ method: 'DELETE', url: '/api/account/feeds/personal' });
      expect(revoke.statusCode).toBe(204);
      await expectDead(second.url);
      const list = (await agent.inject({ method: 'GET', url: '/api/account/feeds' })).json() as FeedsResponse;
      expect(list.feeds).toEqual([]);
    });

    it("deactivating the owner kills their feeds; a demoted coordinator's team feed dies and the personal one shrinks", async () => {
      const person = await buildUser(db, { role: 'coordinator' });
      // Requested by a person of its own: the shared requester's feed stays exactly the one set up above.
      const requester = await buildUser(db, { role: 'requester' });
      await buildRequest(db, requester.id, { eventTitle: 'Coordinated', eventStartDate: day(12), currentCoordinatorId: person.id });
      const agent = await sessionAgent(t.app, person.id);
      const personal = await create(agent, 'personal');
      const teamFeed = await create(agent, 'team');
      expect(parseFeed((await fetchFeed(personal.url)).body).events.length).toBeGreaterThan(0);

      await db.update(users).set({ role: 'viewer' }).where(eq(users.id, person.id));
      await expectDead(teamFeed.url);
      expect(parseFeed((await fetchFeed(personal.url)).body).events).toEqual([]);

      await db.update(users).set({ role: 'coordinator', active: false }).where(eq(users.id, person.id));
      await expectDead(personal.url);
      await expectDead(teamFeed.url);
    });

    it('an admin deactivating the person deletes their feeds: reactivated, they make new links', async () => {
      const person = await buildUser(db, { role: 'creative' });
      const { url } = await create(await sessionAgent(t.app, person.id), 'personal');
      expect((await fetchFeed(url)).statusCode).toBe(200);
      const off = await as.admin.inject({ method: 'PUT', url: `/api/admin/users/${person.id}/active`, payload: { active: false } });
      expect(off.statusCode, off.body).toBe(200);
      await expectDead(url);
      const on = await as.admin.inject({ method: 'PUT', url: `/api/admin/users/${person.id}/active`, payload: { active: true } });
      expect(on.statusCode, on.body).toBe(200);
      await expectDead(url);
      const list = (
        await (await sessionAgent(t.app, person.id)).inject({ method: 'GET', url: '/api/account/feeds' })
      ).json() as FeedsResponse;
      expect(list.feeds).toEqual([]);
    });

    it('lists the feeds with when they were made and last used, never their token', async () => {
      const agent = await sessionAgent(t.app, (await buildUser(db, { role: 'admin' })).id);
      const before = (await agent.inject({ method: 'GET', url: '/api/account/feeds' })).json() as FeedsResponse;
      expect(before).toMatchObject({ feeds: [], canHaveTeamFeed: true });
      expect(before.ministries.map((m) => m.id)).toContain(req.own.ministryId);
      const { url, feed } = await create(agent, 'personal');
      expect(feed.lastUsedAt).toBeNull();
      await fetchFeed(url);
      const res = await agent.inject({ method: 'GET', url: '/api/account/feeds' });
      const after = res.json() as FeedsResponse;
      expect(after.feeds).toHaveLength(1);
      expect(after.feeds[0].lastUsedAt).not.toBeNull();
      expect(res.body).not.toContain(pathOf(url).slice('/feeds/'.length, -'.ics'.length));

      const requester = (await as.requester.inject({ method: 'GET', url: '/api/account/feeds' })).json() as FeedsResponse;
      expect(requester).toMatchObject({ canHaveTeamFeed: false, ministries: [] });
    });

    it('stores only the hash of the token', async () => {
      const agent = await sessionAgent(t.app, (await buildUser(db, { role: 'viewer' })).id);
      const { url } = await create(agent, 'personal');
      const token = pathOf(url).slice('/feeds/'.length, -'.ics'.length);
      const rows = await db.execute(sql`select token_hash from calendar_feeds where user_id = ${agent.userId}`);
      const stored = JSON.stringify(rows);
      expect(stored).not.toContain(token);
    });

    it('a mutation without the session CSRF token is refused', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/feeds/personal',
        headers: { cookie: as.viewer.cookie },
        payload: {},
      });
      expect(res.statusCode).toBe(403);
    });
  });
});

describe.each(BACKENDS)('a feed of 5,000 tasks on %s', (backend) => {
  let t: TestApp;
  afterAll(async () => t?.close());

  it('answers in the same statements as a feed of one task, every task in it', async () => {
    t = await createTestApp(backend);
    const clock = testClock(t);
    const db = t.ctx.db;
    const team = await buildTeam(db);
    const today = todayIn(t.ctx.config.churchTimeZone, clock.now());
    const agent = await sessionAgent(t.app, team.creative.id);
    const request = await buildRequest(db, team.requester.id, { eventTitle: 'Big Campaign', eventStartDate: addDaysIso(today, 30) });
    await buildItem(db, request.id, { dueDate: today, assigneeId: team.creative.id });

    const create = await agent.inject({ method: 'POST', url: '/api/account/feeds/personal', payload: {} });
    const path = new URL((create.json() as CreatedFeed).url).pathname;
    const small = await countWaves(db, () => t.app.inject({ method: 'GET', url: path }));
    expect(small.result.statusCode).toBe(200);

    await db.execute(sql`
      insert into request_items (request_id, channel, status, due_date, assignee_id)
      select ${request.id}, 'sunday_slide', 'not_started', ${today}::date + (n % 300), ${team.creative.id}
      from generate_series(1, 4999) as n`);
    clock.later();
    const started = performance.now();
    const big = await countWaves(db, () => t.app.inject({ method: 'GET', url: path }));
    const ms = performance.now() - started;
    expect(big.result.statusCode).toBe(200);
    expect(big.statements).toBe(small.statements);
    // The token with its owner, the rows (the church's channel names are kept by the app), and the text stored.
    expect(big.statements).toBeLessThanOrEqual(3);
    // ical.js takes tens of seconds on 3 MB, so the whole body is checked by its lines (every UID,
    // once) and the parser reads the calendar with its first 100 events, cut at an event boundary.
    const body = big.result.body;
    const uidList = [...body.matchAll(/^UID:(.+)\r$/gm)].map((m) => m[1]);
    expect(uidList.filter((u) => u.startsWith('item-'))).toHaveLength(5000);
    expect(new Set(uidList).size).toBe(uidList.length);
    expect(body.split('BEGIN:VEVENT').length - 1).toBe(uidList.length);
    let cut = 0;
    for (let i = 0; i < 100; i++) cut = body.indexOf('END:VEVENT\r\n', cut) + 'END:VEVENT\r\n'.length;
    const sample = parseFeed(`${body.slice(0, cut)}END:VCALENDAR\r\n`).events;
    expect(sample).toHaveLength(100);
    expect(sample.every((e) => e.allDay && e.url === `${t.ctx.config.appOrigin}/request/${request.id}`)).toBe(true);
    console.info(`feed of 5,000 tasks on ${backend}: ${Math.round(ms)} ms, ${big.result.body.length} characters`);
  }, 180_000);
});
