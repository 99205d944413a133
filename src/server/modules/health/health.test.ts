import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  HEALTH_MESSAGES,
  type CleanupResult,
  type HealthLog,
  type HealthLogEntry,
  type HealthRun,
  type SyncResult,
} from '../../../shared/api/health';
import { addDaysIso, todayIn, upcomingSundays } from '../../../shared/domain/dates';
import {
  CHECK_NAMES,
  HEALTH_AUDIT_JOB,
  REMINDER_JOB,
  checkDatabase,
  checkFileStore,
  checkOutbox,
  checkOverdueTasks,
  checkReminderJob,
  checkSundayReadiness,
  checkUnassignedRequests,
  runHealthAudit,
} from '../../commands/health-audit';
import { diskBlobStore } from '../../platform/files/blob-store';
import { setSetting } from '../../platform/settings';
import * as s from '../../platform/db/schema';
import type { AppEvent } from '../../platform/events/bus';
import { MAX_ATTEMPTS } from '../../platform/mail/outbox';
import { sessionAgent } from '../../test/agent';
import { buildUser, clearRequests } from '../../test/factories';
import { BACKENDS, createTestApp, type Agent, type TestApp } from '../../test/harness';
import { buildItem, buildRequest } from '../../test/task-fixtures';
import { REMINDER_JOB as TASKS_REMINDER_JOB } from '../tasks/reminders';

const HOUR = 3_600_000;
const ROLES = ['admin', 'coordinator', 'approver', 'creative', 'requester', 'viewer'] as const;
type Role = (typeof ROLES)[number];

describe.each(BACKENDS)('system health and system actions on %s', (backend) => {
  let t: TestApp;
  let tz: string;
  const as = {} as Record<Role, Agent>;
  const user = {} as Record<Role, typeof s.users.$inferSelect>;

  beforeAll(async () => {
    t = await createTestApp(backend);
    tz = t.ctx.config.churchTimeZone;
    for (const role of ROLES) {
      user[role] = await buildUser(t.ctx.db, { role, fullName: `The ${role}` });
      as[role] = await sessionAgent(t.app, user[role].id);
    }
    // The backup line has its own tests (platform/backup/schedule.test.ts): here it passes.
    await setSetting(t.ctx.db, 'scheduledBackups', { enabled: false, keep: 7 }, null);
  });
  afterAll(async () => t.close());
  // The checks read the whole database: each test starts from an empty one of what they count.
  beforeEach(async () => {
    await clearRequests(t.ctx.db);
    await t.ctx.db.execute(sql`truncate table ${s.systemHealthLog}, ${s.jobRuns}, ${s.sundayPlans}, ${s.runways} cascade`);
  });

  const post = async <T>(agent: Agent, url: string) => {
    const res = await agent.inject({ method: 'POST', url });
    return { status: res.statusCode, body: res.json() as T };
  };
  const get = async <T>(agent: Agent, url: string) => {
    const res = await agent.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json() as T };
  };
  const captureEvents = () => {
    const seen: AppEvent[] = [];
    const original = t.ctx.bus.publish.bind(t.ctx.bus);
    t.ctx.bus.publish = async (events: AppEvent[]) => {
      seen.push(...events);
      return original(events);
    };
    return { seen, restore: () => (t.ctx.bus.publish = original) };
  };

  /** Runways with requirement items; `none` has no requirement (its plan reads 100 ready). */
  async function buildRunways() {
    const made: Record<string, string> = {};
    for (const [i, [code, items]] of (
      [
        ['message', ['Sermon title', 'Message slide deck']],
        ['media', ['Walk-in loop']],
        ['logistics', []],
      ] as const
    ).entries()) {
      const [row] = await t.ctx.db.insert(s.runways).values({ code, name: code, orderIndex: i }).returning();
      made[code] = row.id;
      if (items.length) await t.ctx.db.insert(s.runwayItems).values(items.map((title, j) => ({ runwayId: row.id, title, orderIndex: j })));
    }
    return made;
  }

  // ------------------------------------------------------------ each check, passing and failing

  describe('the checks', () => {
    it('database: passes when migrated, fails when a migration is missing from drizzle.__drizzle_migrations', async () => {
      expect(await checkDatabase(t.ctx.db)).toMatchObject({ status: 'Passed', severity: 'Info' });
      // Inside a transaction that is rolled back, so the shared database keeps its journal.
      type Result = Awaited<ReturnType<typeof checkDatabase>>;
      const behind = await t.ctx.db
        .transaction(async (tx) => {
          await tx.execute(sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`);
          throw Object.assign(new Error('roll back'), { result: await checkDatabase(tx) });
        })
        .catch((err: { result: Result }) => err.result);
      expect(behind).toMatchObject({ status: 'Failed', severity: 'Critical', summary: 'The database is behind its migrations.' });
      expect(await checkDatabase(t.ctx.db)).toMatchObject({ status: 'Passed' });
    });

    it('outbox without a mail relay: never "delivering", says how to fix it and counts what waits', async () => {
      await t.ctx.db.delete(s.pendingEmails);
      const empty = await checkOutbox(t.ctx.db, null);
      expect(empty).toMatchObject({ status: 'Warning', severity: 'Medium' });
      expect(empty.summary).toBe('E-mails are not being delivered: no mail relay is set. Nothing is waiting yet.');
      expect(empty.details).toContain('Set SMTP_URL');
      await t.ctx.db.insert(s.pendingEmails).values([1, 2].map(() => ({ recipient: 'a@example.test', subject: 'Hi', body: 'x' })));
      const waiting = await checkOutbox(t.ctx.db, null);
      expect(waiting).toMatchObject({ status: 'Failed', severity: 'High' });
      expect(waiting.summary).toBe('E-mails are not being delivered: no mail relay is set. 2 e-mails are waiting.');
      await t.ctx.db.delete(s.pendingEmails);
    });

    it('outbox: a fresh e-mail passes, one unsent over an hour warns, one given up fails', async () => {
      const relay = 'smtp://relay.example.test:587';
      const email = { recipient: 'a@example.test', subject: 'Hi', body: 'x' };
      await t.ctx.db.insert(s.pendingEmails).values(email);
      expect(await checkOutbox(t.ctx.db, relay)).toMatchObject({ status: 'Passed' });
      await t.ctx.db.insert(s.pendingEmails).values({ ...email, createdAt: new Date(Date.now() - 2 * HOUR) });
      expect(await checkOutbox(t.ctx.db, relay)).toMatchObject({ status: 'Warning', severity: 'Medium' });
      await t.ctx.db.insert(s.pendingEmails).values({ ...email, attempts: MAX_ATTEMPTS, lastError: 'refused' });
      expect(await checkOutbox(t.ctx.db, relay)).toMatchObject({
        status: 'Failed',
        severity: 'High',
        summary: '1 e-mail could not be delivered.',
      });
    });

    it('reminder job: never run warns, on time passes, two intervals missed fails', async () => {
      expect(REMINDER_JOB).toBe(TASKS_REMINDER_JOB);
      const now = new Date();
      expect(await checkReminderJob(t.ctx.db, HOUR, now)).toMatchObject({ status: 'Warning' });
      await t.ctx.db.insert(s.jobRuns).values({ name: 'task_reminders', lastRunAt: new Date(now.getTime() - HOUR / 2) });
      expect(await checkReminderJob(t.ctx.db, HOUR, now)).toMatchObject({ status: 'Passed' });
      await t.ctx.db
        .update(s.jobRuns)
        .set({ lastRunAt: new Date(now.getTime() - 3 * HOUR) })
        .where(eq(s.jobRuns.name, 'task_reminders'));
      expect(await checkReminderJob(t.ctx.db, HOUR, now)).toMatchObject({ status: 'Failed', severity: 'High' });
    });

    it('overdue tasks: an open item past due warns; done items and finished requests do not count', async () => {
      const now = new Date();
      const yesterday = addDaysIso(todayIn(tz, now), -1);
      const live = await buildRequest(t.ctx.db, user.requester.id);
      const cancelled = await buildRequest(t.ctx.db, user.requester.id, { status: 'cancelled' });
      await buildItem(t.ctx.db, live.id, { dueDate: yesterday, status: 'approved' });
      await buildItem(t.ctx.db, cancelled.id, { dueDate: yesterday });
      await buildItem(t.ctx.db, live.id, { dueDate: todayIn(tz, now) });
      expect(await checkOverdueTasks(t.ctx.db, tz, now)).toMatchObject({ status: 'Passed' });
      await buildItem(t.ctx.db, live.id, { dueDate: yesterday, status: 'in_progress' });
      expect(await checkOverdueTasks(t.ctx.db, tz, now)).toMatchObject({
        status: 'Warning',
        severity: 'Medium',
        summary: '1 task is overdue.',
      });
    });

    it('unassigned requests: waiting over 48 hours warns; newer, assigned or finished ones do not', async () => {
      const old = new Date(Date.now() - 72 * HOUR);
      await buildRequest(t.ctx.db, user.requester.id, { submittedAt: new Date(Date.now() - 24 * HOUR) });
      await buildRequest(t.ctx.db, user.requester.id, { submittedAt: old, currentCoordinatorId: user.coordinator.id });
      await buildRequest(t.ctx.db, user.requester.id, { submittedAt: old, status: 'complete' });
      expect(await checkUnassignedRequests(t.ctx.db)).toMatchObject({ status: 'Passed' });
      await buildRequest(t.ctx.db, user.requester.id, { submittedAt: old });
      expect(await checkUnassignedRequests(t.ctx.db)).toMatchObject({
        status: 'Warning',
        summary: '1 request has had no coordinator for over 48 hours.',
      });
    });

    it('Sunday readiness: requirement tasks not done put the next Sundays below 70%; done ones pass', async () => {
      const now = new Date();
      expect(await checkSundayReadiness(t.ctx.db, tz, now)).toMatchObject({ status: 'Passed' });
      await buildRunways();
      const low = await checkSundayReadiness(t.ctx.db, tz, now);
      expect(low).toMatchObject({ status: 'Warning', severity: 'High', summary: '6 upcoming Sundays are below 70% readiness.' });
      // The logistics runway has no task: it is not planned and leaves the mean (it once counted 100).
      expect(low.details).toContain(`${upcomingSundays(tz, 1, now)[0]}: 0%`);
      expect((await post<SyncResult>(as.admin, '/api/admin/system-actions/sync-sundays')).status).toBe(200);
      // Ticks alone are not readiness: details tasks need their details, file tasks their file.
      await t.ctx.db.update(s.sundayPlanItems).set({ isComplete: true });
      expect(await checkSundayReadiness(t.ctx.db, tz, now)).toMatchObject({ status: 'Warning' });
      await t.ctx.db.update(s.sundayPlanItems).set({ taskDetails: 'Ready', fileUrl: `/api/planning-files/${randomUUID()}` });
      expect(await checkSundayReadiness(t.ctx.db, tz, now)).toMatchObject({ status: 'Passed' });
    });

    it('file store: a writable store passes; one that cannot be written fails Critical', async () => {
      expect(await checkFileStore(t.ctx)).toMatchObject({ status: 'Passed' });
      // A store whose root lies under a regular file: mkdir fails with ENOTDIR, as on a read-only disk.
      const broken = { ...t.ctx, files: diskBlobStore('/dev/null/lampstand-files') };
      const run = await runHealthAudit(broken, null);
      const [row] = await t.ctx.db
        .select()
        .from(s.systemHealthLog)
        .where(and(eq(s.systemHealthLog.runId, run.runId), eq(s.systemHealthLog.automationName, CHECK_NAMES.files)));
      expect(row).toMatchObject({ status: 'Failed', severity: 'Critical', summary: 'The check could not complete.' });
      expect(row.details).toMatch(/ENOTDIR|ENOENT|EACCES/);
    });
  });

  // ------------------------------------------------------------ the audit and the API

  describe('the audit and its log', () => {
    it('Run writes one row per check under one run id, by the admin, with durations, and answers the score', async () => {
      const events = captureEvents();
      const res = await post<HealthRun>(as.admin, '/api/admin/system-health/run');
      events.restore();
      expect(res.status).toBe(200);
      expect(res.body.checks).toBe(Object.keys(CHECK_NAMES).length);
      const rows = await t.ctx.db.select().from(s.systemHealthLog).where(eq(s.systemHealthLog.runId, res.body.runId));
      expect(rows.map((r) => r.automationName).sort()).toEqual(Object.values(CHECK_NAMES).sort());
      expect(rows.every((r) => r.checkedBy === user.admin.id && r.durationMs >= 0)).toBe(true);
      // An empty church: the reminder job has not run yet and no Sunday is planned (Warnings), and the
      // test app has no mail relay, so the outbox is not delivering (a Warning, or Failed while
      // e-mails wait); the rest pass.
      expect(rows.find((r) => r.automationName === CHECK_NAMES.reminders)?.status).toBe('Warning');
      expect(rows.find((r) => r.automationName === CHECK_NAMES.planned)?.status).toBe('Warning');
      const outbox = rows.find((r) => r.automationName === CHECK_NAMES.outbox)!;
      expect(outbox.summary).toMatch(/^E-mails are not being delivered/);
      const others = rows.filter(
        (r) => r !== outbox && r.automationName !== CHECK_NAMES.reminders && r.automationName !== CHECK_NAMES.planned,
      );
      expect(others.every((r) => r.status === 'Passed')).toBe(true);
      const outboxCredit = outbox.status === 'Warning' ? 0.5 : 0;
      expect(res.body.score).toBe(Math.round(((rows.length - 3 + 0.5 + 0.5 + outboxCredit) / rows.length) * 100));
      expect((await get<{ score: number }>(as.admin, '/api/admin/system-health/score')).body.score).toBe(res.body.score);
      expect(events.seen).toContainEqual(expect.objectContaining({ topic: 'health', audience: { minRole: 'admin' } }));
    });

    it('the log is the latest 100 rows, newest first, with the score of the latest run only', async () => {
      const base = Date.now() - 1000 * HOUR;
      const old = randomUUID();
      await t.ctx.db.insert(s.systemHealthLog).values(
        Array.from({ length: 104 }, (_, i) => ({
          runId: old,
          dateRun: new Date(base + i * 60_000),
          automationName: `check ${i}`,
          status: 'Failed',
          summary: `old ${i}`,
        })),
      );
      const latest = randomUUID();
      await t.ctx.db.insert(s.systemHealthLog).values(
        ['Passed', 'Warning', 'Passed', 'Passed'].map((status, i) => ({
          runId: latest,
          automationName: `new ${i}`,
          status,
          summary: 'x',
        })),
      );
      const res = await get<HealthLog>(as.admin, '/api/admin/system-health');
      expect(res.status).toBe(200);
      expect(res.body.logs).toHaveLength(100);
      expect(res.body.logs.slice(0, 4).every((l) => l.runId === latest)).toBe(true);
      const times = res.body.logs.map((l) => Date.parse(l.dateRun));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(res.body.logs[4].summary).toBe('old 103');
      expect(res.body.score).toBe(88);
    });

    it('the score is 100 with no log, and (passed + 0.5 x warnings) / total of the latest run', async () => {
      expect((await get<{ score: number }>(as.admin, '/api/admin/system-health/score')).body.score).toBe(100);
      await fc.assert(
        fc.asyncProperty(fc.array(fc.constantFrom('Passed', 'Warning', 'Failed'), { minLength: 1, maxLength: 12 }), async (statuses) => {
          const runId = randomUUID();
          const dateRun = new Date(Date.now() + Math.floor(Math.random() * 1e9));
          await t.ctx.db.execute(sql`truncate table ${s.systemHealthLog}`);
          await t.ctx.db
            .insert(s.systemHealthLog)
            .values([
              { runId: randomUUID(), dateRun: new Date(dateRun.getTime() - HOUR), automationName: 'older', status: 'Failed', summary: 'x' },
              ...statuses.map((status, i) => ({ runId, dateRun, automationName: `c${i}`, status, summary: 'x' })),
            ]);
          const passed = statuses.filter((x) => x === 'Passed').length;
          const warnings = statuses.filter((x) => x === 'Warning').length;
          const expected = Math.round(((passed + 0.5 * warnings) / statuses.length) * 100);
          expect((await get<{ score: number }>(as.admin, '/api/admin/system-health/score')).body.score).toBe(expected);
        }),
        { numRuns: 12 },
      );
    });

    it('Resolve: only a non-Passed, unresolved log; once; an unknown log is 404', async () => {
      const runId = randomUUID();
      const [passedRow, warning, failed] = await t.ctx.db
        .insert(s.systemHealthLog)
        .values(['Passed', 'Warning', 'Failed'].map((status) => ({ runId, automationName: status, status, summary: status })))
        .returning();
      const log = (await get<HealthLog>(as.admin, '/api/admin/system-health')).body.logs;
      expect(Object.fromEntries(log.map((l) => [l.status, l.canResolve]))).toEqual({ Passed: false, Warning: true, Failed: true });

      const passedRes = await as.admin.inject({ method: 'POST', url: `/api/admin/system-health/${passedRow.id}/resolve` });
      expect(passedRes.statusCode).toBe(422);
      expect(passedRes.json().error.message).toBe(HEALTH_MESSAGES.notResolvable);

      const ok = await post<HealthLogEntry>(as.admin, `/api/admin/system-health/${warning.id}/resolve`);
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ id: warning.id, resolved: true, canResolve: false });
      expect((await post(as.admin, `/api/admin/system-health/${warning.id}/resolve`)).status).toBe(422);
      expect((await post(as.admin, `/api/admin/system-health/${randomUUID()}/resolve`)).status).toBe(404);
      expect((await post(as.admin, '/api/admin/system-health/not-a-uuid/resolve')).status).toBe(400);
      expect((await post(as.coordinator, `/api/admin/system-health/${failed.id}/resolve`)).status).toBe(403);
      const [still] = await t.ctx.db.select().from(s.systemHealthLog).where(eq(s.systemHealthLog.id, failed.id));
      expect(still.resolved).toBe(false);
    });

    it('every route is for admins only: a coordinator gets 403 and changes nothing', async () => {
      await t.ctx.db.insert(s.sundayPlans).values({ sundayDate: '2031-01-06' });
      for (const role of ['coordinator', 'approver', 'creative', 'requester', 'viewer'] as const) {
        for (const url of ['/api/admin/system-health', '/api/admin/system-health/score']) {
          expect((await get(as[role], url)).status, `${role} ${url}`).toBe(403);
        }
        for (const url of [
          '/api/admin/system-health/run',
          '/api/admin/system-actions/clean-mondays',
          '/api/admin/system-actions/sync-sundays',
        ]) {
          expect((await post(as[role], url)).status, `${role} ${url}`).toBe(403);
        }
      }
      expect(await t.ctx.db.select().from(s.systemHealthLog)).toHaveLength(0);
      expect(await t.ctx.db.select().from(s.sundayPlans)).toHaveLength(1);
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/system-health' })).statusCode).toBe(401);
    });

    it("an admin's runways dashboard runs the audit at most once an hour; a coordinator's never", async () => {
      const count = async () => (await t.ctx.db.select().from(s.systemHealthLog)).length;
      expect((await get(as.coordinator, '/api/runways/dashboard')).status).toBe(200);
      expect(await count()).toBe(0);
      expect((await get(as.admin, '/api/runways/dashboard')).status).toBe(200);
      expect(await count()).toBe(Object.keys(CHECK_NAMES).length);
      expect((await get(as.admin, '/api/runways/dashboard')).status).toBe(200);
      expect(await count()).toBe(Object.keys(CHECK_NAMES).length);
      // An hour on, the next opening runs it again.
      await t.ctx.db
        .update(s.jobRuns)
        .set({ lastRunAt: new Date(Date.now() - 2 * HOUR) })
        .where(eq(s.jobRuns.name, HEALTH_AUDIT_JOB));
      expect((await get(as.admin, '/api/runways/dashboard')).status).toBe(200);
      expect(await count()).toBe(2 * Object.keys(CHECK_NAMES).length);
    });
  });

  // ------------------------------------------------------------ system actions

  describe('system actions', () => {
    it('Clean invalid Monday records removes plans whose date is not a Sunday, with their tasks, and says how many', async () => {
      const ids = await buildRunways();
      const [monday] = await t.ctx.db.insert(s.sundayPlans).values({ sundayDate: '2031-01-06', runwayId: ids.message }).returning();
      await t.ctx.db.insert(s.sundayPlanItems).values({ sundayPlanId: monday.id, taskName: 'Stray' });
      await t.ctx.db.insert(s.sundayPlans).values([{ sundayDate: '2031-01-07' }, { sundayDate: '2031-01-05' }]);
      const events = captureEvents();
      const res = await post<CleanupResult>(as.admin, '/api/admin/system-actions/clean-mondays');
      events.restore();
      expect(res).toEqual({ status: 200, body: { removed: 2, message: 'Removed 2 invalid Monday records.' } });
      expect((await t.ctx.db.select().from(s.sundayPlans)).map((p) => p.sundayDate)).toEqual(['2031-01-05']);
      expect(await t.ctx.db.select().from(s.sundayPlanItems).where(eq(s.sundayPlanItems.sundayPlanId, monday.id))).toHaveLength(0);
      expect(events.seen.map((e) => e.id).sort()).toEqual(['2031-01-06', '2031-01-07']);
      expect((await post<CleanupResult>(as.admin, '/api/admin/system-actions/clean-mondays')).body).toEqual({
        removed: 0,
        message: 'Removed 0 invalid Monday records.',
      });
    });

    it('Sync to Sundays makes the next six plans of every runway with its requirement items, once', async () => {
      await buildRunways();
      const first = await post<SyncResult>(as.admin, '/api/admin/system-actions/sync-sundays');
      expect(first.status).toBe(200);
      // 3 runways x 6 Sundays; (2 + 1 + 0) requirement items x 6 Sundays.
      expect(first.body).toEqual({
        plansCreated: 18,
        itemsCreated: 18,
        lockedSkipped: [],
        message: 'Created 18 Sunday plans and 18 plan items.',
      });
      const second = await post<SyncResult>(as.admin, '/api/admin/system-actions/sync-sundays');
      expect(second.body).toEqual({
        plansCreated: 0,
        itemsCreated: 0,
        lockedSkipped: [],
        message: 'Created 0 Sunday plans and 0 plan items.',
      });
      const dates = upcomingSundays(tz, 6);
      const plans = await t.ctx.db.select().from(s.sundayPlans);
      expect(new Set(plans.map((p) => p.sundayDate))).toEqual(new Set(dates));
    });

    it('Sync fills a partly planned Sunday, bumps its version, keeps saved work, and skips a locked Sunday', async () => {
      const ids = await buildRunways();
      const [d0, d1] = upcomingSundays(tz, 2);
      const [partial] = await t.ctx.db.insert(s.sundayPlans).values({ sundayDate: d0, runwayId: ids.message, version: 3 }).returning();
      await t.ctx.db
        .insert(s.sundayPlanItems)
        .values({ sundayPlanId: partial.id, taskName: 'Sermon title', isComplete: true, taskDetails: 'kept' });
      await t.ctx.db.insert(s.sundayPlans).values({ sundayDate: d1, runwayId: null, isLocked: true, status: 'locked' });
      const res = await post<SyncResult>(as.admin, '/api/admin/system-actions/sync-sundays');
      expect(res.body.lockedSkipped).toEqual([d1]);
      expect(res.body.message).toBe('Created 14 Sunday plans and 14 plan items; skipped 1 locked Sunday.');
      const [after] = await t.ctx.db.select().from(s.sundayPlans).where(eq(s.sundayPlans.id, partial.id));
      expect(after.version).toBe(4);
      const items = await t.ctx.db.select().from(s.sundayPlanItems).where(eq(s.sundayPlanItems.sundayPlanId, partial.id));
      expect(items.map((i) => i.taskName).sort()).toEqual(['Message slide deck', 'Sermon title']);
      expect(items.find((i) => i.taskName === 'Sermon title')).toMatchObject({ isComplete: true, taskDetails: 'kept' });
      expect(await t.ctx.db.select().from(s.sundayPlans).where(eq(s.sundayPlans.sundayDate, d1))).toHaveLength(1);
    });
  });
});
