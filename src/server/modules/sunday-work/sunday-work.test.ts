import { TZDate } from '@date-fns/tz';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SundayWorkResponse } from '../../../shared/api/sunday-work';
import type { CalendarResponse } from '../../../shared/api/calendar';
import { SUNDAY_WORK_PAGE_SIZE } from '../../../shared/api/sunday-work';
import { addDaysIso, todayIn, upcomingSundays } from '../../../shared/domain/dates';
import { SUNDAY_MESSAGES } from '../../../shared/domain/planning';
import type { Executor } from '../../platform/db/client';
import * as s from '../../platform/db/schema';
import { sessionAgent } from '../../test/agent';
import { buildUser } from '../../test/factories';
import { BACKENDS, createTestApp, type Agent, type TestApp } from '../../test/harness';
import { runDailyDigest } from '../email-preferences/digest';
import { runTaskReminders } from '../tasks/reminders';

type User = Awaited<ReturnType<typeof buildUser>>;
let sundaySeq = 0;

describe.each(BACKENDS)('Sunday work reaches the people doing it on %s', (backend) => {
  let t: TestApp;
  const who = {} as Record<'admin' | 'coordinator' | 'approver' | 'creative' | 'creative2' | 'requester', User>;
  const as = {} as Record<keyof typeof who, Agent>;
  let mediaRunway: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    for (const key of Object.keys({ admin: 1, coordinator: 1, approver: 1, creative: 1, creative2: 1, requester: 1 }) as Array<
      keyof typeof who
    >) {
      who[key] = await buildUser(t.ctx.db, { role: key === 'creative2' ? 'creative' : key, fullName: `The ${key}` });
      as[key] = await sessionAgent(t.app, who[key].id);
    }
    await t.ctx.db.insert(s.runways).values({ code: 'media', name: 'Media' }).onConflictDoNothing();
    [{ id: mediaRunway }] = await t.ctx.db.select({ id: s.runways.id }).from(s.runways).where(eq(s.runways.code, 'media'));
  });
  afterAll(async () => t.close());

  /** A Sunday of its own for each test (2031-01-05 is a Sunday), so tests pass in any order. */
  const freshSunday = () => addDaysIso('2031-01-05', 7 * ++sundaySeq);
  const db = () => t.ctx.db as Executor;
  const notesOf = (userId: string) =>
    db().select().from(s.notifications).where(eq(s.notifications.userId, userId)).orderBy(desc(s.notifications.createdAt));
  const mailsTo = (email: string) => db().select().from(s.pendingEmails).where(eq(s.pendingEmails.recipient, email));
  const waitingFor = (userId: string) =>
    db()
      .select()
      .from(s.digestEntries)
      .where(and(eq(s.digestEntries.userId, userId), isNull(s.digestEntries.digestDate)));
  const setMode = (userId: string, mode: 'immediate' | 'digest' | 'off') =>
    db()
      .insert(s.emailPreferences)
      .values({ userId, kind: 'assignment', mode })
      .onConflictDoUpdate({ target: [s.emailPreferences.userId, s.emailPreferences.kind], set: { mode } });
  const clearFor = async (u: User) => {
    await db().delete(s.notifications).where(eq(s.notifications.userId, u.id));
    await db().delete(s.pendingEmails).where(eq(s.pendingEmails.recipient, u.email));
    await db().delete(s.digestEntries).where(eq(s.digestEntries.userId, u.id));
  };
  const version = async (date: string, runwayId: string | null) => {
    const [row] = await db()
      .select({ version: s.sundayPlans.version })
      .from(s.sundayPlans)
      .where(and(eq(s.sundayPlans.sundayDate, date), runwayId ? eq(s.sundayPlans.runwayId, runwayId) : isNull(s.sundayPlans.runwayId)));
    return row?.version ?? 0;
  };
  const saveTasks = async (agent: Agent, date: string, items: object[]) => {
    const res = await agent.inject({
      method: 'PUT',
      url: `/api/sundays/${date}/runways/media/items`,
      payload: { version: await version(date, mediaRunway), items },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const saveVideos = async (agent: Agent, date: string, videos: object[]) => {
    const res = await agent.inject({
      method: 'PUT',
      url: `/api/sundays/${date}/videos`,
      payload: { version: await version(date, null), videos, deleted: [] },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { videos: Array<{ id: string; title: string; ownerId: string | null }> };
  };
  const myWork = async (agent: Agent, cursor?: string) => {
    const res = await agent.inject({ method: 'GET', url: `/api/sunday-work${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SundayWorkResponse;
  };
  const taskId = async (date: string, name: string) => {
    const [row] = await db()
      .select({ id: s.sundayPlanItems.id })
      .from(s.sundayPlanItems)
      .innerJoin(s.sundayPlans, eq(s.sundayPlans.id, s.sundayPlanItems.sundayPlanId))
      .where(and(eq(s.sundayPlans.sundayDate, date), eq(s.sundayPlanItems.taskName, name)));
    return row.id;
  };
  const lockSunday = (date: string) =>
    db().update(s.sundayPlans).set({ isLocked: true, status: 'locked', lockedAt: new Date() }).where(eq(s.sundayPlans.sundayDate, date));

  describe('assignment tells the person', () => {
    it('a Sunday task: a bell notification that opens the task, and the e-mail as the person chose', async () => {
      const date = freshSunday();
      await clearFor(who.creative);
      await setMode(who.creative.id, 'immediate');
      await saveTasks(as.coordinator, date, [{ taskName: 'Walk-in loop', assignedToId: who.creative.id }]);
      const id = await taskId(date, 'Walk-in loop');
      const [note] = await notesOf(who.creative.id);
      expect(note).toMatchObject({ title: 'You were assigned Sunday work', type: 'assignment', requestId: null });
      expect(note.link).toBe(`/sundays/${date}?focus=task:${id}`);
      expect(note.body).toContain('Sunday task "Walk-in loop"');
      const mails = await mailsTo(who.creative.email);
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toMatch(/^You were assigned Sunday work: Sunday /);
      // The button opens the answer page (guide/sunday-planning.md#answering-an-assignment); the text links the Sunday.
      expect(mails[0].actionUrl).toMatch(new RegExp(`^${t.ctx.config.appOrigin}/respond\\?token=task\\.${id}\\.${who.creative.id}\\.`));
      expect(mails[0].body).toContain(`${t.ctx.config.appOrigin}/sundays/${date}?focus=task:${id}`);
      expect(mails[0].listUnsubscribe).toMatch(/\/email\/off\?token=/);

      // Saving the plan again with the same person tells nobody twice.
      await saveTasks(as.coordinator, date, [
        { id, taskName: 'Walk-in loop', taskDetails: 'Loop of 3 minutes', assignedToId: who.creative.id },
      ]);
      expect(await notesOf(who.creative.id)).toHaveLength(1);
      expect(await mailsTo(who.creative.email)).toHaveLength(1);
    });

    it('honours the preference: the digest keeps it (and sends it in the daily digest), off sends nothing; the bell always rings', async () => {
      const date = freshSunday();
      await clearFor(who.creative2);
      await setMode(who.creative2.id, 'digest');
      await saveTasks(as.coordinator, date, [{ taskName: 'Countdown video', assignedToId: who.creative2.id }]);
      expect(await mailsTo(who.creative2.email)).toHaveLength(0);
      const waiting = await waitingFor(who.creative2.id);
      expect(waiting).toHaveLength(1);
      expect(waiting[0]).toMatchObject({ kind: 'assignment', requestId: null });
      expect(waiting[0].summary).toContain('Sunday task "Countdown video"');

      const tz = t.ctx.config.churchTimeZone;
      const [y, m, d] = addDaysIso(todayIn(tz), 1).split('-').map(Number);
      await runDailyDigest(t.ctx, new Date(new TZDate(y, m - 1, d, 7, 0, 0, tz).getTime()));
      const [digest] = await mailsTo(who.creative2.email);
      expect(digest.body).toContain('You were assigned Sunday work: Sunday task "Countdown video"');
      expect(digest.body).toContain(`/sundays/${date}?focus=task:`);

      await clearFor(who.creative2);
      await setMode(who.creative2.id, 'off');
      await saveTasks(as.coordinator, freshSunday(), [{ taskName: 'Lower thirds', assignedToId: who.creative2.id }]);
      expect(await notesOf(who.creative2.id)).toHaveLength(1);
      expect(await mailsTo(who.creative2.email)).toHaveLength(0);
      expect(await waitingFor(who.creative2.id)).toHaveLength(0);
      await setMode(who.creative2.id, 'digest');
    });

    it('reassigning a video tells the new owner, not the old one; nobody is told of work they gave themselves', async () => {
      const date = freshSunday();
      await clearFor(who.creative);
      await clearFor(who.creative2);
      const saved = await saveVideos(as.coordinator, date, [{ title: 'Baptism story', ownerId: who.creative.id }]);
      const video = saved.videos[0];
      expect((await notesOf(who.creative.id))[0].link).toBe(`/sundays/${date}?focus=video:${video.id}`);
      await saveVideos(as.coordinator, date, [{ id: video.id, title: 'Baptism story', ownerId: who.creative2.id }]);
      const [note] = await notesOf(who.creative2.id);
      expect(note.body).toContain('Sunday video "Baptism story"');
      expect(await notesOf(who.creative.id)).toHaveLength(1);

      await clearFor(who.coordinator);
      await saveVideos(as.coordinator, date, [{ id: video.id, title: 'Baptism story', ownerId: who.coordinator.id }]);
      expect(await notesOf(who.coordinator.id)).toHaveLength(0);
    });

    it('a social post and the sermon roles tell their people too', async () => {
      const date = freshSunday();
      await clearFor(who.creative);
      await clearFor(who.approver);
      const res = await as.coordinator.inject({
        method: 'PUT',
        url: `/api/sundays/${date}/social`,
        payload: {
          version: await version(date, null),
          posts: [{ id: 'new-1', platform: 'Instagram', postType: 'Reel', ownerId: who.creative.id }],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [post] = await db()
        .select()
        .from(s.socialMediaPosts)
        .where(eq(s.socialMediaPosts.ownerId, who.creative.id))
        .orderBy(desc(s.socialMediaPosts.postDatetime));
      const [postNote] = await notesOf(who.creative.id);
      expect(postNote.body).toContain('Social post "Instagram Reel"');
      expect(postNote.link).toBe(`/sundays/${date}?focus=post:${post.id}`);

      const sermon = await as.coordinator.inject({
        method: 'PUT',
        url: `/api/sundays/${date}/sermon`,
        payload: { version: await version(date, null), sermonTitle: 'Living Water', teachingPastorId: who.approver.id },
      });
      expect(sermon.statusCode, sermon.body).toBe(200);
      const [pastorNote] = await notesOf(who.approver.id);
      expect(pastorNote.body).toContain('Teaching pastor "Living Water"');
      expect(pastorNote.link).toMatch(new RegExp(`^/sundays/${date}\\?focus=sermon_pastor:`));
    });

    it('an assignment that fails validation tells nobody: the notification is written in the same transaction', async () => {
      const date = freshSunday();
      await clearFor(who.creative);
      const res = await as.coordinator.inject({
        method: 'PUT',
        url: `/api/sundays/${date}/videos`,
        payload: {
          version: 0,
          videos: [
            { title: 'Good', ownerId: who.creative.id },
            { title: 'Bad', ownerId: who.requester.id },
          ],
          deleted: [],
        },
      });
      expect(res.statusCode).toBe(400);
      expect(await notesOf(who.creative.id)).toHaveLength(0);
    });
  });

  describe('reminders', () => {
    it('the assignee is reminded once a day when the work is due soon and again when overdue, as they chose for reminders', async () => {
      const date = freshSunday();
      const person = await buildUser(db(), { role: 'creative' });
      await db().insert(s.emailPreferences).values({ userId: person.id, kind: 'reminder', mode: 'immediate' });
      const { videos } = await saveVideos(as.coordinator, date, [{ title: 'Reminder video', ownerId: person.id }]);
      const video = videos.find((v) => v.ownerId === person.id)!;
      await db().delete(s.notifications).where(eq(s.notifications.userId, person.id));
      const tz = t.ctx.config.churchTimeZone;
      const at = (iso: string, hour: number) => {
        const [y, m, d] = iso.split('-').map(Number);
        return new Date(new TZDate(y, m - 1, d, hour, 0, 0, tz).getTime());
      };
      const reminders = () => notesOf(person.id).then((n) => n.filter((x) => x.type !== 'assignment'));

      // A week before: nothing yet.
      await runTaskReminders(t.ctx, at(addDaysIso(date, -7), 9));
      expect(await reminders()).toHaveLength(0);
      // Friday morning the Sunday's end is still more than two days away; Saturday it is due soon, once that day.
      await runTaskReminders(t.ctx, at(addDaysIso(date, -2), 9));
      expect(await reminders()).toHaveLength(0);
      await runTaskReminders(t.ctx, at(addDaysIso(date, -1), 9));
      await runTaskReminders(t.ctx, at(addDaysIso(date, -1), 15));
      const soon = await reminders();
      expect(soon).toHaveLength(1);
      expect(soon[0]).toMatchObject({
        title: 'Sunday work due soon',
        type: 'deadline_warning',
        link: `/sundays/${date}?focus=video:${video.id}`,
      });
      expect(soon[0].body).toContain('Sunday video "Reminder video"');
      const mails = await mailsTo(person.email);
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toMatch(/^Sunday work due soon: Sunday /);
      // The Monday after: overdue.
      await runTaskReminders(t.ctx, at(addDaysIso(date, 1), 9));
      const [overdue] = await reminders();
      expect(overdue).toMatchObject({ title: 'Sunday work overdue', type: 'overdue' });
      // Done work is not reminded about.
      await as.coordinator.inject({ method: 'PATCH', url: `/api/sunday-work/videos/${video.id}`, payload: { status: 'ready' } });
      await runTaskReminders(t.ctx, at(addDaysIso(date, 2), 9));
      expect(await reminders()).toHaveLength(2);
    });
  });

  describe("the person's Sunday work", () => {
    it('lists open tasks, videos and posts assigned to them, due on their Sunday, each opening the Sunday on it; finished work leaves', async () => {
      const date = freshSunday();
      const person = await buildUser(db(), { role: 'creative' });
      const agent = await sessionAgent(t.app, person.id);
      await saveTasks(as.coordinator, date, [
        { taskName: 'Bulletin art', assignedToId: person.id },
        { taskName: 'Done already', assignedToId: person.id, isComplete: true },
        { taskName: "Someone else's", assignedToId: who.creative2.id },
      ]);
      await saveVideos(as.coordinator, date, [
        { title: 'Open video', ownerId: person.id },
        { title: 'Ready video', ownerId: person.id, status: 'ready' },
      ]);
      const later = addDaysIso(date, 7);
      await saveTasks(as.coordinator, later, [{ taskName: 'Next week', assignedToId: person.id }]);

      const page = await myWork(agent);
      expect(page.items.map((i) => [i.kind, i.title, i.dueDate])).toEqual([
        ['task', 'Bulletin art', date],
        ['video', 'Open video', date],
        ['task', 'Next week', later],
      ]);
      const task = page.items[0];
      expect(task).toMatchObject({
        sundayDate: date,
        runwayCode: 'media',
        runwayName: 'Media',
        path: `/sundays/${date}?focus=task:${task.id}`,
      });
      expect(page.nextCursor).toBeNull();
    });

    it("a task made from a recurring task is due on its own date, the runway's days before the Sunday", async () => {
      const date = freshSunday();
      const person = await buildUser(db(), { role: 'creative' });
      const agent = await sessionAgent(t.app, person.id);
      await saveTasks(as.coordinator, date, [{ taskName: 'Early art', assignedToId: person.id }]);
      const due = addDaysIso(date, -3);
      await db().execute(
        sql`update sunday_plan_items set due_date = ${due} where task_name = 'Early art' and assigned_to_id = ${person.id}`,
      );
      const page = await myWork(agent);
      expect(page.items.map((i) => [i.title, i.sundayDate, i.dueDate])).toEqual([['Early art', date, due]]);
    });

    it('the personal calendar feed has each open piece on its due date, linking to the Sunday opened on it; a team feed does not', async () => {
      const person = await buildUser(db(), { role: 'creative' });
      const agent = await sessionAgent(t.app, person.id);
      const [date] = upcomingSundays(t.ctx.config.churchTimeZone, 1);
      await saveTasks(as.coordinator, date, [{ taskName: `Feed task ${person.id.slice(0, 6)}`, assignedToId: person.id }]);
      const { videos } = await saveVideos(as.coordinator, date, [{ title: `Feed video ${person.id.slice(0, 6)}`, ownerId: person.id }]);
      const video = videos.find((v) => v.ownerId === person.id)!;
      const made = await agent.inject({ method: 'POST', url: '/api/account/feeds/personal', payload: {} });
      expect(made.statusCode, made.body).toBe(200);
      const feed = await t.app.inject({ method: 'GET', url: new URL((made.json() as { url: string }).url).pathname });
      expect(feed.statusCode).toBe(200);
      const text = feed.body.replace(/\r\n /g, '');
      expect(text).toContain(`UID:work-video-${video.id}@lampstand`);
      expect(text).toContain(`SUMMARY:Sunday video due: Feed video ${person.id.slice(0, 6)}`);
      expect(text).toContain(`DTSTART;VALUE=DATE:${date.replace(/-/g, '')}`);
      expect(text).toContain(`\\n${t.ctx.config.appOrigin}/sundays/${date}?focus=video:${video.id}\r\nEND:VEVENT`);
      expect(text).toMatch(/UID:work-task-[0-9a-f-]+@lampstand/);

      const team = await as.coordinator.inject({ method: 'POST', url: '/api/account/feeds/team', payload: {} });
      const teamFeed = await t.app.inject({ method: 'GET', url: new URL((team.json() as { url: string }).url).pathname });
      expect(teamFeed.body).not.toContain('UID:work-');
    });

    it("the task calendar carries the reader's own open Sunday work due in its grid, nobody else's", async () => {
      const person = await buildUser(db(), { role: 'creative' });
      const agent = await sessionAgent(t.app, person.id);
      const date = freshSunday();
      await saveTasks(as.coordinator, date, [
        { taskName: 'Calendar task', assignedToId: person.id },
        { taskName: 'Not theirs', assignedToId: who.creative2.id },
      ]);
      const id = await taskId(date, 'Calendar task');
      const grid = async (from: string, to: string) => {
        const res = await agent.inject({ method: 'GET', url: `/api/calendar?from=${from}&to=${to}` });
        expect(res.statusCode, res.body).toBe(200);
        return (res.json() as CalendarResponse).sundayWork;
      };
      expect(await grid(addDaysIso(date, -10), addDaysIso(date, 10))).toEqual([
        { kind: 'task', id, sundayDate: date, dueDate: date, title: 'Calendar task', path: `/sundays/${date}?focus=task:${id}` },
      ]);
      expect(await grid(addDaysIso(date, 1), addDaysIso(date, 20))).toEqual([]);
      const requester = await as.requester.inject({ method: 'GET', url: `/api/calendar?from=${date}&to=${date}` });
      expect((requester.json() as CalendarResponse).sundayWork).toEqual([]);
    });

    it('pages by keyset: every open piece once, in due order', async () => {
      const person = await buildUser(db(), { role: 'creative' });
      const agent = await sessionAgent(t.app, person.id);
      const date = freshSunday();
      await lockSunday(date); // nothing to do with the list: locked work is still work
      const [plan] = await db().insert(s.sundayPlans).values({ sundayDate: date, runwayId: mediaRunway }).onConflictDoNothing().returning();
      const planId =
        plan?.id ??
        (
          await db()
            .select()
            .from(s.sundayPlans)
            .where(and(eq(s.sundayPlans.sundayDate, date), eq(s.sundayPlans.runwayId, mediaRunway)))
        )[0].id;
      const n = SUNDAY_WORK_PAGE_SIZE + 3;
      await db()
        .insert(s.sundayPlanItems)
        .values(Array.from({ length: n }, (_, i) => ({ sundayPlanId: planId, taskName: `Task ${i}`, assignedToId: person.id })));
      const first = await myWork(agent);
      expect(first.items).toHaveLength(SUNDAY_WORK_PAGE_SIZE);
      expect(first.nextCursor).toBeTruthy();
      const second = await myWork(agent, first.nextCursor!);
      expect(second.items).toHaveLength(3);
      expect(second.nextCursor).toBeNull();
      expect(new Set([...first.items, ...second.items].map((i) => i.id)).size).toBe(n);
      expect((await agent.inject({ method: 'GET', url: '/api/sunday-work?cursor=nonsense' })).statusCode).toBe(400);
    });
  });

  describe("completing one's own work", () => {
    it("a creative completes their task and video, is refused on another's, and reads the whole Sunday without editing it", async () => {
      const date = freshSunday();
      await saveTasks(as.coordinator, date, [
        { taskName: 'Mine', assignedToId: who.creative.id },
        { taskName: 'Theirs', assignedToId: who.creative2.id },
      ]);
      const { videos } = await saveVideos(as.coordinator, date, [
        { title: 'My video', ownerId: who.creative.id },
        { title: 'Their video', ownerId: who.creative2.id },
      ]);
      const mine = await taskId(date, 'Mine');
      const theirs = await taskId(date, 'Theirs');
      const before = await version(date, mediaRunway);

      const ok = await as.creative.inject({ method: 'PATCH', url: `/api/sunday-work/tasks/${mine}`, payload: { isComplete: true } });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ id: mine, sundayDate: date, version: before + 1 });
      const [row] = await db().select().from(s.sundayPlanItems).where(eq(s.sundayPlanItems.id, mine));
      expect(row.isComplete).toBe(true);

      const refused = await as.creative.inject({ method: 'PATCH', url: `/api/sunday-work/tasks/${theirs}`, payload: { isComplete: true } });
      expect(refused.statusCode).toBe(403);
      expect((await db().select().from(s.sundayPlanItems).where(eq(s.sundayPlanItems.id, theirs)))[0].isComplete).toBe(false);

      const myVideo = videos.find((v) => v.title === 'My video')!;
      const theirVideo = videos.find((v) => v.title === 'Their video')!;
      expect(
        (await as.creative.inject({ method: 'PATCH', url: `/api/sunday-work/videos/${myVideo.id}`, payload: { status: 'ready' } }))
          .statusCode,
      ).toBe(200);
      expect(
        (await as.creative.inject({ method: 'PATCH', url: `/api/sunday-work/videos/${theirVideo.id}`, payload: { status: 'ready' } }))
          .statusCode,
      ).toBe(403);
      expect(
        (await as.approver.inject({ method: 'PATCH', url: `/api/sunday-work/videos/${myVideo.id}`, payload: { status: 'review' } }))
          .statusCode,
      ).toBe(403);
      expect(
        (await as.coordinator.inject({ method: 'PATCH', url: `/api/sunday-work/videos/${theirVideo.id}`, payload: { status: 'review' } }))
          .statusCode,
      ).toBe(200);
      expect(
        (
          await as.creative.inject({
            method: 'PATCH',
            url: '/api/sunday-work/videos/00000000-0000-4000-8000-000000000000',
            payload: { status: 'ready' },
          })
        ).statusCode,
      ).toBe(404);

      // Done work leaves the list.
      expect((await myWork(as.creative)).items.some((i) => i.id === mine || i.id === myVideo.id)).toBe(false);

      // The rest of the Sunday is theirs to read, not to edit.
      const read = await as.creative.inject({ method: 'GET', url: `/api/sundays/${date}` });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ canEdit: false, canLock: false });
      const media = await as.creative.inject({ method: 'GET', url: `/api/sundays/${date}/videos` });
      expect(media.statusCode).toBe(200);
      expect(media.json()).toMatchObject({ canEdit: false });
      const edit = await as.creative.inject({
        method: 'PUT',
        url: `/api/sundays/${date}/videos`,
        payload: { version: 0, videos: [], deleted: [] },
      });
      expect(edit.statusCode).toBe(403);
      expect((await as.requester.inject({ method: 'GET', url: `/api/sundays/${date}` })).statusCode).toBe(403);
    });

    it('after the lock only admins change it: the assignee gets the lock sentence, nothing changes', async () => {
      const date = freshSunday();
      await saveTasks(as.coordinator, date, [{ taskName: 'Locked task', assignedToId: who.creative.id }]);
      const res = await as.coordinator.inject({
        method: 'PUT',
        url: `/api/sundays/${date}/social`,
        payload: { version: await version(date, null), posts: [{ id: 'new-1', ownerId: who.creative.id }] },
      });
      expect(res.statusCode, res.body).toBe(200);
      const postId = (res.json() as { posts: Array<{ id: string }> }).posts[0].id;
      const id = await taskId(date, 'Locked task');
      await lockSunday(date);

      const refused = await as.creative.inject({ method: 'PATCH', url: `/api/sunday-work/tasks/${id}`, payload: { isComplete: true } });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error).toMatchObject({ code: 'sunday_locked', message: SUNDAY_MESSAGES.locked });
      const post = await as.creative.inject({ method: 'PATCH', url: `/api/sunday-work/posts/${postId}`, payload: { status: 'Scheduled' } });
      expect(post.statusCode).toBe(422);
      expect(
        (await as.coordinator.inject({ method: 'PATCH', url: `/api/sunday-work/tasks/${id}`, payload: { isComplete: true } })).statusCode,
      ).toBe(422);
      expect((await db().select().from(s.sundayPlanItems).where(eq(s.sundayPlanItems.id, id)))[0].isComplete).toBe(false);

      const admin = await as.admin.inject({ method: 'PATCH', url: `/api/sunday-work/tasks/${id}`, payload: { isComplete: true } });
      expect(admin.statusCode).toBe(200);
      expect((await db().select().from(s.sundayPlanItems).where(eq(s.sundayPlanItems.id, id)))[0].isComplete).toBe(true);
    });
  });
  describe('weekly slides are Sunday work too', () => {
    const saveSlides = (agent: Agent, date: string, weekly: object[], recurring: object[] = []) =>
      version(date, null).then((v) =>
        agent.inject({ method: 'PUT', url: `/api/sundays/${date}/slides`, payload: { version: v, weekly, recurring, deleted: [] } }),
      );
    type Deck = { weekly: Array<{ id: string; title: string; ownerId: string | null; ownerName: string | null; isComplete: boolean }> };

    it('assigning a weekly slide tells its owner (bell and e-mail), lists it in My Tasks and the feed, and its owner completes it', async () => {
      const date = freshSunday();
      await clearFor(who.creative);
      await setMode(who.creative.id, 'immediate');
      const res = await saveSlides(as.coordinator, date, [
        { title: 'Baptism slide', ownerId: who.creative.id },
        { title: 'Their slide', ownerId: who.creative2.id },
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const deck = res.json() as Deck;
      const mine = deck.weekly.find((w) => w.title === 'Baptism slide')!;
      const theirs = deck.weekly.find((w) => w.title === 'Their slide')!;
      expect(mine).toMatchObject({ ownerId: who.creative.id, ownerName: who.creative.fullName, isComplete: false });

      const [note] = await notesOf(who.creative.id);
      expect(note).toMatchObject({ type: 'assignment', link: `/sundays/${date}?focus=slide:${mine.id}` });
      expect(note.body).toContain('Sunday slide "Baptism slide"');
      expect((await mailsTo(who.creative.email)).some((m) => m.subject.startsWith('You were assigned Sunday work'))).toBe(true);
      // Saving the same owner again tells nobody.
      expect(
        (await saveSlides(as.coordinator, date, [{ id: mine.id, title: 'Baptism slide (v2)', ownerId: who.creative.id }])).statusCode,
      ).toBe(200);
      expect(await notesOf(who.creative.id)).toHaveLength(1);

      const listed = (await myWork(as.creative)).items.find((i) => i.id === mine.id);
      expect(listed).toMatchObject({ kind: 'slide', sundayDate: date, dueDate: date, path: `/sundays/${date}?focus=slide:${mine.id}` });

      // The creative finishes their own, not someone else's; the plan's version goes up.
      const before = await version(date, null);
      const refused = await as.creative.inject({
        method: 'PATCH',
        url: `/api/sunday-work/slides/${theirs.id}`,
        payload: { isComplete: true },
      });
      expect(refused.statusCode).toBe(403);
      const ok = await as.creative.inject({ method: 'PATCH', url: `/api/sunday-work/slides/${mine.id}`, payload: { isComplete: true } });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ id: mine.id, sundayDate: date, version: before + 1 });
      expect((await db().select().from(s.slides).where(eq(s.slides.id, mine.id)))[0].isComplete).toBe(true);
      expect((await myWork(as.creative)).items.some((i) => i.id === mine.id)).toBe(false);
      // A coordinator may finish anyone's.
      expect(
        (await as.coordinator.inject({ method: 'PATCH', url: `/api/sunday-work/slides/${theirs.id}`, payload: { isComplete: true } }))
          .statusCode,
      ).toBe(200);
    });

    it('a recurring slide cannot be given to anyone, nor completed as Sunday work; a locked Sunday refuses all but admins', async () => {
      const date = freshSunday();
      const bad = await saveSlides(as.coordinator, date, [], [{ title: 'Welcome (shared)', ownerId: who.creative.id }]);
      expect(bad.statusCode).toBe(400);
      expect((await saveSlides(as.coordinator, date, [{ title: 'Not a candidate', ownerId: who.requester.id }])).statusCode).toBe(400);
      const shared = await saveSlides(as.coordinator, date, [{ title: 'Locked slide', ownerId: who.creative.id }], [{ title: 'Shared' }]);
      expect(shared.statusCode, shared.body).toBe(200);
      const body = shared.json() as Deck & { recurring: Array<{ id: string; title: string }> };
      const recurring = body.recurring.find((r) => r.title === 'Shared')!;
      expect(
        (await as.admin.inject({ method: 'PATCH', url: `/api/sunday-work/slides/${recurring.id}`, payload: { isComplete: true } }))
          .statusCode,
      ).toBe(404);
      await db().delete(s.slides).where(eq(s.slides.id, recurring.id));

      const slide = body.weekly[0];
      await lockSunday(date);
      const locked = await as.creative.inject({
        method: 'PATCH',
        url: `/api/sunday-work/slides/${slide.id}`,
        payload: { isComplete: true },
      });
      expect(locked.statusCode).toBe(422);
      expect(locked.json().error.code).toBe('sunday_locked');
      const admin = await as.admin.inject({ method: 'PATCH', url: `/api/sunday-work/slides/${slide.id}`, payload: { isComplete: true } });
      expect(admin.statusCode).toBe(200);
    });
  });
});
