import { parse } from 'csv-parse/sync';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Accountability } from '../../../shared/api/accountability';
import { addDaysIso, todayIn } from '../../../shared/domain/dates';
import { exportEnv } from '../../platform/csv/csv-export';
import { sessionAgent } from '../../test/agent';
import { clearRequests } from '../../test/factories';
import { BACKENDS, createTestApp, type Agent, type TestApp } from '../../test/harness';
import { buildItem, buildRequest, buildTeam, type Team } from '../../test/task-fixtures';
import { accountabilityExport } from './export';

/** The CSV exports of the Accountability & Gaps tables: whole lists, the screen's rows first, in batches. */

type CsvRow = Record<string, string>;
function csvRows(res: LightMyRequestResponse, table: string): CsvRow[] {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toMatch(
    new RegExp(`^attachment; filename="accountability-${table}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
  );
  return parse(res.body, { bom: true, columns: true }) as CsvRow[];
}

describe.each(BACKENDS)('CSV export of accountability on %s', (backend) => {
  let t: TestApp;
  let team: Team;
  let today: string;
  const as: Record<string, Agent> = {};
  const day = (n: number) => addDaysIso(today, n);

  beforeAll(async () => {
    t = await createTestApp(backend);
    team = await buildTeam(t.ctx.db);
    today = todayIn(t.ctx.config.churchTimeZone);
    as.coordinator = await sessionAgent(t.app, team.coordinator.id);
    as.approver = await sessionAgent(t.app, team.approver.id);
    await clearRequests(t.ctx.db);
    const db = t.ctx.db;
    // 23 overdue items: more than the screen shows, in three batches of 10 below.
    const gala = await buildRequest(db, team.requester.id, {
      eventTitle: '-Gala, "spring"',
      eventStartDate: day(3),
      submittedAt: new Date(Date.now() - 72 * 3_600_000),
    });
    for (let i = 0; i < 23; i++)
      await buildItem(db, gala.id, { status: 'in_progress', dueDate: day(-1 - (i % 5)), assigneeId: i % 2 ? team.creative.id : null });
    await buildItem(db, gala.id, { status: 'not_started', dueDate: day(2) }); // at risk
  });
  afterAll(async () => t.close());

  const get = (agent: Agent, table: string) => agent.inject({ method: 'GET', url: `/api/accountability/export.csv?table=${table}` });

  it('exports every overdue item, the screen showing only the first, soonest due first, hostile title quoted', async () => {
    const screen = (await as.coordinator.inject({ method: 'GET', url: '/api/accountability' })).json() as Accountability;
    const rows = csvRows(await get(as.coordinator, 'overdue-items'), 'overdue-items');
    expect(rows).toHaveLength(23);
    expect(screen.overdueItems.count).toBe(23);
    expect(screen.overdueItems.rows.length).toBeLessThan(23);
    expect(Object.keys(rows[0])).toEqual(['Event', 'Channel', 'Status', 'Due Date', 'Assignee', 'Link']);
    expect(rows.map((r) => r['Due Date'])).toEqual(rows.map((r) => r['Due Date']).sort());
    expect(rows.slice(0, screen.overdueItems.rows.length).map((r) => r['Due Date'])).toEqual(
      screen.overdueItems.rows.map((r) => r.dueDate),
    );
    expect(rows[0].Event).toBe('\'-Gala, "spring"');
    expect(new Set(rows.map((r) => r.Assignee))).toEqual(new Set(['Unassigned', team.creative.fullName]));
  });

  it('exports the other tables with their columns', async () => {
    expect(csvRows(await get(as.coordinator, 'at-risk-items'), 'at-risk-items').map((r) => r['Due Date'])).toEqual([day(2)]);
    const events = csvRows(await get(as.coordinator, 'events-not-ready'), 'events-not-ready');
    expect(events).toEqual([expect.objectContaining({ 'Event Date': day(3), 'Ready (%)': '0', 'Items Done': '0', Items: '24' })]);
    const waiting = csvRows(await get(as.coordinator, 'unassigned-requests'), 'unassigned-requests');
    expect(waiting).toHaveLength(1);
    expect(Number(waiting[0]['Waiting (hours)'])).toBeGreaterThanOrEqual(71);
    const people = csvRows(await get(as.coordinator, 'team-workload'), 'team-workload');
    expect(people.find((p) => p.Name === team.creative.fullName)?.['Active Tasks']).toBe('11');
  });

  it('reads a table in keyset batches with no row twice and none missing', async () => {
    const all: string[] = [];
    const sizes: number[] = [];
    const { batches } = accountabilityExport(t.ctx.db, 'overdue-items', { ...(await exportEnv(t.ctx)), batchSize: 10 });
    for await (const batch of batches as AsyncGenerator<Array<{ id: string }>>) {
      sizes.push(batch.length);
      all.push(...batch.map((r) => r.id));
    }
    expect(sizes).toEqual([10, 10, 3]);
    expect(new Set(all).size).toBe(23);
  });

  it('is refused as the screen is: 401 signed out, 403 for an approver, 400 for an unknown table', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/accountability/export.csv?table=overdue-items' })).statusCode).toBe(401);
    expect((await get(as.approver, 'overdue-items')).statusCode).toBe(403);
    expect((await get(as.coordinator, 'everything')).statusCode).toBe(400);
  });
});
