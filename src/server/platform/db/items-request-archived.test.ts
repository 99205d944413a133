import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isArchivedStatus as isArchived, REQUEST_STATUSES } from '../../../shared/domain/statuses';
import { buildItem, buildRequest, buildTeam, type Team } from '../../test/task-fixtures';
import { BACKENDS, createTestApp, describeOnPostgres, type TestApp } from '../../test/harness';
import { rowsOf } from './client';
import { requestItems, requests } from './schema';

/**
 * Decision 0046: the database keeps each item's request_archived from its request's status,
 * whoever writes either table, so the task lists' partial indexes can leave archived work out.
 * Written here straight to the tables, as any writer would.
 */
describe.each(BACKENDS)('items of archived requests on %s', (backend) => {
  let t: TestApp;
  let team: Team;
  beforeAll(async () => {
    t = await createTestApp(backend);
    team = await buildTeam(t.ctx.db);
  });
  afterAll(() => t.close());

  const flags = async (requestId: string) =>
    (await t.ctx.db.select({ archived: requestItems.requestArchived }).from(requestItems).where(eq(requestItems.requestId, requestId))).map(
      (r) => r.archived,
    );

  it('follows every request status, both ways, for all of the request items and no other request', async () => {
    const r = await buildRequest(t.ctx.db, team.requester.id, { status: 'approved' });
    const other = await buildRequest(t.ctx.db, team.requester.id, { status: 'approved' });
    await buildItem(t.ctx.db, r.id);
    await buildItem(t.ctx.db, r.id, { status: 'complete' });
    await buildItem(t.ctx.db, other.id);
    for (const status of [...REQUEST_STATUSES, 'approved', ...REQUEST_STATUSES.slice().reverse()]) {
      await t.ctx.db.update(requests).set({ status }).where(eq(requests.id, r.id));
      expect(await flags(r.id), status).toEqual([isArchived(status), isArchived(status)]);
    }
    expect(await flags(other.id)).toEqual([false]);
  });

  it('an item written into an archived request, or moved into one or out of it, takes its request state', async () => {
    const archived = await buildRequest(t.ctx.db, team.requester.id, { status: 'archived_onetime' });
    const live = await buildRequest(t.ctx.db, team.requester.id, { status: 'in_progress' });
    const item = await buildItem(t.ctx.db, archived.id);
    expect(item.requestArchived).toBe(true);
    await t.ctx.db.update(requestItems).set({ requestId: live.id }).where(eq(requestItems.id, item.id));
    expect(await flags(live.id)).toEqual([false]);
    await t.ctx.db.update(requestItems).set({ requestId: archived.id }).where(eq(requestItems.id, item.id));
    expect(await flags(archived.id)).toEqual([true]);
  });

  it('cannot be written untrue: a write of the flag itself is corrected from the request', async () => {
    const live = await buildRequest(t.ctx.db, team.requester.id, { status: 'approved' });
    const item = await buildItem(t.ctx.db, live.id, { requestArchived: true });
    expect(item.requestArchived).toBe(false);
    await t.ctx.db.update(requestItems).set({ requestArchived: true }).where(eq(requestItems.id, item.id));
    expect(await flags(live.id)).toEqual([false]);
  });
});

describeOnPostgres('items of a request archived at the same moment', () => {
  let t: TestApp;
  let team: Team;
  beforeAll(async () => {
    t = await createTestApp('pg');
    team = await buildTeam(t.ctx.db);
  });
  afterAll(() => t.close());

  /** Resolves once some connection of this database waits for a lock, or once `done` says to stop looking. */
  async function someoneWaitsForALock(done: () => boolean): Promise<void> {
    while (!done()) {
      const waiting = rowsOf<{ n: number }>(
        await t.ctx.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        ),
      )[0].n;
      if (waiting > 0) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  it('an item written while its request is being archived waits, and takes the archived state', async () => {
    const r = await buildRequest(t.ctx.db, team.requester.id, { status: 'approved' });
    let archivedNotCommitted!: () => void;
    const updated = new Promise<void>((resolve) => (archivedNotCommitted = resolve));
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    const archiving = t.ctx.db.transaction(async (tx) => {
      await tx.update(requests).set({ status: 'archived_onetime' }).where(eq(requests.id, r.id));
      archivedNotCommitted();
      await committing;
    });
    await updated;
    let written = false;
    const writing = buildItem(t.ctx.db, r.id).finally(() => (written = true));
    // The write waits for the archiving to end; were it not to, it would finish first and keep the live state.
    await someoneWaitsForALock(() => written);
    commit();
    await archiving;
    expect((await writing).requestArchived).toBe(true);
  });

  it('a request archived while an item is being written into it waits for the item, and archives it too', async () => {
    const r = await buildRequest(t.ctx.db, team.requester.id, { status: 'approved' });
    let itemNotCommitted!: (id: string) => void;
    const inserted = new Promise<string>((resolve) => (itemNotCommitted = resolve));
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    const writing = t.ctx.db.transaction(async (tx) => {
      itemNotCommitted((await buildItem(tx, r.id)).id);
      await committing;
    });
    const itemId = await inserted;
    let archived = false;
    const archiving = t.ctx.db
      .update(requests)
      .set({ status: 'archived_recurring' })
      .where(eq(requests.id, r.id))
      .then(() => (archived = true));
    // The archive waits for the write; were it not to, it would end first and miss the item.
    await someoneWaitsForALock(() => archived);
    commit();
    await Promise.all([writing, archiving]);
    const [item] = await t.ctx.db.select().from(requestItems).where(eq(requestItems.id, itemId));
    expect(item.requestArchived).toBe(true);
  });
});
