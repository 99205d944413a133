import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvailabilityAnswer, LinkAbout, Schedule } from '../../../shared/api/people';
import type { SocialResponse, VideosResponse } from '../../../shared/api/sunday-media';
import type { SundayDetail } from '../../../shared/api/sundays';
import type { SundayWorkResponse } from '../../../shared/api/sunday-work';
import { addDaysIso, upcomingSundays } from '../../../shared/domain/dates';
import { assignmentLinkSecret, signAssignmentLink } from '../../commands/assignment-links';
import type { Executor } from '../../platform/db/client';
import * as s from '../../platform/db/schema';
import { setSetting } from '../../platform/settings';
import { sessionAgent } from '../../test/agent';
import { answerAs, mailsTo as mailsToIn, notesOf as notesOfIn, setAssignmentMailMode } from '../../test/answer-fixtures';
import { buildUser } from '../../test/factories';
import { BACKENDS, createTestApp, type Agent, type TestApp } from '../../test/harness';
import { countWaves } from '../../test/statement-count';
import { runTaskReminders } from '../tasks/reminders';

type User = Awaited<ReturnType<typeof buildUser>>;
let seq = 0;

/**
 * Answers on the rest of the Sunday work (guide/sunday-planning.md#answering-an-assignment): a
 * video, a social post and the sermon's two roles wait for their person's answer as a runway task
 * does, start over when their person changes, tell the coordinators of a decline, answer through
 * the e-mail's link, and show their replacements with every other decline of the day in one read.
 */
describe.each(BACKENDS)('answers on Sunday videos, posts and sermon roles on %s', (backend) => {
  let t: TestApp;
  const who = {} as Record<'coordinator' | 'creative' | 'creative2', User>;
  const as = {} as Record<keyof typeof who, Agent>;

  beforeAll(async () => {
    t = await createTestApp(backend);
    for (const key of ['coordinator', 'creative', 'creative2'] as const) {
      who[key] = await buildUser(t.ctx.db, { role: key === 'coordinator' ? 'coordinator' : 'creative', fullName: `The ${key}` });
      as[key] = await sessionAgent(t.app, who[key].id);
    }
  });
  afterAll(async () => t.close());

  const db = () => t.ctx.db as Executor;
  /** A Sunday of its own for each test. */
  const freshSunday = () => addDaysIso('2034-01-01', 7 * ++seq);
  const json = <T>(res: { statusCode: number; body: string; json: () => unknown }) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  const videosOf = async (date: string) =>
    json<VideosResponse>(await as.coordinator.inject({ method: 'GET', url: `/api/sundays/${date}/videos` }));
  const saveVideos = async (agent: Agent, date: string, videos: object[]) =>
    agent.inject({ method: 'PUT', url: `/api/sundays/${date}/videos`, payload: { version: (await videosOf(date)).version, videos } });
  const postsOf = async (date: string) =>
    json<SocialResponse>(await as.coordinator.inject({ method: 'GET', url: `/api/sundays/${date}/social` }));
  const savePosts = async (date: string, posts: object[]) =>
    as.coordinator.inject({
      method: 'PUT',
      url: `/api/sundays/${date}/social`,
      payload: { version: (await postsOf(date)).version, posts },
    });
  const sundayOf = async (date: string) => json<SundayDetail>(await as.coordinator.inject({ method: 'GET', url: `/api/sundays/${date}` }));
  const saveSermon = async (agent: Agent, date: string, body: object) =>
    agent.inject({
      method: 'PUT',
      url: `/api/sundays/${date}/sermon`,
      payload: { version: (await sundayOf(date)).servicePlan.version, ...body },
    });
  const answer = answerAs;
  const notesOf = (userId: string) => notesOfIn(db(), userId);
  const mailsTo = (email: string) => mailsToIn(db(), email);
  const setMode = (userId: string, mode: 'immediate' | 'digest' | 'off') => setAssignmentMailMode(db(), userId, mode);
  const servicePlanId = async (date: string) => {
    const [row] = await db()
      .select({ id: s.sundayPlans.id })
      .from(s.sundayPlans)
      .where(and(eq(s.sundayPlans.sundayDate, date), isNull(s.sundayPlans.runwayId)));
    return row.id;
  };

  it("a video's owner is asked; they decline with a reason, the coordinators are told, and a new owner starts over", async () => {
    const date = freshSunday();
    await setMode(who.creative.id, 'immediate');
    await setMode(who.coordinator.id, 'immediate');
    expect((await saveVideos(as.coordinator, date, [{ title: 'Baptism story', ownerId: who.creative.id }])).statusCode).toBe(200);
    const [video] = (await videosOf(date)).videos;
    expect(video).toMatchObject({ response: 'pending', responseReason: null });
    // The e-mail's button opens the answer page, signed for this video and this person.
    const [mail] = (await mailsTo(who.creative.email)).filter((m) => m.subject.includes('Sunday work'));
    expect(mail.actionUrl).toContain('/respond?token=video.');

    expect((await answer(as.creative2, 'video', video.id, 'accepted')).statusCode).toBe(403);
    expect((await answer(as.coordinator, 'video', video.id, 'accepted')).statusCode).toBe(403);
    const no = await answer(as.creative, 'video', video.id, 'declined', 'Out of town');
    expect(no.json()).toMatchObject({ kind: 'video', response: 'declined', responseReason: 'Out of town' });
    expect((await videosOf(date)).videos[0]).toMatchObject({ response: 'declined', responseReason: 'Out of town' });
    const [note] = await notesOf(who.coordinator.id);
    expect(note).toMatchObject({ type: 'assignment_declined', link: `/sundays/${date}?focus=video:${video.id}` });
    expect(note.body).toContain('The creative declined Sunday video "Baptism story"');
    expect(note.body).toContain('Out of town');
    expect((await mailsTo(who.coordinator.email)).some((m) => m.subject === 'The creative declined Sunday video "Baptism story"')).toBe(
      true,
    );

    // Saving it unchanged keeps the answer; a new owner starts over at pending.
    expect((await saveVideos(as.coordinator, date, [{ ...video, ministryId: null }])).statusCode).toBe(200);
    expect((await videosOf(date)).videos[0].response).toBe('declined');
    expect((await saveVideos(as.coordinator, date, [{ id: video.id, title: video.title, ownerId: who.creative2.id }])).statusCode).toBe(
      200,
    );
    expect((await videosOf(date)).videos[0]).toMatchObject({ ownerId: who.creative2.id, response: 'pending', responseReason: null });
  });

  it("a social post's owner answers from the e-mail's link, signed out; My Tasks shows the answer", async () => {
    const date = freshSunday();
    const res = await savePosts(date, [{ id: 'new-1', platform: 'Facebook', postType: 'Event', ownerId: who.creative.id }]);
    expect(res.statusCode, res.body).toBe(200);
    const [post] = (await postsOf(date)).posts;
    expect(post.response).toBe('pending');
    const token = signAssignmentLink(await assignmentLinkSecret(db()), { kind: 'post', id: post.id, userId: who.creative.id });
    const about = json<LinkAbout>(await t.app.inject({ method: 'GET', url: `/api/assignment-links?token=${encodeURIComponent(token)}` }));
    expect(about).toMatchObject({
      kind: 'post',
      title: 'Social post "Facebook Event"',
      date,
      personName: 'The creative',
      response: 'pending',
    });
    const sent = await t.app.inject({ method: 'POST', url: '/api/assignment-links', payload: { token, response: 'accepted' } });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await postsOf(date)).posts[0].response).toBe('accepted');
    const mine = json<SundayWorkResponse>(await as.creative.inject({ method: 'GET', url: '/api/sunday-work' }));
    expect(mine.items.find((w) => w.id === post.id)).toMatchObject({ kind: 'post', response: 'accepted' });
  });

  it("the sermon's teaching pastor and owner answer each for their own role; one's own role stands accepted", async () => {
    const date = freshSunday();
    const res = await saveSermon(as.coordinator, date, {
      sermonTitle: 'Deep roots',
      teachingPastorId: who.creative.id,
      ownerId: who.coordinator.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await sundayOf(date)).sermon).toMatchObject({ pastorResponse: 'pending', ownerResponse: 'accepted' });
    const planId = await servicePlanId(date);
    expect((await answer(as.creative, 'sermon_owner', planId, 'declined')).statusCode).toBe(403);
    const no = await answer(as.creative, 'sermon_pastor', planId, 'declined', 'Preaching elsewhere');
    expect(no.statusCode, no.body).toBe(200);
    expect((await sundayOf(date)).sermon).toMatchObject({
      pastorResponse: 'declined',
      pastorResponseReason: 'Preaching elsewhere',
      ownerResponse: 'accepted',
    });
    // A new teaching pastor starts over; the owner's answer stays.
    const again = await saveSermon(as.coordinator, date, {
      sermonTitle: 'Deep roots',
      teachingPastorId: who.creative2.id,
      ownerId: who.coordinator.id,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await sundayOf(date)).sermon).toMatchObject({
      pastorResponse: 'pending',
      pastorResponseReason: null,
      ownerResponse: 'accepted',
    });
  });

  it('a declined video is not reminded to its owner; an accepted one still is', async () => {
    const person = await buildUser(db(), { role: 'creative', fullName: 'Reminded Rae' });
    const agent = await sessionAgent(t.app, person.id);
    // A Sunday already past: its open videos are overdue.
    const date = addDaysIso(upcomingSundays(t.ctx.config.churchTimeZone, 1)[0], -14 - 7 * ++seq);
    const [plan] = await db().insert(s.sundayPlans).values({ sundayDate: date }).returning({ id: s.sundayPlans.id });
    const [declined, accepted] = await db()
      .insert(s.sundayVideoItems)
      .values([
        { sundayId: plan.id, title: 'Declined loop', ownerId: person.id, orderInService: 0 },
        { sundayId: plan.id, title: 'Accepted loop', ownerId: person.id, orderInService: 1 },
      ])
      .returning({ id: s.sundayVideoItems.id, response: s.sundayVideoItems.response });
    expect([declined.response, accepted.response]).toEqual(['pending', 'pending']);
    expect((await answer(agent, 'video', declined.id, 'declined')).statusCode).toBe(200);
    expect((await answer(agent, 'video', accepted.id, 'accepted')).statusCode).toBe(200);
    await runTaskReminders(t.ctx);
    const logged = await db().select().from(s.sundayReminderLog).where(eq(s.sundayReminderLog.userId, person.id));
    expect(logged.map((l) => l.workId)).toContain(accepted.id);
    expect(logged.map((l) => l.workId)).not.toContain(declined.id);
  });

  it('with assign without asking on, new work stands accepted and its e-mail links the Sunday', async () => {
    const date = freshSunday();
    await setMode(who.creative2.id, 'immediate');
    await setSetting(db(), 'assignWithoutAsking', true, who.coordinator.id);
    try {
      expect((await saveVideos(as.coordinator, date, [{ title: 'Walk-in', ownerId: who.creative2.id }])).statusCode).toBe(200);
      const [video] = (await videosOf(date)).videos;
      expect(video.response).toBe('accepted');
      const mail = (await mailsTo(who.creative2.email)).find((m) => m.body.includes('Walk-in'));
      expect(mail?.actionUrl).toContain(`/sundays/${date}?focus=video:${video.id}`);
    } finally {
      await setSetting(db(), 'assignWithoutAsking', false, who.coordinator.id);
    }
  });

  it("one read answers the replacements of every declined or blocked-out assignment of the day, in one statement; the schedule shows the day's other work", async () => {
    const date = freshSunday();
    const free = await buildUser(db(), { role: 'creative', fullName: 'Free Fran' });
    const away = await buildUser(db(), { role: 'creative', fullName: 'Away Al' });
    await saveVideos(as.coordinator, date, [
      { title: 'One', ownerId: who.creative.id, orderInService: 0 },
      { title: 'Two', ownerId: who.creative.id, orderInService: 1 },
      { title: 'Three', ownerId: away.id, orderInService: 2 },
    ]);
    await saveSermon(as.coordinator, date, { teachingPastorId: who.creative.id });
    const videos = (await videosOf(date)).videos;
    for (const v of videos.filter((v) => v.ownerId === who.creative.id))
      expect((await answer(as.creative, 'video', v.id, 'declined')).statusCode).toBe(200);
    expect((await answer(as.creative, 'sermon_pastor', await servicePlanId(date), 'declined')).statusCode).toBe(200);
    await db().insert(s.blockouts).values({ userId: away.id, startsOn: date, endsOn: date });

    const read = () => as.coordinator.inject({ method: 'GET', url: `/api/availability?date=${date}` });
    const measured = await countWaves(t.ctx.db, read, { ignore: (text) => text.includes('from "sessions"') });
    expect(measured.statements).toBe(1);
    const body = json<AvailabilityAnswer>(measured.result);
    const wanted = body.replacements.map((r) => `${r.kind}:${r.id}`).sort();
    expect(wanted).toEqual([...videos.map((v) => `video:${v.id}`), `sermon_pastor:${await servicePlanId(date)}`].sort());
    for (const r of body.replacements) {
      expect(r.suggestions).not.toContain(r.assigneeId);
      expect(r.suggestions).not.toContain(away.id);
      expect(r.suggestions).not.toContain(who.creative.id);
    }
    expect(body.replacements.find((r) => r.assigneeId === away.id)!.suggestions).toContain(free.id);
    expect(body.people.find((p) => p.id === who.creative.id)!.declined).toBe(true);

    // As many declines again: still one statement.
    await saveVideos(as.coordinator, date, [
      ...videos.map((v) => ({ id: v.id, title: v.title, ownerId: v.ownerId, orderInService: v.orderInService })),
      { title: 'Four', ownerId: who.creative2.id, orderInService: 3 },
    ]);
    const four = (await videosOf(date)).videos.find((v) => v.title === 'Four')!;
    expect((await answer(as.creative2, 'video', four.id, 'declined')).statusCode).toBe(200);
    const again = await countWaves(t.ctx.db, read, { ignore: (text) => text.includes('from "sessions"') });
    expect(again.statements).toBe(1);
    expect((again.result.json() as AvailabilityAnswer).replacements).toHaveLength(5);

    // The schedule shows each person's videos and sermon roles of its Sundays with their answers.
    const schedule = json<Schedule>(await as.coordinator.inject({ method: 'GET', url: `/api/schedule?from=${date}&weeks=1` }));
    expect(schedule.work.find((w) => w.id === four.id)).toMatchObject({
      kind: 'video',
      assigneeId: who.creative2.id,
      response: 'declined',
    });
    expect(schedule.work.find((w) => w.kind === 'sermon_pastor')).toMatchObject({ title: 'Sermon', response: 'declined' });
  });

  it("the schedule also lists the open videos, posts and sermon roles in its one statement; a fill is the editor's own save of that row", async () => {
    const date = freshSunday();
    await saveVideos(as.coordinator, date, [{ title: 'Walk-in', type: 'promo', status: 'ready', durationSeconds: 60, orderInService: 0 }]);
    expect((await savePosts(date, [{ id: 'new-a', platform: 'TikTok', caption: 'See you', campaignTag: '' }])).statusCode).toBe(200);
    await saveSermon(as.coordinator, date, { sermonTitle: 'Hope', teachingPastorId: who.creative.id });
    const read = () => as.coordinator.inject({ method: 'GET', url: `/api/schedule?from=${date}&weeks=1` });
    const measured = await countWaves(t.ctx.db, read, { ignore: (text) => text.includes('from "sessions"') });
    expect(measured.statements).toBe(1);
    const schedule = json<Schedule>(measured.result);
    const [video] = (await videosOf(date)).videos;
    const [post] = (await postsOf(date)).posts;
    const plan = await servicePlanId(date);
    const open = { assigneeId: null, isLocked: false };
    expect(
      schedule.work
        .filter((w) => w.sundayDate === date)
        .map((w) => `${w.kind}:${w.id}:${w.assigneeId}`)
        .sort(),
    ).toEqual(
      [`video:${video.id}:null`, `post:${post.id}:null`, `sermon_pastor:${plan}:${who.creative.id}`, `sermon_owner:${plan}:null`].sort(),
    );
    expect(schedule.work.find((w) => w.id === video.id)).toMatchObject({ kind: 'video', title: 'Walk-in', ...open });
    expect(schedule.work.find((w) => w.kind === 'sermon_owner' && w.sundayDate === date)).toMatchObject({ title: 'Hope', ...open });

    // The schedule's fill sends the row as the editor reads it, only its person changed: the save takes it as it is.
    const fillVideo = await saveVideos(as.coordinator, date, [
      {
        id: video.id,
        title: video.title,
        type: video.type,
        ministryId: video.ministryId,
        description: video.description,
        status: video.status,
        ownerId: who.creative2.id,
        durationSeconds: video.durationSeconds,
        orderInService: video.orderInService,
      },
    ]);
    expect(fillVideo.statusCode, fillVideo.body).toBe(200);
    expect((fillVideo.json() as VideosResponse).videos[0]).toMatchObject({
      type: 'promo',
      status: 'ready',
      durationSeconds: 60,
      ownerId: who.creative2.id,
    });
    const { response: _r, responseReason: _rr, ownerName: _o, ...postRow } = post;
    const fillPost = await savePosts(date, [{ ...postRow, ownerId: who.creative2.id }]);
    expect(fillPost.statusCode, fillPost.body).toBe(200);
    expect((fillPost.json() as SocialResponse).posts[0]).toMatchObject({
      platform: 'TikTok',
      caption: 'See you',
      ownerId: who.creative2.id,
    });
    const after = json<Schedule>(await read());
    expect(after.work.filter((w) => w.sundayDate === date && w.assigneeId === null).map((w) => w.kind)).toEqual(['sermon_owner']);
  });
});
