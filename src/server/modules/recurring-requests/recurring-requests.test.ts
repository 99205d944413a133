import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { stillPossible } from '../../../shared/domain/capacity';
import { DEMO_CHANNELS } from '../../../shared/domain/church-config';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RecurringList } from '../../../shared/api/recurring-requests';
import type { TemplateValues } from '../../../shared/api/request-templates';
import { addDaysIso, todayIn } from '../../../shared/domain/dates';
import { recurringRequestOccurrences, recurringRequests, requestItems, requests, requestTemplates, users } from '../../platform/db/schema';
import { sessionAgent } from '../../test/agent';
import { buildMinistry, buildUser } from '../../test/factories';
import { BACKENDS, createTestApp, type Agent, type TestApp } from '../../test/harness';
import { createInstances } from '../../test/two-instances';
import { runRecurringRequests } from './service';

const values = (ministryId: string): TemplateValues => ({
  eventTitle: 'Youth Night',
  ministryId,
  startTime: '18:30',
  endTime: '',
  location: 'Youth Room',
  expectedAttendance: '80',
  descriptionShort: 'Games, worship and pizza.',
  descriptionLong: 'Every other Friday.',
  targetAudience: 'Students',
  tier: 'C',
  includedChannels: ['sunday_slide'],
  additionalChannels: { banner: true },
  otherChannelText: '',
  infoLink: '',
  websiteDescription: '',
  registrationLink: '',
  designDirection: 'freedom',
  designNotes: '',
});

describe.each(BACKENDS)('recurring requests on %s', (backend) => {
  let t: TestApp;
  let owner: typeof users.$inferSelect;
  let as: Agent;
  let other: Agent;
  let templateId: string;
  let ministryId: string;
  let today: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    owner = await buildUser(t.ctx.db, { role: 'requester', fullName: 'Rhea Requester' });
    as = await sessionAgent(t.app, owner.id);
    other = await sessionAgent(t.app, (await buildUser(t.ctx.db, { role: 'requester' })).id);
    ministryId = (await buildMinistry(t.ctx.db, { name: `Youth ${randomUUID()}`, defaultTier: 'C' })).id;
    [{ id: templateId }] = await t.ctx.db
      .insert(requestTemplates)
      .values({ ownerId: owner.id, name: 'Youth Night', values: values(ministryId) })
      .returning();
    today = todayIn(t.ctx.config.churchTimeZone);
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    await t.ctx.db.execute(sql`truncate table ${recurringRequests} cascade`);
    await t.ctx.db.execute(sql`truncate table ${requests} cascade`);
  });

  const create = async (body: Record<string, unknown> = {}, agent = as) => {
    const res = await agent.inject({
      method: 'POST',
      url: '/api/recurring-requests',
      payload: { templateId, cadence: 'weekly', firstDate: addDaysIso(today, 20), daysAhead: 30, planningCenterAdded: true, ...body },
    });
    return { status: res.statusCode, body: res.json() as { id: string; error?: { message: string } } };
  };
  const made = async (seriesId: string) => {
    const occ = await t.ctx.db.select().from(recurringRequestOccurrences).where(eq(recurringRequestOccurrences.seriesId, seriesId));
    const ids = occ.flatMap((o) => (o.requestId ? [o.requestId] : []));
    const rows = ids.length ? await t.ctx.db.select().from(requests).where(inArray(requests.id, ids)) : [];
    return { occ, rows };
  };
  const list = async () => (await as.inject({ method: 'GET', url: '/api/recurring-requests' })).json() as RecurringList;

  it('the job makes each due occurrence as an ordinary request of the owner, with its items and due dates', async () => {
    const { status, body } = await create();
    expect(status, JSON.stringify(body)).toBe(200);
    expect(await runRecurringRequests(t.ctx)).toBe(2); // events on day 20 and day 27 are within 30 days ahead
    const { occ, rows } = await made(body.id);
    expect(occ.map((o) => o.occurrenceDate).sort()).toEqual([addDaysIso(today, 20), addDaysIso(today, 27)]);
    for (const r of rows) {
      expect([r.requesterId, r.status, r.eventTitle, r.location, r.tier, r.planningCenterAdded]).toEqual([
        owner.id,
        'submitted',
        'Youth Night',
        'Youth Room',
        'C',
        true,
      ]);
      // Promotion three weeks before the event, but never before the church's two weeks' notice.
      expect(r.promotionStartDate).toBe(addDaysIso(today, 14));
      const items = await t.ctx.db.select().from(requestItems).where(eq(requestItems.requestId, r.id));
      expect(items.map((i) => i.channel).sort()).toEqual(['banner', 'sunday_slide']);
      // Each is due its channel's lead time before its first run, as a request made by hand (decision 0067).
      for (const i of items) {
        const rule = DEMO_CHANNELS.find((c) => c.code === i.channel)!;
        expect(i.dueDate, i.channel).toBe(stillPossible(today, { start: r.promotionStartDate!, end: r.eventStartDate! }, rule).dueDate);
      }
    }
    const [series] = (await list()).items;
    expect(series.recent.map((x) => x.occurrenceDate)).toEqual([addDaysIso(today, 27), addDaysIso(today, 20)]);
    expect(series.nextDate).toBe(addDaysIso(today, 34));
  });

  it('two runs at once and a run after a restart make each occurrence exactly once', async () => {
    const { body } = await create({ cadence: 'biweekly', daysAhead: 40 });
    const both = await Promise.all([runRecurringRequests(t.ctx), runRecurringRequests(t.ctx), runRecurringRequests(t.ctx)]);
    expect(both.reduce((a, b) => a + b, 0)).toBe(2);
    // A later run (the job after a restart) finds the occurrences made.
    expect(await runRecurringRequests(t.ctx)).toBe(0);
    // A week on, the next one comes due.
    expect(await runRecurringRequests(t.ctx, new Date(Date.now() + 14 * 86_400_000))).toBe(1);
    const { occ, rows } = await made(body.id);
    expect(occ).toHaveLength(3);
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.eventStartDate)).size).toBe(3);
  });

  it('pausing or ending makes no more, and never touches the requests already made', async () => {
    const { body } = await create();
    await runRecurringRequests(t.ctx);
    const before = (await made(body.id)).rows.map((r) => [r.id, r.status, r.eventStartDate]);
    expect((await as.inject({ method: 'POST', url: `/api/recurring-requests/${body.id}/pause` })).statusCode).toBe(200);
    expect(await runRecurringRequests(t.ctx, new Date(Date.now() + 7 * 86_400_000))).toBe(0);
    expect((await as.inject({ method: 'POST', url: `/api/recurring-requests/${body.id}/resume` })).statusCode).toBe(200);
    expect((await as.inject({ method: 'POST', url: `/api/recurring-requests/${body.id}/end` })).statusCode).toBe(200);
    expect(await runRecurringRequests(t.ctx, new Date(Date.now() + 7 * 86_400_000))).toBe(0);
    expect((await made(body.id)).rows.map((r) => [r.id, r.status, r.eventStartDate])).toEqual(before);
    expect((await as.inject({ method: 'POST', url: `/api/recurring-requests/${body.id}/resume` })).statusCode).toBe(409);
    // Someone else's series is not found.
    expect((await other.inject({ method: 'POST', url: `/api/recurring-requests/${body.id}/pause` })).statusCode).toBe(404);
    expect(((await other.inject({ method: 'GET', url: '/api/recurring-requests' })).json() as RecurringList).items).toEqual([]);
  });

  it('an occurrence that cannot be made is recorded once with its reason, not retried', async () => {
    const { body } = await create({ cadence: 'monthly' });
    await t.ctx.db.execute(sql`update ministries set active = false where id = ${ministryId}`);
    try {
      expect(await runRecurringRequests(t.ctx)).toBe(0);
      expect(await runRecurringRequests(t.ctx)).toBe(0);
    } finally {
      await t.ctx.db.execute(sql`update ministries set active = true where id = ${ministryId}`);
    }
    const { occ, rows } = await made(body.id);
    expect(occ.map((o) => [o.requestId, o.failure])).toEqual([[null, 'Its ministry is no longer active.']]);
    expect(rows).toEqual([]);
  });

  it('refuses a series the church could not take: too little notice, a past date, someone else’s template', async () => {
    expect((await create({ daysAhead: 10 })).status).toBe(422);
    expect((await create({ firstDate: addDaysIso(today, -1) })).status).toBe(422);
    expect((await create({}, other)).status).toBe(422);
    expect((await create({ untilDate: addDaysIso(today, 1) })).status).toBe(400);
    const [{ id: thin }] = await t.ctx.db
      .insert(requestTemplates)
      .values({
        ownerId: owner.id,
        name: `Thin ${randomUUID()}`,
        values: { ...values(ministryId), descriptionShort: '', descriptionLong: '', targetAudience: '' },
      })
      .returning();
    // As the form would refuse it: the short description is required.
    expect((await create({ templateId: thin })).status).toBe(400);
  });
});

describe.runIf(!!process.env.DATABASE_URL)('recurring requests with two app instances on PostgreSQL', () => {
  it('two instances running the job at once make each occurrence once', async () => {
    const { instances, close } = await createInstances(2);
    try {
      const [a, b] = instances;
      const db = a.ctx.db;
      const owner = await buildUser(db, { role: 'requester' });
      const ministry = await buildMinistry(db, { name: `Youth ${randomUUID()}`, defaultTier: 'C' });
      const today = todayIn(a.ctx.config.churchTimeZone);
      await db.insert(recurringRequests).values({
        ownerId: owner.id,
        name: 'Youth Night',
        values: values(ministry.id),
        cadence: 'weekly',
        firstDate: addDaysIso(today, 20),
        daysAhead: 40,
        planningCenterAdded: true,
      });
      const counts = await Promise.all([runRecurringRequests(a.ctx), runRecurringRequests(b.ctx)]);
      expect(counts[0] + counts[1]).toBe(3);
      expect((await db.select().from(requests)).length).toBe(3);
      expect(await runRecurringRequests(b.ctx)).toBe(0);
    } finally {
      await close();
    }
  });
});
