import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHECK_NAMES, checkBackups, runHealthAudit } from '../../commands/health-audit';
import { sessionAgent } from '../../test/agent';
import { buildUser } from '../../test/factories';
import { BACKENDS, createTestApp, describeOnPostgres, type Agent, type TestApp } from '../../test/harness';
import { createInstances } from '../../test/two-instances';
import * as s from '../db/schema';
import { claimJob, runIfDue } from '../jobs/scheduler';
import { setSetting } from '../settings';
import { backupName, listBackups, pruneBackups } from './backup';
import { BACKUP_JOB, backupJob, backupSchedule, runScheduledBackup } from './schedule';
import { BACKUP_MESSAGES, type BackupsSetting } from '../../../shared/api/backups';

const DAY = 24 * 3_600_000;

/** A stand-in archive of the given age (only its name and a non-empty body matter to the listing). */
function fakeBackup(dir: string, at: Date): string {
  fs.mkdirSync(dir, { recursive: true });
  const name = backupName(at);
  fs.writeFileSync(path.join(dir, name), 'x');
  return name;
}

describe('retention', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-retention-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('keeps the newest N and deletes only older archives, never other files', async () => {
    const now = Date.now();
    const names = [5, 4, 3, 2, 1].map((d) => fakeBackup(dir, new Date(now - d * DAY)));
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'keep me');
    fs.writeFileSync(path.join(dir, `.${backupName(new Date(now))}.partial`), 'half');
    expect(await pruneBackups(dir, 3)).toEqual([names[1], names[0]]);
    expect((await listBackups(dir)).map((b) => b.name)).toEqual([names[4], names[3], names[2]]);
    expect(fs.existsSync(path.join(dir, 'notes.txt'))).toBe(true);
  });

  it('never deletes the only good backup, whatever the count says', async () => {
    const only = fakeBackup(dir, new Date());
    expect(await pruneBackups(dir, 0)).toEqual([]);
    expect((await listBackups(dir)).map((b) => b.name)).toEqual([only]);
    // An empty file under a backup's name is no good backup: it does not count.
    fs.writeFileSync(path.join(dir, backupName(new Date(Date.now() + 1000))), '');
    expect((await listBackups(dir)).map((b) => b.name)).toEqual([only]);
  });
});

describe.each(BACKENDS)('scheduled backups and their health line on %s', (backend) => {
  let t: TestApp;
  let admin: Agent;
  let coordinator: Agent;
  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await sessionAgent(t.app, (await buildUser(t.ctx.db, { role: 'admin', fullName: 'Ada Admin' })).id);
    coordinator = await sessionAgent(t.app, (await buildUser(t.ctx.db, { role: 'coordinator' })).id);
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    fs.rmSync(t.ctx.config.backupDir, { recursive: true, force: true });
    await t.ctx.db.delete(s.appSettings);
  });

  it('on by default for the embedded database, off on PostgreSQL unless BACKUP_DIR is set; an admin choice wins', async () => {
    const as = (backupDirConfigured: boolean) => backupSchedule({ ...t.ctx, config: { ...t.ctx.config, backupDirConfigured } });
    expect(await as(false)).toEqual({ enabled: backend === 'pglite', keep: 7, chosen: false });
    expect(await as(true)).toEqual({ enabled: true, keep: 7, chosen: false });
    await setSetting(t.ctx.db, 'scheduledBackups', { enabled: false, keep: 3 }, null);
    expect(await as(true)).toEqual({ enabled: false, keep: 3, chosen: true });
  });

  it('the job backs up when none is a day old, not again within the day, nothing when off, and keeps the newest N', async () => {
    await setSetting(t.ctx.db, 'scheduledBackups', { enabled: false, keep: 2 }, null);
    expect(await runScheduledBackup(t.ctx)).toBeNull();
    await setSetting(t.ctx.db, 'scheduledBackups', { enabled: true, keep: 2 }, null);
    const dir = t.ctx.config.backupDir;
    const old = [3, 2].map((d) => fakeBackup(dir, new Date(Date.now() - d * DAY)));
    const made = await runScheduledBackup(t.ctx);
    expect(made?.manifest.database).toBe(backend);
    expect((await listBackups(dir)).map((b) => b.name)).toEqual([made!.name, old[1]]);
    expect(await runScheduledBackup(t.ctx)).toBeNull();
  });

  it('System Health: none with backups on warns, off passes, a fresh one passes, one over two days old warns', async () => {
    const now = new Date();
    const dir = t.ctx.config.backupDir;
    await setSetting(t.ctx.db, 'scheduledBackups', { enabled: true, keep: 7 }, null);
    expect(await checkBackups(t.ctx, now)).toMatchObject({ status: 'Warning', severity: 'High', summary: 'There is no backup yet.' });
    await setSetting(t.ctx.db, 'scheduledBackups', { enabled: false, keep: 7 }, null);
    expect(await checkBackups(t.ctx, now)).toMatchObject({
      status: 'Passed',
      summary: 'Scheduled backups are off and there is no backup.',
    });
    const stale = fakeBackup(dir, new Date(now.getTime() - 3 * DAY));
    expect(await checkBackups(t.ctx, now)).toMatchObject({ status: 'Passed', summary: 'The last backup is 3 days old.' });
    await setSetting(t.ctx.db, 'scheduledBackups', { enabled: true, keep: 7 }, null);
    const warned = await checkBackups(t.ctx, now);
    expect(warned).toMatchObject({ status: 'Warning', severity: 'High', summary: 'The last backup is 3 days old.' });
    expect(warned.details).toContain(stale);
    fakeBackup(dir, new Date(now.getTime() - 5 * 3_600_000));
    expect(await checkBackups(t.ctx, now)).toMatchObject({
      status: 'Passed',
      severity: 'Info',
      summary: 'The last backup is 5 hours old.',
    });
    // It is one line of the audit.
    const run = await runHealthAudit(t.ctx, null, now);
    const rows = await t.ctx.db.select().from(s.systemHealthLog);
    expect(rows.filter((r) => r.runId === run.runId && r.automationName === CHECK_NAMES.backups)).toHaveLength(1);
  });

  it('Admin Settings: an admin reads and saves the schedule and sees the archives; download streams one; others are refused', async () => {
    const name = fakeBackup(t.ctx.config.backupDir, new Date(Date.now() - DAY));
    const read = await admin.inject({ method: 'GET', url: '/api/admin/backups' });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      enabled: backend === 'pglite',
      keep: 7,
      chosen: false,
      database: backend,
      directory: t.ctx.config.backupDir,
      backups: [{ name, size: 1 }],
    });
    const saved = await admin.inject({ method: 'PUT', url: '/api/admin/backups/settings', payload: { enabled: true, keep: 14 } });
    expect(saved.json<BackupsSetting>()).toMatchObject({ enabled: true, keep: 14, chosen: true, updatedByName: 'Ada Admin' });
    const bad = await admin.inject({ method: 'PUT', url: '/api/admin/backups/settings', payload: { enabled: true, keep: 0 } });
    expect(bad.statusCode).toBe(400);
    expect((await backupSchedule(t.ctx)).keep).toBe(14);

    const download = await admin.inject({ method: 'GET', url: `/api/admin/backups/${name}/download` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
    expect(download.body).toBe('x');
    expect((await admin.inject({ method: 'GET', url: '/api/admin/backups/..%2F..%2Fetc%2Fpasswd/download' })).statusCode).toBe(404);
    expect((await admin.inject({ method: 'GET', url: `/api/admin/backups/${backupName(new Date(0))}/download` })).statusCode).toBe(404);

    expect((await coordinator.inject({ method: 'GET', url: '/api/admin/backups' })).statusCode).toBe(403);
    expect((await coordinator.inject({ method: 'GET', url: `/api/admin/backups/${name}/download` })).statusCode).toBe(403);
    expect(
      (await coordinator.inject({ method: 'PUT', url: '/api/admin/backups/settings', payload: { enabled: false, keep: 1 } })).statusCode,
    ).toBe(403);
    expect((await backupSchedule(t.ctx)).keep).toBe(14);
  });

  it('Back up now: an admin makes one at once and the list answers it; one at a time with any other backup; others are refused', async () => {
    await t.ctx.db.delete(s.jobRuns);
    const res = await admin.inject({ method: 'POST', url: '/api/admin/backups' });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as BackupsSetting;
    expect(after.backups).toHaveLength(1);
    expect((await listBackups(t.ctx.config.backupDir)).map((b) => b.name)).toEqual([after.backups[0].name]);
    // It counts as the day's run: the scheduled job does not make another.
    expect(await runIfDue(t.ctx.db, backupJob(t.ctx))).toBe(false);

    // While another backup holds the job (the scheduled one, on any instance), a second is refused.
    expect(await claimJob(t.ctx.db, BACKUP_JOB, 0)).toBe(true);
    const busy = await admin.inject({ method: 'POST', url: '/api/admin/backups' });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.message).toBe(BACKUP_MESSAGES.running);
    expect(await listBackups(t.ctx.config.backupDir)).toHaveLength(1);
    await t.ctx.db.delete(s.jobRuns);

    expect((await coordinator.inject({ method: 'POST', url: '/api/admin/backups' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/backups' })).statusCode).toBe(401);
    expect(await listBackups(t.ctx.config.backupDir)).toHaveLength(1);
  });
});

describeOnPostgres('the scheduled backup across two instances', () => {
  it('runs once: two instances ticking together make one archive', { timeout: 120_000 }, async () => {
    const { instances, close } = await createInstances(2);
    try {
      const [a, b] = instances;
      // Both share one backup directory, as instances behind a load balancer share BACKUP_DIR.
      expect(a.ctx.config.backupDir).toBe(b.ctx.config.backupDir);
      await setSetting(a.ctx.db, 'scheduledBackups', { enabled: true, keep: 7 }, null);
      const ran = await Promise.all(instances.map((i) => runIfDue(i.ctx.db, backupJob(i.ctx))));
      expect(ran.filter(Boolean)).toHaveLength(1);
      expect(await listBackups(a.ctx.config.backupDir)).toHaveLength(1);
      // Due again only after the check interval: the next ticks do nothing.
      expect(await Promise.all(instances.map((i) => runIfDue(i.ctx.db, backupJob(i.ctx))))).toEqual([false, false]);
    } finally {
      await close();
    }
  });
});
