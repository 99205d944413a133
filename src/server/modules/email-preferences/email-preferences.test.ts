import { TZDate } from '@date-fns/tz';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso, todayIn } from '../../../shared/domain/dates';
import type { Executor } from '../../platform/db/client';
import { digestEntries, digestsSent, emailPreferences, notifications, pendingEmails } from '../../platform/db/schema';
import { sessionAgent } from '../../test/agent';
import { buildUser } from '../../test/factories';
import { BACKENDS, createTestApp, describeOnPostgres, type Agent, type TestApp } from '../../test/harness';
import { withInsertsRefused } from '../../test/faults';
import { createInstances } from '../../test/two-instances';
import { buildItem, buildRequest } from '../../test/task-fixtures';
import { digestSubject, runDailyDigest } from './digest';

const HOSTILE_TITLE = `<script>alert("x")</script> & 'Co'`;

/** The church-time instant of `time` on the day after today: entries made now are before it. */
function tomorrowAt(timeZone: string, time: string): Date {
  const [y, m, d] = addDaysIso(todayIn(timeZone), 1).split('-').map(Number);
  const [h, min] = time.split(':').map(Number);
  return new Date(new TZDate(y, m - 1, d, h, min, 0, timeZone).getTime());
}

const mailsTo = (db: Executor, email: string) => db.select().from(pendingEmails).where(eq(pendingEmails.recipient, email));
const waitingFor = (db: Executor, userId: string) =>
  db
    .select()
    .from(digestEntries)
    .where(and(eq(digestEntries.userId, userId), sql`${digestEntries.digestDate} is null`));

describe.each(BACKENDS)('e-mail preferences and the daily digest on %s', (backend) => {
  let t: TestApp;
  let coordinator: Agent;
  beforeAll(async () => {
    t = await createTestApp(backend);
    coordinator = await sessionAgent(t.app, (await buildUser(t.ctx.db, { role: 'coordinator' })).id);
  });
  afterAll(async () => t.close());

  const person = async (role: 'creative' | 'requester' = 'creative') => {
    const user = await buildUser(t.ctx.db, { role });
    return { user, agent: await sessionAgent(t.app, user.id) };
  };
  const setMode = (agent: Agent, kind: string, mode: string) =>
    agent.inject({ method: 'PUT', url: '/api/account/email-preferences', payload: { kind, mode } });
  /** Assigns a new task on a new request to `assigneeId` through the API, as a coordinator would. */
  const assignTask = async (assigneeId: string, eventTitle = 'Harvest Supper') => {
    const requester = await buildUser(t.ctx.db);
    const request = await buildRequest(t.ctx.db, requester.id, { eventTitle });
    const item = await buildItem(t.ctx.db, request.id);
    const res = await coordinator.inject({ method: 'POST', url: `/api/tasks/${item.id}/assign`, payload: { assigneeId } });
    expect(res.statusCode).toBe(200);
    return request;
  };

  it('reads the defaults for a person who never chose, and saves one kind at a time for that person only', async () => {
    const a = await person();
    const b = await person();
    const read = await a.agent.inject({ method: 'GET', url: '/api/account/email-preferences' });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      preferences: [
        { kind: 'assignment', mode: 'digest' },
        { kind: 'proof_ready', mode: 'immediate' },
        { kind: 'proof_decision', mode: 'immediate' },
        { kind: 'mention', mode: 'immediate' },
        { kind: 'reminder', mode: 'digest' },
      ],
      digestTime: '07:00',
      timeZone: t.ctx.config.churchTimeZone,
    });
    const saved = await setMode(a.agent, 'mention', 'off');
    expect(saved.statusCode).toBe(200);
    expect(saved.json().preferences).toContainEqual({ kind: 'mention', mode: 'off' });
    expect((await setMode(a.agent, 'mention', 'digest')).json().preferences).toContainEqual({ kind: 'mention', mode: 'digest' });
    const other = await b.agent.inject({ method: 'GET', url: '/api/account/email-preferences' });
    expect(other.json().preferences).toContainEqual({ kind: 'mention', mode: 'immediate' });
  });

  it('refuses an unknown kind or mode, and a missing one (400), changing nothing', async () => {
    const a = await person();
    for (const payload of [{ kind: 'password_reset', mode: 'off' }, { kind: 'mention', mode: 'weekly' }, { kind: 'mention' }, {}]) {
      const res = await a.agent.inject({ method: 'PUT', url: '/api/account/email-preferences', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await t.ctx.db.select().from(emailPreferences).where(eq(emailPreferences.userId, a.user.id))).toEqual([]);
  });

  it('an assignment follows the preference: digest entry, e-mail, or nothing; the notification always', async () => {
    const a = await person();
    const first = await assignTask(a.user.id);
    expect(await mailsTo(t.ctx.db, a.user.email)).toHaveLength(0);
    const waiting = await waitingFor(t.ctx.db, a.user.id);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({
      kind: 'assignment',
      requestId: first.id,
      requestTitle: 'Harvest Supper',
      link: `${t.ctx.config.appOrigin}/request/${first.id}`,
    });
    expect(waiting[0].summary).toContain('You were assigned a task');

    await setMode(a.agent, 'assignment', 'immediate');
    await assignTask(a.user.id);
    const [mail] = await mailsTo(t.ctx.db, a.user.email);
    expect(mail.subject).toBe('You were assigned a task: Harvest Supper');
    expect(mail.html).toContain('You were assigned a task.');
    expect(mail.body).toContain('Change e-mail preferences: http://localhost:3000/account#email-preferences');
    expect(mail.html).toContain('href="http://localhost:3000/account#email-preferences"');
    expect(mail.listUnsubscribe).toMatch(/^http:\/\/localhost:3000\/email\/off\?token=[\w%.-]+$/);
    expect(await waitingFor(t.ctx.db, a.user.id)).toHaveLength(1);

    await setMode(a.agent, 'assignment', 'off');
    await assignTask(a.user.id);
    expect(await mailsTo(t.ctx.db, a.user.email)).toHaveLength(1);
    expect(await waitingFor(t.ctx.db, a.user.id)).toHaveLength(1);
    const notes = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, a.user.id), eq(notifications.type, 'assignment')));
    expect(notes).toHaveLength(3);
  });

  it('a mention e-mail escapes the request title and the message in its HTML part', async () => {
    const a = await person();
    const requester = await person('requester');
    const request = await buildRequest(t.ctx.db, requester.user.id, { eventTitle: HOSTILE_TITLE });
    const res = await requester.agent.inject({
      method: 'POST',
      url: `/api/requests/${request.id}/messages`,
      payload: { body: `@${a.user.fullName} look: <b onclick="x()">bold</b> & "quoted"` },
    });
    expect(res.statusCode).toBe(201);
    const [mail] = await mailsTo(t.ctx.db, a.user.email);
    expect(mail.subject).toBe(`${requester.user.fullName} mentioned you on ${HOSTILE_TITLE}`);
    expect(mail.html).not.toContain('<script');
    expect(mail.html).not.toContain('<b onclick');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Co&#39;');
    expect(mail.html).toContain('&lt;b onclick=&quot;x()&quot;&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;');
    // The text part is plain text: as written.
    expect(mail.body).toContain(`${HOSTILE_TITLE}: @${a.user.fullName} look: <b onclick="x()">bold</b>`);
  });

  it('the one-click link turns that kind off for that person; an altered or foreign token changes nothing', async () => {
    const a = await person();
    await setMode(a.agent, 'assignment', 'immediate');
    await assignTask(a.user.id);
    const [mail] = await mailsTo(t.ctx.db, a.user.email);
    const url = new URL(mail.listUnsubscribe!);
    const token = url.searchParams.get('token')!;
    const post = (tok: string) =>
      t.app.inject({
        method: 'POST',
        url: `/email/off?token=${encodeURIComponent(tok)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const [userId, kind, sig] = token.split('.');
    const forged = [
      `${userId}.mention.${sig}`,
      `${(await buildUser(t.ctx.db)).id}.${kind}.${sig}`,
      `${userId}.${kind}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`,
      'nonsense',
    ];
    for (const bad of forged) expect((await post(bad)).statusCode, bad).toBe(400);
    expect((await a.agent.inject({ method: 'GET', url: '/api/account/email-preferences' })).json().preferences).toContainEqual({
      kind: 'assignment',
      mode: 'immediate',
    });
    const ok = await post(token);
    expect(ok.statusCode).toBe(200);
    const after = (await a.agent.inject({ method: 'GET', url: '/api/account/email-preferences' })).json().preferences;
    expect(after).toContainEqual({ kind: 'assignment', mode: 'off' });
    expect(after).toContainEqual({ kind: 'mention', mode: 'immediate' });
    expect((await post(token)).statusCode).toBe(200);
  });

  it("the digest job sends each waiting person one e-mail grouped by request, once the day's time has come", async () => {
    const a = await person();
    const quiet = await person();
    const easter = await assignTask(a.user.id, 'Easter Sunday');
    await assignTask(a.user.id, HOSTILE_TITLE);
    await t.ctx.db.insert(digestEntries).values({
      userId: a.user.id,
      kind: 'reminder',
      requestId: easter.id,
      requestTitle: 'Easter Sunday',
      summary: 'Sunday Slide Deck is due tomorrow.',
      link: `${t.ctx.config.appOrigin}/request/${easter.id}`,
    });
    const tz = t.ctx.config.churchTimeZone;
    const early = await runDailyDigest(t.ctx, tomorrowAt(tz, '06:59'));
    expect(early).toMatchObject({ due: false, sent: 0 });
    expect(await mailsTo(t.ctx.db, a.user.email)).toHaveLength(0);

    const at = tomorrowAt(tz, '07:00');
    const run = await runDailyDigest(t.ctx, at);
    expect(run).toMatchObject({ due: true, churchDate: addDaysIso(todayIn(tz), 1) });
    const mails = await mailsTo(t.ctx.db, a.user.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe(digestSubject(run.churchDate));
    // Grouped: each request once, its entries under it, the first request first.
    expect(mail.body.split('Easter Sunday (').length).toBe(2);
    expect(mail.body).toMatch(
      /Easter Sunday \(http:\/\/localhost:3000\/request\/[\w-]+\)\n {2}- Assignments: You were assigned a task: Easter Sunday: Sunday Slide Deck\n {2}- Task reminders: Sunday Slide Deck is due tomorrow\./,
    );
    expect(mail.body.indexOf('Easter Sunday (')).toBeLessThan(mail.body.indexOf(`${HOSTILE_TITLE} (`));
    expect(mail.body).toContain('(3 updates)');
    expect(mail.html).not.toContain('<script');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain(`href="http://localhost:3000/request/${easter.id}"`);
    expect(mail.listUnsubscribe).toMatch(/\/email\/off\?token=/);
    expect(await waitingFor(t.ctx.db, a.user.id)).toHaveLength(0);
    expect(await mailsTo(t.ctx.db, quiet.user.email)).toHaveLength(0);

    // The same day again, later: nothing more. New entries wait for the next day's digest.
    await assignTask(a.user.id, 'Late Addition');
    expect((await runDailyDigest(t.ctx, tomorrowAt(tz, '18:00'))).sent).toBe(0);
    expect(await mailsTo(t.ctx.db, a.user.email)).toHaveLength(1);
    const dayAfter = new Date(at.getTime() + 24 * 3600_000);
    const next = await runDailyDigest(t.ctx, dayAfter);
    expect(next.sent).toBeGreaterThanOrEqual(1);
    const again = await mailsTo(t.ctx.db, a.user.email);
    expect(again).toHaveLength(2);
    expect(again.map((m) => m.body).find((b) => b.includes('Late Addition'))).toContain('(1 update)');
  });

  it('the one-click link of a digest turns off every kind the person gets in the digest', async () => {
    const a = await person();
    await assignTask(a.user.id);
    await runDailyDigest(t.ctx, tomorrowAt(t.ctx.config.churchTimeZone, '08:00'));
    const [mail] = await mailsTo(t.ctx.db, a.user.email);
    const res = await t.app.inject({
      method: 'POST',
      url: new URL(mail.listUnsubscribe!).pathname + new URL(mail.listUnsubscribe!).search,
    });
    expect(res.statusCode).toBe(200);
    const prefs = (await a.agent.inject({ method: 'GET', url: '/api/account/email-preferences' })).json().preferences;
    expect(prefs).toContainEqual({ kind: 'assignment', mode: 'off' });
    expect(prefs).toContainEqual({ kind: 'reminder', mode: 'off' });
    expect(prefs).toContainEqual({ kind: 'mention', mode: 'immediate' });
  });

  it('a run cut short (the database failing mid-run) never resends: the next run sends only who is missing', async () => {
    const a = await person();
    const b = await person();
    await assignTask(a.user.id);
    await assignTask(b.user.id);
    const at = tomorrowAt(t.ctx.config.churchTimeZone, '09:00');
    // The instance "dies" at b's e-mail: b's transaction fails, whoever came before is committed.
    await withInsertsRefused(t.ctx.db, 'pending_emails', () => expect(runDailyDigest(t.ctx, at)).rejects.toThrow(), {
      when: `new.recipient = '${b.user.email}'`,
    });
    expect(await mailsTo(t.ctx.db, b.user.email)).toHaveLength(0);
    expect(await waitingFor(t.ctx.db, b.user.id)).toHaveLength(1);
    const aBefore = (await mailsTo(t.ctx.db, a.user.email)).length;

    await runDailyDigest(t.ctx, at);
    await runDailyDigest(t.ctx, at);
    expect(await mailsTo(t.ctx.db, a.user.email)).toHaveLength(1);
    expect(aBefore).toBeLessThanOrEqual(1);
    expect(await mailsTo(t.ctx.db, b.user.email)).toHaveLength(1);
    const claims = await t.ctx.db.select().from(digestsSent).where(eq(digestsSent.userId, b.user.id));
    expect(claims).toHaveLength(1);
  });

  it('the admin sets the digest time; a malformed time is refused (400)', async () => {
    const admin = await sessionAgent(t.app, (await buildUser(t.ctx.db, { role: 'admin', fullName: 'Ada Admin' })).id);
    expect((await admin.inject({ method: 'GET', url: '/api/admin/settings/digest-time' })).json()).toMatchObject({
      time: '07:00',
      updatedByName: null,
    });
    for (const time of ['7:00', '24:00', '07:60', 'seven']) {
      expect((await admin.inject({ method: 'PUT', url: '/api/admin/settings/digest-time', payload: { time } })).statusCode).toBe(400);
    }
    const saved = await admin.inject({ method: 'PUT', url: '/api/admin/settings/digest-time', payload: { time: '18:30' } });
    expect(saved.json()).toMatchObject({ time: '18:30', updatedByName: 'Ada Admin' });
    try {
      const a = await person();
      await assignTask(a.user.id);
      const tz = t.ctx.config.churchTimeZone;
      expect((await runDailyDigest(t.ctx, tomorrowAt(tz, '18:29'))).due).toBe(false);
      expect((await runDailyDigest(t.ctx, tomorrowAt(tz, '18:30'))).due).toBe(true);
      expect(await mailsTo(t.ctx.db, a.user.email)).toHaveLength(1);
    } finally {
      await admin.inject({ method: 'PUT', url: '/api/admin/settings/digest-time', payload: { time: '07:00' } });
    }
  });
});

describeOnPostgres('the daily digest with two app instances', () => {
  it('two workers running at once send exactly one digest per person per day', async () => {
    const { instances, close } = await createInstances(2);
    try {
      const [one, two] = instances;
      const people = await Promise.all(Array.from({ length: 8 }, () => buildUser(one.ctx.db, { role: 'creative' })));
      const requester = await buildUser(one.ctx.db);
      const request = await buildRequest(one.ctx.db, requester.id, { eventTitle: 'Pentecost' });
      for (const p of people) {
        for (let i = 0; i < 3; i++) {
          await one.ctx.db.insert(digestEntries).values({
            userId: p.id,
            kind: 'assignment',
            requestId: request.id,
            requestTitle: 'Pentecost',
            summary: `Entry ${i}`,
            link: `http://localhost:3000/request/${request.id}`,
          });
        }
      }
      const at = tomorrowAt(one.ctx.config.churchTimeZone, '07:00');
      const runs = await Promise.all([
        runDailyDigest(one.ctx, at),
        runDailyDigest(two.ctx, at),
        runDailyDigest(one.ctx, at),
        runDailyDigest(two.ctx, at),
      ]);
      expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(people.length);
      for (const p of people) {
        const mails = await mailsTo(one.ctx.db, p.email);
        expect(mails, p.email).toHaveLength(1);
        expect(mails[0].body).toContain('(3 updates)');
      }
      const claims = await one.ctx.db.select().from(digestsSent);
      expect(claims).toHaveLength(people.length);
      expect(claims.every((c) => c.entries === 3)).toBe(true);
    } finally {
      await close();
    }
  });
});
