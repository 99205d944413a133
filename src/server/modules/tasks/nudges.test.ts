import { and, eq, sql, type SQL } from 'drizzle-orm';
import { TZDate } from '@date-fns/tz';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChurchConfigResponse } from '../../../shared/api/church-config';
import { stageOf } from '../../../shared/domain/board';
import { CONFIG_MESSAGES } from '../../../shared/domain/church-config';
import { ITEM_STATUSES } from '../../../shared/domain/statuses';
import { setEmailMode } from '../../commands/email-preferences';
import { rowsOf } from '../../platform/db/client';
import { digestEntries, notifications, nudgeLog, nudgeRuns, pendingEmails, requestItems, requests } from '../../platform/db/schema';
import { sessionAgent } from '../../test/agent';
import { BACKENDS, createTestApp, type Agent, type TestApp } from '../../test/harness';
import { buildItem, buildRequest, buildTeam, type Team } from '../../test/task-fixtures';
import { NUDGE_PAGE_ITEMS, runNudges, stalledPageSql, touchedPageSql } from './nudges';
import { runDailyDigest } from '../email-preferences/digest';

const DAY = 86_400_000;

describe.each(BACKENDS)('nudges about stalled work on %s', (backend) => {
  let t: TestApp;
  let team: Team;
  let admin: Agent;
  /** 09:00 church time on a fixed day after the rows' own creation times (after the default 07:00 digest time). */
  let now: Date;

  beforeEach(async () => {
    t = await createTestApp(backend);
    team = await buildTeam(t.ctx.db);
    admin = await sessionAgent(t.app, team.admin.id);
    now = new Date(new TZDate(2027, 5, 10, 9, 0, 0, t.ctx.config.churchTimeZone).getTime());
  });
  afterEach(async () => t.close());

  const daysBefore = (days: number, from = now) => new Date(from.getTime() - days * DAY);

  /** An item of its own request (by the team's requester, coordinated by the team's coordinator) that entered its stage `days` ago. */
  const stalled = async (
    status: string,
    days: number,
    over: Parameters<typeof buildItem>[2] = {},
    requestOver: Parameters<typeof buildRequest>[2] = {},
  ) => {
    const request = await buildRequest(t.ctx.db, team.requester.id, {
      eventTitle: `Harvest Dinner ${status} ${days}`,
      currentCoordinatorId: team.coordinator.id,
      status: 'in_production',
      ...requestOver,
    });
    const item = await buildItem(t.ctx.db, request.id, {
      status: status as (typeof ITEM_STATUSES)[number],
      assigneeId: team.creative.id,
      stageEnteredAt: daysBefore(days),
      ...over,
    });
    return { request, item };
  };

  const nudgesTo = async (userId: string) =>
    t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'nudge')));
  const digestOf = async (userId: string) =>
    t.ctx.db
      .select()
      .from(digestEntries)
      .where(and(eq(digestEntries.userId, userId), eq(digestEntries.kind, 'reminder')));
  const mailTo = async (email: string) => t.ctx.db.select().from(pendingEmails).where(eq(pendingEmails.recipient, email));

  it('a proof waiting longer than the setting nudges its approver, in the bell and the digest; a shorter wait nudges nobody', async () => {
    const late = await stalled('proof_ready', 3);
    await stalled('proof_ready', 1);
    const run = await runNudges(t.ctx, now);
    expect(run).toMatchObject({ due: true, people: 1, items: 1 });
    const [note, ...others] = await nudgesTo(team.requester.id);
    expect(others).toEqual([]);
    expect(note).toMatchObject({
      title: 'Work is waiting on you',
      body: '1 proof waiting for your approval.',
      requestId: late.request.id,
      link: `/request/${late.request.id}?tab=items&item=${late.item.id}`,
    });
    // Task reminders go to the digest unless the person chose otherwise.
    const entries = await digestOf(team.requester.id);
    expect(entries.map((e) => e.summary)).toEqual(['The Sunday Slide Deck proof has waited 3 days for your approval.']);
    expect(entries[0].requestTitle).toBe('Harvest Dinner proof_ready 3');
    expect(await mailTo(team.requester.email)).toEqual([]);
    // Nobody else: the coordinator's turn comes after the further period, the assignee's work waits on the approver.
    expect(await nudgesTo(team.coordinator.id)).toEqual([]);
    expect(await nudgesTo(team.creative.id)).toEqual([]);
  });

  it('nudges once a church day: a second run that day sends nothing, the next day sends again while the work is still stalled', async () => {
    const { item } = await stalled('proof_ready', 2);
    expect((await runNudges(t.ctx, now)).people).toBe(1);
    expect(await runNudges(t.ctx, new Date(now.getTime() + 60_000))).toMatchObject({ due: true, people: 0 });
    expect(await runNudges(t.ctx, new Date(now.getTime() + 12 * 3_600_000))).toMatchObject({ people: 0 });
    expect(await nudgesTo(team.requester.id)).toHaveLength(1);
    expect(await digestOf(team.requester.id)).toHaveLength(1);

    const tomorrow = new Date(now.getTime() + DAY);
    expect((await runNudges(t.ctx, tomorrow)).people).toBe(1);
    expect(await nudgesTo(team.requester.id)).toHaveLength(2);
    expect((await digestOf(team.requester.id)).map((e) => e.summary)).toContain(
      'The Sunday Slide Deck proof has waited 3 days for your approval.',
    );

    // Approved: it no longer waits, and the day after nudges nobody.
    await t.ctx.db.update(requestItems).set({ status: 'approved' }).where(eq(requestItems.id, item.id));
    expect((await runNudges(t.ctx, new Date(now.getTime() + 2 * DAY))).people).toBe(0);
    const log = await t.ctx.db.select().from(nudgeLog).where(eq(nudgeLog.userId, team.requester.id));
    expect(log.map((l) => l.day).sort()).toEqual(['2027-06-10', '2027-06-11']);
  });

  it('two runs at once, or a run after another instance claimed the day, send one summary', async () => {
    await stalled('proof_ready', 2);
    await stalled('in_progress', 6);
    const runs = await Promise.all([runNudges(t.ctx, now), runNudges(t.ctx, now)]);
    expect(runs.reduce((n, r) => n + r.people, 0)).toBe(2);
    expect(await nudgesTo(team.requester.id)).toHaveLength(1);
    expect(await nudgesTo(team.creative.id)).toHaveLength(1);
    // Another instance claimed tomorrow for the creative: this one leaves them be.
    const tomorrow = new Date(now.getTime() + DAY);
    await t.ctx.db.insert(nudgeLog).values({ userId: team.creative.id, day: '2027-06-11', items: 1 });
    expect(await runNudges(t.ctx, tomorrow)).toMatchObject({ people: 1 });
    expect(await nudgesTo(team.creative.id)).toHaveLength(1);
    expect(await nudgesTo(team.requester.id)).toHaveLength(2);
  });

  it('nothing goes before the day’s digest time', async () => {
    await stalled('proof_ready', 3);
    const early = new Date(new TZDate(2027, 5, 10, 6, 30, 0, t.ctx.config.churchTimeZone).getTime());
    expect(await runNudges(t.ctx, early)).toMatchObject({ day: '2027-06-10', due: false, people: 0 });
    expect(await nudgesTo(team.requester.id)).toEqual([]);
  });

  it('after the further period the request’s coordinator is nudged too, and the approver still is', async () => {
    const { request } = await stalled('proof_ready', 3);
    await runNudges(t.ctx, now);
    expect(await nudgesTo(team.coordinator.id)).toEqual([]);

    // Two days later the proof has waited five days: past 2 + 2.
    const later = new Date(now.getTime() + 2 * DAY);
    expect(await runNudges(t.ctx, later)).toMatchObject({ people: 2, items: 2 });
    const [note] = await nudgesTo(team.coordinator.id);
    expect(note).toMatchObject({ body: '1 proof on your requests still waiting for approval.', requestId: request.id });
    expect((await digestOf(team.coordinator.id)).map((e) => e.summary)).toEqual([
      "The Sunday Slide Deck proof has waited 5 days for the requester's approval.",
    ]);
    expect(await nudgesTo(team.requester.id)).toHaveLength(2);
  });

  it('work stuck in a stage longer than the setting nudges its assignee; finished, declined, on-hold and archived work does not', async () => {
    const stuck = await stalled('in_progress', 6);
    await stalled('not_started', 4);
    await stalled('approved', 30);
    await stalled('in_progress', 30, { response: 'declined' });
    await stalled('in_progress', 30, {}, { status: 'on_hold' });
    await stalled('in_progress', 30, {}, { status: 'archived_onetime' });
    await stalled('in_progress', 30, { isAdditionalRequest: true, additionalRequestStatus: 'pending' });
    await stalled('submitted', 30, { assigneeId: team.squad.id });
    const run = await runNudges(t.ctx, now);
    expect(run).toMatchObject({ people: 1, items: 1 });
    const [note, ...others] = await nudgesTo(team.creative.id);
    expect(others).toEqual([]);
    expect(note).toMatchObject({
      body: '1 task of yours not moving.',
      link: `/request/${stuck.request.id}?tab=items&item=${stuck.item.id}`,
    });
    expect((await digestOf(team.creative.id)).map((e) => e.summary)).toEqual(['Sunday Slide Deck has been in In Progress for 6 days.']);
    expect(await nudgesTo(team.squad.id)).toEqual([]);
  });

  it('one summary per person per day however many things stalled: one bell notification, one e-mail listing them all', async () => {
    await setEmailMode(t.ctx.db, team.creative.id, 'reminder', 'immediate');
    const a = await stalled('in_progress', 7);
    const b = await stalled('submitted', 9, { channel: 'website_event_page' });
    await buildItem(t.ctx.db, a.request.id, {
      status: 'changes_requested',
      assigneeId: team.creative.id,
      stageEnteredAt: daysBefore(8),
      channel: 'facebook_event',
    });
    // The creative is also the requester of a waiting proof.
    await stalled('proof_ready', 3, { assigneeId: team.creative2.id }, { requesterId: team.creative.id });
    expect(await runNudges(t.ctx, now)).toMatchObject({ people: 1, items: 4 });

    const notes = await nudgesTo(team.creative.id);
    expect(notes).toHaveLength(1);
    expect(notes[0].body).toBe('1 proof waiting for your approval and 3 tasks of yours not moving.');
    // The bell opens what has waited longest.
    expect(notes[0].link).toBe(
      `/request/${b.request.id}?tab=items&item=${(await t.ctx.db.select().from(requestItems).where(eq(requestItems.requestId, b.request.id)))[0].id}`,
    );

    const mails = await mailTo(team.creative.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe('4 things are waiting on you');
    expect(mail.body).toContain(`Hi ${team.creative.fullName},`);
    expect(mail.body).toContain('Website Event Page has been in Submitted for 9 days.');
    expect(mail.body).toContain('Facebook Event has been in In Progress for 8 days.');
    expect(mail.body).toContain('Sunday Slide Deck has been in In Progress for 7 days.');
    expect(mail.body).toContain('The Sunday Slide Deck proof has waited 3 days for your approval.');
    expect(mail.html).toContain('Harvest Dinner submitted 9');
    expect(mail.listUnsubscribe).toMatch(/\/email\/off\?token=/);
    // Chose immediate: nothing waits for the digest.
    expect(await digestOf(team.creative.id)).toEqual([]);
    expect((await runNudges(t.ctx, new Date(now.getTime() + 3_600_000))).people).toBe(0);
    expect(await mailTo(team.creative.email)).toHaveLength(1);
  });

  it('a long summary lists the twenty longest waits and counts the rest, in the e-mail and in the digest', async () => {
    await setEmailMode(t.ctx.db, team.creative.id, 'reminder', 'immediate');
    const { request } = await stalled('in_progress', 40);
    for (let i = 0; i < 21; i++) {
      await buildItem(t.ctx.db, request.id, { status: 'in_progress', assigneeId: team.creative.id, stageEnteredAt: daysBefore(10 + i) });
      await buildItem(t.ctx.db, request.id, { status: 'submitted', assigneeId: team.creative2.id, stageEnteredAt: daysBefore(10 + i) });
    }
    expect(await runNudges(t.ctx, now)).toMatchObject({ people: 2, items: 22 + 21 });
    const [mail] = await mailTo(team.creative.email);
    expect(mail.subject).toBe('22 things are waiting on you');
    expect(mail.body).toContain('22 tasks of yours not moving.');
    expect(mail.body).toContain('Here are the 20 that have waited longest; 2 more are in Lampstand.');
    expect(mail.body.match(/has been in In Progress for/g)).toHaveLength(20);
    expect(mail.body).toContain('for 40 days.');
    expect(mail.body).not.toContain('for 11 days.');
    const digest = await digestOf(team.creative2.id);
    expect(digest).toHaveLength(20);
    const lines = digest.map((d) => d.summary);
    expect(lines).toContain('Sunday Slide Deck has been in Submitted for 30 days.');
    expect(lines).not.toContain('Sunday Slide Deck has been in Submitted for 10 days.');
  });

  it('follows the e-mail choice for task reminders: at once (signed with the church’s name), the digest, or off with the bell only', async () => {
    const church = ((await t.app.inject({ method: 'GET', url: '/api/church-config' })).json() as ChurchConfigResponse).church;
    expect(
      (await admin.inject({ method: 'PUT', url: '/api/admin/church', payload: { ...church, churchName: 'Grace Chapel' } })).statusCode,
    ).toBe(200);
    await setEmailMode(t.ctx.db, team.requester.id, 'reminder', 'immediate');
    await setEmailMode(t.ctx.db, team.creative.id, 'reminder', 'off');
    await stalled('proof_ready', 3);
    await stalled('in_progress', 6);
    await runNudges(t.ctx, now);

    const [mail, ...more] = await mailTo(team.requester.email);
    expect(more).toEqual([]);
    expect(mail.subject).toBe('Still waiting: Harvest Dinner proof_ready 3');
    expect(mail.body.trimEnd().endsWith('Grace Chapel')).toBe(true);
    expect(mail.html).toContain('Grace Chapel');
    expect(mail.actionText).toBe('View Request');

    // Off: no e-mail and nothing for the digest, but the bell still tells them.
    expect(await mailTo(team.creative.email)).toEqual([]);
    expect(await digestOf(team.creative.id)).toEqual([]);
    expect(await nudgesTo(team.creative.id)).toHaveLength(1);

    // The digest way: the line goes out with that day's digest.
    await setEmailMode(t.ctx.db, team.coordinator.id, 'reminder', 'digest');
    await stalled('proof_ready', 5);
    await runNudges(t.ctx, new Date(now.getTime() + DAY));
    await runDailyDigest(t.ctx, new Date(now.getTime() + DAY + 60_000));
    const [digest] = await mailTo(team.coordinator.email);
    expect(digest.subject).toMatch(/^Your Lampstand digest for /);
    expect(digest.body).toContain("Task reminders: The Sunday Slide Deck proof has waited 6 days for the requester's approval.");
  });

  it('the church’s settings decide the waits, and only whole days from 1 to 60 are taken', async () => {
    const read = async () => ((await t.app.inject({ method: 'GET', url: '/api/church-config' })).json() as ChurchConfigResponse).church;
    const church = await read();
    expect(church).toMatchObject({ proofNudgeDays: 2, nudgeEscalateDays: 2, stageStuckDays: 5 });
    for (const [field, value] of [
      ['proofNudgeDays', 0],
      ['nudgeEscalateDays', 61],
      ['stageStuckDays', 2.5],
    ] as const) {
      const res = await admin.inject({ method: 'PUT', url: '/api/admin/church', payload: { ...church, [field]: value } });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.fields).toEqual({ [field]: CONFIG_MESSAGES.nudgeDays });
    }
    expect(await read()).toEqual(church);

    const saved = await admin.inject({
      method: 'PUT',
      url: '/api/admin/church',
      payload: { ...church, proofNudgeDays: 4, stageStuckDays: 10 },
    });
    expect(saved.statusCode).toBe(200);
    // A change that leaves the nudge settings out keeps them.
    const { proofNudgeDays: _p, nudgeEscalateDays: _e, stageStuckDays: _s, ...rest } = church;
    expect((await admin.inject({ method: 'PUT', url: '/api/admin/church', payload: { ...rest, churchName: 'Grace' } })).statusCode).toBe(
      200,
    );
    expect(await read()).toMatchObject({ proofNudgeDays: 4, nudgeEscalateDays: 2, stageStuckDays: 10, churchName: 'Grace' });

    await stalled('proof_ready', 3);
    await stalled('in_progress', 6);
    expect((await runNudges(t.ctx, now)).people).toBe(0);
    await stalled('in_progress', 11, { assigneeId: team.creative2.id });
    expect(await runNudges(t.ctx, now)).toMatchObject({ people: 1 });
    expect(await nudgesTo(team.creative2.id)).toHaveLength(1);
  });

  it('the item’s stage clock starts over when its status moves it to another stage, whoever writes it, and not within a stage', async () => {
    const { item } = await stalled('submitted', 10);
    // The fixed day is ahead of the database's clock: the item entered ten days before it.
    const enteredAt = async () => (await t.ctx.db.select().from(requestItems).where(eq(requestItems.id, item.id)))[0].stageEnteredAt;
    const before = await enteredAt();
    await t.ctx.db.update(requestItems).set({ status: 'not_started' }).where(eq(requestItems.id, item.id));
    expect(await enteredAt()).toEqual(before);
    await t.ctx.db.update(requestItems).set({ assigneeId: team.creative2.id, priority: 'high' }).where(eq(requestItems.id, item.id));
    expect(await enteredAt()).toEqual(before);

    // Through the API: the assignee marks it in progress.
    const creative2 = await sessionAgent(t.app, team.creative2.id);
    const moved = await creative2.inject({ method: 'POST', url: `/api/items/${item.id}/status`, payload: { status: 'in_progress' } });
    expect(moved.statusCode).toBe(200);
    const started = await enteredAt();
    expect(started).not.toEqual(before);
    expect(Math.abs(started.getTime() - Date.now())).toBeLessThan(60_000);
    await t.ctx.db.update(requestItems).set({ status: 'changes_requested' }).where(eq(requestItems.id, item.id));
    expect(await enteredAt()).toEqual(started);
  });

  /** The two partial indexes over stalled work; each nudge read walks one of them. */
  const STALLED_INDEXES = ['request_items_stalled_idx', 'request_items_nudge_touched_idx'] as const;

  /**
   * The plan of a nudge read with only `index` of the two stalled-work indexes there (the other
   * dropped in a transaction that is rolled back) and a Seq Scan priced out. On a handful of rows
   * the planner picks between the two by statistics that differ from run to run, so the plan says
   * only whether the read can walk `index`.
   */
  const planOn = async (index: (typeof STALLED_INDEXES)[number], read: SQL): Promise<string> => {
    const rolledBack = new Error('rolled back on purpose');
    let plan = '';
    await t.ctx.db
      .transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        for (const other of STALLED_INDEXES.filter((i) => i !== index)) await tx.execute(sql.raw(`drop index ${other}`));
        plan = JSON.stringify(rowsOf(await tx.execute(sql`explain (format json) ${read}`)));
        throw rolledBack;
      })
      .catch((e: unknown) => {
        if (e !== rolledBack) throw e;
      });
    return plan;
  };

  it('the stalled-work read walks its partial index, never the whole item table', async () => {
    await stalled('proof_ready', 3);
    const page = stalledPageSql(
      daysBefore(1),
      { at: daysBefore(30).toISOString(), id: '00000000-0000-0000-0000-000000000000' },
      NUDGE_PAGE_ITEMS,
    );
    const plan = await planOn('request_items_stalled_idx', page);
    expect(plan).toContain('request_items_stalled_idx');
    expect(plan).not.toMatch(/"Seq Scan"[^}]*"request_items"/);
  });

  /** Everything made so far changed an hour ago (the database's clock), as if set up before the day began. */
  const settle = () => t.ctx.db.execute(sql`update request_items set nudge_touched_at = clock_timestamp() - interval '1 hour'`);

  /** Runs the nudges at `at`, counting the stalled-work rows its reads return. */
  const counted = async (at: Date) => {
    const execute = t.ctx.db.execute.bind(t.ctx.db);
    let rows = 0;
    const spy = vi.spyOn(t.ctx.db, 'execute').mockImplementation(((query: Parameters<typeof execute>[0]) =>
      execute(query).then((result) => {
        rows += rowsOf<Record<string, unknown>>(result).filter((r) => 'k' in r && 'stage_entered_at' in r).length;
        return result;
      })) as typeof t.ctx.db.execute);
    try {
      return { run: await runNudges(t.ctx, at), rows };
    } finally {
      spy.mockRestore();
    }
  };

  it('a later run of the day reads only the work that can have become due since the last complete run', async () => {
    const { item: proof } = await stalled('proof_ready', 3);
    const { item: stuck } = await stalled('in_progress', 6);
    await stalled('in_progress', 8);
    await settle();
    const first = await counted(now);
    expect(first).toMatchObject({ run: { people: 2 }, rows: 3 });
    expect(await t.ctx.db.select().from(nudgeRuns)).toMatchObject([{ day: '2027-06-10', readUntil: now }]);

    // Nothing changed: the next run reads no stalled work at all.
    const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
    expect(await counted(later(5))).toEqual({ run: { day: '2027-06-10', due: true, people: 0, items: 0 }, rows: 0 });

    // Work assigned to someone not yet nudged today: only it is read, and they are nudged today.
    await t.ctx.db.update(requestItems).set({ assigneeId: team.creative2.id }).where(eq(requestItems.id, stuck.id));
    expect(await counted(later(10))).toMatchObject({ run: { people: 1, items: 1 }, rows: 1 });
    expect(await nudgesTo(team.creative2.id)).toHaveLength(1);

    // A proof whose wait crosses the setting between two runs (its approver not nudged yet today).
    const approver = await buildRequest(t.ctx.db, team.approver.id, { eventTitle: 'Crossing', status: 'in_production' });
    await buildItem(t.ctx.db, approver.id, { status: 'proof_ready', stageEnteredAt: new Date(later(12).getTime() - 2 * DAY) });
    await settle();
    // Its wait nears the setting: read, and not due yet; due on the run after it crossed.
    expect(await counted(later(11))).toMatchObject({ run: { people: 0 }, rows: 1 });
    expect(await counted(later(13))).toMatchObject({ run: { people: 1, items: 1 }, rows: 1 });
    expect(await nudgesTo(team.approver.id)).toHaveLength(1);

    // The request's coordinator changes: its work is read again (with the proof that just crossed, still
    // within the reads' margin of a day's length); someone already nudged today is not nudged twice.
    await t.ctx.db.update(requests).set({ currentCoordinatorId: team.admin.id }).where(eq(requests.id, proof.requestId));
    expect(await counted(later(20))).toMatchObject({ run: { people: 0 }, rows: 2 });
    expect(await nudgesTo(team.requester.id)).toHaveLength(1);

    // The next church day reads everything again.
    expect((await counted(new Date(now.getTime() + DAY))).rows).toBe(4);
  });

  it('a request back from hold, and an answer withdrawn, are read again on a later run', async () => {
    const held = await stalled('in_progress', 6, {}, { status: 'on_hold' });
    const { item: declined } = await stalled('in_progress', 7, { assigneeId: team.creative2.id });
    await t.ctx.db.update(requestItems).set({ response: 'declined' }).where(eq(requestItems.id, declined.id));
    expect(await runNudges(t.ctx, now)).toMatchObject({ people: 0 });

    await t.ctx.db.update(requests).set({ status: 'in_production' }).where(eq(requests.id, held.request.id));
    await t.ctx.db.update(requestItems).set({ response: 'accepted' }).where(eq(requestItems.id, declined.id));
    expect(await counted(new Date(now.getTime() + 5 * 60_000))).toMatchObject({ run: { people: 2, items: 2 }, rows: 2 });
  });

  it('the later runs’ reads walk their partial indexes', async () => {
    await stalled('proof_ready', 3);
    const crossed = await planOn('request_items_stalled_idx', stalledPageSql(daysBefore(2), null, NUDGE_PAGE_ITEMS, daysBefore(3)));
    const touched = await planOn(
      'request_items_nudge_touched_idx',
      touchedPageSql(daysBefore(0.01), daysBefore(1), null, NUDGE_PAGE_ITEMS),
    );
    expect(crossed).toContain('request_items_stalled_idx');
    expect(touched).toContain('request_items_nudge_touched_idx');
    for (const p of [crossed, touched]) expect(p).not.toMatch(/"Seq Scan"[^}]*"request_items"/);
  });

  it('the database names every status’s stage as the board does', async () => {
    const rows = rowsOf<{ status: string; stage: string }>(
      await t.ctx.db.execute(
        sql.raw(`select s as status, item_stage(s) as stage from unnest(array[${ITEM_STATUSES.map((s) => `'${s}'`).join(', ')}]) as s`),
      ),
    );
    expect(Object.fromEntries(rows.map((r) => [r.status, r.stage]))).toEqual(Object.fromEntries(ITEM_STATUSES.map((s) => [s, stageOf(s)])));
  });
});
