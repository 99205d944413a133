// Runs long: over forty tests, on both kinds of database.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BOARD_COLUMN_LIMIT,
  STATUS_NOT_MOVED,
  STATUS_NOT_OF_STAGE,
  type Board,
  type BoardCard,
  type BoardColumnPage,
} from '../../../shared/api/board';
import { addDaysIso, todayIn } from '../../../shared/domain/dates';
import {
  activityLog,
  digestEntries,
  emailPreferences,
  notifications,
  pendingEmails,
  requestItems,
  requestViewers,
} from '../../platform/db/schema';
import type { AppEvent } from '../../platform/events/bus';
import { sessionAgent } from '../../test/agent';
import { buildUser, clearRequests } from '../../test/factories';
import { BACKENDS, createTestApp, type Agent, type TestApp } from '../../test/harness';
import { buildItem, buildRequest, buildTeam, type Team } from '../../test/task-fixtures';
import { withInsertsRefused } from '../../test/faults';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe.each(BACKENDS)('production board on %s', (backend) => {
  let t: TestApp;
  let team: Team;
  const as: Record<string, Agent> = {};
  const item: Record<string, string> = {};
  const req: Record<string, string> = {};
  let today: string;

  const board = async (agent: Agent, search?: string) => {
    const res = await agent.inject({
      method: 'GET',
      url: `/api/board${search === undefined ? '' : `?search=${encodeURIComponent(search)}`}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Board;
  };
  const card = (b: Board, id: string) => b.items.find((c) => c.id === id) as BoardCard;
  const move = (agent: Agent, itemIds: string[], stage: string) =>
    agent.inject({ method: 'POST', url: '/api/board/move', payload: { itemIds, stage } });
  const assign = (agent: Agent, itemIds: string[], assigneeId: string) =>
    agent.inject({ method: 'POST', url: '/api/board/assign', payload: { itemIds, assigneeId } });
  const statusOf = async (id: string) =>
    (await t.ctx.db.select({ status: requestItems.status }).from(requestItems).where(eq(requestItems.id, id)))[0].status;
  const activityOf = (requestId: string, actionType: string) =>
    t.ctx.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.requestId, requestId), eq(activityLog.actionType, actionType)));
  const notesOf = (userId: string, type: string) =>
    t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

  beforeAll(async () => {
    t = await createTestApp(backend);
    team = await buildTeam(t.ctx.db);
    for (const role of ['admin', 'coordinator', 'approver', 'creative', 'creative2', 'requester', 'viewer'] as const) {
      as[role] = await sessionAgent(t.app, team[role].id);
    }
  });
  afterAll(async () => t.close());
  // Every test gets the board below afresh: no test sees another's moves, assignments or notices.
  beforeEach(async () => {
    await clearRequests(t.ctx.db);
    await buildBoard();
  });

  async function buildBoard() {
    const db = t.ctx.db;
    today = todayIn(t.ctx.config.churchTimeZone);
    const easter = await buildRequest(db, team.requester.id, { eventTitle: 'Easter Sunday', currentCoordinatorId: team.coordinator.id });
    const camp = await buildRequest(db, team.requester.id, { eventTitle: 'Youth Winter Camp' });
    const old = await buildRequest(db, team.requester.id, { eventTitle: 'Easter Long Ago', status: 'archived_onetime' });
    req.easter = easter.id;
    req.camp = camp.id;
    await db.insert(requestViewers).values({ requestId: easter.id, userId: team.viewer.id });
    item.slide = (
      await buildItem(db, easter.id, { assigneeId: team.creative.id, dueDate: addDaysIso(today, 3), status: 'in_progress' })
    ).id;
    item.undated = (
      await buildItem(db, easter.id, { assigneeId: team.creative.id, dueDate: null, channel: 'banner', status: 'submitted' })
    ).id;
    item.story = (
      await buildItem(db, camp.id, {
        assigneeId: team.creative2.id,
        dueDate: addDaysIso(today, -2),
        channel: 'social_media_story',
        status: 'changes_requested',
      })
    ).id;
    item.squad = (await buildItem(db, camp.id, { assigneeId: team.squad.id, dueDate: addDaysIso(today, 1), status: 'approved' })).id;
    item.open = (await buildItem(db, camp.id, { dueDate: addDaysIso(today, 10), channel: 'website_event_page', status: 'not_started' })).id;
    item.done = (
      await buildItem(db, camp.id, {
        assigneeId: team.creative2.id,
        dueDate: addDaysIso(today, 2),
        channel: 'email_mention',
        status: 'complete',
      })
    ).id;
    item.approvedExtra = (
      await buildItem(db, camp.id, {
        isAdditionalRequest: true,
        additionalRequestStatus: 'approved',
        channel: 'mass_email',
        dueDate: addDaysIso(today, 20),
      })
    ).id;
    item.pending = (
      await buildItem(db, easter.id, { isAdditionalRequest: true, additionalRequestStatus: 'pending', channel: 'mass_email' })
    ).id;
    item.rejected = (
      await buildItem(db, easter.id, { isAdditionalRequest: true, additionalRequestStatus: 'rejected', channel: 'promotional_video' })
    ).id;
    item.archived = (await buildItem(db, old.id, { assigneeId: team.creative.id, dueDate: addDaysIso(today, -1) })).id;
  }

  describe('authorization', () => {
    const routes = () => [
      { method: 'GET' as const, url: '/api/board', denied: 'requester' },
      { method: 'GET' as const, url: `/api/board/column?stage=submitted&cursor=${encodeURIComponent(`|${MISSING}`)}`, denied: 'requester' },
      { method: 'POST' as const, url: '/api/board/move', denied: 'requester', payload: { itemIds: [item.slide], stage: 'approved' } },
      {
        method: 'POST' as const,
        url: '/api/board/assign',
        denied: 'approver',
        payload: { itemIds: [item.slide], assigneeId: team.creative.id },
      },
    ];
    it('answers 401 signed out and 403 to the highest role still denied, and to viewers', async () => {
      for (const r of routes()) {
        const out = await t.app.inject({ method: r.method, url: r.url, payload: r.payload });
        expect(out.statusCode, `${r.method} ${r.url} signed out`).toBe(401);
        const denied = await as[r.denied].inject({ method: r.method, url: r.url, payload: r.payload });
        expect(denied.statusCode, `${r.method} ${r.url} as ${r.denied}`).toBe(403);
        const viewer = await as.viewer.inject({ method: r.method, url: r.url, payload: r.payload });
        expect(viewer.statusCode, `${r.method} ${r.url} as viewer`).toBe(403);
      }
      expect(await statusOf(item.slide)).toBe('in_progress');
    });
  });

  describe('reading', () => {
    it('lists items of live requests column by column, open columns by due date with undated last, with their stage and people', async () => {
      const b = await board(as.coordinator);
      expect(b.items.map((c) => c.id)).toEqual([
        // Submitted, In Progress, (Ready for Proof), Approved, (Published), Finished.
        item.open,
        item.approvedExtra,
        item.undated,
        item.story,
        item.slide,
        item.squad,
        item.done,
      ]);
      expect(b.columns.submitted.nextCursor).toBeNull();
      expect(b.canAssign).toBe(true);
      expect(card(b, item.story)).toEqual({
        id: item.story,
        requestId: req.camp,
        channel: 'social_media_story',
        status: 'changes_requested',
        stage: 'in_progress',
        dueDate: addDaysIso(today, -2),
        eventTitle: 'Youth Winter Camp',
        ministryName: expect.stringMatching(/^Ministry /),
        assigneeId: team.creative2.id,
        assigneeName: team.creative2.fullName,
        // A task given without an answer yet (guide/sunday-planning.md#answering-an-assignment).
        response: 'pending',
        canMove: true,
      });
      expect(card(b, item.open)).toMatchObject({ stage: 'submitted', assigneeId: null, assigneeName: null });
      expect(card(b, item.done).stage).toBe('finished');
      expect(card(b, item.squad).assigneeName).toBe('Church Media Squad');
    });

    it('leaves out archived requests and additional channels waiting for approval or rejected', async () => {
      const ids = (await board(as.admin)).items.map((c) => c.id);
      for (const key of ['archived', 'pending', 'rejected']) expect(ids).not.toContain(item[key]);
    });

    it('filters by event title, case-insensitively, with wildcards taken literally', async () => {
      expect((await board(as.coordinator, 'eAsTeR')).items.map((c) => c.id)).toEqual([item.undated, item.slide]);
      expect((await board(as.coordinator, 'winter camp')).items).toHaveLength(5);
      expect((await board(as.coordinator, '%')).items).toEqual([]);
      expect((await board(as.coordinator, '   ')).items).toHaveLength(7);
    });

    it('shows a creative every card, movable only where the item is theirs, and no bulk assign', async () => {
      const b = await board(as.creative);
      expect(b.items).toHaveLength(7);
      expect(b.canAssign).toBe(false);
      expect(
        b.items
          .filter((c) => c.canMove)
          .map((c) => c.id)
          .sort(),
      ).toEqual([item.slide, item.undated].sort());
    });
  });

  describe('bounded columns (current work first)', () => {
    const column = async (agent: Agent, query: string) => {
      const res = await agent.inject({ method: 'GET', url: `/api/board/column?${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as BoardColumnPage;
    };
    const inStage = (b: { items: BoardCard[] }, stage: string) => b.items.filter((c) => c.stage === stage);

    it('pages a column in a stable order with no duplicates or gaps, even when cards arrive between pages', async () => {
      const db = t.ctx.db;
      const busy = await buildRequest(db, team.requester.id, { eventTitle: 'Busy Season' });
      // Both statuses of the column, ties on a date, undated cards: the merge and the cursor are tested at once.
      const made = await db
        .insert(requestItems)
        .values(
          Array.from({ length: BOARD_COLUMN_LIMIT + 25 }, (_, n) => ({
            requestId: busy.id,
            channel: 'sunday_slide',
            status: n % 3 ? 'in_progress' : 'changes_requested',
            dueDate: n % 7 === 0 ? null : addDaysIso(today, n % 12),
          })),
        )
        .returning({ id: requestItems.id });
      const first = await board(as.coordinator);
      const cards = inStage(first, 'in_progress');
      expect(cards).toHaveLength(BOARD_COLUMN_LIMIT);
      expect(first.columns.in_progress.nextCursor).not.toBeNull();
      expect(first.columns.submitted.nextCursor).toBeNull();

      // One card due before the cursor (it belongs to the page already read) and one undated (after it).
      const early = await buildItem(db, busy.id, { status: 'in_progress', dueDate: addDaysIso(today, -40) });
      const late = await buildItem(db, busy.id, { status: 'in_progress', dueDate: null });
      let cursor = first.columns.in_progress.nextCursor;
      while (cursor) {
        const page = await column(as.coordinator, `stage=in_progress&cursor=${encodeURIComponent(cursor)}`);
        expect(page.items.every((c) => c.stage === 'in_progress')).toBe(true);
        cards.push(...page.items);
        cursor = page.nextCursor;
      }
      const ids = cards.map((c) => c.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort()).toEqual([...made.map((m) => m.id), item.story, item.slide, late.id].sort());
      expect(ids).not.toContain(early.id);
      const dues = cards.map((c) => c.dueDate ?? '9999-12-31');
      expect(dues).toEqual([...dues].sort());
    });

    it('shows finished work of the last 30 days, most recently changed first, and older work on demand', async () => {
      const db = t.ctx.db;
      const history = await buildRequest(db, team.requester.id, { eventTitle: 'Last Year' });
      // Far more old finished work than a column holds, all due before the open work.
      await db.insert(requestItems).values(
        Array.from({ length: BOARD_COLUMN_LIMIT + 5 }, (_, n) => ({
          requestId: history.id,
          channel: 'sunday_slide',
          status: 'complete',
          dueDate: '2019-01-01',
          updatedAt: new Date(Date.UTC(2019, 0, 1, 0, 0, n)),
        })),
      );
      const recent = await buildItem(db, history.id, { status: 'complete', updatedAt: new Date(Date.now() - 60_000) });
      const b = await board(as.coordinator);
      expect(inStage(b, 'finished').map((c) => c.id)).toEqual([item.done, recent.id]);
      expect(inStage(b, 'submitted').map((c) => c.id)).toEqual([item.open, item.approvedExtra, item.undated]);
      const more = b.columns.finished;
      expect(more.nextCursor).toBeNull();
      expect(more.older).toBe(false);
      expect(more.olderCursor).not.toBeNull();

      const older = await column(as.coordinator, `stage=finished&older=true&cursor=${encodeURIComponent(more.olderCursor!)}`);
      expect(older.items).toHaveLength(BOARD_COLUMN_LIMIT);
      expect(older.older).toBe(true);
      const times = older.items.map((c) => c.id);
      expect(times).not.toContain(recent.id);
      const rest = await column(as.coordinator, `stage=finished&older=true&cursor=${encodeURIComponent(older.nextCursor!)}`);
      expect(rest.items).toHaveLength(5);
      expect(rest.nextCursor).toBeNull();
      expect(rest.olderCursor).toBeNull();
      expect(new Set([...times, ...rest.items.map((c) => c.id)]).size).toBe(BOARD_COLUMN_LIMIT + 5);
    });

    it('puts a card moved to a finished column at its top', async () => {
      const db = t.ctx.db;
      const history = await buildRequest(db, team.requester.id, { eventTitle: 'Busy Month' });
      await db
        .insert(requestItems)
        .values(
          Array.from({ length: BOARD_COLUMN_LIMIT + 5 }, () => ({ requestId: history.id, channel: 'sunday_slide', status: 'approved' })),
        );
      expect((await move(as.coordinator, [item.open], 'approved')).statusCode).toBe(200);
      const b = await board(as.coordinator);
      expect(inStage(b, 'approved')[0].id).toBe(item.open);
      expect(b.columns.approved.nextCursor).not.toBeNull();
    });

    it('answers 400 to a bad stage or cursor', async () => {
      for (const query of [
        'stage=nowhere&cursor=x',
        'stage=submitted&cursor=yesterday',
        'stage=finished&cursor=2020-01-01|x',
        'stage=submitted',
      ]) {
        const res = await as.coordinator.inject({ method: 'GET', url: `/api/board/column?${query}` });
        expect(res.statusCode, query).toBe(400);
      }
    });
  });

  describe('moving', () => {
    it('lets a creative move their own item, without notifying themselves', async () => {
      const res = await move(as.creative, [item.undated], 'in_progress');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ stage: 'in_progress', moved: [{ id: item.undated, status: 'in_progress' }], unchanged: [] });
      expect(await statusOf(item.undated)).toBe('in_progress');
      const [entry] = await activityOf(req.easter, 'Item Status Changed');
      expect(entry).toMatchObject({ userId: team.creative.id, oldValue: 'submitted', newValue: 'in_progress', notes: 'Banner' });
      expect(await notesOf(team.creative.id, 'status_change')).toHaveLength(0);
    });

    it('refuses a creative another person’s item, and a batch with one such item changes nothing', async () => {
      expect((await move(as.creative, [item.story], 'approved')).statusCode).toBe(403);
      const mixed = await move(as.creative, [item.slide, item.story], 'approved');
      expect(mixed.statusCode).toBe(403);
      expect(mixed.json().error.message).toBe('You can move only the tasks assigned to you.');
      expect(await statusOf(item.slide)).toBe('in_progress');
      expect(await statusOf(item.story)).toBe('changes_requested');
      // An approver works only their own items too.
      expect((await move(as.approver, [item.open], 'approved')).statusCode).toBe(403);
    });

    it('moves a coordinator’s selection at once, with activity, notifications and live events', async () => {
      const seen: AppEvent[] = [];
      const stop = t.ctx.bus.subscribe((e) => seen.push(e));
      try {
        const res = await move(as.coordinator, [item.slide, item.story, item.open, item.squad], 'proof_ready');
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().moved).toHaveLength(4);
        for (const key of ['slide', 'story', 'open', 'squad']) expect(await statusOf(item[key])).toBe('proof_ready');

        const easterEntries = await activityOf(req.easter, 'Item Status Changed');
        expect(easterEntries.find((e) => e.userId === team.coordinator.id)).toMatchObject({
          oldValue: 'in_progress',
          newValue: 'proof_ready',
          notes: 'Sunday Slide Deck',
        });
        const campEntries = await activityOf(req.camp, 'Item Status Changed');
        expect(campEntries.map((e) => `${e.oldValue}->${e.newValue}`).sort()).toEqual([
          'approved->proof_ready',
          'changes_requested->proof_ready',
          'not_started->proof_ready',
        ]);

        const toCreative = await notesOf(team.creative.id, 'status_change');
        expect(toCreative).toHaveLength(1);
        expect(toCreative[0]).toMatchObject({ requestId: req.easter, link: `/request/${req.easter}`, title: 'Task status changed' });
        expect(toCreative[0].body).toBe(
          `Sunday Slide Deck for Easter Sunday was moved to Ready for Proof by ${team.coordinator.fullName}.`,
        );
        expect(await notesOf(team.creative2.id, 'status_change')).toHaveLength(1);
        // The unassigned item and the external squad's item notify no one.
        expect(await notesOf(team.squad.id, 'status_change')).toHaveLength(0);
        expect(await notesOf(team.coordinator.id, 'status_change')).toHaveLength(0);

        await vi.waitFor(() => {
          const changed = new Set(seen.filter((e) => e.topic === 'requests').map((e) => e.id));
          expect(changed).toEqual(new Set([req.easter, req.camp]));
        });
        const easterEvent = seen.find((e) => e.topic === 'requests' && e.id === req.easter)!;
        expect(easterEvent.audience.minRole).toBe('creative');
        expect(easterEvent.audience.userIds).toEqual(
          expect.arrayContaining([team.requester.id, team.coordinator.id, team.creative.id, team.viewer.id]),
        );
      } finally {
        stop();
      }
    });

    it('treats a move to the stage an item is already in as a no-op', async () => {
      const before = (await activityOf(req.camp, 'Item Status Changed')).length;
      await t.ctx.db.update(requestItems).set({ status: 'changes_requested' }).where(eq(requestItems.id, item.story));
      const res = await move(as.coordinator, [item.story, item.squad], 'in_progress');
      expect(res.statusCode).toBe(200);
      // changes_requested already sits in In Progress: it keeps its finer status.
      expect(res.json()).toEqual({ stage: 'in_progress', moved: [{ id: item.squad, status: 'in_progress' }], unchanged: [item.story] });
      expect(await statusOf(item.story)).toBe('changes_requested');
      expect(await activityOf(req.camp, 'Item Status Changed')).toHaveLength(before + 1);
      const again = await move(as.coordinator, [item.squad, item.squad], 'in_progress');
      expect(again.json()).toEqual({ stage: 'in_progress', moved: [], unchanged: [item.squad] });
    });

    it('stamps the publishing date when a card reaches Published, and moves to Finished as complete', async () => {
      expect((await move(as.admin, [item.open], 'published')).statusCode).toBe(200);
      const [row] = await t.ctx.db.select().from(requestItems).where(eq(requestItems.id, item.open));
      expect(row.status).toBe('published');
      expect(row.publishedAt).toBeInstanceOf(Date);
      expect((await move(as.admin, [item.open], 'finished')).json().moved).toEqual([{ id: item.open, status: 'complete' }]);
      expect((await move(as.admin, [item.open], 'submitted')).json().moved).toEqual([{ id: item.open, status: 'submitted' }]);
    });

    it('changes nothing when one id of the batch is unknown or belongs to an archived request', async () => {
      const before = await statusOf(item.slide);
      for (const bad of [MISSING, item.archived, item.pending]) {
        const res = await move(as.coordinator, [item.slide, bad], before === 'approved' ? 'finished' : 'approved');
        expect(res.statusCode, bad).toBe(404);
        expect(res.json().error.message).toBe('Task not found.');
      }
      expect(await statusOf(item.slide)).toBe(before);
      expect(await statusOf(item.archived)).toBe('not_started');
    });

    it('puts cards back in the exact status they left (Undo), under the same authorization as moves', async () => {
      const exact = (agent: Agent, itemIds: string[], stage: string, statuses: Record<string, string>) =>
        agent.inject({ method: 'POST', url: '/api/board/move', payload: { itemIds, stage, statuses } });
      await t.ctx.db.update(requestItems).set({ status: 'changes_requested' }).where(eq(requestItems.id, item.slide));
      // The creative's own card: moved on, then back to Changes Requested, not In Progress.
      expect((await move(as.creative, [item.slide], 'proof_ready')).statusCode).toBe(200);
      const back = await exact(as.creative, [item.slide], 'in_progress', { [item.slide]: 'changes_requested' });
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json()).toEqual({ stage: 'in_progress', moved: [{ id: item.slide, status: 'changes_requested' }], unchanged: [] });
      expect(await statusOf(item.slide)).toBe('changes_requested');
      const entries = await activityOf(req.easter, 'Item Status Changed');
      expect(entries.map((e) => `${e.oldValue}->${e.newValue}`)).toContain('proof_ready->changes_requested');

      // Someone else's card is refused as a move is, and nothing changes.
      const before = await statusOf(item.story);
      expect((await exact(as.creative, [item.story], 'submitted', { [item.story]: 'not_started' })).statusCode).toBe(403);
      expect(await statusOf(item.story)).toBe(before);

      // A coordinator's undo of several: each to its own status; ids without one get the column's first.
      expect((await move(as.coordinator, [item.story, item.squad], 'approved')).statusCode).toBe(200);
      const both = await exact(as.coordinator, [item.story, item.squad], 'submitted', { [item.story]: 'not_started' });
      expect(both.json().moved).toEqual(
        expect.arrayContaining([
          { id: item.story, status: 'not_started' },
          { id: item.squad, status: 'submitted' },
        ]),
      );
    });

    it('answers 400 to an exact status outside the column or for a card not moved, and changes nothing', async () => {
      const before = await statusOf(item.slide);
      const wrongColumn = await as.coordinator.inject({
        method: 'POST',
        url: '/api/board/move',
        payload: { itemIds: [item.slide], stage: 'in_progress', statuses: { [item.slide]: 'not_started' } },
      });
      expect(wrongColumn.statusCode).toBe(400);
      expect(wrongColumn.body).toContain(STATUS_NOT_OF_STAGE('in_progress'));
      const notMoved = await as.coordinator.inject({
        method: 'POST',
        url: '/api/board/move',
        payload: { itemIds: [item.slide], stage: 'submitted', statuses: { [item.story]: 'not_started' } },
      });
      expect(notMoved.statusCode).toBe(400);
      expect(notMoved.body).toContain(STATUS_NOT_MOVED);
      const unknown = await as.coordinator.inject({
        method: 'POST',
        url: '/api/board/move',
        payload: { itemIds: [item.slide], stage: 'submitted', statuses: { [item.slide]: 'lost' } },
      });
      expect(unknown.statusCode).toBe(400);
      expect(await statusOf(item.slide)).toBe(before);
    });

    it('answers 400 to bad input and changes nothing', async () => {
      const before = await statusOf(item.slide);
      const bad = [
        { itemIds: [], stage: 'approved' },
        { itemIds: ['not-a-uuid'], stage: 'approved' },
        { itemIds: [item.slide], stage: 'complete' },
        { itemIds: [item.slide] },
        { itemIds: Array.from({ length: 101 }, () => item.slide), stage: 'approved' },
      ];
      for (const payload of bad) {
        const res = await as.coordinator.inject({ method: 'POST', url: '/api/board/move', payload });
        expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      }
      const empty = await as.coordinator.inject({ method: 'POST', url: '/api/board/move', payload: { itemIds: [], stage: 'approved' } });
      expect(empty.json().error.message).toBe('Select at least one task.');
      expect(await statusOf(item.slide)).toBe(before);
    });
  });

  describe('bulk assignment', () => {
    it('assigns every selected item, with activity and a notification and e-mail per item to the new assignee', async () => {
      const res = await assign(as.coordinator, [item.open, item.undated, item.approvedExtra], team.creative2.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        assignee: { id: team.creative2.id, fullName: team.creative2.fullName, isExternal: false },
        unchanged: [],
      });
      const rows = await t.ctx.db
        .select({ assigneeId: requestItems.assigneeId })
        .from(requestItems)
        .where(inArray(requestItems.id, [item.open, item.undated, item.approvedExtra]));
      expect(rows.every((r) => r.assigneeId === team.creative2.id)).toBe(true);
      const entries = await activityOf(req.easter, 'Assignee Changed');
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ oldValue: team.creative.fullName, newValue: team.creative2.fullName, notes: 'Banner' });
      expect((await activityOf(req.camp, 'Assignee Changed')).map((e) => e.oldValue)).toEqual(['Unassigned', 'Unassigned']);
      const notes = await notesOf(team.creative2.id, 'assignment');
      expect(notes).toHaveLength(3);
      expect(notes.every((n) => n.title === 'You were assigned a task')).toBe(true);
      // By default assignment e-mails wait for the daily digest: three entries, no e-mail yet.
      expect(await t.ctx.db.select().from(pendingEmails).where(eq(pendingEmails.recipient, team.creative2.email))).toHaveLength(0);
      const waiting = await t.ctx.db.select().from(digestEntries).where(eq(digestEntries.userId, team.creative2.id));
      expect(waiting.map((w) => w.kind)).toEqual(['assignment', 'assignment', 'assignment']);
    });

    it('leaves items already with the assignee as they are, and tells no one who assigns to themselves', async () => {
      const res = await assign(as.coordinator, [item.open, item.slide], team.coordinator.id);
      expect(res.statusCode).toBe(200);
      expect(res.json().assigned.sort()).toEqual([item.open, item.slide].sort());
      expect(await notesOf(team.coordinator.id, 'assignment')).toHaveLength(0);
      const again = await assign(as.coordinator, [item.open], team.coordinator.id);
      expect(again.json()).toMatchObject({ assigned: [], unchanged: [item.open] });
    });

    it('assigns to the Church Media Squad without notifying it', async () => {
      const res = await assign(as.admin, [item.open], team.squad.id);
      expect(res.statusCode).toBe(200);
      expect(res.json().assignee.isExternal).toBe(true);
      expect(await notesOf(team.squad.id, 'assignment')).toHaveLength(0);
    });

    it('refuses someone who cannot take tasks and changes nothing', async () => {
      const inactive = await buildUser(t.ctx.db, { role: 'creative', active: false });
      for (const who of [team.requester.id, team.approver.id, inactive.id, MISSING]) {
        const res = await assign(as.coordinator, [item.slide], who);
        expect(res.statusCode, who).toBe(422);
        expect(res.json().error.fields.assigneeId).toMatch(/^Choose an active admin, coordinator or creative/);
      }
      const [row] = await t.ctx.db.select().from(requestItems).where(eq(requestItems.id, item.slide));
      expect(row.assigneeId).toBe(team.creative.id);
    });

    it('answers 400 to bad input and 404 to an item off the board, changing nothing', async () => {
      expect((await assign(as.coordinator, [], team.creative.id)).statusCode).toBe(400);
      expect((await assign(as.coordinator, [item.slide], 'nobody')).statusCode).toBe(400);
      const res = await assign(as.coordinator, [item.slide, item.archived], team.creative.id);
      expect(res.statusCode).toBe(404);
      const [row] = await t.ctx.db.select().from(requestItems).where(eq(requestItems.id, item.slide));
      expect(row.assigneeId).toBe(team.creative.id);
    });

    it('rolls back the whole batch when a step fails', async () => {
      // The e-mail step is the one that fails: this assignee gets assignment e-mails at once.
      await t.ctx.db
        .insert(emailPreferences)
        .values({ userId: team.admin.id, kind: 'assignment', mode: 'immediate' })
        .onConflictDoNothing();
      const before = await t.ctx.db.select().from(activityLog);
      const res = await withInsertsRefused(t.ctx.db, 'pending_emails', () =>
        assign(as.coordinator, [item.slide, item.story], team.admin.id),
      );
      expect(res.statusCode).toBe(500);
      const rows = await t.ctx.db
        .select({ id: requestItems.id, assigneeId: requestItems.assigneeId })
        .from(requestItems)
        .where(inArray(requestItems.id, [item.slide, item.story]));
      expect(Object.fromEntries(rows.map((r) => [r.id, r.assigneeId]))).toEqual({
        [item.slide]: team.creative.id,
        [item.story]: team.creative2.id,
      });
      expect(await t.ctx.db.select().from(activityLog)).toHaveLength(before.length);
      expect(await notesOf(team.admin.id, 'assignment')).toHaveLength(0);
    });
  });
});
