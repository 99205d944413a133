import { TZDate } from '@date-fns/tz';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_FRESH_MS, type CreatedFeed } from '../../../shared/api/feeds';
import { addDaysIso, todayIn } from '../../../shared/domain/dates';
import { setEmailMode } from '../../commands/email-preferences';
import { notifications, pendingEmails } from '../../platform/db/schema';
import { TEST_PASSWORD } from '../../test/factories';
import { BACKENDS, createTestApp, signIn, type Agent, type TestApp } from '../../test/harness';
import { runTaskReminders } from '../tasks/reminders';
import { buildItem, buildRequest, buildTeam, type Team } from '../../test/task-fixtures';

/**
 * A channel the church makes itself is named by its configured name wherever the server writes
 * words for people: the assignment and reminder e-mails and notifications, the calendar feed and
 * the task export. The name is read from the configuration each time, so a rename shows at once.
 */
describe.each(BACKENDS)('a church-made channel by its name on %s', (backend) => {
  let t: TestApp;
  let team: Team;
  let admin: Agent;
  let coordinator: Agent;
  let creative: Agent;
  let itemId: string;
  let requestId: string;

  const mailsTo = async (email: string) => t.ctx.db.select().from(pendingEmails).where(eq(pendingEmails.recipient, email));

  beforeAll(async () => {
    t = await createTestApp(backend);
    team = await buildTeam(t.ctx.db);
    admin = await signIn(t.app, team.admin.email, TEST_PASSWORD);
    coordinator = await signIn(t.app, team.coordinator.email, TEST_PASSWORD);
    creative = await signIn(t.app, team.creative.email, TEST_PASSWORD);
    const made = await admin.inject({
      method: 'POST',
      url: '/api/admin/channels',
      payload: { code: 'podcast', label: 'Podcast Mention', needsApproval: false, goesToCms: false, archived: false },
    });
    expect(made.statusCode, made.body).toBe(200);
    const request = await buildRequest(t.ctx.db, team.requester.id, { eventTitle: 'Harvest Supper', status: 'in_production' });
    requestId = request.id;
    const yesterday = addDaysIso(todayIn(t.ctx.config.churchTimeZone), -1);
    itemId = (await buildItem(t.ctx.db, request.id, { channel: 'podcast', dueDate: yesterday })).id;
    await setEmailMode(t.ctx.db, team.creative.id, 'assignment', 'immediate');
    await setEmailMode(t.ctx.db, team.creative.id, 'reminder', 'immediate');
  });
  afterAll(() => t?.close());

  it('names it in the assignment notification and e-mail, and in the reminder of the overdue task', async () => {
    const assigned = await coordinator.inject({
      method: 'POST',
      url: `/api/tasks/${itemId}/assign`,
      payload: { assigneeId: team.creative.id },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const noon = new TZDate(`${todayIn(t.ctx.config.churchTimeZone)}T12:00:00`, t.ctx.config.churchTimeZone);
    await runTaskReminders(t.ctx, new Date(noon.getTime()));

    const notes = await t.ctx.db.select().from(notifications).where(eq(notifications.requestId, requestId));
    const bodyOf = (type: string) => notes.find((n) => n.userId === team.creative.id && n.type === type)?.body;
    expect(bodyOf('assignment')).toBe('Harvest Supper: Podcast Mention');
    expect(bodyOf('overdue')).toMatch(/^Podcast Mention for Harvest Supper was due /);

    const mails = await mailsTo(team.creative.email);
    const assignment = mails.find((m) => m.subject === 'You were assigned a task: Harvest Supper');
    const reminder = mails.find((m) => m.subject === 'Task overdue: Harvest Supper');
    expect(assignment?.body).toContain('Harvest Supper: Podcast Mention');
    expect(reminder?.body).toContain('Podcast Mention for Harvest Supper was due');
    for (const mail of mails) expect(mail.body).not.toContain('podcast');
  });

  it('names it in the calendar feed and the task export, and follows a rename (the feed at its next build)', async () => {
    await coordinator.inject({ method: 'POST', url: `/api/tasks/${itemId}/assign`, payload: { assigneeId: team.creative.id } });
    const feed = await creative.inject({ method: 'POST', url: '/api/account/feeds/personal', payload: {} });
    expect(feed.statusCode, feed.body).toBe(200);
    const ics = await t.app.inject({ method: 'GET', url: new URL((feed.json() as CreatedFeed).url).pathname });
    expect(ics.statusCode).toBe(200);
    expect(ics.body).toContain('SUMMARY:Podcast Mention due: Harvest Supper');

    const csv = async () => (await coordinator.inject({ method: 'GET', url: '/api/tasks/export.csv?scope=all' })).body;
    expect(await csv()).toContain('Harvest Supper,Podcast Mention,');

    const renamed = await admin.inject({
      method: 'PUT',
      url: '/api/admin/channels/podcast',
      payload: { label: 'Podcast Shout-out', needsApproval: false, goesToCms: false, archived: false },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    try {
      expect(await csv()).toContain('Harvest Supper,Podcast Shout-out,');
      // A feed's text is kept FEED_FRESH_MS: past it, the next fetch builds it with the new name.
      const later = new Date(Date.now() + FEED_FRESH_MS + 1000);
      t.ctx.now = () => later;
      expect((await t.app.inject({ method: 'GET', url: new URL((feed.json() as CreatedFeed).url).pathname })).body).toContain(
        'SUMMARY:Podcast Shout-out due: Harvest Supper',
      );
    } finally {
      delete t.ctx.now;
      await admin.inject({
        method: 'PUT',
        url: '/api/admin/channels/podcast',
        payload: { label: 'Podcast Mention', needsApproval: false, goesToCms: false, archived: false },
      });
    }
  });
});
