import { parse } from 'csv-parse/sync';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskList } from '../../../shared/api/tasks';
import { CHANNEL_LABELS, type Channel } from '../../../shared/domain/channels';
import { addDaysIso, todayIn } from '../../../shared/domain/dates';
import { exportEnv } from '../../platform/csv/csv-export';
import { BACKENDS, createTestApp, type Agent, type TestApp } from '../../test/harness';
import { sessionAgent } from '../../test/agent';
import { clearRequests } from '../../test/factories';
import { taskBatches } from './export';
import { buildItem, buildRequest, buildTeam, type Team } from '../../test/task-fixtures';

/** The test church's channel names: the demo church's configuration. */
const channelLabel = (code: Channel) => CHANNEL_LABELS[code];

/**
 * The CSV export of the task lists: the list's scope (a creative their own tasks, All
 * Tasks for coordinators), its open work in its order, hostile cells made harmless, read in batches.
 */

type CsvRow = Record<string, string>;
function csvRows(res: LightMyRequestResponse, list: string): CsvRow[] {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${list}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
  return parse(res.body, { bom: true, columns: true }) as CsvRow[];
}

const HOSTILE_TITLE = '=cmd|\' /C calc\'!A0, "Easter"\nSunday';
const HOSTILE_REASON = '@Not this month, "sorry"';

describe.each(BACKENDS)('CSV export of the task lists on %s', (backend) => {
  let t: TestApp;
  let team: Team;
  const as: Record<string, Agent> = {};
  let requestId: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    team = await buildTeam(t.ctx.db);
    for (const role of ['admin', 'coordinator', 'approver', 'creative', 'requester'] as const) {
      as[role] = await sessionAgent(t.app, team[role].id);
    }
    await clearRequests(t.ctx.db);
    const db = t.ctx.db;
    const today = todayIn(t.ctx.config.churchTimeZone);
    const request = await buildRequest(db, team.requester.id, { eventTitle: HOSTILE_TITLE });
    requestId = request.id;
    await buildItem(db, request.id, {
      assigneeId: team.creative.id,
      dueDate: addDaysIso(today, 3),
      status: 'in_progress',
      priority: 'urgent',
    });
    await buildItem(db, request.id, { assigneeId: team.creative.id, dueDate: null, channel: 'banner' });
    await buildItem(db, request.id, { assigneeId: team.squad.id, dueDate: addDaysIso(today, 1), channel: 'social_media_posts' });
    await buildItem(db, request.id, {
      assigneeId: team.creative2.id,
      dueDate: addDaysIso(today, -2),
      status: 'complete',
      channel: 'facebook_event',
    });
    await buildItem(db, request.id, { isAdditionalRequest: true, additionalRequestStatus: 'pending', channel: 'mass_email' });
    await buildItem(db, request.id, {
      isAdditionalRequest: true,
      additionalRequestStatus: 'rejected',
      rejectionReason: HOSTILE_REASON,
      channel: 'promotional_video',
      dueDate: addDaysIso(today, 2),
    });
  });
  afterAll(async () => t.close());

  it('gives a creative only their own open tasks, without the assignee column', async () => {
    const rows = csvRows(await as.creative.inject({ method: 'GET', url: '/api/tasks/export.csv' }), 'my-tasks');
    expect(Object.keys(rows[0])).toEqual([
      'Section',
      'Event',
      'Channel',
      'Status',
      'Priority',
      'Due Date',
      'Request Progress (%)',
      'Rejection Reason',
      'Link',
    ]);
    expect(rows.map((r) => r.Channel)).toEqual([channelLabel('sunday_slide'), channelLabel('banner')]); // soonest due, undated last
    expect(rows[0]).toMatchObject({
      Section: 'Active Tasks',
      Event: `'${HOSTILE_TITLE}`,
      Status: 'In Progress',
      Priority: 'Urgent',
      'Due Date': addDaysIso(todayIn(t.ctx.config.churchTimeZone), 3),
      'Request Progress (%)': '17', // one of six items done
      Link: `${t.ctx.config.appOrigin}/request/${requestId}`,
    });
    expect(rows[1]['Due Date']).toBe('');
  });

  it('gives a coordinator All Tasks: the same open work as the screen, with assignees, sections and hostile reasons quoted', async () => {
    const rows = csvRows(await as.coordinator.inject({ method: 'GET', url: '/api/tasks/export.csv?scope=all' }), 'all-tasks');
    const screen = (await as.coordinator.inject({ method: 'GET', url: '/api/tasks?scope=all' })).json() as TaskList;
    const onScreen = [...screen.waiting, ...screen.active, ...screen.rejected].map((task) => channelLabel(task.channel as Channel)).sort();
    expect(rows.map((r) => r.Channel).sort()).toEqual(onScreen);
    expect(rows.map((r) => r.Channel)).not.toContain(channelLabel('facebook_event')); // finished: not open work
    const byChannel = Object.fromEntries(rows.map((r) => [r.Channel, r]));
    expect(byChannel[channelLabel('social_media_posts')].Assignee).toBe('Church Media Squad');
    expect(byChannel[channelLabel('mass_email')]).toMatchObject({ Section: 'Waiting for Approval', Assignee: 'Unassigned' });
    expect(byChannel[channelLabel('promotional_video')]).toMatchObject({
      Section: 'Rejected Requests',
      'Rejection Reason': `'${HOSTILE_REASON}`,
    });
  });

  it('is refused as the list is: 401 signed out, 403 for a requester, and All Tasks 403 below coordinator', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/tasks/export.csv' })).statusCode).toBe(401);
    expect((await as.requester.inject({ method: 'GET', url: '/api/tasks/export.csv' })).statusCode).toBe(403);
    expect((await as.approver.inject({ method: 'GET', url: '/api/tasks/export.csv?scope=all' })).statusCode).toBe(403);
    expect((await as.approver.inject({ method: 'GET', url: '/api/tasks/export.csv' })).statusCode).toBe(200);
  });

  it('reads the open work in batches in the list order, with no task twice and none left out', async () => {
    const whole: string[] = [];
    for await (const batch of taskBatches(t.ctx.db, team.admin, { ...(await exportEnv(t.ctx)), batchSize: 100 }))
      whole.push(...batch.map((x) => x.id));
    const batched: string[] = [];
    const sizes: number[] = [];
    for await (const batch of taskBatches(t.ctx.db, team.admin, { ...(await exportEnv(t.ctx)), batchSize: 2 })) {
      sizes.push(batch.length);
      batched.push(...batch.map((x) => x.id));
    }
    expect(whole).toHaveLength(5);
    expect(sizes).toEqual([2, 2, 1]);
    expect(batched).toEqual(whole);
  });
});
