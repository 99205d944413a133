import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvailabilityResponse, CapacityCellResponse, CapacityResponse, RequestBookingsResponse } from '../../../shared/api/capacity';
import type { IntakeResponse } from '../../../shared/api/requests';
import { weekStart } from '../../../shared/domain/capacity';
import { addDaysIso, todayIn } from '../../../shared/domain/dates';
import { requestItems, requests, users } from '../../platform/db/schema';
import { sessionAgent } from '../../test/agent';
import { buildMinistry, buildUser } from '../../test/factories';
import { countWaves } from '../../test/statement-count';
import { BACKENDS, createTestApp, type Agent, type TestApp } from '../../test/harness';

/** Channel capacity through the API (decision 0067): bookings made by submissions, the view, its cells, the form's availability. */
describe.each(BACKENDS)('channel capacity on %s', (backend) => {
  let t: TestApp;
  let ministryId: string;
  let today: string;
  const agents: Record<string, Agent> = {};

  beforeAll(async () => {
    t = await createTestApp(backend, { seed: true });
    today = todayIn(t.ctx.config.churchTimeZone);
    ministryId = (await buildMinistry(t.ctx.db, { name: `Capacity ${randomUUID()}`, defaultTier: 'C' })).id;
    for (const role of ['requester', 'coordinator', 'admin'] as const) {
      const [u] = await t.ctx.db
        .select()
        .from(users)
        .where(eq(users.email, `${role}@example.org`));
      agents[role] = await sessionAgent(t.app, u.id);
    }
  });
  afterAll(async () => t.close());

  const submission = (overrides: Record<string, unknown> = {}) => ({
    eventTitle: `Capacity Night ${randomUUID().slice(0, 8)}`,
    ministryId,
    promotionStartDate: addDaysIso(today, 20),
    eventStartDate: addDaysIso(today, 41),
    descriptionShort: 'An evening for everyone.',
    descriptionLong: 'Music and stories.',
    targetAudience: 'Families',
    tier: 'C',
    includedChannels: ['sunday_slide'],
    additionalChannels: {},
    planningCenterAdded: true,
    designDirection: 'template',
    ...overrides,
  });
  const submit = (body: unknown) => {
    const boundary = `----capacity${randomUUID()}`;
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="request"\r\n\r\n${JSON.stringify(body)}\r\n--${boundary}--\r\n`,
    );
    return agents.requester.inject({
      method: 'POST',
      url: '/api/requests',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'idempotency-key': randomUUID() },
    });
  };
  const view = async (from?: string) => {
    const res = await agents.coordinator.inject({ method: 'GET', url: `/api/capacity${from ? `?from=${from}` : ''}` });
    expect(res.statusCode).toBe(200);
    return res.json() as CapacityResponse;
  };
  const cell = (v: CapacityResponse, channel: string, week: string) =>
    v.channels.find((c) => c.channel === channel)!.cells.find((c) => c.week === week)!;
  /** A channel of its own for one test, so tests running in any order never share a count. */
  const ownChannel = async (rule: Record<string, unknown>) => {
    const code = `slot_${randomUUID().slice(0, 8)}`;
    const res = await agents.admin.inject({
      method: 'POST',
      url: '/api/admin/channels',
      payload: { code, label: `Slot ${code}`, ...rule },
    });
    expect(res.statusCode).toBe(200);
    return code;
  };

  it('a late request gets what can still be made: the rest is dropped with its reason, the made items due their lead time before their first run', async () => {
    // Tier A two weeks out, the event six days later: only the 14-day slide decks can still be made.
    const body = submission({
      tier: 'A',
      includedChannels: ['stage_announcement', 'landing_slide', 'sunday_slide', 'email_feature', 'social_media_posts'],
      promotionStartDate: addDaysIso(today, 14),
      eventStartDate: addDaysIso(today, 20),
    });
    const res = await submit(body);
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as { id: string };
    const items = await t.ctx.db.select().from(requestItems).where(eq(requestItems.requestId, id));
    expect(items.map((i) => i.channel).sort()).toEqual(['landing_slide', 'sunday_slide']);
    for (const item of items) {
      const sunday = item.bookedWeeks.map((w) => addDaysIso(w, 6));
      expect(sunday).toHaveLength(1);
      expect(item.dueDate).toBe(addDaysIso(sunday[0], -14));
      expect(item.dueDate! >= today).toBe(true);
    }
    const [request] = await t.ctx.db.select().from(requests).where(eq(requests.id, id));
    expect(request.droppedItems.map((d) => d.channel).sort()).toEqual(['email_feature', 'social_media_posts', 'stage_announcement']);
    expect(request.droppedItems.find((d) => d.channel === 'stage_announcement')!.reason).toBe(
      'Too late: it needs 28 days of production before its last run.',
    );
  });

  it('two submissions for the last slot both land: the week shows over capacity, each counted once, both in its cell', async () => {
    const code = await ownChannel({ capacityPer: 'week', capacity: 1, runWeeks: 1, leadTimeDays: 0 });
    const body = () => submission({ includedChannels: [], additionalChannels: { [code]: true } });
    const sent = await Promise.all([submit(body()), submit(body())]);
    expect(sent.map((r) => r.statusCode)).toEqual([201, 201]);
    const week = weekStart(addDaysIso(today, 41));
    const v = await view(addDaysIso(today, 35));
    expect(cell(v, code, week)).toEqual({ week, booked: 2, load: 'over' });
    expect(v.channels.find((c) => c.channel === code)).toMatchObject({ capacity: 1, capacityPer: 'week' });
    const res = await agents.coordinator.inject({ method: 'GET', url: `/api/capacity/cell?channel=${code}&week=${week}` });
    expect(res.statusCode).toBe(200);
    const c = res.json() as CapacityCellResponse;
    expect(c).toMatchObject({ channel: code, week, booked: 2, capacity: 1, nextCursor: null });
    expect(c.items.map((i) => i.requestId).sort()).toEqual(sent.map((r) => (r.json() as { id: string }).id).sort());
    expect(c.items.every((i) => i.isAdditionalRequest && i.additionalRequestStatus === 'pending' && i.tier === 'C')).toBe(true);
  });

  it("a request's drawer shows the weeks its items book with each week's load, to whoever may open it, in one statement", async () => {
    const code = await ownChannel({ capacityPer: 'sunday', capacity: 1, runWeeks: 2, leadTimeDays: 0 });
    const body = () => submission({ includedChannels: [], additionalChannels: { [code]: true } });
    const first = (await submit(body())).json() as { id: string };
    const second = (await submit(body())).json() as { id: string };
    const [item] = await t.ctx.db.select().from(requestItems).where(eq(requestItems.requestId, second.id));
    expect(item.bookedWeeks).toHaveLength(2);
    // The session's read and the church's configuration (kept in memory, read again when it expires) are not the drawer's.
    const bookingsOnly = { ignore: (text: string) => /from "(sessions|church_settings|tiers|channels)"/.test(text) };
    const read = await countWaves(
      t.ctx.db,
      () => agents.coordinator.inject({ method: 'GET', url: `/api/capacity/requests/${second.id}` }),
      bookingsOnly,
    );
    expect(read.result.statusCode).toBe(200);
    expect(read.statements).toBe(1);
    const mine = (read.result.json() as RequestBookingsResponse).channels.find((c) => c.channel === code);
    expect(mine).toEqual({
      channel: code,
      label: `Slot ${code}`,
      capacityPer: 'sunday',
      capacity: 1,
      cells: item.bookedWeeks.map((week) => ({ week, booked: 2, load: 'over' })),
    });
    // Its requester reads it too; a request of nobody they know is not found, as the drawer answers.
    expect((await agents.requester.inject({ method: 'GET', url: `/api/capacity/requests/${first.id}` })).statusCode).toBe(200);
    const [other] = await t.ctx.db.select().from(requests).where(eq(requests.id, first.id));
    const stranger = await buildUser(t.ctx.db, { role: 'requester' });
    const strangerAgent = await sessionAgent(t.app, stranger.id);
    expect((await strangerAgent.inject({ method: 'GET', url: `/api/capacity/requests/${other.id}` })).statusCode).toBe(404);
    expect((await strangerAgent.inject({ method: 'GET', url: `/api/capacity/requests/${randomUUID()}` })).statusCode).toBe(404);
  });

  it('the intake queue flags the weeks a request books that are over capacity and its open items whose due dates have passed', async () => {
    const code = await ownChannel({ capacityPer: 'week', capacity: 1, runWeeks: 1, leadTimeDays: 0 });
    const title = `Crowded Week ${randomUUID().slice(0, 8)}`;
    const body = (n: number) => submission({ eventTitle: `${title} ${n}`, includedChannels: [], additionalChannels: { [code]: true } });
    const first = (await submit(body(1))).json() as { id: string };
    const intake = async () => {
      const res = await agents.coordinator.inject({ method: 'GET', url: `/api/intake?search=${encodeURIComponent(title)}` });
      expect(res.statusCode).toBe(200);
      return (res.json() as IntakeResponse).rows;
    };
    const week = weekStart(addDaysIso(today, 41));
    // One booking of one slot: the week is full.
    expect(await intake()).toEqual([
      expect.objectContaining({
        id: first.id,
        fullWeeks: [{ channel: code, label: `Slot ${code}`, capacityPer: 'week', week, booked: 1, capacity: 1 }],
        missedDueDates: 0,
      }),
    ]);
    const second = (await submit(body(2))).json() as { id: string };
    await t.ctx.db
      .update(requestItems)
      .set({ dueDate: addDaysIso(today, -1) })
      .where(eq(requestItems.requestId, second.id));
    const rows = await intake();
    expect(rows.map((r) => [r.id, r.fullWeeks.map((w) => w.booked), r.missedDueDates])).toEqual([
      [first.id, [2], 0],
      [second.id, [2], 1],
    ]);
    // Finished work is not flagged, and a channel without a capacity is never full.
    await t.ctx.db.update(requestItems).set({ status: 'complete' }).where(eq(requestItems.requestId, second.id));
    expect((await intake()).find((r) => r.id === second.id)!.missedDueDates).toBe(0);
    // A week gone by is not flagged, full as it was: it can no longer be changed.
    const past = weekStart(addDaysIso(today, -14));
    await t.ctx.db
      .update(requestItems)
      .set({ bookedWeeks: [past] })
      .where(eq(requestItems.requestId, second.id));
    expect((await intake()).map((r) => [r.id, r.fullWeeks.map((w) => [w.week, w.booked])])).toEqual([
      [first.id, [[week, 1]]],
      [second.id, []],
    ]);
    const unlimited = await ownChannel({ capacityPer: 'week', capacity: null, runWeeks: 1, leadTimeDays: 0 });
    const open = (
      await submit(submission({ eventTitle: `${title} 3`, includedChannels: [], additionalChannels: { [unlimited]: true } }))
    ).json() as {
      id: string;
    };
    expect((await intake()).find((r) => r.id === open.id)!.fullWeeks).toEqual([]);
  });

  it('a cancelled request gives its weeks back; the view covers twelve weeks from the current one', async () => {
    const code = await ownChannel({ capacityPer: 'sunday', capacity: 2, runWeeks: null, leadTimeDays: 0 });
    const res = await submit(submission({ includedChannels: [], additionalChannels: { [code]: true } }));
    const { id } = res.json() as { id: string };
    const [item] = await t.ctx.db.select().from(requestItems).where(eq(requestItems.requestId, id));
    expect(item.bookedWeeks.length).toBe(3);
    const v = await view();
    expect(v.weeks).toHaveLength(12);
    expect(v.weeks[0]).toBe(weekStart(today));
    const booked = () =>
      v.channels
        .find((c) => c.channel === code)!
        .cells.filter((c) => c.booked > 0)
        .map((c) => c.week);
    expect(booked()).toEqual(item.bookedWeeks.filter((w) => w <= v.weeks[11]));
    await t.ctx.db.update(requests).set({ status: 'cancelled' }).where(eq(requests.id, id));
    const after = await view();
    expect(after.channels.find((c) => c.channel === code)!.cells.every((c) => c.booked === 0)).toBe(true);
  });

  it("answers the form: each channel's state, due date and the load of each week it would book", async () => {
    const code = await ownChannel({ capacityPer: 'week', capacity: 1, runWeeks: 1, leadTimeDays: 0 });
    await submit(submission({ includedChannels: [], additionalChannels: { [code]: true } }));
    const promotionStart = addDaysIso(today, 14);
    const eventStart = addDaysIso(today, 41);
    const res = await agents.requester.inject({
      method: 'GET',
      url: `/api/capacity/availability?promotionStart=${promotionStart}&eventStart=${eventStart}&channels=sunday_slide,stage_announcement,${code},unknown`,
    });
    expect(res.statusCode).toBe(200);
    const a = res.json() as AvailabilityResponse;
    expect(a.today).toBe(today);
    const by = Object.fromEntries(a.channels.map((c) => [c.channel, c]));
    expect(Object.keys(by).sort()).toEqual([code, 'stage_announcement', 'sunday_slide'].sort());
    expect(by.sunday_slide).toMatchObject({ state: 'ready', leadTimeDays: 14, capacity: 4 });
    expect(by.sunday_slide.weeks).toHaveLength(3);
    expect(by.sunday_slide.dueDate).toBe(addDaysIso(by.sunday_slide.firstRun!, -14));
    expect(by[code].weeks).toEqual([{ week: weekStart(eventStart), from: weekStart(eventStart), booked: 1, load: 'full', runs: true }]);
    // The stage announcement runs the Sunday before the event: 28 days' lead from today passes it or not.
    const lastSunday = by.stage_announcement.weeks[0].from;
    expect(by.stage_announcement.state).toBe(addDaysIso(today, 28) <= lastSunday ? 'ready' : 'not_possible');

    const reversed = await agents.requester.inject({
      method: 'GET',
      url: `/api/capacity/availability?promotionStart=${eventStart}&eventStart=${promotionStart}&channels=sunday_slide`,
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.message).toBe('The event starts before the promotion does.');
  });
});
