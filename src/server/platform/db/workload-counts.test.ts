import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_STATUSES, REQUEST_STATUSES } from '../../../shared/domain/statuses';
import { buildUser } from '../../test/factories';
import { BACKENDS, createTestApp, type TestApp } from '../../test/harness';
import { buildItem, buildRequest, buildTeam, type Team } from '../../test/task-fixtures';
import { rowsOf } from './client';
import { accountableWorkSql, calendarItemSql } from './predicates';
import { requestItems, requests } from './schema';

/**
 * Decision 0064: workload_counts holds each person's owed work (accountableWorkSql), and
 * calendar_day_counts the task calendar's tasks a day and ministry (calendarItemSql), both kept by
 * statement triggers on request_items whoever writes it: item writes, reassignments, deletions,
 * several rows in one statement, and the request changes the database copies onto its items.
 * Written here straight to the tables, as any writer would, and compared with the count itself.
 */
describe.each(BACKENDS)('workload and calendar day counts on %s', (backend) => {
  let t: TestApp;
  let team: Team;
  beforeAll(async () => {
    t = await createTestApp(backend);
    team = await buildTeam(t.ctx.db);
  });
  afterAll(() => t.close());

  /** Each person's kept count and the count of their owed items, people with neither left out. */
  const compare = async () => {
    const kept = rowsOf<{ user_id: string; owed: number }>(
      await t.ctx.db.execute(sql`select user_id, owed from workload_counts where owed <> 0 order by user_id`),
    );
    const counted = rowsOf<{ user_id: string; owed: number }>(
      await t.ctx.db.execute(sql`
        select assignee_id as user_id, count(*)::int as owed from request_items
        where assignee_id is not null and ${sql.raw(accountableWorkSql())} group by assignee_id order by assignee_id`),
    );
    // And the task calendar's count a day and ministry against its count.
    const days = rowsOf<{ due_date: string; ministry_key: string; tasks: number }>(
      await t.ctx.db.execute(sql`select due_date::text, ministry_key, tasks from calendar_day_counts where tasks <> 0 order by 1, 2`),
    );
    const dayCounts = rowsOf<{ due_date: string; ministry_key: string; tasks: number }>(
      await t.ctx.db.execute(sql`
        select due_date::text, coalesce(request_ministry_id, '00000000-0000-0000-0000-000000000000'::uuid) as ministry_key,
               count(*)::int as tasks
        from request_items where due_date is not null and ${sql.raw(calendarItemSql())} group by 1, 2 order by 1, 2`),
    );
    const day = (r: { due_date: string; ministry_key: string; tasks: number }) => [r.due_date, r.ministry_key, Number(r.tasks)];
    return {
      kept: [...kept.map((r) => [r.user_id, Number(r.owed)]), ...days.map(day)],
      counted: [...counted.map((r) => [r.user_id, Number(r.owed)]), ...dayCounts.map(day)],
    };
  };
  const expectKept = async (step: string) => {
    const { kept, counted } = await compare();
    expect(kept, step).toEqual(counted);
  };

  it('follows item writes, reassignments, finished work, additional channels, request changes and deletions', async () => {
    const db = t.ctx.db;
    const [a, b] = [team.creative.id, team.creative2.id];
    const r = await buildRequest(db, team.requester.id, { status: 'in_progress' });
    const item = await buildItem(db, r.id, { assigneeId: a });
    await buildItem(db, r.id, { assigneeId: a, status: 'in_progress' });
    await buildItem(db, r.id, { assigneeId: b, isAdditionalRequest: true, additionalRequestStatus: 'pending' });
    await expectKept('written');
    await db.update(requestItems).set({ assigneeId: b }).where(eq(requestItems.id, item.id));
    await expectKept('reassigned');
    await db.update(requestItems).set({ status: 'complete' }).where(eq(requestItems.id, item.id));
    await expectKept('completed');
    await db.update(requestItems).set({ additionalRequestStatus: 'approved' }).where(eq(requestItems.requestId, r.id));
    await expectKept('additional channel approved');
    await db.update(requests).set({ status: 'archived_onetime' }).where(eq(requests.id, r.id));
    await expectKept('request archived');
    await db.update(requests).set({ status: 'in_progress' }).where(eq(requests.id, r.id));
    await expectKept('request live again');
    await db.update(requests).set({ status: 'complete' }).where(eq(requests.id, r.id));
    await expectKept('request finished');
    await db.update(requests).set({ status: 'in_progress' }).where(eq(requests.id, r.id));
    await db.delete(requestItems).where(eq(requestItems.id, item.id));
    await expectKept('deleted');
    await db.update(requestItems).set({ assigneeId: null }).where(eq(requestItems.requestId, r.id));
    await expectKept('unassigned');
    await db.delete(requests).where(eq(requests.id, r.id));
    await expectKept('request deleted with its items');
    await buildItem(db, (await buildRequest(db, team.requester.id)).id, { assigneeId: a });
    await db.execute(sql`truncate table requests cascade`);
    await expectKept('every request truncated');
    expect(rowsOf(await db.execute(sql`select user_id from workload_counts where owed <> 0`))).toEqual([]);
  });

  it('follows any sequence of statements over several rows at once (fast-check)', async () => {
    const db = t.ctx.db;
    const people = [team.creative.id, team.creative2.id, (await buildUser(db, { role: 'creative' })).id];
    const reqs = [
      await buildRequest(db, team.requester.id, { status: 'in_progress' }),
      await buildRequest(db, team.requester.id, { status: 'approved' }),
    ];
    const items: string[] = [];
    for (let i = 0; i < 8; i++)
      items.push((await buildItem(db, reqs[i % 2].id, { assigneeId: people[i % 3], dueDate: `2031-03-0${1 + (i % 3)}` })).id);
    const ministries = [reqs[0].ministryId, reqs[1].ministryId, null];
    const subset = fc.subarray(items, { minLength: 1 });
    const step = fc.oneof(
      fc.record({ kind: fc.constant('assign' as const), ids: subset, to: fc.constantFrom(...people, null) }),
      fc.record({ kind: fc.constant('status' as const), ids: subset, to: fc.constantFrom(...ITEM_STATUSES) }),
      fc.record({ kind: fc.constant('request' as const), index: fc.integer({ min: 0, max: 1 }), to: fc.constantFrom(...REQUEST_STATUSES) }),
      fc.record({ kind: fc.constant('extra' as const), ids: subset, to: fc.constantFrom('pending', 'approved', 'rejected', null) }),
      fc.record({ kind: fc.constant('due' as const), ids: subset, to: fc.constantFrom('2031-03-01', '2031-03-02', null) }),
      fc.record({ kind: fc.constant('ministry' as const), index: fc.integer({ min: 0, max: 1 }), to: fc.constantFrom(...ministries) }),
      fc.record({ kind: fc.constant('delete' as const), ids: subset }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        for (const s of steps) {
          if (s.kind === 'assign') await db.update(requestItems).set({ assigneeId: s.to }).where(inArray(requestItems.id, s.ids));
          if (s.kind === 'status') await db.update(requestItems).set({ status: s.to }).where(inArray(requestItems.id, s.ids));
          if (s.kind === 'request') await db.update(requests).set({ status: s.to }).where(eq(requests.id, reqs[s.index].id));
          if (s.kind === 'due') await db.update(requestItems).set({ dueDate: s.to }).where(inArray(requestItems.id, s.ids));
          if (s.kind === 'ministry') await db.update(requests).set({ ministryId: s.to }).where(eq(requests.id, reqs[s.index].id));
          if (s.kind === 'delete') await db.delete(requestItems).where(inArray(requestItems.id, s.ids));
          if (s.kind === 'extra')
            await db
              .update(requestItems)
              .set({ isAdditionalRequest: s.to !== null, additionalRequestStatus: s.to })
              .where(inArray(requestItems.id, s.ids));
        }
        const { kept, counted } = await compare();
        expect(kept).toEqual(counted);
      }),
      { numRuns: 15 },
    );
  });
});
