import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETAIL_PAGE_SIZE, type RequestDetail } from '../../../shared/api/request-detail';
import type { SessionUser } from '../../platform/auth/sessions';
import { eq } from 'drizzle-orm';
import { activityLog, requestAssets, requestMessages, requestViewers, users } from '../../platform/db/schema';
import { buildUser, TEST_PASSWORD } from '../../test/factories';
import { BACKENDS, createTestApp, signIn, type Agent, type TestApp } from '../../test/harness';
import { countWaves } from '../../test/statement-count';
import { getRequestDetail } from './queries';
import { buildRequestWithItem, signInDemo, userIdByEmail, type DemoRole } from '../../test/request-fixtures';

/**
 * The drawer's bounded lists and their "Show more" pages (decision 0029): first pages in the
 * drawer, older pages by keyset, the same scope as the drawer, and at most two database waves.
 */
const LISTS = ['assets', 'activity', 'messages'] as const;
type List = (typeof LISTS)[number];
interface Page {
  entries: Array<{ id: string; createdAt: string }>;
  hasMore: boolean;
  nextCursor: string | null;
}

describe.each(BACKENDS)('drawer pages on %s', (backend) => {
  let t: TestApp;
  let as: Record<DemoRole, Agent>;
  let outsider: Agent;
  let requesterId: string;
  beforeAll(async () => {
    t = await createTestApp(backend, { seed: true });
    as = await signInDemo(t.app);
    const stranger = await buildUser(t.ctx.db, { role: 'requester' });
    outsider = await signIn(t.app, stranger.email, TEST_PASSWORD);
    requesterId = await userIdByEmail(t.ctx.db, 'requester@example.org');
  });
  afterAll(async () => t.close());

  /** Rows of one list: `count` written by one statement (so they share created_at: the id breaks ties), `at` their time. */
  async function addRows(list: List, requestId: string, count: number, at?: Date, itemId: string | null = null) {
    const createdAt = at ? { createdAt: at } : {};
    const values = Array.from({ length: count }, (_, i) => i);
    if (list === 'activity') {
      await t.ctx.db.insert(activityLog).values(values.map((i) => ({ requestId, actionType: 'Note', notes: `n${i}`, ...createdAt })));
    } else if (list === 'messages') {
      await t.ctx.db.insert(requestMessages).values(values.map((i) => ({ requestId, authorId: requesterId, body: `m${i}`, ...createdAt })));
    } else {
      await t.ctx.db.insert(requestAssets).values(
        values.map((i) => ({
          requestId,
          itemId,
          fileName: `f${i}.png`,
          storageKey: `test/${randomBytes(6).toString('hex')}`,
          fileSize: 10,
          fileType: 'image/png',
          versionNumber: itemId ? i + 1 : 1,
          ...createdAt,
        })),
      );
    }
  }

  const newRequest = async () => (await buildRequestWithItem(t.ctx.db, { requesterId, assigneeId: null })).request;
  const page = async (agent: Agent, requestId: string, list: List, query = '') => {
    const res = await agent.inject({ method: 'GET', url: `/api/requests/${requestId}/${list}${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page;
  };
  const detail = async (agent: Agent, requestId: string) => {
    const res = await agent.inject({ method: 'GET', url: `/api/requests/${requestId}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as RequestDetail;
  };
  /** Newest first, strictly: (createdAt, id) descends with no repeats. */
  const strictlyNewestFirst = (entries: Array<{ id: string; createdAt: string }>) =>
    entries.every((e, i) => {
      const prev = entries[i - 1];
      return i === 0 || prev.createdAt > e.createdAt || (prev.createdAt === e.createdAt && prev.id > e.id);
    });

  it.each(LISTS)('the drawer sends the first %s page and Show more reads the rest, each row once', async (list) => {
    const request = await newRequest();
    // 70 rows sharing one time (ties broken by id) and 40 older ones.
    await addRows(list, request.id, 70);
    await addRows(list, request.id, 40, new Date(Date.now() - 86_400_000));
    const d = await detail(as.requester, request.id);
    const first = d[list] as Page['entries'];
    expect(first).toHaveLength(DETAIL_PAGE_SIZE);
    expect(d.pages[list].hasMore).toBe(true);
    const seen = first.map((e) => e.id);
    let cursor = d.pages[list].nextCursor;
    while (cursor) {
      const next = await page(as.requester, request.id, list, `?cursor=${encodeURIComponent(cursor)}&limit=25`);
      expect(next.entries.length).toBeLessThanOrEqual(25);
      seen.push(...next.entries.map((e) => e.id));
      expect(next.hasMore).toBe(next.nextCursor !== null);
      cursor = next.nextCursor;
    }
    expect(seen).toHaveLength(110);
    expect(new Set(seen).size).toBe(110);
  });

  it.each(LISTS)('rows added between pages of %s cause no duplicates or gaps', async (list) => {
    const request = await newRequest();
    await addRows(list, request.id, 30, new Date(Date.now() - 3_600_000));
    await addRows(list, request.id, 30, new Date(Date.now() - 7_200_000));
    const one = await page(as.coordinator, request.id, list, '?limit=20');
    expect(one.hasMore).toBe(true);
    // New rows arrive while the user reads: they are newer than the cursor, so older pages ignore them.
    await addRows(list, request.id, 15);
    const rest: Page['entries'] = [];
    let cursor = one.nextCursor;
    while (cursor) {
      const next = await page(as.coordinator, request.id, list, `?cursor=${encodeURIComponent(cursor)}&limit=20`);
      rest.push(...next.entries);
      cursor = next.nextCursor;
    }
    const all = [...one.entries, ...rest];
    expect(all).toHaveLength(60);
    expect(new Set(all.map((e) => e.id)).size).toBe(60);
    expect(strictlyNewestFirst(all)).toBe(true);
    // A fresh first page shows the new rows first, then exactly the rows already read.
    const fresh = await page(as.coordinator, request.id, list, '?limit=200');
    expect(fresh.entries.slice(15).map((e) => e.id)).toEqual(all.map((e) => e.id));
  });

  it('a short list has no more pages', async () => {
    const request = await newRequest();
    await addRows('activity', request.id, 3);
    const d = await detail(as.requester, request.id);
    expect(d.activity).toHaveLength(3);
    expect(d.pages.activity).toEqual({ hasMore: false, nextCursor: null });
    expect(d.pages.messages).toEqual({ hasMore: false, nextCursor: null });
  });

  it('each entry has the API shape: times as toISOString writes them, a person, or null once the account is gone', async () => {
    const { request, item } = await buildRequestWithItem(t.ctx.db, { requesterId, assigneeId: null });
    const gone = await buildUser(t.ctx.db, { role: 'creative' });
    const at = new Date('2026-03-08T09:30:15.123Z');
    await t.ctx.db.insert(activityLog).values([
      { requestId: request.id, userId: requesterId, actionType: 'Note', notes: 'kept', createdAt: at },
      { requestId: request.id, userId: gone.id, actionType: 'Note', notes: 'orphaned', createdAt: at },
    ]);
    await t.ctx.db.insert(requestAssets).values({
      requestId: request.id,
      itemId: item.id,
      fileName: 'proof.png',
      storageKey: `test/${randomBytes(6).toString('hex')}`,
      fileSize: 2048,
      fileType: 'image/png',
      uploadedBy: gone.id,
      createdAt: at,
    });
    await t.ctx.db.delete(users).where(eq(users.id, gone.id));
    const d = await detail(as.coordinator, request.id);
    const byNotes = Object.fromEntries(d.activity.map((a) => [a.notes, a]));
    expect(byNotes.kept).toMatchObject({ createdAt: at.toISOString(), actor: { id: requesterId, fullName: expect.any(String) } });
    expect(byNotes.orphaned).toMatchObject({ createdAt: at.toISOString(), actor: null, oldValue: null, newValue: null });
    const proof = d.items.find((i) => i.id === item.id)!.proofs[0];
    expect(proof).toEqual({
      id: expect.any(String),
      fileName: 'proof.png',
      fileSize: 2048,
      fileType: 'image/png',
      versionNumber: 1,
      itemId: item.id,
      uploader: null,
      createdAt: at.toISOString(),
    });
    expect(d.assets[0]).toEqual(proof);
    expect(d.items.find((i) => i.id === item.id)).toMatchObject({ latestProofVersion: 1, assignee: null, dueDate: item.dueDate });
  });

  it("an item's proof versions come with the item even when newer files fill the first Assets page", async () => {
    const { request, item } = await buildRequestWithItem(t.ctx.db, { requesterId, assigneeId: null });
    await addRows('assets', request.id, 3, new Date(Date.now() - 86_400_000), item.id);
    await addRows('assets', request.id, DETAIL_PAGE_SIZE + 5);
    const d = await detail(as.requester, request.id);
    expect(d.assets.some((a) => a.itemId === item.id)).toBe(false);
    const drawerItem = d.items.find((i) => i.id === item.id)!;
    expect(drawerItem.proofs.map((p) => p.versionNumber)).toEqual([3, 2, 1]);
    expect(drawerItem.latestProofVersion).toBe(3);
  });

  describe('scope: the same as the drawer', () => {
    it.each(LISTS)('GET %s answers 401 signed out, 404 to whoever may not open the request, 400 on a bad cursor', async (list) => {
      const request = await newRequest();
      expect((await t.app.inject({ method: 'GET', url: `/api/requests/${request.id}/${list}` })).statusCode).toBe(401);
      expect((await outsider.inject({ method: 'GET', url: `/api/requests/${request.id}` })).statusCode).toBe(404);
      expect((await outsider.inject({ method: 'GET', url: `/api/requests/${request.id}/${list}` })).statusCode).toBe(404);
      // A viewer sees it only once it is shared with them.
      expect((await as.viewer.inject({ method: 'GET', url: `/api/requests/${request.id}/${list}` })).statusCode).toBe(404);
      const viewerId = await userIdByEmail(t.ctx.db, 'viewer@example.org');
      await t.ctx.db.insert(requestViewers).values({ requestId: request.id, userId: viewerId });
      expect((await as.viewer.inject({ method: 'GET', url: `/api/requests/${request.id}/${list}` })).statusCode).toBe(200);
      const bad = await as.requester.inject({ method: 'GET', url: `/api/requests/${request.id}/${list}?cursor=yesterday` });
      expect(bad.statusCode).toBe(400);
    });
  });

  it('reads the whole drawer in one statement (decision 0038)', async () => {
    const request = await newRequest();
    await addRows('activity', request.id, 60);
    await addRows('messages', request.id, 5);
    const admin = await buildUser(t.ctx.db, { role: 'admin' });
    const user = { id: admin.id, role: 'admin' } as SessionUser;
    const { result, waves, statements } = await countWaves(t.ctx.db, () => getRequestDetail(t.ctx.db, user, request.id));
    expect(result.activity).toHaveLength(DETAIL_PAGE_SIZE);
    expect(result.messages).toHaveLength(5);
    expect(result.coordinatorCandidates.map((c) => c.id)).toContain(admin.id);
    expect(statements).toBe(1);
    expect(waves).toBe(1);
  });
});
