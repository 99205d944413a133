import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  SUNDAY_TEMPLATE_LIMIT,
  SUNDAY_TEMPLATE_MESSAGES,
  type ApplyTemplateResult,
  type SundayTemplatesResponse,
} from '../../../shared/api/sunday-templates';
import { addDaysIso, upcomingSundays } from '../../../shared/domain/dates';
import * as s from '../../platform/db/schema';
import { sessionAgent } from '../../test/agent';
import { buildUser } from '../../test/factories';
import { BACKENDS, createTestApp, type Agent, type TestApp } from '../../test/harness';

const ROLES = ['admin', 'coordinator', 'creative'] as const;
type Role = (typeof ROLES)[number];

describe.each(BACKENDS)('Sunday templates on %s', (backend) => {
  let t: TestApp;
  const as = {} as Record<Role, Agent>;
  const user = {} as Record<Role, typeof s.users.$inferSelect>;
  let media: string;
  let message: string;
  let sunday: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    for (const role of ROLES) {
      user[role] = await buildUser(t.ctx.db, { role, fullName: `The ${role}` });
      as[role] = await sessionAgent(t.app, user[role].id);
    }
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    await t.ctx.db.execute(sql`truncate table ${s.sundayPlans}, ${s.runways}, ${s.sundayTemplates} cascade`);
    [{ id: media }, { id: message }] = await t.ctx.db
      .insert(s.runways)
      .values([
        { code: 'media', name: 'Media', orderIndex: 0 },
        { code: 'message', name: 'Message', orderIndex: 1 },
      ])
      .returning();
    sunday = upcomingSundays(t.ctx.config.churchTimeZone, 6)[2];
  });

  const call = <T>(agent: Agent, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    agent
      .inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) })
      .then((r) => ({ status: r.statusCode, body: r.json() as T }));
  const easter = () => ({
    name: 'Easter',
    tasks: [
      { runwayId: media, title: 'Easter video', kind: 'file', daysBefore: 14, defaultAssigneeId: user.creative.id },
      { runwayId: message, title: 'Easter sermon art', kind: 'file', daysBefore: 10 },
    ],
  });
  const create = async (body: unknown = easter()) => {
    const res = await call<{ id: string }>(as.coordinator, 'POST', '/api/sunday-templates', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.id;
  };
  const apply = (id: string, date = sunday, agent = as.coordinator) =>
    call<ApplyTemplateResult>(agent, 'POST', `/api/sundays/${date}/templates/${id}/apply`);
  const itemsOn = (date: string) =>
    t.ctx.db
      .select({ item: s.sundayPlanItems, runwayId: s.sundayPlans.runwayId, version: s.sundayPlans.version })
      .from(s.sundayPlanItems)
      .innerJoin(s.sundayPlans, eq(s.sundayPlans.id, s.sundayPlanItems.sundayPlanId))
      .where(eq(s.sundayPlans.sundayDate, date));

  it('a coordinator makes a template; applying it puts each task on its runway, due its days before, assigned', async () => {
    const id = await create();
    const list = (await call<SundayTemplatesResponse>(as.coordinator, 'GET', '/api/sunday-templates')).body;
    expect(
      list.items.map((i) => [i.name, i.tasks.map((t) => [t.runway.code, t.title, t.daysBefore, t.defaultAssignee?.id ?? null])]),
    ).toEqual([
      [
        'Easter',
        [
          ['media', 'Easter video', 14, user.creative.id],
          ['message', 'Easter sermon art', 10, null],
        ],
      ],
    ]);
    const res = await apply(id);
    expect(res.status).toBe(200);
    expect(res.body.added).toEqual([
      { runwayName: 'Media', title: 'Easter video' },
      { runwayName: 'Message', title: 'Easter sermon art' },
    ]);
    const items = await itemsOn(sunday);
    expect(
      items.map((r) => [r.runwayId, r.item.taskName, r.item.kind, r.item.dueDate, r.item.assignedToId, r.item.runwayItemId]).sort(),
    ).toEqual(
      [
        [media, 'Easter video', 'file', addDaysIso(sunday, -14), user.creative.id, null],
        [message, 'Easter sermon art', 'file', addDaysIso(sunday, -10), null, null],
      ].sort(),
    );
    // The plans went up a version: an editor open on the old plan is told to reload.
    expect(items.every((r) => r.version === 1)).toBe(true);
  });

  it('applying the same template twice adds nothing the second time and says so', async () => {
    const id = await create();
    expect((await apply(id)).body.added).toHaveLength(2);
    const again = await apply(id);
    expect(again.status).toBe(200);
    expect(again.body.added).toEqual([]);
    expect(again.body.skipped.map((x) => [x.title, x.reason])).toEqual([
      ['Easter video', 'applied_before'],
      ['Easter sermon art', 'applied_before'],
    ]);
    expect(await itemsOn(sunday)).toHaveLength(2);
    // A task added to the template later reaches the Sunday on the next application, alone.
    const body = easter();
    const saved = (await call<SundayTemplatesResponse>(as.coordinator, 'GET', '/api/sunday-templates')).body.items[0];
    await call(as.coordinator, 'PUT', `/api/sunday-templates/${id}`, {
      name: 'Easter',
      tasks: [
        ...saved.tasks.map((x, i) => ({ ...body.tasks[i], id: x.id })),
        { runwayId: media, title: 'Easter egg hunt slide', kind: 'text', daysBefore: 3 },
      ],
    });
    const third = await apply(id);
    expect(third.body.added).toEqual([{ runwayName: 'Media', title: 'Easter egg hunt slide' }]);
    expect(await itemsOn(sunday)).toHaveLength(3);
  });

  it('two applications at once add each task once', async () => {
    const id = await create();
    const both = await Promise.all([apply(id), apply(id, sunday, as.admin)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both.flatMap((r) => r.body.added)).toHaveLength(2);
    expect(await itemsOn(sunday)).toHaveLength(2);
  });

  it('a task whose name the Sunday already has is left, and said so', async () => {
    const id = await create();
    const [plan] = await t.ctx.db.insert(s.sundayPlans).values({ sundayDate: sunday, runwayId: media }).returning();
    await t.ctx.db.insert(s.sundayPlanItems).values({ sundayPlanId: plan.id, taskName: 'Easter video' });
    const res = await apply(id);
    expect(res.body.added.map((x) => x.title)).toEqual(['Easter sermon art']);
    expect(res.body.skipped).toEqual([{ runwayName: 'Media', title: 'Easter video', reason: 'name_taken' }]);
  });

  it('on a locked Sunday only an admin applies a template', async () => {
    const id = await create();
    await t.ctx.db.insert(s.sundayPlans).values({ sundayDate: sunday, isLocked: true, status: 'locked', lockedAt: new Date() });
    const refused = await apply(id);
    expect(refused.status).toBe(422);
    expect(await itemsOn(sunday)).toHaveLength(0);
    expect((await apply(id, sunday, as.admin)).body.added).toHaveLength(2);
  });

  it('only a Sunday takes a template, and creatives may not apply or manage them', async () => {
    const id = await create();
    expect((await apply(id, addDaysIso(sunday, 1))).status).toBe(400);
    expect((await apply(id, sunday, as.creative)).status).toBe(403);
    expect((await call(as.creative, 'GET', '/api/sunday-templates')).status).toBe(403);
  });

  it('names are unique case-blind; tasks must land on an active runway and go to an assignable person', async () => {
    await create();
    const taken = await call<{ message: string }>(as.coordinator, 'POST', '/api/sunday-templates', { ...easter(), name: 'EASTER' });
    expect(taken.status).toBe(422);
    await t.ctx.db.update(s.runways).set({ archivedAt: new Date() }).where(eq(s.runways.id, message));
    const archived = await call(as.coordinator, 'POST', '/api/sunday-templates', { ...easter(), name: 'Pentecost' });
    expect(archived.status).toBe(422);
    const viewer = await buildUser(t.ctx.db, { role: 'viewer' });
    const badAssignee = await call(as.coordinator, 'POST', '/api/sunday-templates', {
      name: 'Pentecost',
      tasks: [{ runwayId: media, title: 'Video', kind: 'text', daysBefore: 1, defaultAssigneeId: viewer.id }],
    });
    expect(badAssignee.status).toBe(422);
    const duplicate = await call(as.coordinator, 'POST', '/api/sunday-templates', {
      name: 'Pentecost',
      tasks: [
        { runwayId: media, title: 'Video', kind: 'text', daysBefore: 1 },
        { runwayId: media, title: 'video', kind: 'text', daysBefore: 2 },
      ],
    });
    expect(duplicate.status).toBe(400);
  });

  it(`a church keeps at most ${SUNDAY_TEMPLATE_LIMIT} Sunday templates`, async () => {
    await t.ctx.db.insert(s.sundayTemplates).values(Array.from({ length: SUNDAY_TEMPLATE_LIMIT }, (_, i) => ({ name: `Old ${i}` })));
    const over = await call<{ error: { message: string } }>(as.coordinator, 'POST', '/api/sunday-templates', easter());
    expect(over.status).toBe(422);
    expect(over.body.error.message).toBe(SUNDAY_TEMPLATE_MESSAGES.limit);
  });

  it('editing keeps the tasks sent with their id, removes the others; deleting leaves the Sundays their tasks', async () => {
    const id = await create();
    await apply(id);
    const saved = (await call<SundayTemplatesResponse>(as.coordinator, 'GET', '/api/sunday-templates')).body.items[0];
    const video = saved.tasks[0];
    const res = await call(as.coordinator, 'PUT', `/api/sunday-templates/${id}`, {
      name: 'Easter Sunday',
      tasks: [{ id: video.id, runwayId: media, title: 'Easter video', kind: 'file', daysBefore: 21 }],
    });
    expect(res.status).toBe(200);
    const after = (await call<SundayTemplatesResponse>(as.coordinator, 'GET', '/api/sunday-templates')).body.items[0];
    expect([after.name, after.tasks.map((x) => [x.id, x.daysBefore])]).toEqual(['Easter Sunday', [[video.id, 21]]]);
    expect((await call(as.coordinator, 'DELETE', `/api/sunday-templates/${id}`)).status).toBe(200);
    expect(await itemsOn(sunday)).toHaveLength(2);
    const uses = await t.ctx.db
      .select()
      .from(s.sundayTemplateUses)
      .where(and(eq(s.sundayTemplateUses.sundayDate, sunday)));
    expect(uses).toHaveLength(0);
    expect((await call(as.coordinator, 'DELETE', `/api/sunday-templates/${id}`)).status).toBe(404);
  });
});
