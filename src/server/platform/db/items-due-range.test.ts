import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildItem, buildRequest, buildTeam, type Team } from '../../test/task-fixtures';
import { BACKENDS, createTestApp, type TestApp } from '../../test/harness';
import { requestItems, requests } from './schema';

/**
 * Decision 0041: the database keeps each request's items_due_from/items_due_to (the earliest and
 * latest due date of its items) whoever writes the items, so the calendar can skip requests with
 * nothing due in its grid. Written here straight to the tables, as any writer would.
 */
describe.each(BACKENDS)('request item due ranges on %s', (backend) => {
  let t: TestApp;
  let team: Team;
  beforeAll(async () => {
    t = await createTestApp(backend);
    team = await buildTeam(t.ctx.db);
  });
  afterAll(() => t.close());

  const range = async (requestId: string) => {
    const [row] = await t.ctx.db
      .select({ from: requests.itemsDueFrom, to: requests.itemsDueTo })
      .from(requests)
      .where(eq(requests.id, requestId));
    return row;
  };

  it('a request without items, or with undated ones only, has no range', async () => {
    const r = await buildRequest(t.ctx.db, team.requester.id);
    expect(await range(r.id)).toEqual({ from: null, to: null });
    await buildItem(t.ctx.db, r.id, { dueDate: null });
    expect(await range(r.id)).toEqual({ from: null, to: null });
  });

  it('items inserted together, for several requests in one statement, set each request its own range', async () => {
    const a = await buildRequest(t.ctx.db, team.requester.id);
    const b = await buildRequest(t.ctx.db, team.requester.id);
    await t.ctx.db.insert(requestItems).values([
      { requestId: a.id, channel: 'sunday_slide', status: 'not_started', dueDate: '2031-04-10' },
      { requestId: a.id, channel: 'banner', status: 'not_started', dueDate: '2031-03-02' },
      { requestId: a.id, channel: 'mass_email', status: 'not_started', dueDate: null },
      { requestId: b.id, channel: 'sunday_slide', status: 'not_started', dueDate: '2031-05-01' },
    ]);
    expect(await range(a.id)).toEqual({ from: '2031-03-02', to: '2031-04-10' });
    expect(await range(b.id)).toEqual({ from: '2031-05-01', to: '2031-05-01' });
    // A later item widens the range; one inside it changes nothing.
    await buildItem(t.ctx.db, a.id, { dueDate: '2031-06-30' });
    await buildItem(t.ctx.db, a.id, { dueDate: '2031-04-01' });
    expect(await range(a.id)).toEqual({ from: '2031-03-02', to: '2031-06-30' });
  });

  it('a new due date, a status change, a move to another request and a deletion keep the ranges true', async () => {
    const a = await buildRequest(t.ctx.db, team.requester.id);
    const b = await buildRequest(t.ctx.db, team.requester.id);
    const early = await buildItem(t.ctx.db, a.id, { dueDate: '2031-03-01' });
    const late = await buildItem(t.ctx.db, a.id, { dueDate: '2031-03-20' });
    await buildItem(t.ctx.db, b.id, { dueDate: '2031-09-09' });

    await t.ctx.db.update(requestItems).set({ dueDate: '2031-02-15' }).where(eq(requestItems.id, early.id));
    expect(await range(a.id)).toEqual({ from: '2031-02-15', to: '2031-03-20' });
    await t.ctx.db
      .update(requestItems)
      .set({ status: 'in_progress' })
      .where(inArray(requestItems.id, [early.id, late.id]));
    expect(await range(a.id)).toEqual({ from: '2031-02-15', to: '2031-03-20' });

    await t.ctx.db.update(requestItems).set({ requestId: b.id }).where(eq(requestItems.id, late.id));
    expect(await range(a.id)).toEqual({ from: '2031-02-15', to: '2031-02-15' });
    expect(await range(b.id)).toEqual({ from: '2031-03-20', to: '2031-09-09' });

    await t.ctx.db.delete(requestItems).where(eq(requestItems.id, early.id));
    expect(await range(a.id)).toEqual({ from: null, to: null });
    await t.ctx.db.delete(requestItems).where(eq(requestItems.id, late.id));
    expect(await range(b.id)).toEqual({ from: '2031-09-09', to: '2031-09-09' });
  });

  it('deleting a request deletes its items without failing on the range of a request that is gone', async () => {
    const r = await buildRequest(t.ctx.db, team.requester.id);
    await buildItem(t.ctx.db, r.id, { dueDate: '2031-03-01' });
    await t.ctx.db.delete(requests).where(eq(requests.id, r.id));
    expect(await t.ctx.db.select().from(requestItems).where(eq(requestItems.requestId, r.id))).toEqual([]);
  });
});
