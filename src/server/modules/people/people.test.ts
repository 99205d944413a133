import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvailabilityAnswer, BlockoutList, LinkAbout, Schedule } from '../../../shared/api/people';
import { addDaysIso, todayIn, upcomingSundays } from '../../../shared/domain/dates';
import { BLOCKED_OUT_CODE, PEOPLE_MESSAGES } from '../../../shared/domain/people-on-sundays';
import { assignmentLinkSecret, signAssignmentLink } from '../../commands/assignment-links';
import type { Executor } from '../../platform/db/client';
import * as s from '../../platform/db/schema';
import { setSetting } from '../../platform/settings';
import { sessionAgent } from '../../test/agent';
import { answerAs, mailsTo as mailsToIn, notesOf as notesOfIn, setAssignmentMailMode } from '../../test/answer-fixtures';
import { buildUser } from '../../test/factories';
import { BACKENDS, createTestApp, type Agent, type TestApp } from '../../test/harness';
import { buildItem, buildRequest } from '../../test/task-fixtures';
import { runTaskReminders } from '../tasks/reminders';

type User = Awaited<ReturnType<typeof buildUser>>;
let seq = 0;

describe.each(BACKENDS)('people on Sundays on %s', (backend) => {
  let t: TestApp;
  const who = {} as Record<'admin' | 'coordinator' | 'creative' | 'creative2' | 'requester', User>;
  const as = {} as Record<keyof typeof who, Agent>;
  let runwayId: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    for (const key of ['admin', 'coordinator', 'creative', 'creative2', 'requester'] as const) {
      who[key] = await buildUser(t.ctx.db, { role: key === 'creative2' ? 'creative' : key, fullName: `The ${key}` });
      as[key] = await sessionAgent(t.app, who[key].id);
    }
    await t.ctx.db.insert(s.runways).values({ code: 'media', name: 'Media' }).onConflictDoNothing();
    [{ id: runwayId }] = await t.ctx.db.select({ id: s.runways.id }).from(s.runways).where(eq(s.runways.code, 'media'));
  });
  afterAll(async () => t.close());

  const db = () => t.ctx.db as Executor;
  /** A Sunday of its own for each test, far enough ahead that no other test's work shares its week. */
  const freshSunday = () => addDaysIso('2033-01-02', 7 * ++seq);
  const version = async (date: string) => {
    const [row] = await db()
      .select({ version: s.sundayPlans.version })
      .from(s.sundayPlans)
      .where(and(eq(s.sundayPlans.sundayDate, date), eq(s.sundayPlans.runwayId, runwayId)));
    return row?.version ?? 0;
  };
  const saveTasks = async (agent: Agent, date: string, items: object[], confirmBlockout?: boolean) =>
    agent.inject({
      method: 'PUT',
      url: `/api/sundays/${date}/runways/media/items`,
      payload: { version: await version(date), items, ...(confirmBlockout ? { confirmBlockout } : {}) },
    });
  const taskOf = async (date: string, name: string) => {
    const [row] = await db()
      .select({ item: s.sundayPlanItems })
      .from(s.sundayPlanItems)
      .innerJoin(s.sundayPlans, eq(s.sundayPlans.id, s.sundayPlanItems.sundayPlanId))
      .where(and(eq(s.sundayPlans.sundayDate, date), eq(s.sundayPlanItems.taskName, name)));
    return row.item;
  };
  const assignTask = async (date: string, name: string, person: User) => {
    const res = await saveTasks(as.coordinator, date, [{ taskName: name, assignedToId: person.id }]);
    expect(res.statusCode, res.body).toBe(200);
    return taskOf(date, name);
  };
  const answer = answerAs;
  const notesOf = (userId: string) => notesOfIn(db(), userId);
  const mailsTo = (email: string) => mailsToIn(db(), email);
  const setMode = (userId: string, mode: 'immediate' | 'digest' | 'off') => setAssignmentMailMode(db(), userId, mode);
  const tokenFor = async (kind: 'task' | 'item', id: string, userId: string, now = new Date()) =>
    signAssignmentLink(await assignmentLinkSecret(db()), { kind, id, userId }, now);

  describe('answering', () => {
    it('a new Sunday task is pending; its person accepts, then declines with a reason, and the coordinator is told', async () => {
      const date = freshSunday();
      await setMode(who.coordinator.id, 'immediate');
      const task = await assignTask(date, 'Walk-in loop', who.creative);
      expect(task.response).toBe('pending');
      const ok = await answer(as.creative, 'task', task.id, 'accepted');
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ response: 'accepted', responseReason: null });
      expect((await taskOf(date, 'Walk-in loop')).response).toBe('accepted');

      const before = (await notesOf(who.coordinator.id)).length;
      const no = await answer(as.creative, 'task', task.id, 'declined', 'Away with family');
      expect(no.statusCode, no.body).toBe(200);
      const row = await taskOf(date, 'Walk-in loop');
      expect(row).toMatchObject({ response: 'declined', responseReason: 'Away with family', assignedToId: who.creative.id });
      const notes = await notesOf(who.coordinator.id);
      expect(notes.length).toBe(before + 1);
      expect(notes[0]).toMatchObject({ title: 'Work declined', type: 'assignment_declined' });
      expect(notes[0].body).toContain('The creative declined Walk-in loop (Media)');
      expect(notes[0].body).toContain('Away with family');
      const mails = await mailsTo(who.coordinator.email);
      expect(mails.some((m) => m.subject === 'The creative declined Walk-in loop (Media)')).toBe(true);
      // The Sunday editor shows the answer.
      const sunday = await as.coordinator.inject({ method: 'GET', url: `/api/sundays/${date}` });
      const shown = (
        sunday.json() as { groups: Array<{ items: Array<{ taskName: string; response: string; responseReason: string }> }> }
      ).groups
        .flatMap((g) => g.items)
        .find((i) => i.taskName === 'Walk-in loop');
      expect(shown).toMatchObject({ response: 'declined', responseReason: 'Away with family' });
      // Declining again tells nobody twice.
      await answer(as.creative, 'task', task.id, 'declined');
      expect((await notesOf(who.coordinator.id)).length).toBe(before + 1);
    });

    it('only the assignee answers: another creative and even a coordinator are refused, a missing task is 404', async () => {
      const date = freshSunday();
      const task = await assignTask(date, 'Bumper', who.creative);
      expect((await answer(as.creative2, 'task', task.id, 'declined')).statusCode).toBe(403);
      const coordinator = await answer(as.coordinator, 'task', task.id, 'accepted');
      expect(coordinator.statusCode).toBe(403);
      expect(coordinator.json().error.message).toBe(PEOPLE_MESSAGES.notYours);
      expect((await answer(as.requester, 'task', task.id, 'accepted')).statusCode).toBe(403);
      expect((await answer(as.creative, 'task', '00000000-0000-4000-8000-000000000000', 'accepted')).statusCode).toBe(404);
      expect((await taskOf(date, 'Bumper')).response).toBe('pending');
    });

    it("a request's task: declining tells the request's coordinator; reassigning starts over at pending", async () => {
      const request = await buildRequest(db(), who.requester.id, { currentCoordinatorId: who.coordinator.id, eventTitle: 'Fall Fest' });
      const item = await buildItem(db(), request.id, { assigneeId: who.creative.id, dueDate: '2033-06-01' });
      expect(item.response).toBe('pending');
      const res = await answer(as.creative, 'item', item.id, 'declined', 'Too much that week');
      expect(res.statusCode, res.body).toBe(200);
      const [note] = await notesOf(who.coordinator.id);
      expect(note).toMatchObject({ type: 'assignment_declined', requestId: request.id });
      expect(note.body).toContain('The creative declined Fall Fest');
      // My Tasks shows the answer.
      const mine = await as.creative.inject({ method: 'GET', url: '/api/tasks?scope=mine' });
      const listed = (mine.json() as { active: Array<{ id: string; response: string }> }).active.find((i) => i.id === item.id);
      expect(listed).toMatchObject({ response: 'declined' });
      // So does the request drawer's Items tab, to the coordinator.
      const drawer = await as.coordinator.inject({ method: 'GET', url: `/api/requests/${request.id}` });
      const shown = (drawer.json() as { items: Array<{ id: string; response: string; responseReason: string | null }> }).items;
      expect(shown.find((i) => i.id === item.id)).toMatchObject({ response: 'declined', responseReason: 'Too much that week' });
      const moved = await as.coordinator.inject({
        method: 'POST',
        url: `/api/tasks/${item.id}/assign`,
        payload: { assigneeId: who.creative2.id },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const [after] = await db().select().from(s.requestItems).where(eq(s.requestItems.id, item.id));
      expect(after).toMatchObject({ assigneeId: who.creative2.id, response: 'pending', responseReason: null });
    });

    it('"assign without asking": new assignments are accepted at once, and the setting is the admin\'s', async () => {
      expect((await as.coordinator.inject({ method: 'GET', url: '/api/admin/settings/assign-without-asking' })).statusCode).toBe(403);
      const on = await as.admin.inject({ method: 'PUT', url: '/api/admin/settings/assign-without-asking', payload: { enabled: true } });
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json()).toMatchObject({ enabled: true, updatedByName: 'The admin' });
      try {
        const date = freshSunday();
        const task = await assignTask(date, 'Run of show', who.creative);
        expect(task.response).toBe('accepted');
        expect(task.respondedAt).not.toBeNull();
        // Reassigning under the setting: accepted again, for the new person.
        const moved = await assignTask(date, 'Run of show', who.creative2);
        expect(moved).toMatchObject({ assignedToId: who.creative2.id, response: 'accepted' });
      } finally {
        await setSetting(db(), 'assignWithoutAsking', false, who.admin.id);
      }
      const date = freshSunday();
      expect((await assignTask(date, 'Run of show', who.creative)).response).toBe('pending');
    });

    it('declined work is not reminded to the person who declined it; accepted work still is', async () => {
      const today = todayIn(t.ctx.config.churchTimeZone);
      const request = await buildRequest(db(), who.requester.id);
      const declined = await buildItem(db(), request.id, { assigneeId: who.creative2.id, dueDate: addDaysIso(today, -2) });
      const accepted = await buildItem(db(), request.id, { assigneeId: who.creative2.id, dueDate: addDaysIso(today, -3) });
      expect((await answer(as.creative2, 'item', declined.id, 'declined')).statusCode).toBe(200);
      expect((await answer(as.creative2, 'item', accepted.id, 'accepted')).statusCode).toBe(200);
      await runTaskReminders(t.ctx);
      const logged = await db().select().from(s.reminderLog).where(eq(s.reminderLog.userId, who.creative2.id));
      expect(logged.map((l) => l.itemId)).toContain(accepted.id);
      expect(logged.map((l) => l.itemId)).not.toContain(declined.id);
    });

    it('a coordinator giving a task to themselves has it accepted', async () => {
      const date = freshSunday();
      const res = await saveTasks(as.coordinator, date, [{ taskName: 'Stage plot', assignedToId: who.coordinator.id }]);
      expect(res.statusCode, res.body).toBe(200);
      expect((await taskOf(date, 'Stage plot')).response).toBe('accepted');
    });
  });

  describe('the e-mail link', () => {
    it('the assignment e-mail carries a signed link; its GET reads without acting, its POST answers', async () => {
      const date = freshSunday();
      await setMode(who.creative.id, 'immediate');
      await db().delete(s.pendingEmails).where(eq(s.pendingEmails.recipient, who.creative.email));
      const task = await assignTask(date, 'Giving slide', who.creative);
      const [mail] = (await mailsTo(who.creative.email)).filter((m) => m.subject.startsWith('You were assigned Sunday work'));
      expect(mail.actionText).toBe('Accept or decline');
      const url = new URL(mail.actionUrl!);
      expect(url.pathname).toBe('/respond');
      const token = url.searchParams.get('token')!;
      const read = await t.app.inject({ method: 'GET', url: `/api/assignment-links?token=${encodeURIComponent(token)}` });
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json() as LinkAbout).toMatchObject({ kind: 'task', id: task.id, personName: 'The creative', response: 'pending', date });
      // Reading it (as a mail scanner would, any number of times) changed nothing.
      await t.app.inject({ method: 'GET', url: `/api/assignment-links?token=${encodeURIComponent(token)}` });
      expect((await taskOf(date, 'Giving slide')).response).toBe('pending');
      const posted = await t.app.inject({
        method: 'POST',
        url: '/api/assignment-links',
        payload: { token, response: 'declined', reason: 'Sick' },
      });
      expect(posted.statusCode, posted.body).toBe(200);
      expect(await taskOf(date, 'Giving slide')).toMatchObject({ response: 'declined', responseReason: 'Sick' });
    });

    it('a forged, altered or expired link is refused, and so is one for work that moved to someone else', async () => {
      const date = freshSunday();
      const task = await assignTask(date, 'QR bundle', who.creative);
      const token = await tokenFor('task', task.id, who.creative.id);
      const post = (tok: string) =>
        t.app.inject({ method: 'POST', url: '/api/assignment-links', payload: { token: tok, response: 'accepted' } });
      const forged = await post(token.replace(who.creative.id, who.creative2.id));
      expect(forged.statusCode).toBe(400);
      expect(forged.json().error.code).toBe('link_invalid');
      expect((await post(`${token.slice(0, -2)}xx`)).statusCode).toBe(400);
      const old = await tokenFor('task', task.id, who.creative.id, new Date(Date.now() - 30 * 86_400_000));
      const expired = await post(old);
      expect(expired.statusCode).toBe(422);
      expect(expired.json().error).toMatchObject({ code: 'link_expired', message: PEOPLE_MESSAGES.linkExpired });
      // A genuine link of the wrong person: the work is not theirs.
      const wrong = await post(await tokenFor('task', task.id, who.creative2.id));
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().error.code).toBe('not_assignee');
      // Reassigned after the e-mail: the first person's link answers nothing.
      await assignTask(date, 'QR bundle', who.creative2);
      const moved = await t.app.inject({ method: 'GET', url: `/api/assignment-links?token=${encodeURIComponent(token)}` });
      expect(moved.statusCode).toBe(403);
      expect(moved.json().error.message).toBe(PEOPLE_MESSAGES.linkMoved);
      expect((await taskOf(date, 'QR bundle')).response).toBe('pending');
    });
  });

  describe('blockouts', () => {
    it("a person adds, lists and removes their own; a coordinator reads anyone's; a bad range is refused", async () => {
      const person = await buildUser(db(), { role: 'creative' });
      const agent = await sessionAgent(t.app, person.id);
      const added = await agent.inject({
        method: 'POST',
        url: '/api/account/blockouts',
        payload: { startsOn: '2033-07-03', endsOn: '2033-07-10', reason: 'Camp' },
      });
      expect(added.statusCode, added.body).toBe(200);
      const single = await agent.inject({ method: 'POST', url: '/api/account/blockouts', payload: { startsOn: '2033-05-01' } });
      const list = single.json() as BlockoutList;
      expect(list.items.map((b) => [b.startsOn, b.endsOn, b.reason])).toEqual([
        ['2033-05-01', '2033-05-01', null],
        ['2033-07-03', '2033-07-10', 'Camp'],
      ]);
      const bad = await agent.inject({
        method: 'POST',
        url: '/api/account/blockouts',
        payload: { startsOn: '2033-07-10', endsOn: '2033-07-03' },
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().error.message).toBe(PEOPLE_MESSAGES.blockoutEnd);
      const read = await as.coordinator.inject({ method: 'GET', url: `/api/people/${person.id}/blockouts` });
      expect((read.json() as BlockoutList).items).toHaveLength(2);
      expect((await as.creative.inject({ method: 'GET', url: `/api/people/${person.id}/blockouts` })).statusCode).toBe(403);
      // Someone else's blockout cannot be removed by id.
      const id = list.items[0].id;
      expect((await as.creative.inject({ method: 'DELETE', url: `/api/account/blockouts/${id}` })).statusCode).toBe(404);
      const removed = await agent.inject({ method: 'DELETE', url: `/api/account/blockouts/${id}` });
      expect((removed.json() as BlockoutList).items.map((b) => b.startsOn)).toEqual(['2033-07-03']);
    });

    it('an assignment onto a blockout is refused with 409 unless the coordinator confirmed, on the plan, the task list and the board', async () => {
      const date = freshSunday();
      const person = await buildUser(db(), { role: 'creative', fullName: 'Away Person' });
      await db()
        .insert(s.blockouts)
        .values({ userId: person.id, startsOn: addDaysIso(date, -1), endsOn: addDaysIso(date, 2) });
      const refused = await saveTasks(as.coordinator, date, [{ taskName: 'Announcement video', assignedToId: person.id }]);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe(BLOCKED_OUT_CODE);
      expect(refused.json().error.message).toContain('Away Person is blocked out on');
      const confirmed = await saveTasks(as.coordinator, date, [{ taskName: 'Announcement video', assignedToId: person.id }], true);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect((await taskOf(date, 'Announcement video')).assignedToId).toBe(person.id);
      // Saving the plan again with the same person asks nothing.
      const again = await saveTasks(as.coordinator, date, [{ taskName: 'Announcement video', assignedToId: person.id, isComplete: true }]);
      expect(again.statusCode, again.body).toBe(200);

      const request = await buildRequest(db(), who.requester.id);
      const item = await buildItem(db(), request.id, { dueDate: date });
      const one = await as.coordinator.inject({ method: 'POST', url: `/api/tasks/${item.id}/assign`, payload: { assigneeId: person.id } });
      expect(one.statusCode).toBe(409);
      const bulk = await as.coordinator.inject({
        method: 'POST',
        url: '/api/board/assign',
        payload: { itemIds: [item.id], assigneeId: person.id },
      });
      expect(bulk.statusCode).toBe(409);
      const sure = await as.coordinator.inject({
        method: 'POST',
        url: '/api/board/assign',
        payload: { itemIds: [item.id], assigneeId: person.id, confirmBlockout: true },
      });
      expect(sure.statusCode, sure.body).toBe(200);
    });
  });

  describe('availability and replacements', () => {
    it("marks blockouts, declines and the week's load in one answer, and suggests free people of the role, least loaded first", async () => {
      const date = freshSunday();
      const [busy, light, away, idle] = await Promise.all(
        ['Busy Bee', 'Light Load', 'Away Anna', 'Idle Ida'].map((fullName) => buildUser(db(), { role: 'creative', fullName })),
      );
      const coordinatorPeer = await buildUser(db(), { role: 'coordinator', fullName: 'Aaron Coordinator' });
      await db().insert(s.blockouts).values({ userId: away.id, startsOn: date, endsOn: date, reason: 'Wedding' });
      // Busy Bee carries three open tasks that week (one a request task due on the Saturday), Light Load one.
      await saveTasks(as.coordinator, date, [
        { taskName: 'A', assignedToId: busy.id },
        { taskName: 'B', assignedToId: busy.id },
        { taskName: 'C', assignedToId: light.id },
        { taskName: 'Declined one', assignedToId: who.creative.id },
      ]);
      const request = await buildRequest(db(), who.requester.id);
      await buildItem(db(), request.id, { assigneeId: busy.id, dueDate: addDaysIso(date, -1) });
      const declined = await taskOf(date, 'Declined one');
      expect((await answer(as.creative, 'task', declined.id, 'declined')).statusCode).toBe(200);

      const res = await as.coordinator.inject({ method: 'GET', url: `/api/availability?date=${date}` });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as AvailabilityAnswer;
      const of = (id: string) => body.people.find((p) => p.id === id)!;
      expect(of(busy.id)).toMatchObject({ weekLoad: 3, blockout: null, declined: false });
      expect(of(light.id)).toMatchObject({ weekLoad: 1 });
      expect(of(away.id).blockout).toEqual({ startsOn: date, endsOn: date, reason: 'Wedding' });
      expect(of(who.creative.id).declined).toBe(true);
      // Replacements: creatives (the decliner's role), free that day, least loaded first; never the
      // decliner, the blocked out, or a coordinator.
      const suggested = body.replacements.find((r) => r.kind === 'task' && r.id === declined.id)!.suggestions;
      expect(suggested).not.toContain(who.creative.id);
      expect(suggested).not.toContain(away.id);
      expect(suggested).not.toContain(coordinatorPeer.id);
      expect(suggested.indexOf(idle.id)).toBeGreaterThanOrEqual(0);
      expect(suggested.indexOf(idle.id)).toBeLessThan(suggested.indexOf(light.id) === -1 ? Infinity : suggested.indexOf(light.id));
      const loads = suggested.map((id) => of(id).weekLoad);
      expect(loads).toEqual([...loads].sort((a, b) => a - b));
      expect((await as.creative.inject({ method: 'GET', url: `/api/availability?date=${date}` })).statusCode).toBe(403);
    });
  });

  describe('the schedule', () => {
    it('lists people, every task of the Sundays with its answer, open slots and blockouts; a coordinator fills a slot from it', async () => {
      const [first] = upcomingSundays(t.ctx.config.churchTimeZone, 1);
      await db()
        .insert(s.runwayItems)
        .values({ runwayId, title: `Unsaved recurring ${seq}`, kind: 'check', daysBefore: 2 });
      await saveTasks(as.coordinator, first, [{ taskName: `Scheduled ${seq}`, assignedToId: who.creative.id }]);
      await db().insert(s.blockouts).values({ userId: who.creative2.id, startsOn: first, endsOn: first });
      const res = await as.coordinator.inject({ method: 'GET', url: '/api/schedule' });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as Schedule;
      expect(body.sundays).toHaveLength(6);
      expect(body.sundays[0]).toBe(first);
      expect(body.canShowMore).toBe(true);
      expect(body.people.some((p) => p.id === who.creative.id)).toBe(true);
      expect(body.people.some((p) => p.id === who.requester.id)).toBe(false);
      expect(body.tasks.find((x) => x.taskName === `Scheduled ${seq}` && x.sundayDate === first)).toMatchObject({
        assigneeId: who.creative.id,
        response: 'pending',
      });
      const slot = body.tasks.find((x) => x.taskName === `Unsaved recurring ${seq}` && x.sundayDate === first)!;
      expect(slot).toMatchObject({ id: null, assigneeId: null });
      expect(body.blockouts.some((b) => b.userId === who.creative2.id)).toBe(true);

      const fill = (payload: object) => as.coordinator.inject({ method: 'PUT', url: '/api/schedule/assignments', payload });
      const base = { sundayDate: first, runwayId, taskName: slot.taskName };
      const blocked = await fill({ ...base, assigneeId: who.creative2.id });
      expect(blocked.statusCode).toBe(409);
      const filled = await fill({ ...base, assigneeId: who.creative.id });
      expect(filled.statusCode, filled.body).toBe(200);
      expect(filled.json()).toMatchObject({ assigneeId: who.creative.id, response: 'pending' });
      expect((await taskOf(first, slot.taskName)).dueDate).toBe(addDaysIso(first, -2));
      const later = await as.coordinator.inject({ method: 'GET', url: `/api/schedule?from=${body.sundays[5]}&weeks=6` });
      expect((later.json() as Schedule).canShowMore).toBe(true);
      expect((await as.coordinator.inject({ method: 'GET', url: '/api/schedule?from=2033-01-04' })).statusCode).toBe(400);
      expect((await as.creative.inject({ method: 'GET', url: '/api/schedule' })).statusCode).toBe(403);
    });
  });
});
