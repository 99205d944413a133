import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NOTES_MESSAGES, type MoveToRunwayResult, type Note } from '../../../shared/api/notes';
import { addDaysIso } from '../../../shared/domain/dates';
import { SUNDAY_MESSAGES } from '../../../shared/domain/planning';
import { futureNotes, sundayPlanItems, sundayPlans } from '../../platform/db/schema';
import type { AppEvent } from '../../platform/events/bus';
import { sessionAgent } from '../../test/agent';
import { buildMinistry, buildUser } from '../../test/factories';
import { BACKENDS, createTestApp, type Agent, type TestApp } from '../../test/harness';
import { ensureRunways, ownSunday } from '../../test/runway-fixtures';

const MISSING = '00000000-0000-4000-8000-000000000000';
const tag = () => `n${randomBytes(4).toString('hex')}`;

describe.each(BACKENDS)('future notes on %s', (backend) => {
  let t: TestApp;
  let runway: Awaited<ReturnType<typeof ensureRunways>>;
  const as: Record<string, Agent> = {};
  const id: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(backend);
    runway = await ensureRunways(t.ctx.db);
    for (const role of ['requester', 'creative', 'coordinator', 'admin'] as const) {
      const user = await buildUser(t.ctx.db, { role });
      id[role] = user.id;
      as[role] = await sessionAgent(t.app, user.id);
    }
  });
  afterAll(async () => t.close());

  const list = async (agent: Agent, query = '') => {
    const res = await agent.inject({ method: 'GET', url: `/api/notes${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: Note[] }).items;
  };
  const create = async (agent: Agent, body: Record<string, unknown>) => {
    const res = await agent.inject({ method: 'POST', url: '/api/notes', payload: body });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { note: Note }).note;
  };
  const move = (agent: Agent, noteId: string) => agent.inject({ method: 'POST', url: `/api/notes/${noteId}/move-to-runway`, payload: {} });
  /** A planned note whose target date is the Wednesday before `sunday`. */
  const plannedFor = (sunday: string, extra: Record<string, unknown> = {}) =>
    create(as.coordinator, { title: `Plan ${tag()}`, status: 'planned', targetDate: addDaysIso(sunday, -4), ...extra });
  const planOf = async (sunday: string, runwayId: string | null) =>
    (
      await t.ctx.db
        .select()
        .from(sundayPlans)
        .where(and(eq(sundayPlans.sundayDate, sunday), runwayId ? eq(sundayPlans.runwayId, runwayId) : isNull(sundayPlans.runwayId)))
    )[0];
  const itemsOf = async (planId: string) => t.ctx.db.select().from(sundayPlanItems).where(eq(sundayPlanItems.sundayPlanId, planId));

  it('a creative adds a note with the defaults; empty ministry, date and description are saved as null; the creator is not forced as owner', async () => {
    const title = `Easter ${tag()}`;
    const note = await create(as.creative, { title: `  ${title}  `, ministryId: '', targetDate: '', description: ' ', ownerId: '' });
    expect(note).toMatchObject({
      title,
      category: 'sunday',
      status: 'draft',
      targetDate: null,
      ministryId: null,
      ministryName: null,
      ownerId: null,
      description: null,
      planItemId: null,
      canMoveToRunway: false,
    });
  });

  it('lists with ministry and owner names, by target date with undated notes last, filtered by search and status', async () => {
    const k = tag();
    const ministry = await buildMinistry(t.ctx.db);
    const later = await create(as.creative, {
      title: `${k} later`,
      targetDate: '2041-05-01',
      status: 'planned',
      ministryId: ministry.id,
      ownerId: id.creative,
    });
    const undated = await create(as.creative, { title: `${k} undated` });
    const sooner = await create(as.creative, {
      title: `sooner`,
      description: `about ${k.toUpperCase()}`,
      targetDate: '2041-01-01',
      category: 'videos',
    });
    const found = await list(as.creative, `?search=${k}`);
    expect(found.map((n) => n.id)).toEqual([sooner.id, later.id, undated.id]);
    expect(found[1]).toMatchObject({ ministryName: ministry.name, ownerId: id.creative, category: 'sunday', status: 'planned' });
    expect(found[1].ownerName).toMatch(/^Test User/);
    expect((await list(as.creative, `?search=${k}&status=planned`)).map((n) => n.id)).toEqual([later.id]);
    expect(await list(as.creative, `?search=${k}%25_`)).toEqual([]);
    // Only coordinators are offered Move to Runway Now, and only for planned notes with a date.
    expect((await list(as.coordinator, `?search=${k}`)).map((n) => n.canMoveToRunway)).toEqual([false, true, false]);
    expect((await list(as.creative, `?search=${k}`)).every((n) => !n.canMoveToRunway)).toBe(true);
  });

  it("refuses a blank title with the spec's message, an unknown category, a bad date and unknown references; nothing is written", async () => {
    const before = (await t.ctx.db.select().from(futureNotes)).length;
    const post = (payload: Record<string, unknown>) => as.creative.inject({ method: 'POST', url: '/api/notes', payload });
    const blank = await post({ title: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain(NOTES_MESSAGES.titleRequired);
    expect((await post({})).body).toContain(NOTES_MESSAGES.titleRequired);
    expect((await post({ title: 'x', category: 'podcast' })).statusCode).toBe(400);
    expect((await post({ title: 'x', targetDate: '2041-02-30' })).statusCode).toBe(400);
    const ministry = await post({ title: 'x', ministryId: MISSING });
    expect([ministry.statusCode, ministry.json().error.message]).toEqual([422, NOTES_MESSAGES.unknownMinistry]);
    const owner = await post({ title: 'x', ownerId: id.requester });
    expect([owner.statusCode, owner.json().error.message]).toEqual([422, NOTES_MESSAGES.unknownOwner]);
    const onRunway = await post({ title: 'x', status: 'moved_to_runway' });
    expect([onRunway.statusCode, onRunway.json().error.message]).toEqual([422, NOTES_MESSAGES.moveOnlyByMove]);
    expect((await t.ctx.db.select().from(futureNotes)).length).toBe(before);
  });

  it('a creative edits and deletes a note; a missing note is 404; every change tells the planners', async () => {
    const publish = vi.spyOn(t.ctx.bus, 'publish');
    try {
      const note = await create(as.creative, { title: `Retreat ${tag()}` });
      const put = await as.creative.inject({
        method: 'PUT',
        url: `/api/notes/${note.id}`,
        payload: { title: 'Retreat weekend', category: 'event', status: 'planned', targetDate: '2041-03-03', description: 'Book the hall' },
      });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json().note).toMatchObject({
        title: 'Retreat weekend',
        category: 'event',
        status: 'planned',
        targetDate: '2041-03-03',
        description: 'Book the hall',
      });
      const del = await as.creative.inject({ method: 'DELETE', url: `/api/notes/${note.id}` });
      expect([del.statusCode, del.json()]).toEqual([200, { id: note.id }]);
      expect((await as.creative.inject({ method: 'DELETE', url: `/api/notes/${note.id}` })).statusCode).toBe(404);
      expect((await as.creative.inject({ method: 'PUT', url: `/api/notes/${MISSING}`, payload: { title: 'x' } })).statusCode).toBe(404);
      const events = publish.mock.calls.flatMap(([e]) => e as AppEvent[]);
      expect(events).toEqual(Array(3).fill({ topic: 'notes', id: note.id, audience: { minRole: 'creative' } }));
    } finally {
      publish.mockRestore();
    }
  });

  it('a requester may not read or write notes; a creative may not move one', async () => {
    const note = await plannedFor(ownSunday());
    expect((await as.requester.inject({ method: 'GET', url: '/api/notes' })).statusCode).toBe(403);
    expect((await as.requester.inject({ method: 'POST', url: '/api/notes', payload: { title: 'x' } })).statusCode).toBe(403);
    expect((await as.requester.inject({ method: 'PUT', url: `/api/notes/${note.id}`, payload: { title: 'x' } })).statusCode).toBe(403);
    expect((await as.requester.inject({ method: 'DELETE', url: `/api/notes/${note.id}` })).statusCode).toBe(403);
    expect((await move(as.creative, note.id)).statusCode).toBe(403);
    expect((await t.ctx.db.select().from(futureNotes).where(eq(futureNotes.id, note.id)))[0].status).toBe('planned');
  });

  it("Move to Runway Now puts the note on its Sunday's plan of the category's runway, through the guard, and marks it On Runway", async () => {
    const sunday = ownSunday();
    const note = await plannedFor(sunday, { category: 'social', description: 'Carousel of the mission trip' });
    const publish = vi.spyOn(t.ctx.bus, 'publish');
    try {
      const res = await move(as.coordinator, note.id);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as MoveToRunwayResult;
      expect(body).toMatchObject({ sundayDate: sunday, runwayCode: 'media', taskName: note.title });
      expect(body.note).toMatchObject({ status: 'moved_to_runway', canMoveToRunway: false });
      const plan = await planOf(sunday, runway.media);
      // Made by the move at version 0 and bumped once by the guard.
      expect(plan.version).toBe(1);
      const items = await itemsOf(plan.id);
      expect(items).toMatchObject([{ taskName: note.title, taskDetails: 'Carousel of the mission trip', id: body.note.planItemId }]);
      const events = publish.mock.calls.flatMap(([e]) => e as AppEvent[]);
      expect(events).toEqual([
        { topic: 'notes', id: note.id, audience: { minRole: 'creative' } },
        { topic: 'sundays', id: sunday, audience: { minRole: 'coordinator' } },
      ]);
    } finally {
      publish.mockRestore();
    }
    // On Runway now: not movable again, and an edit may keep that status but not set it.
    const again = await move(as.coordinator, note.id);
    expect([again.statusCode, again.json().error.message]).toEqual([422, NOTES_MESSAGES.moveNeedsPlanned]);
    const keep = await as.creative.inject({
      method: 'PUT',
      url: `/api/notes/${note.id}`,
      payload: { title: 'Renamed', status: 'moved_to_runway', category: 'social' },
    });
    expect(keep.statusCode, keep.body).toBe(200);
  });

  it.each([
    ['sunday', 'message'],
    ['videos', 'media'],
    ['slides', 'media'],
    ['campaign', 'announcements'],
    ['event', 'announcements'],
    ['other', 'announcements'],
  ] as const)('a %s note goes to the %s runway; a target date on the Sunday itself is that Sunday', async (category, code) => {
    const sunday = ownSunday();
    const note = await create(as.coordinator, { title: `C ${tag()}`, category, status: 'planned', targetDate: sunday });
    const res = await move(as.coordinator, note.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ sundayDate: sunday, runwayCode: code });
    expect(await itemsOf((await planOf(sunday, runway[code])).id)).toHaveLength(1);
  });

  it("keeps the plan's task names unique: ' (note)', then ' (note 2)'; the plan's version moves on from where it was", async () => {
    const sunday = ownSunday();
    const title = `Baptism ${tag()}`;
    const [plan] = await t.ctx.db.insert(sundayPlans).values({ sundayDate: sunday, runwayId: runway.message, version: 7 }).returning();
    await t.ctx.db.insert(sundayPlanItems).values({ sundayPlanId: plan.id, taskName: title });
    const names: string[] = [];
    for (let i = 0; i < 2; i++) {
      const note = await plannedFor(sunday, { title });
      const res = await move(as.coordinator, note.id);
      expect(res.statusCode, res.body).toBe(200);
      names.push(res.json().taskName);
    }
    expect(names).toEqual([`${title} (note)`, `${title} (note 2)`]);
    expect((await planOf(sunday, runway.message)).version).toBe(9);
  });

  it('refuses notes that are not planned, have no date or a past Sunday (422), and missing notes (404), changing nothing', async () => {
    const draft = await create(as.coordinator, { title: `D ${tag()}`, targetDate: ownSunday() });
    const undated = await create(as.coordinator, { title: `U ${tag()}`, status: 'planned' });
    const past = await create(as.coordinator, { title: `P ${tag()}`, status: 'planned', targetDate: '2020-01-01' });
    const answers = await Promise.all([draft, undated, past].map(async (n) => (await move(as.coordinator, n.id)).json().error.message));
    expect(answers).toEqual([NOTES_MESSAGES.moveNeedsPlanned, NOTES_MESSAGES.moveNeedsDate, NOTES_MESSAGES.movePastSunday]);
    expect((await move(as.coordinator, MISSING)).statusCode).toBe(404);
    const rows = await t.ctx.db.select().from(futureNotes).where(eq(futureNotes.id, draft.id));
    expect(rows[0]).toMatchObject({ status: 'draft', planItemId: null });
  });

  it('a locked Sunday refuses a coordinator (422 from the guard, nothing written) and takes an admin', async () => {
    const sunday = ownSunday();
    await t.ctx.db
      .insert(sundayPlans)
      .values({ sundayDate: sunday, runwayId: null, isLocked: true, status: 'locked', lockedAt: new Date() });
    const note = await plannedFor(sunday);
    const refused = await move(as.coordinator, note.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ code: 'sunday_locked', message: SUNDAY_MESSAGES.locked });
    expect(await planOf(sunday, runway.message)).toBeUndefined();
    expect((await t.ctx.db.select().from(futureNotes).where(eq(futureNotes.id, note.id)))[0].status).toBe('planned');
    const admin = await move(as.admin, note.id);
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json().note.status).toBe('moved_to_runway');
  });

  it('owners are the active staff who sign in', async () => {
    const res = await as.creative.inject({ method: 'GET', url: '/api/notes/owners' });
    expect(res.statusCode).toBe(200);
    const ids = (res.json() as { items: { id: string }[] }).items.map((o) => o.id);
    expect(ids).toEqual(expect.arrayContaining([id.creative, id.coordinator, id.admin]));
    expect(ids).not.toContain(id.requester);
  });
});

describe.each(BACKENDS)('the Sunday auto-lock setting on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => t.close());

  it('an admin reads it (on by default) and turns it off and on; others are refused', async () => {
    const admin = await buildUser(t.ctx.db, { role: 'admin', fullName: 'Ada Admin' });
    const agent = await sessionAgent(t.app, admin.id);
    const url = '/api/admin/settings/sunday-auto-lock';
    expect((await agent.inject({ method: 'GET', url })).json()).toMatchObject({
      enabled: true,
      updatedAt: null,
      updatedByName: null,
      timeZone: t.ctx.config.churchTimeZone,
    });
    const off = await agent.inject({ method: 'PUT', url, payload: { enabled: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false, updatedByName: 'Ada Admin' });
    expect((await agent.inject({ method: 'GET', url })).json().enabled).toBe(false);
    expect((await agent.inject({ method: 'PUT', url, payload: { enabled: 'no' } })).statusCode).toBe(400);
    expect((await agent.inject({ method: 'PUT', url, payload: { enabled: true } })).json().enabled).toBe(true);
    const coordinator = await sessionAgent(t.app, (await buildUser(t.ctx.db, { role: 'coordinator' })).id);
    expect((await coordinator.inject({ method: 'GET', url })).statusCode).toBe(403);
    expect((await coordinator.inject({ method: 'PUT', url, payload: { enabled: false } })).statusCode).toBe(403);
  });
});
