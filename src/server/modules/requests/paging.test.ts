import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { BACKENDS, createTestApp, signIn, type Agent, type TestApp } from '../../test/harness';
import { buildMinistry, buildUser, TEST_PASSWORD } from '../../test/factories';
import { requestItems, requests, requestViewers } from '../../platform/db/schema';
import { addDaysIso, todayIn } from '../../../shared/domain/dates';
import { EVENT_PROMOTIONS_LIMIT, LIST_COUNT_CAP, REQUEST_LIST_LIMIT, type ListCount } from '../../../shared/api/requests';
import type { Db, Executor } from '../../platform/db/client';
import { countQueries } from '../../test/two-instances';
import { listIntake, listIntakeBatch } from './queries';

/**
 * Keyset paging of the request lists (decision 0025): every page in the list's order, no row twice
 * and none skipped across pages, also when rows are written between two page requests; the first
 * page's count stops at the cap; and no page ever holds a row outside the user's scope.
 */

type Row = { id: string };
interface Page {
  rows?: Row[];
  events?: Row[];
  nextCursor: string | null;
  total: ListCount | null;
}

type NewRequest = Partial<typeof requests.$inferInsert> & { requesterId: string };

async function insertRequests(db: Executor, rows: NewRequest[]): Promise<string[]> {
  const out = await db
    .insert(requests)
    .values(rows.map((r, i) => ({ eventTitle: `Paged ${i}`, ...r })))
    .returning({ id: requests.id });
  return out.map((r) => r.id);
}

/** Reads every page of a list, running `between` after each page but the last; returns the pages' rows in order. */
async function walk(agent: Agent, url: string, between?: (page: number) => Promise<void>): Promise<{ ids: string[]; pages: Page[] }> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const sep = url.includes('?') ? '&' : '?';
    const res = await agent.inject({ method: 'GET', url: cursor ? `${url}${sep}cursor=${encodeURIComponent(cursor)}` : url });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as Page;
    pages.push(page);
    cursor = page.nextCursor;
    if (cursor && between) await between(pages.length);
    expect(pages.length).toBeLessThan(50);
  } while (cursor);
  const ids = pages.flatMap((p) => (p.rows ?? p.events ?? []).map((r) => r.id));
  return { ids, pages };
}

const noDuplicates = (ids: string[]) => expect(new Set(ids).size).toBe(ids.length);

/** A time `minutes` ago; several rows share one so the id must break the tie. */
const ago = (minutes: number) => new Date(Date.UTC(2025, 0, 1) - minutes * 60_000);

describe.each(BACKENDS)('request list paging on %s', (backend) => {
  let t: TestApp;
  let today: string;

  beforeAll(async () => {
    t = await createTestApp(backend, { seed: true });
    today = todayIn(t.ctx.config.churchTimeZone);
  });
  afterAll(async () => t.close());

  const person = async (role: 'requester' | 'coordinator' | 'viewer' = 'requester') => {
    const user = await buildUser(t.ctx.db, { role });
    return { user, agent: await signIn(t.app, user.email, TEST_PASSWORD) };
  };

  describe('My Requests', () => {
    it('pages a requester through exactly their own live requests, newest first, under concurrent inserts', async () => {
      const me = await person();
      const other = await person();
      const start = Array.from({ length: REQUEST_LIST_LIMIT * 2 + 7 }, (_, i) => ({
        requesterId: me.user.id,
        submittedAt: ago(Math.floor(i / 3)), // three rows a minute: ties broken by id
      }));
      const initial = await insertRequests(t.ctx.db, start);
      await insertRequests(t.ctx.db, [
        { requesterId: me.user.id, status: 'archived_onetime', submittedAt: ago(1) },
        { requesterId: other.user.id, submittedAt: ago(2) },
      ]);
      const inserted: string[] = [];
      const { ids, pages } = await walk(me.agent, '/api/requests/mine?section=all', async () => {
        // Rows written between pages: one newer than everything (above the cursor, so not on a
        // later page), one in the middle, one older than everything (both still ahead).
        inserted.push(
          ...(await insertRequests(t.ctx.db, [
            { requesterId: me.user.id, submittedAt: ago(-10) },
            { requesterId: me.user.id, submittedAt: ago(REQUEST_LIST_LIMIT) },
            { requesterId: me.user.id, submittedAt: ago(10_000) },
            { requesterId: other.user.id, submittedAt: ago(5) },
          ])),
        );
      });
      expect(pages.length).toBe(3);
      expect(pages[0].total).toEqual({ count: start.length, more: false });
      expect(pages.slice(1).every((p) => p.total === null)).toBe(true);
      noDuplicates(ids);
      expect(ids).toEqual(expect.arrayContaining(initial));
      const mine = await t.ctx.db
        .select({ id: requests.id })
        .from(requests)
        .where(and(eq(requests.requesterId, me.user.id), inArray(requests.id, ids)))
        .orderBy(desc(requests.submittedAt), desc(requests.id));
      expect(ids).toEqual(mine.map((r) => r.id)); // only their own rows, in the list's order
      expect(ids.length).toBe(initial.length + (inserted.length / 4) * 2); // the middle and oldest inserts, each page
    });

    it('pages a coordinator through coordinated and shared requests once each, and counts to the cap', async () => {
      const coordinator = await person('coordinator');
      const others = await person();
      const coordinated = await insertRequests(
        t.ctx.db,
        Array.from({ length: 150 }, (_, i) => ({
          requesterId: others.user.id,
          currentCoordinatorId: coordinator.user.id,
          submittedAt: ago(i),
        })),
      );
      const sharedOnly = await insertRequests(
        t.ctx.db,
        Array.from({ length: 60 }, (_, i) => ({ requesterId: others.user.id, submittedAt: ago(i * 2) })),
      );
      // Shared and coordinated both: still one row.
      await t.ctx.db
        .insert(requestViewers)
        .values([...sharedOnly, ...coordinated.slice(0, 20)].map((requestId) => ({ requestId, userId: coordinator.user.id })));
      await insertRequests(t.ctx.db, [{ requesterId: others.user.id, submittedAt: ago(3) }]); // neither
      const team = await walk(coordinator.agent, '/api/requests/mine?section=team');
      noDuplicates(team.ids);
      expect([...team.ids].sort()).toEqual([...coordinated, ...sharedOnly].sort());
      expect(team.pages[0].total).toEqual({ count: LIST_COUNT_CAP, more: true });
      const ordered = await t.ctx.db
        .select({ id: requests.id })
        .from(requests)
        .where(inArray(requests.id, team.ids))
        .orderBy(desc(requests.submittedAt), desc(requests.id));
      expect(team.ids).toEqual(ordered.map((r) => r.id));
      const mine = await walk(coordinator.agent, '/api/requests/mine?section=mine');
      expect(mine.ids).toEqual([]);
      expect(mine.pages[0].total).toEqual({ count: 0, more: false });
    });

    it("counts a coordinator's team section exactly below the cap, a request both coordinated and shared once", async () => {
      const coordinator = await person('coordinator');
      const others = await person();
      const coordinated = await insertRequests(
        t.ctx.db,
        Array.from({ length: 30 }, (_, i) => ({
          requesterId: others.user.id,
          currentCoordinatorId: coordinator.user.id,
          submittedAt: ago(i),
        })),
      );
      const sharedOnly = await insertRequests(
        t.ctx.db,
        Array.from({ length: 15 }, (_, i) => ({ requesterId: others.user.id, submittedAt: ago(100 + i) })),
      );
      // Ten of the coordinated requests are shared with them too; one shared request is their own
      // (the team section is everyone else's).
      const [own] = await insertRequests(t.ctx.db, [{ requesterId: coordinator.user.id, submittedAt: ago(1) }]);
      await t.ctx.db
        .insert(requestViewers)
        .values([...sharedOnly, ...coordinated.slice(5, 15), own].map((requestId) => ({ requestId, userId: coordinator.user.id })));
      const team = await walk(coordinator.agent, '/api/requests/mine?section=team');
      expect(team.pages[0].total).toEqual({ count: 45, more: false });
      expect([...team.ids].sort()).toEqual([...coordinated, ...sharedOnly].sort());
      expect(team.ids.slice(0, 30)).toEqual(coordinated); // newest first: every coordinated one is newer
    });

    it('never gives a viewer a row that is not shared with them, on any page', async () => {
      const viewer = await person('viewer');
      const owner = await person();
      const all = await insertRequests(
        t.ctx.db,
        Array.from({ length: 130 }, (_, i) => ({ requesterId: owner.user.id, submittedAt: ago(i) })),
      );
      const shared = all.filter((_, i) => i % 2 === 0);
      await t.ctx.db.insert(requestViewers).values(shared.map((requestId) => ({ requestId, userId: viewer.user.id })));
      const { ids, pages } = await walk(viewer.agent, '/api/requests/mine');
      expect(pages.length).toBe(2);
      expect([...ids].sort()).toEqual([...shared].sort());
      expect(pages[0].total).toEqual({ count: shared.length, more: false });
    });

    it('answers 400 for a cursor of the wrong shape', async () => {
      const me = await person();
      const forged = [
        Buffer.from(JSON.stringify(['2025-02-30T00:00:00Z', '00000000-0000-0000-0000-000000000000'])).toString('base64url'),
        Buffer.from(JSON.stringify(['not a time', '00000000-0000-0000-0000-000000000000'])).toString('base64url'),
        Buffer.from(JSON.stringify(['2025-01-01T00:00:00Z'])).toString('base64url'),
        Buffer.from('{').toString('base64url'),
      ];
      for (const cursor of forged) {
        const res = await me.agent.inject({ method: 'GET', url: `/api/requests/mine?cursor=${cursor}` });
        expect(res.statusCode, cursor).toBe(400);
      }
    });
  });

  describe('intake', () => {
    it('pages by promotion date (undated last), submitted and id, without gaps under concurrent inserts', async () => {
      const coordinator = (await person('coordinator')).agent;
      const ministry = await buildMinistry(t.ctx.db);
      const owner = await buildUser(t.ctx.db);
      const dates = [null, addDaysIso(today, 3), addDaysIso(today, 3), addDaysIso(today, 40), null];
      const initial = await insertRequests(
        t.ctx.db,
        Array.from({ length: LIST_COUNT_CAP + 11 }, (_, i) => ({
          requesterId: owner.id,
          ministryId: ministry.id,
          promotionStartDate: dates[i % dates.length],
          submittedAt: ago(i % 7),
        })),
      );
      await insertRequests(t.ctx.db, [{ requesterId: owner.id, ministryId: ministry.id, status: 'archived_recurring' }]);
      const { ids, pages } = await walk(coordinator, `/api/intake?ministryId=${ministry.id}`, async () => {
        await insertRequests(t.ctx.db, [
          { requesterId: owner.id, ministryId: ministry.id, promotionStartDate: addDaysIso(today, 1) },
          { requesterId: owner.id, ministryId: ministry.id, promotionStartDate: null, submittedAt: ago(-5) },
        ]);
      });
      expect(pages[0].total).toEqual({ count: LIST_COUNT_CAP, more: true });
      noDuplicates(ids);
      expect(ids).toEqual(expect.arrayContaining(initial));
      const ordered = await t.ctx.db
        .select({ id: requests.id })
        .from(requests)
        .where(inArray(requests.id, ids))
        .orderBy(sql`${requests.promotionStartDate} asc nulls last`, asc(requests.submittedAt), asc(requests.id));
      expect(ids).toEqual(ordered.map((r) => r.id));
      // Only the undated inserts land after the cursors: one per page turn.
      expect(ids.length).toBe(initial.length + pages.length - 1);
    });
  });

  it('a first page and its count are one statement; a short list counts exactly, a later page not at all', async () => {
    const ministry = await buildMinistry(t.ctx.db);
    const owner = await buildUser(t.ctx.db);
    await insertRequests(
      t.ctx.db,
      Array.from({ length: 3 }, () => ({ requesterId: owner.id, ministryId: ministry.id })),
    );
    const queries = countQueries(t.ctx.db as Db);
    try {
      const first = await listIntake(t.ctx.db, { ministryId: ministry.id }, '2026-01-01');
      expect(first.rows).toHaveLength(3);
      expect(first.total).toEqual({ count: 3, more: false });
      expect(queries.count()).toBe(1);
      const batch = await listIntakeBatch(t.ctx.db, { ministryId: ministry.id }, { count: false });
      expect(batch.total).toBeNull();
    } finally {
      queries.stop();
    }
  });

  describe('archive', () => {
    it('pages a requester through only their own archived requests, newest archived first', async () => {
      const me = await person();
      const other = await person();
      const mine = await insertRequests(
        t.ctx.db,
        Array.from({ length: REQUEST_LIST_LIMIT + 20 }, (_, i) => ({
          requesterId: me.user.id,
          status: 'archived_onetime',
          archivedAt: i % 10 === 0 ? null : ago(Math.floor(i / 4)),
        })),
      );
      await insertRequests(t.ctx.db, [
        { requesterId: other.user.id, status: 'archived_onetime', archivedAt: ago(0) },
        { requesterId: me.user.id, status: 'archived_recurring', archivedAt: ago(0) },
      ]);
      const { ids, pages } = await walk(me.agent, '/api/archive?kind=onetime');
      expect(pages.length).toBe(2);
      expect(pages[0].total).toEqual({ count: mine.length, more: false });
      noDuplicates(ids);
      const ordered = await t.ctx.db
        .select({ id: requests.id })
        .from(requests)
        .where(inArray(requests.id, mine))
        .orderBy(sql`${requests.archivedAt} desc nulls last`, desc(requests.id));
      expect(ids).toEqual(ordered.map((r) => r.id));
    });

    it('pages a coordinator through every archived request of the kind under concurrent archiving', async () => {
      const coordinator = await person('coordinator');
      const owner = await buildUser(t.ctx.db);
      await insertRequests(
        t.ctx.db,
        Array.from({ length: REQUEST_LIST_LIMIT + 30 }, (_, i) => ({
          requesterId: owner.id,
          status: 'archived_recurring',
          archivedAt: ago(i % 9),
        })),
      );
      const before = await t.ctx.db.select({ id: requests.id }).from(requests).where(eq(requests.status, 'archived_recurring'));
      const { ids } = await walk(coordinator.agent, '/api/archive?kind=recurring', async () => {
        await insertRequests(t.ctx.db, [{ requesterId: owner.id, status: 'archived_recurring', archivedAt: new Date() }]);
      });
      noDuplicates(ids);
      expect(ids).toEqual(expect.arrayContaining(before.map((r) => r.id)));
      expect(ids.length).toBe(before.length); // archived just now: above the cursor, shown on a refresh
    });
  });

  describe('event promotions', () => {
    it('pages by event date, title and id, counting each page’s items', async () => {
      const me = await person();
      const owner = await buildUser(t.ctx.db);
      const day = (i: number) => addDaysIso(today, 700 + (i % 5));
      const initial = await insertRequests(
        t.ctx.db,
        Array.from({ length: EVENT_PROMOTIONS_LIMIT + 25 }, (_, i) => ({
          requesterId: owner.id,
          eventTitle: `Far Event ${i % 3}`, // equal dates and titles: the id decides
          eventStartDate: day(i),
          tier: 'C',
        })),
      );
      const [first] = initial;
      await t.ctx.db.insert(requestItems).values([
        { requestId: first, channel: 'sunday_slide', status: 'complete' },
        { requestId: first, channel: 'stage_announcement', status: 'in_progress' },
        { requestId: first, channel: 'banner', status: 'approved', isAdditionalRequest: true, additionalRequestStatus: 'rejected' },
      ]);
      const inserted: string[] = [];
      const { ids, pages } = await walk(me.agent, '/api/event-promotions?days=upcoming&tier=C', async () => {
        inserted.push(
          ...(await insertRequests(t.ctx.db, [{ requesterId: owner.id, eventTitle: 'Far Event 9', eventStartDate: day(4), tier: 'C' }])),
        );
      });
      noDuplicates(ids);
      expect(ids).toEqual(expect.arrayContaining([...initial, ...inserted]));
      const ordered = await t.ctx.db
        .select({ id: requests.id })
        .from(requests)
        .where(inArray(requests.id, ids))
        .orderBy(asc(requests.eventStartDate), asc(requests.eventTitle), asc(requests.id));
      expect(ids).toEqual(ordered.map((r) => r.id));
      const event = pages
        .flatMap((p) => (p.events ?? []) as Array<Row & { itemCount: number; doneCount: number }>)
        .find((e) => e.id === first);
      expect(event).toMatchObject({ itemCount: 2, doneCount: 1 });
    });
  });
});
