// Runs long: every operation of the access table as every role, on both kinds of database.
import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso } from '../../../shared/domain/dates';
import { LANDING_DEFAULTS } from '../../../shared/domain/landing';
import { ROLES, type Role } from '../../../shared/domain/roles';
import { ACCESS_TABLE, type Access, type Outcome } from '../../test/access-table';
import { buildCast, buildRows, isSundayWork, othersShape, ownShape, PNG, rowId, type Cast, type RowSet } from '../../test/access-fixtures';
import { sessionAgent } from '../../test/agent';
import { BACKENDS, createTestApp, type TestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { runways, series, seriesWeeks, slides, sundayPlans, sundayTemplates, sundayTemplateTasks } from '../db/schema';
import { multipart } from '../../test/request-fixtures';
import { encodeListCursor } from '../../modules/accountability/cursor';

/**
 * The authorization matrix (ARCHITECTURE.md#contracts): every registered API operation, signed out and as
 * every role, against the EXPECTED access of src/server/test/access-table.ts, which is written from
 * the spec and not from the routes. Row-scoped operations are called with real ids of rows that
 * belong to other people (refused) and of the caller's own rows (allowed).
 */
type Route = { method: string; url: string };
const key = (r: Route) => `${r.method} ${r.url}`;
const apiRoutes = (t: TestApp): Route[] => t.app.routeRegistry.filter((r) => r.url.startsWith('/api'));

/** A call that passes validation, so only authorization (and the row's state) decides the answer. */
interface Call {
  path?: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** The item's status the step needs (the proof review waits for proof_ready). */
  itemStatus?: string;
  /** The step needs an additional channel waiting for approval (the approvals queue). */
  pendingApproval?: true;
}
type CallRecipe = (rows: RowSet, cast: Cast, me: string) => Call;

const CALLS: Record<string, CallRecipe> = {
  'PATCH /api/requests/:id': (r) => ({ payload: { priority: 'high', version: r.version } }),
  'PATCH /api/requests/:id/details': (r) => ({ payload: { eventTitle: 'Renamed by the matrix', version: r.version } }),
  'POST /api/requests/:id/archive': () => ({ payload: { kind: 'onetime' } }),
  'POST /api/requests/:id/messages': () => ({ payload: { body: 'A note from the matrix' } }),
  'POST /api/requests/:id/template': () => ({ payload: { name: `Matrix ${randomUUID()}` } }),
  'PATCH /api/request-templates/:id': () => ({ payload: { name: 'Renamed by the matrix' } }),
  'POST /api/requests/:id/viewers': (_r, cast) => ({ payload: { userId: cast.me.viewer } }),
  'POST /api/requests/:id/assets': () => multipart({ name: 'poster.png', data: PNG }),
  'POST /api/items/:id/proof-ready': () => ({ payload: {} }),
  'POST /api/items/:id/status': () => ({ payload: { status: 'not_started' } }),
  'POST /api/items/:id/approve-proof': () => ({ payload: {}, itemStatus: 'proof_ready' }),
  'POST /api/items/:id/request-changes': () => ({ payload: { feedback: 'More contrast, please.' }, itemStatus: 'proof_ready' }),
  'POST /api/board/move': (r) => ({ path: '/api/board/move', payload: { itemIds: [r.itemId], stage: 'submitted' } }),
  'DELETE /api/requests/:id/viewers/:userId': (r, cast) => ({ path: `/api/requests/${r.requestId}/viewers/${cast.otherViewer}` }),
  'POST /api/approvals/:itemId/approve': () => ({ payload: {}, pendingApproval: true }),
  'POST /api/approvals/:itemId/reject': () => ({ payload: { reason: 'Other', otherText: 'Not this month.' }, pendingApproval: true }),
  'POST /api/tasks/:id/assign': (_r, cast) => ({ payload: { assigneeId: cast.otherCreative } }),
  'PATCH /api/sunday-work/tasks/:id': () => ({ payload: { isComplete: true } }),
  'PATCH /api/sunday-work/videos/:id': () => ({ payload: { status: 'ready' } }),
  'PATCH /api/sunday-work/slides/:id': () => ({ payload: { isComplete: true } }),
  'PATCH /api/sunday-work/posts/:id': () => ({ payload: { status: 'Scheduled' } }),
  'GET /api/archive': () => ({ path: '/api/archive?kind=onetime' }),
  'GET /api/capacity/cell': () => ({ path: '/api/capacity/cell?channel=sunday_slide&week=2031-01-06' }),
  'GET /api/capacity/availability': () => ({
    path: '/api/capacity/availability?promotionStart=2031-01-01&eventStart=2031-01-20&channels=sunday_slide',
  }),
  'GET /api/archive/export.csv': () => ({ path: '/api/archive/export.csv?kind=onetime' }),
  'GET /api/accountability/export.csv': () => ({ path: '/api/accountability/export.csv?table=overdue-items' }),
  'GET /api/accountability/list': () => ({
    path: `/api/accountability/list?list=overdue-items&cursor=${encodeListCursor(['2030-01-01', 'Matrix', '00000000-0000-4000-8000-000000000000'])}`,
  }),
  // Past the rank gate, a note id that is not a uuid is refused by validation (400), never 404.
  'DELETE /api/notes/:id': () => ({ path: '/api/notes/not-a-note' }),
  'POST /api/notes/:id/move-to-runway': () => ({ path: '/api/notes/not-a-note/move-to-runway', payload: {} }),
  'GET /api/sundays/:date/videos': () => ({ path: '/api/sundays/2031-01-05/videos' }),
  'PUT /api/sundays/:date/videos': () => ({ path: '/api/sundays/2031-01-05/videos', payload: { version: 0, videos: [], deleted: [] } }),
  'GET /api/sundays/:date/slides': () => ({ path: '/api/sundays/2031-01-05/slides' }),
  'PUT /api/sundays/:date/slides': () => ({ path: '/api/sundays/2031-01-05/slides', payload: { version: 0, recurring: [], weekly: [] } }),
  'GET /api/sundays/:date/social': () => ({ path: '/api/sundays/2031-01-05/social' }),
  'PUT /api/sundays/:date/social': () => ({ path: '/api/sundays/2031-01-05/social', payload: { version: 0, posts: [] } }),
  'POST /api/sundays/:date/files': () => ({
    path: '/api/sundays/2031-01-05/files?kind=social',
    ...multipart({ name: 'poster.png', data: PNG }),
  }),
  'GET /api/sundays/:date': () => ({ path: '/api/sundays/2031-01-05' }),
  'PUT /api/sundays/:date/sermon': () => ({ path: '/api/sundays/2031-01-05/sermon', payload: { version: 0, sermonTitle: 'Matrix' } }),
  'POST /api/sundays/:date/lock': () => ({ path: '/api/sundays/2031-01-12/lock', payload: {} }),
  'POST /api/cms-queue/:id/publish': (r) => ({
    path: `/api/cms-queue/${r.itemId}/publish`,
    payload: { publishedDate: '2024-01-07', publishedUrl: 'https://example.org/live' },
    itemStatus: 'approved',
  }),
  'PUT /api/admin/landing': () => ({ payload: { content: LANDING_DEFAULTS, faqs: [] } }),
  // Admin users and ministries: a valid body past validation; an unknown id answers 404.
  'POST /api/admin/users': () => ({ payload: { fullName: 'Matrix Invite', email: `matrix-${randomUUID()}@example.test`, role: 'viewer' } }),
  'PUT /api/admin/users/:id': () => ({ path: `/api/admin/users/${randomUUID()}`, payload: { fullName: 'Matrix', role: 'viewer' } }),
  'PUT /api/admin/users/:id/active': () => ({ path: `/api/admin/users/${randomUUID()}/active`, payload: { active: true } }),
  'POST /api/admin/users/:id/resend-invite': () => ({ path: `/api/admin/users/${randomUUID()}/resend-invite` }),
  'POST /api/admin/users/:id/reset-password': () => ({ path: `/api/admin/users/${randomUUID()}/reset-password` }),
  'DELETE /api/admin/users/:id': () => ({ path: `/api/admin/users/${randomUUID()}` }),
  'POST /api/admin/ministries': () => ({ payload: { name: `Matrix ${randomUUID()}` } }),
  'PUT /api/admin/ministries/:id': () => ({ path: `/api/admin/ministries/${randomUUID()}`, payload: { name: `Matrix ${randomUUID()}` } }),
  'PUT /api/admin/ministries/:id/active': () => ({ path: `/api/admin/ministries/${randomUUID()}/active`, payload: { active: true } }),
  'PUT /api/admin/setup/steps/:key': () => ({ path: '/api/admin/setup/steps/tiers', payload: { status: 'dismissed' } }),
};

/**
 * Changes to a locked Sunday (the date given, locked before the call): what each call needs built
 * first, so that the call would change what that Sunday shows.
 */
const LOCKED_CALLS: Record<string, (db: TestApp['ctx']['db'], date: string) => Promise<Call>> = {
  'PUT /api/sundays/:date/slides': async (db, date) => {
    const [slide] = await db
      .insert(slides)
      .values({ title: `Matrix ${date}`, type: 'recurring', orderIndex: 0 })
      .returning();
    return {
      path: `/api/sundays/${date}/slides`,
      payload: { version: 0, recurring: [{ id: slide.id, title: slide.title, active: false }] },
    };
  },
  'PUT /api/series/:id': async (db, date) => {
    const id = await seriesOn(db, date);
    return {
      path: `/api/series/${id}`,
      payload: { title: 'Matrix', startSunday: date, endSunday: date, weeks: [{ sundayDate: date, weekTitle: 'Renamed' }] },
    };
  },
  'DELETE /api/series/:id': async (db, date) => ({ path: `/api/series/${await seriesOn(db, date)}` }),
  'POST /api/sundays/:date/templates/:id/apply': async (db, date) => {
    const [runway] = await db
      .insert(runways)
      .values({ code: `matrix-${date}`, name: `Matrix ${date}` })
      .returning();
    const [template] = await db
      .insert(sundayTemplates)
      .values({ name: `Matrix ${date}` })
      .returning();
    await db.insert(sundayTemplateTasks).values({ templateId: template.id, runwayId: runway.id, title: 'Matrix task' });
    return { path: `/api/sundays/${date}/templates/${template.id}/apply` };
  },
};

async function seriesOn(db: TestApp['ctx']['db'], date: string): Promise<string> {
  const [row] = await db.insert(series).values({ title: 'Matrix', startSunday: date, endSunday: date }).returning();
  await db.insert(seriesWeeks).values({ seriesId: row.id, sundayDate: date, weekTitle: 'Week 1' });
  return row.id;
}

/** Lists whose rows of other people must be in a given state to be listed at all. */
const LIST_ROWS: Record<string, { status?: string }> = {
  'GET /api/archive': { status: 'archived_onetime' },
  'GET /api/archive/export.csv': { status: 'archived_onetime' },
};

/** Ids of no row: for a call that names no row, and for reading a recipe's needs before its rows are built. */
const NO_ROWS: RowSet = { requestId: randomUUID(), itemId: randomUUID(), assetId: randomUUID(), notificationId: randomUUID(), version: 0 };

function concretePath(url: string, id: string): string {
  let first = true;
  return url.replace(/:[A-Za-z0-9_]+/g, () => (first ? ((first = false), id) : randomUUID())).replace(/\*/g, 'x');
}

function optionsFor(route: Route, call: Call, id: string = randomUUID()): InjectOptions {
  const opts: InjectOptions = { method: route.method as InjectOptions['method'], url: call.path ?? concretePath(route.url, id) };
  if (call.payload !== undefined) opts.payload = call.payload as InjectOptions['payload'];
  else if (['POST', 'PUT', 'PATCH'].includes(route.method)) opts.payload = {};
  if (call.headers) opts.headers = call.headers;
  return opts;
}

/** body: the start, for messages; full: the whole answer, searched for list rows. */
type Answer = { status: number; code?: string; body: string; full: string };
async function answer(res: Promise<LightMyRequestResponse>): Promise<Answer> {
  const r = await res;
  let code: string | undefined;
  try {
    code = (r.json() as { error?: { code?: string } }).error?.code;
  } catch {
    code = undefined;
  }
  return { status: r.statusCode, code, body: r.body.slice(0, 200), full: r.body };
}

/** Allowed: any answer but an authorization refusal, a hidden row or a crash (a 409/422 from the row's state is fine). */
function matches(expected: Outcome | 401, got: Answer): boolean {
  if (expected === 'allowed') return ![401, 403, 404].includes(got.status) && got.status < 500;
  if (expected === 403) return got.status === 403 && got.code === 'forbidden';
  return got.status === expected;
}

describe.each(BACKENDS)('authorization matrix on %s', (backend) => {
  let t: TestApp;
  let cast: Cast;
  beforeAll(async () => {
    t = await createTestApp(backend);
    cast = await buildCast(t.ctx.db);
  });
  afterAll(async () => t.close());

  /**
   * What a call reuses until a write is not refused, which may have changed or deleted it: other
   * people's rows of a shape, and each user's session (a sign-out or a new password ends it). After
   * a read or a refusal (which changes nothing) the same serve again.
   */
  const reusable = new Map<string, Promise<unknown>>();
  const reused = <T>(key: string, make: () => Promise<T>): Promise<T> => {
    if (!reusable.has(key)) reusable.set(key, make());
    return reusable.get(key) as Promise<T>;
  };
  const callAs = async (userId: string | null, opts: InjectOptions) => {
    const agent = userId ? await reused(`session ${userId}`, () => sessionAgent(t.app, userId)) : null;
    const got = await answer(agent ? agent.inject(opts) : t.app.inject(opts));
    if (opts.method !== 'GET' && got.status < 400) reusable.clear();
    return got;
  };

  it('every registered /api operation has an entry in the access table, and every entry a route', () => {
    const registered = apiRoutes(t).map(key);
    const missing = registered.filter((k) => !ACCESS_TABLE[k]);
    const stale = Object.keys(ACCESS_TABLE).filter((k) => !registered.includes(k));
    expect(missing, 'routes without an expected access (add them to src/server/test/access-table.ts)').toEqual([]);
    expect(stale, 'access-table entries without a route').toEqual([]);
  });

  it('signed out: public operations answer, every other one is 401', async () => {
    const wrong: string[] = [];
    for (const route of apiRoutes(t)) {
      const access = ACCESS_TABLE[key(route)];
      if (!access) continue;
      const got = await callAs(null, optionsFor(route, CALLS[key(route)]?.(await others(), cast, '') ?? {}));
      const ok = access.public ? matches('allowed', got) || got.status === 404 : got.status === 401;
      if (!ok) wrong.push(`${key(route)} -> ${got.status} ${got.body}`);
    }
    expect(wrong).toEqual([]);
  });

  /** Other people's rows of a shape: the ones built since the last write that was not refused, or new ones. */
  const others = (status?: string, itemStatus?: string, pendingApproval?: boolean, sundayWork?: boolean) =>
    reused(`rows ${JSON.stringify([status, itemStatus, pendingApproval, sundayWork])}`, () =>
      buildRows(t.ctx.db, t.ctx.files, { ...othersShape(cast), status, itemStatus, pendingApproval, sundayWork }),
    );
  /** The rows a call names: none (so none are built) when neither its recipe nor a row scope takes them. */
  const othersFor = (k: string, access: Access) => (CALLS[k] || access.rows ? others() : Promise.resolve(NO_ROWS));

  async function check(role: Role, route: Route, access: Access): Promise<string[]> {
    const me = cast.me[role];
    const k = key(route);
    const recipe = CALLS[k] ?? (() => ({}));
    const rows = access.rows;
    if (!access.roles.includes(role)) {
      const theirs = await othersFor(k, access);
      const got = await callAs(me, optionsFor(route, recipe(theirs, cast, me), rows ? rowId(theirs, rows.row) : undefined));
      return matches(403, got) ? [] : [`${k}: rank gate expected 403 -> ${got.status} ${got.body}`];
    }
    if (access.streaming) return [];
    if (rows) return checkRows(role, route, access);
    if (access.list) return checkList(role, route, access);
    const got = await callAs(me, optionsFor(route, recipe(await othersFor(k, access), cast, me)));
    return matches('allowed', got) || got.status === 404 ? [] : [`${k}: expected allowed -> ${got.status} ${got.body}`];
  }

  async function checkRows(role: Role, route: Route, access: Access): Promise<string[]> {
    const me = cast.me[role];
    const k = key(route);
    const scope = access.rows!;
    const recipe = CALLS[k] ?? (() => ({}));
    const wrong: string[] = [];
    const expected = scope.others[role];
    if (!expected) return [`${k}: the table gives no answer for ${role} on others' rows`];
    // What the call needs of the rows (an item status, a pending approval) is the recipe's, not the rows': ask it on ids that name nothing.
    const probe = recipe(NO_ROWS, cast, me);
    const theirs = await others(undefined, probe.itemStatus, probe.pendingApproval, isSundayWork(scope.row));
    const got = await callAs(me, optionsFor(route, recipe(theirs, cast, me), rowId(theirs, scope.row)));
    if (!matches(expected, got)) wrong.push(`${k}: others' ${scope.row} expected ${expected} -> ${got.status} ${got.body}`);
    if (expected === 'allowed') return wrong;
    const relation = scope.own[role];
    if (!relation) return [...wrong, `${k}: the table names no relation that gives ${role} access`];
    const mine = await buildRows(t.ctx.db, t.ctx.files, {
      ...ownShape(cast, me, relation),
      itemStatus: probe.itemStatus,
      pendingApproval: probe.pendingApproval,
      sundayWork: isSundayWork(scope.row),
    });
    const own = await callAs(me, optionsFor(route, recipe(mine, cast, me), rowId(mine, scope.row)));
    if (!matches('allowed', own)) wrong.push(`${k}: own (${relation}) ${scope.row} expected allowed -> ${own.status} ${own.body}`);
    return wrong;
  }

  /**
   * Whether a row is on the list: keyset-paged lists are followed through their
   * `nextCursor`, so a row past the first page still counts as listed, and a hidden one is hidden
   * on every page. A CSV export is one answer, the whole list: it has no next page.
   */
  async function listedOnSomePage(userId: string, first: InjectOptions, got: Answer, id: string): Promise<boolean> {
    let page = got;
    for (let pages = 0; pages < 100; pages++) {
      if (page.full.includes(id)) return true;
      if ((first.url as string).includes('.csv')) return false;
      const cursor = (JSON.parse(page.full) as { nextCursor?: string | null }).nextCursor;
      if (!cursor) return false;
      const url = new URL(first.url as string, 'http://x');
      url.searchParams.set('cursor', cursor);
      page = await callAs(userId, { ...first, url: url.pathname + url.search });
    }
    return false;
  }

  async function checkList(role: Role, route: Route, access: Access): Promise<string[]> {
    const k = key(route);
    const list = access.list!;
    const theirs = await others(LIST_ROWS[k]?.status, undefined, undefined, isSundayWork(list.row));
    const first = optionsFor(route, (CALLS[k] ?? (() => ({})))(theirs, cast, cast.me[role]));
    const got = await callAs(cast.me[role], first);
    if (!matches('allowed', got)) return [`${k}: expected allowed -> ${got.status} ${got.body}`];
    const listed = await listedOnSomePage(cast.me[role], first, got, rowId(theirs, list.row)!);
    const expected = list.others[role];
    return (expected === 'listed') === listed
      ? []
      : [`${k}: others' ${list.row} expected ${expected}, was ${listed ? 'listed' : 'hidden'}`];
  }

  // The admin's row takes a whole backup (Back up now), seconds on a busy machine.
  it.each(ROLES)(
    'as %s: each operation answers as the access table says',
    async (role) => {
      const wrong: string[] = [];
      for (const route of apiRoutes(t)) {
        const access = ACCESS_TABLE[key(route)];
        if (access && !access.public) wrong.push(...(await check(role, route, access)));
      }
      expect(wrong).toEqual([]);
    },
    120_000,
  );

  it('on a locked Sunday only the roles the table names change it; the others get 422 sunday_locked', async () => {
    const wrong: string[] = [];
    let sundays = 0;
    for (const route of apiRoutes(t)) {
      const k = key(route);
      const locked = ACCESS_TABLE[k]?.lockedSunday;
      if (!locked) continue;
      if (!LOCKED_CALLS[k]) {
        wrong.push(`${k}: no locked-Sunday call recipe`);
        continue;
      }
      for (const role of ACCESS_TABLE[k].roles) {
        const date = addDaysIso('2032-02-01', 7 * sundays++);
        await t.ctx.db.insert(sundayPlans).values({ sundayDate: date, isLocked: true, status: 'locked', lockedAt: new Date(), version: 0 });
        const got = await callAs(cast.me[role], optionsFor(route, await LOCKED_CALLS[k](t.ctx.db, date)));
        const ok = locked.roles.includes(role) ? got.status < 300 : got.status === 422 && got.code === 'sunday_locked';
        if (!ok) wrong.push(`${k} as ${role} on a locked Sunday -> ${got.status} ${got.body}`);
      }
    }
    expect(sundays).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });

  it('a user who must change the password reaches only the operations the table allows', async () => {
    const reset = (await buildUser(t.ctx.db, { role: 'admin', passwordResetRequired: true })).id;
    const wrong: string[] = [];
    for (const route of apiRoutes(t)) {
      const access = ACCESS_TABLE[key(route)];
      if (!access || access.public || access.streaming) continue;
      const got = await callAs(reset, optionsFor(route, {}));
      const confined = got.status === 403 && got.code === 'password_change_required';
      if (confined === !!access.passwordReset) wrong.push(`${key(route)} -> ${got.status} ${got.body}`);
    }
    expect(wrong).toEqual([]);
    const events = await callAs(reset, { method: 'GET', url: '/api/events' });
    expect(events.status).toBe(403);
    expect(events.code).toBe('password_change_required');
  });
});
