import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BACKENDS, createTestApp, signIn, type Agent, type TestApp } from '../../test/harness';
import { buildMinistry, buildUser, TEST_PASSWORD } from '../../test/factories';
import { DEMO_PASSWORD } from '../../platform/db/seed-demo';
import { ministries, requestItems, requests, requestViewers, users } from '../../platform/db/schema';
import { addDaysIso, todayIn } from '../../../shared/domain/dates';
import type {
  ArchiveResponse,
  EventPromotionsResponse,
  IntakeResponse,
  MinistryDto,
  MyRequestsResponse,
  PersonDto,
} from '../../../shared/api/requests';
import type { Executor } from '../../platform/db/client';

async function buildRequest(
  db: Executor,
  overrides: Partial<typeof requests.$inferInsert> & { requesterId: string },
): Promise<typeof requests.$inferSelect> {
  const [row] = await db
    .insert(requests)
    .values({ eventTitle: `Event ${Math.random().toString(36).slice(2, 8)}`, ...overrides })
    .returning();
  return row;
}

const titles = (rows: Array<{ eventTitle: string }>) => rows.map((r) => r.eventTitle);

describe.each(BACKENDS)('request lists on %s', (backend) => {
  let t: TestApp;
  const as: Record<string, Agent> = {};
  let ids: Record<string, string> = {};
  let today: string;

  beforeAll(async () => {
    t = await createTestApp(backend, { seed: true });
    today = todayIn(t.ctx.config.churchTimeZone);
    for (const role of ['admin', 'coordinator', 'approver', 'creative', 'requester', 'viewer']) {
      as[role] = await signIn(t.app, `${role}@example.org`, DEMO_PASSWORD);
    }
    const rows = await t.ctx.db.select({ id: users.id, email: users.email }).from(users);
    ids = Object.fromEntries(rows.map((r) => [r.email.split('@')[0], r.id]));
    // Someone else's requests, one shared with the coordinator: read (never changed) by several tests.
    const other = await buildUser(t.ctx.db, { role: 'requester', fullName: 'Olive Other' });
    await buildRequest(t.ctx.db, { requesterId: other.id, eventTitle: 'Unrelated Concert' });
    const shared = await buildRequest(t.ctx.db, { requesterId: other.id, eventTitle: 'Shared Potluck' });
    await t.ctx.db.insert(requestViewers).values({ requestId: shared.id, userId: ids.coordinator });
  });
  afterAll(async () => t.close());

  const get = async <T>(role: string, url: string) => {
    const res = await as[role].inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };

  /** One section of My Requests: the first page's rows and its (capped) count. */
  const section = async (role: string, name: 'mine' | 'team' | 'all', query = '') => {
    const body = await get<MyRequestsResponse>(role, `/api/requests/mine?section=${name}${query ? `&${query}` : ''}`);
    return { rows: body.rows, count: body.total!.count, body };
  };

  describe('GET /api/requests/mine', () => {
    it('answers 401 signed out and 400 for a bad query', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/requests/mine' })).statusCode).toBe(401);
      for (const q of ['status=archived_onetime', 'status=nope', 'coordinatorId=someone', 'ministryId=1', 'section=other', 'cursor=nope']) {
        expect((await as.coordinator.inject({ method: 'GET', url: `/api/requests/mine?${q}` })).statusCode).toBe(400);
      }
    });

    it('shows a requester only their own requests, archived excluded, newest first', async () => {
      expect((await section('requester', 'team')).rows).toEqual([]);
      const mine = await section('requester', 'mine');
      const all = await section('requester', 'all');
      expect(all.rows).toEqual(mine.rows);
      expect(mine.count).toBe(mine.rows.length);
      expect(mine.body).toMatchObject({ nextCursor: null, total: { more: false } });
      expect(titles(mine.rows)).toContain('Easter Family Picnic');
      expect(titles(mine.rows)).not.toContain('Youth Winter Camp'); // the coordinator's own request
      expect(titles(mine.rows)).not.toContain('Summer Block Party'); // archived
      const times = mine.rows.map((r) => r.submittedAt);
      expect([...times].sort().reverse()).toEqual(times);
      expect(mine.rows.every((r) => r.requesterName === 'Ruth Requester')).toBe(true);
    });

    it('shows a viewer only the requests shared with them', async () => {
      expect((await section('viewer', 'mine')).rows).toEqual([]);
      expect(titles((await section('viewer', 'team')).rows)).toEqual(['Marriage Retreat']);
      expect(titles((await section('viewer', 'all')).rows)).toEqual(['Marriage Retreat']);
      const lonely = await buildUser(t.ctx.db, { role: 'viewer' });
      const agent = await signIn(t.app, lonely.email, TEST_PASSWORD);
      const empty = (await agent.inject({ method: 'GET', url: '/api/requests/mine' })).json() as MyRequestsResponse;
      expect(empty).toMatchObject({ rows: [], total: { count: 0, more: false }, nextCursor: null });
    });

    it('shows creatives and approvers only their own requests', async () => {
      for (const role of ['creative', 'approver']) {
        expect((await section(role, 'all')).count + (await section(role, 'team')).count).toBe(0);
      }
    });

    it('shows a coordinator what they coordinate, requested or are shared on, not unrelated requests', async () => {
      const mine = await section('coordinator', 'mine');
      expect(titles(mine.rows).sort()).toEqual(['Parking Lot Prayer Walk', 'Serve Day', 'Youth Winter Camp']);
      expect(mine.count).toBe(3);
      const teamSection = await section('coordinator', 'team');
      const team = titles(teamSection.rows);
      expect(team).toContain('Shared Potluck');
      expect(team).toContain('Marriage Retreat');
      expect(team).not.toContain('Unrelated Concert');
      expect(team).not.toContain('Easter Family Picnic'); // no coordinator yet
      expect(team).not.toContain('Summer Block Party'); // archived
      expect(teamSection.rows.find((r) => r.eventTitle === 'Shared Potluck')?.coordinatorName).toBeNull();
      expect(teamSection.rows.find((r) => r.eventTitle === 'Marriage Retreat')?.coordinatorName).toBe('Caleb Coordinator');
      // `all` is both sections in one newest-first list.
      const all = await section('coordinator', 'all');
      expect(titles(all.rows).sort()).toEqual([...titles(mine.rows), ...team].sort());
      expect(all.count).toBe(mine.count + teamSection.count);
      // An admin who is neither coordinator, requester nor viewer of anything sees nothing.
      expect((await section('admin', 'all')).count).toBe(0);
    });

    it('filters by search (title or requester name), status, ministry and coordinator', async () => {
      const search = await section('coordinator', 'team', 'search=RETREAT');
      expect(titles(search.rows)).toEqual(['Marriage Retreat']);
      const byName = await section('coordinator', 'team', 'search=olive');
      expect(titles(byName.rows)).toEqual(['Shared Potluck']);
      const wildcard = await section('coordinator', 'all', `search=${encodeURIComponent('%')}`);
      expect(wildcard.count).toBe(0);
      expect(titles((await section('coordinator', 'mine', 'status=scheduled')).rows)).toEqual(['Serve Day']);
      expect((await section('coordinator', 'team', 'status=scheduled')).rows).toEqual([]);
      const [youth] = await t.ctx.db.select().from(ministries).where(eq(ministries.name, 'Youth'));
      const ministry = await section('coordinator', 'all', `ministryId=${youth.id}`);
      expect(ministry.rows.every((r) => r.ministryName === 'Youth')).toBe(true);
      expect(titles((await section('coordinator', 'mine', `ministryId=${youth.id}`)).rows)).toEqual(['Youth Winter Camp']);
      expect(titles((await section('coordinator', 'team', 'coordinatorId=unassigned')).rows)).toEqual(['Shared Potluck']);
      expect(titles((await section('coordinator', 'mine', 'coordinatorId=unassigned')).rows)).toEqual(['Parking Lot Prayer Walk']);
      const assigned = await section('coordinator', 'team', `coordinatorId=${ids.coordinator}`);
      expect(assigned.rows.every((r) => r.coordinatorName === 'Caleb Coordinator')).toBe(true);
    });

    it('shows the on-behalf-of name in place of the requester', async () => {
      const me = await buildUser(t.ctx.db, { role: 'requester' });
      await buildRequest(t.ctx.db, { requesterId: me.id, requesterNameOverride: 'Pastor Paul', eventTitle: 'Prayer Night' });
      const agent = await signIn(t.app, me.email, TEST_PASSWORD);
      const body = (await agent.inject({ method: 'GET', url: '/api/requests/mine?search=paul' })).json() as MyRequestsResponse;
      expect(body.rows.map((r) => r.requesterName)).toEqual(['Pastor Paul']);
    });
  });

  describe('look-ups', () => {
    it('lists active ministries by name, or all with all=1', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/ministries' })).statusCode).toBe(401);
      const active = await get<MinistryDto[]>('viewer', '/api/ministries');
      const names = active.map((m) => m.name);
      expect(names).toEqual([...names].sort());
      expect(names).not.toContain('Facilities (archived)');
      expect(active.find((m) => m.name === 'Worship')?.defaultTier).toBe('A');
      const all = await get<MinistryDto[]>('viewer', '/api/ministries?all=1');
      expect(all.map((m) => m.name)).toContain('Facilities (archived)');
      expect((await as.viewer.inject({ method: 'GET', url: '/api/ministries?all=yes' })).statusCode).toBe(400);
    });

    it('lists active admins and coordinators for coordinators only', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/users/coordinators' })).statusCode).toBe(401);
      expect((await as.approver.inject({ method: 'GET', url: '/api/users/coordinators' })).statusCode).toBe(403);
      await buildUser(t.ctx.db, { role: 'coordinator', fullName: 'Zed Gone', active: false });
      const people = await get<PersonDto[]>('coordinator', '/api/users/coordinators');
      expect(people.map((p) => p.fullName)).toEqual(['Caleb Coordinator', 'Grace Admin']);
    });
  });

  describe('GET /api/intake', () => {
    it('answers 401 signed out, 403 for an approver and 400 for a bad status', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/intake' })).statusCode).toBe(401);
      expect((await as.approver.inject({ method: 'GET', url: '/api/intake' })).statusCode).toBe(403);
      expect((await as.coordinator.inject({ method: 'GET', url: '/api/intake?status=needs_approval' })).statusCode).toBe(400);
    });

    it('lists every non-archived request, soonest promotion first', async () => {
      const body = await get<IntakeResponse>('admin', '/api/intake');
      const names = titles(body.rows);
      expect(names).toContain('Unrelated Concert');
      expect(names).not.toContain('Summer Block Party');
      expect(names).not.toContain('Building Dedication');
      const dated = body.rows.map((r) => r.promotionStartDate).filter((d): d is string => d !== null);
      expect(dated).toEqual([...dated].sort());
      // Requests without a promotion date come last.
      const firstNull = body.rows.findIndex((r) => r.promotionStartDate === null);
      expect(firstNull === -1 || body.rows.slice(firstNull).every((r) => r.promotionStartDate === null)).toBe(true);
      expect(body.total).toEqual({ count: body.rows.length, more: false });
      expect(body.nextCursor).toBeNull();
    });

    it('filters by status, ministry and search', async () => {
      const submitted = await get<IntakeResponse>('coordinator', '/api/intake?status=submitted');
      expect(submitted.rows.every((r) => r.status === 'submitted')).toBe(true);
      expect(titles(submitted.rows)).toContain('Easter Family Picnic');
      // 'In Progress' is work under way: the requests in production, and the stored 'in_progress'.
      const inProgress = await get<IntakeResponse>('coordinator', '/api/intake?status=in_progress');
      expect(titles(inProgress.rows)).toContain('Men’s Breakfast');
      expect(inProgress.rows.some((r) => r.status === 'in_production')).toBe(true);
      expect(inProgress.rows.every((r) => r.status === 'in_production' || r.status === 'in_progress')).toBe(true);
      const [kids] = await t.ctx.db.select().from(ministries).where(eq(ministries.name, 'Kids'));
      const byMinistry = await get<IntakeResponse>('coordinator', `/api/intake?ministryId=${kids.id}`);
      expect(titles(byMinistry.rows).sort()).toEqual(['Fall Festival', 'Kids VBS Registration']);
      const search = await get<IntakeResponse>('coordinator', '/api/intake?search=festival');
      expect(titles(search.rows)).toEqual(['Fall Festival']);
    });
  });

  describe('GET /api/archive', () => {
    it('answers 401 signed out, 403 for a viewer and 400 without a kind', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/archive?kind=recurring' })).statusCode).toBe(401);
      expect((await as.viewer.inject({ method: 'GET', url: '/api/archive?kind=recurring' })).statusCode).toBe(403);
      expect((await as.requester.inject({ method: 'GET', url: '/api/archive' })).statusCode).toBe(400);
      expect((await as.requester.inject({ method: 'GET', url: '/api/archive?kind=other' })).statusCode).toBe(400);
    });

    it('shows coordinators every archived request of the kind, newest archived first', async () => {
      const other = await buildUser(t.ctx.db, { role: 'requester' });
      const now = Date.now();
      await buildRequest(t.ctx.db, {
        requesterId: other.id,
        eventTitle: 'Old Gala',
        status: 'archived_onetime',
        archivedAt: new Date(now - 30 * 86_400_000),
      });
      await buildRequest(t.ctx.db, {
        requesterId: other.id,
        eventTitle: 'New Gala',
        status: 'archived_onetime',
        archivedAt: new Date(now),
      });
      const onetime = await get<ArchiveResponse>('coordinator', '/api/archive?kind=onetime');
      expect(titles(onetime.rows)).toEqual(['New Gala', 'Building Dedication', 'Old Gala']);
      const recurring = await get<ArchiveResponse>('coordinator', '/api/archive?kind=recurring');
      expect(titles(recurring.rows)).toEqual(['Summer Block Party']);
      expect(recurring.rows[0].archivedByName).toBe('Caleb Coordinator');
    });

    it('shows other roles only their own archived requests', async () => {
      const recurring = await get<ArchiveResponse>('requester', '/api/archive?kind=recurring');
      expect(titles(recurring.rows)).toEqual(['Summer Block Party']);
      const onetime = await get<ArchiveResponse>('requester', '/api/archive?kind=onetime');
      expect(onetime.rows).toEqual([]);
      const approver = await get<ArchiveResponse>('approver', '/api/archive?kind=onetime');
      expect(approver.rows).toEqual([]);
    });
  });

  describe('GET /api/event-promotions', () => {
    it('answers 401 signed out, 403 for a viewer and 400 for a bad window or tier', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/event-promotions' })).statusCode).toBe(401);
      expect((await as.viewer.inject({ method: 'GET', url: '/api/event-promotions' })).statusCode).toBe(403);
      // Every tier of the church's configuration is a filter (decision 0056); a code it lacks is not.
      for (const q of ['days=7', 'tier=ZZ', 'tier=a']) {
        expect((await as.requester.inject({ method: 'GET', url: `/api/event-promotions?${q}` })).statusCode).toBe(400);
      }
    });

    it('lists upcoming events within 90 days by default, soonest first, with item readiness', async () => {
      const body = await get<EventPromotionsResponse>('requester', '/api/event-promotions');
      expect(body.today).toBe(today);
      const names = titles(body.events);
      expect(names).toContain('Youth Winter Camp'); // the coordinator's request: a church-wide calendar
      expect(names).toContain('Fall Festival');
      expect(names).not.toContain('Kids VBS Registration'); // already past
      expect(names).not.toContain('Summer Block Party');
      const dates = body.events.map((e) => e.eventStartDate);
      expect(dates).toEqual([...dates].sort());
      expect(dates.every((d) => d >= today && d <= addDaysIso(today, 90))).toBe(true);
      const camp = body.events.find((e) => e.eventTitle === 'Youth Winter Camp')!;
      expect(camp).toMatchObject({
        itemCount: 6,
        doneCount: 1,
        readiness: 16,
        tier: 'B',
        ministryName: 'Youth',
        coordinatorName: 'Caleb Coordinator',
        requesterName: 'Caleb Coordinator',
      });
      const baptism = body.events.find((e) => e.eventTitle === 'Baptism Sunday')!;
      expect(baptism).toMatchObject({ itemCount: 3, doneCount: 3, readiness: 100 });
      // Every event is listed, but only those the drawer would open for the user can be viewed.
      expect(camp.canView).toBe(false);
      expect(body.events.find((e) => e.eventTitle === 'Easter Family Picnic')?.canView).toBe(true);
      const [serve] = await t.ctx.db.select().from(requests).where(eq(requests.eventTitle, 'Serve Day'));
      await t.ctx.db.insert(requestViewers).values({ requestId: serve.id, userId: ids.requester });
      const shared = await get<EventPromotionsResponse>('requester', '/api/event-promotions');
      expect(shared.events.find((e) => e.eventTitle === 'Serve Day')?.canView).toBe(true);
      const staff = await get<EventPromotionsResponse>('creative', '/api/event-promotions');
      expect(staff.events.every((e) => e.canView)).toBe(true);
      // The rejected additional item is not counted.
      const brunch = body.events.find((e) => e.eventTitle === "Women's Brunch")!;
      expect(brunch).toMatchObject({ itemCount: 3, doneCount: 1, readiness: 33 });
    });

    it('applies the day window and the tier filter', async () => {
      const month = await get<EventPromotionsResponse>('creative', '/api/event-promotions?days=30');
      expect(month.events.every((e) => e.eventStartDate <= addDaysIso(today, 30))).toBe(true);
      expect(titles(month.events)).not.toContain('Marriage Retreat');
      const requester = await buildUser(t.ctx.db);
      const far = await buildRequest(t.ctx.db, {
        requesterId: requester.id,
        eventTitle: 'Far Future Gala',
        tier: 'A',
        eventStartDate: addDaysIso(today, 400),
      });
      await t.ctx.db.insert(requestItems).values({ requestId: far.id, channel: 'sunday_slide', status: 'complete' });
      const year = await get<EventPromotionsResponse>('requester', '/api/event-promotions?days=365');
      expect(titles(year.events)).not.toContain('Far Future Gala');
      const all = await get<EventPromotionsResponse>('requester', '/api/event-promotions?days=upcoming');
      expect(all.events.at(-1)).toMatchObject({ eventTitle: 'Far Future Gala', readiness: 100 });
      const tierA = await get<EventPromotionsResponse>('requester', '/api/event-promotions?days=upcoming&tier=A');
      expect(tierA.events.every((e) => e.tier === 'A')).toBe(true);
      expect(titles(tierA.events)).toEqual(expect.arrayContaining(['Marriage Retreat', 'Serve Day', 'Far Future Gala']));
      const tierC = await get<EventPromotionsResponse>('requester', '/api/event-promotions?tier=C');
      expect(tierC.events.every((e) => e.tier === 'C')).toBe(true);
    });
  });

  it('lists an inactive ministry with all=1 in name order', async () => {
    const m = await buildMinistry(t.ctx.db, { name: 'Zeta Outreach', active: false });
    const all = await get<MinistryDto[]>('viewer', '/api/ministries?all=1');
    expect(all.at(-1)).toMatchObject({ id: m.id, active: false });
  });
});
