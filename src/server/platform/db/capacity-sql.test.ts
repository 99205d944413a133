import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookedWeeks, type CapacityUnit } from '../../../shared/domain/capacity';
import { addDaysIso } from '../../../shared/domain/dates';
import { BACKENDS, createTestApp, type TestApp } from '../../test/harness';
import { buildItem, buildRequest, buildTeam, type Team } from '../../test/task-fixtures';
import { rowsOf } from './client';
import { bookingItemSql } from './predicates';
import { requestItems, requests } from './schema';

/**
 * Decision 0067: channel_week_counts holds each channel's bookings per week (bookingItemSql), and
 * request_item_bookings each booking as a row (decision 0073), kept by statement triggers on
 * request_items whoever writes it; planned_booked_weeks is the SQL twin of the
 * rule the app books by. Written here straight to the tables, as any writer would, and compared with
 * the count itself.
 */
describe.each(BACKENDS)('channel week counts on %s', (backend) => {
  let t: TestApp;
  let team: Team;
  beforeAll(async () => {
    t = await createTestApp(backend);
    team = await buildTeam(t.ctx.db);
  });
  afterAll(() => t.close());

  const compare = async () => {
    const kept = rowsOf<{ channel: string; week: string; booked: number }>(
      await t.ctx.db.execute(sql`select channel, week::text as week, booked from channel_week_counts where booked <> 0 order by 1, 2`),
    );
    const counted = rowsOf<{ channel: string; week: string; booked: number }>(
      await t.ctx.db.execute(sql`
        select i.channel, w::text as week, count(*)::int as booked from request_items i cross join lateral unnest(i.booked_weeks) as w
        where ${sql.raw(bookingItemSql('i'))} group by 1, 2 order by 1, 2`),
    );
    const row = (r: { channel: string; week: string; booked: number }) => [r.channel, r.week, Number(r.booked)];
    return { kept: kept.map(row), counted: counted.map(row) };
  };
  type Booking = { channel: string; week: string; item_id: string };
  const bookings = async () => {
    const kept = rowsOf<Booking>(
      await t.ctx.db.execute(sql`select channel, week::text as week, item_id from request_item_bookings order by 1, 2, 3`),
    );
    const booked = rowsOf<Booking>(
      await t.ctx.db.execute(sql`
        select distinct i.channel, w::text as week, i.id as item_id from request_items i cross join lateral unnest(i.booked_weeks) as w
        where ${sql.raw(bookingItemSql('i'))} order by 1, 2, 3`),
    );
    return { kept, booked };
  };
  const expectKept = async (step: string) => {
    const { kept, counted } = await compare();
    expect(kept, step).toEqual(counted);
    const rows = await bookings();
    expect(rows.kept, `${step}: a row per booking`).toEqual(rows.booked);
  };

  it('follows bookings written, rejected, cancelled, archived, several in a statement and deleted', async () => {
    const db = t.ctx.db;
    const weeks = ['2031-03-03', '2031-03-10', '2031-03-17'];
    const r = await buildRequest(db, team.requester.id, { status: 'in_progress' });
    const item = await buildItem(db, r.id, { channel: 'sunday_slide', bookedWeeks: weeks });
    await buildItem(db, r.id, { channel: 'email_feature', bookedWeeks: [weeks[2]] });
    const extra = await buildItem(db, r.id, {
      channel: 'stage_announcement',
      bookedWeeks: [weeks[2]],
      isAdditionalRequest: true,
      additionalRequestStatus: 'pending',
    });
    await expectKept('written');
    await db.update(requestItems).set({ additionalRequestStatus: 'rejected' }).where(eq(requestItems.id, extra.id));
    await expectKept('additional channel rejected');
    await db.update(requests).set({ status: 'cancelled' }).where(eq(requests.id, r.id));
    const cancelled = rowsOf<{ booked: number }>(
      await db.execute(sql`select booked from channel_week_counts where channel = 'sunday_slide' and week = ${weeks[0]}`),
    );
    expect(cancelled.map((c) => Number(c.booked))).toEqual([0]);
    await expectKept('request cancelled');
    await db.update(requests).set({ status: 'in_progress' }).where(eq(requests.id, r.id));
    await expectKept('request live again');
    await db.update(requests).set({ status: 'archived_onetime' }).where(eq(requests.id, r.id));
    await expectKept('request archived');
    await db.update(requests).set({ status: 'published' }).where(eq(requests.id, r.id));
    await expectKept('published still runs');
    const r2 = await buildRequest(db, team.requester.id);
    await db.insert(requestItems).values([
      { requestId: r2.id, channel: 'sunday_slide', bookedWeeks: weeks },
      { requestId: r2.id, channel: 'sunday_slide', bookedWeeks: weeks.slice(1) },
    ]);
    await expectKept('two in one statement');
    await db
      .update(requestItems)
      .set({ bookedWeeks: [weeks[0]] })
      .where(eq(requestItems.id, item.id));
    await expectKept('weeks changed');
    await db.update(requestItems).set({ channel: 'landing_slide' }).where(eq(requestItems.id, item.id));
    await expectKept('channel changed');
    await db.delete(requestItems).where(eq(requestItems.requestId, r2.id));
    await expectKept('deleted');
  });

  it('planned_booked_weeks books exactly the weeks the app books', async () => {
    const dateArb = fc
      .date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2032-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    await fc.assert(
      fc.asyncProperty(
        dateArb,
        fc.integer({ min: -3, max: 60 }),
        fc.constantFrom<CapacityUnit>('sunday', 'week'),
        fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
        async (start, days, per, runWeeks) => {
          const end = addDaysIso(start, days);
          const [row] = rowsOf<{ weeks: string[] | string }>(
            await t.ctx.db.execute(
              sql`select planned_booked_weeks(${start}::date, ${end}::date, ${per}, ${runWeeks}::integer)::text[] as weeks`,
            ),
          );
          const got = Array.isArray(row.weeks) ? row.weeks : String(row.weeks).replace(/[{}]/g, '').split(',').filter(Boolean);
          expect(got).toEqual(bookedWeeks({ start, end }, { capacityPer: per, runWeeks }));
        },
      ),
      { numRuns: 60 },
    );
  });
});
