import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasRank, ROLES, type Role } from '../../../shared/domain/roles';
import { BACKENDS, createTestApp, type Agent, type TestApp } from '../../test/harness';
import { sessionAgent } from '../../test/agent';
import { buildUser } from '../../test/factories';
import type { RoutePolicy } from './policy';

/**
 * DESIGN 4: every API route declares its policy, and the server enforces it. These tests walk the
 * routes as registered, so a route another module adds later is covered without editing this file.
 */
type Route = { method: string; url: string; policy: RoutePolicy | undefined };

/** Routes that stream forever; a signed-in caller is tested against a real socket instead. */
const STREAMING = new Set(['GET /api/events']);

const apiRoutes = (t: TestApp): Route[] => t.app.routeRegistry.filter((r) => r.url.startsWith('/api'));
const concreteUrl = (url: string) => url.replace(/:[A-Za-z0-9_]+/g, () => randomUUID()).replace(/\*/g, 'x');

function requestFor(route: Route): InjectOptions {
  const opts: InjectOptions = { method: route.method as InjectOptions['method'], url: concreteUrl(route.url) };
  if (['POST', 'PUT', 'PATCH'].includes(route.method)) opts.payload = {};
  return opts;
}

/** inject() never settles on a stream; a route that does not answer in time is reported, not hung on. */
async function send(
  inject: (o: InjectOptions) => Promise<LightMyRequestResponse>,
  route: Route,
): Promise<{ status: number; code?: string; body: string }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${route.method} ${route.url} did not answer within 10 s`)), 10_000);
  });
  try {
    const res = await Promise.race([inject(requestFor(route)), timeout]);
    let code: string | undefined;
    try {
      code = (res.json() as { error?: { code?: string } }).error?.code;
    } catch {
      code = undefined;
    }
    return { status: res.statusCode, code, body: res.body.slice(0, 300) };
  } finally {
    clearTimeout(timer);
  }
}

describe.each(BACKENDS)('route policies on %s', (backend) => {
  let t: TestApp;
  const users = {} as Record<Role, string>;
  let resetUser: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    for (const role of ROLES) users[role] = (await buildUser(t.ctx.db, { role })).id;
    resetUser = (await buildUser(t.ctx.db, { role: 'admin', passwordResetRequired: true })).id;
  });
  afterAll(async () => t.close());

  it('every /api route declares a policy', () => {
    const routes = apiRoutes(t);
    expect(routes.length).toBeGreaterThan(5);
    const offenders = routes.filter((r) => !r.policy).map((r) => `${r.method} ${r.url}`);
    expect(offenders, `routes without a declared policy:\n${offenders.join('\n')}`).toEqual([]);
    const vague = routes
      .filter((r) => r.policy && !r.policy.public && !ROLES.includes(r.policy.minRole))
      .map((r) => `${r.method} ${r.url}`);
    expect(vague, 'routes whose policy is neither public nor a known minimum role').toEqual([]);
  });

  it('signed out: 401 on every non-public route', async () => {
    const wrong: string[] = [];
    for (const route of apiRoutes(t)) {
      const res = await send((o) => t.app.inject(o), route);
      const ok = route.policy?.public ? res.status !== 401 && res.status !== 403 && res.status < 500 : res.status === 401;
      if (!ok) wrong.push(`${route.method} ${route.url} -> ${res.status} ${res.body}`);
    }
    expect(wrong).toEqual([]);
  });

  it.each(ROLES)('as %s: 403 below the minimum role, allowed at or above it', async (role) => {
    const wrong: string[] = [];
    for (const route of apiRoutes(t)) {
      if (route.policy?.public) continue;
      // A fresh session per call: a route may end it (sign-out).
      const agent: Agent = await sessionAgent(t.app, users[role]);
      const allowed = hasRank(role, route.policy!.minRole!);
      if (allowed && STREAMING.has(`${route.method} ${route.url}`)) continue;
      const res = await send((o) => agent.inject(o), route);
      if (!allowed && !(res.status === 403 && res.code === 'forbidden')) {
        wrong.push(`${route.method} ${route.url} (min ${route.policy!.minRole}) -> ${res.status} ${res.body}`);
      }
      // Allowed: any answer but an authorization refusal or a crash (a 404 for the random id is fine).
      if (allowed && (res.status === 401 || res.status === 403 || res.status >= 500)) {
        wrong.push(`${route.method} ${route.url} (min ${route.policy!.minRole}) -> ${res.status} ${res.body}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a user who must change the password reaches only the routes that allow it', async () => {
    const wrong: string[] = [];
    for (const route of apiRoutes(t)) {
      if (route.policy?.public || STREAMING.has(`${route.method} ${route.url}`)) continue;
      const agent = await sessionAgent(t.app, resetUser);
      const res = await send((o) => agent.inject(o), route);
      const confined = res.status === 403 && res.code === 'password_change_required';
      if (confined === !!route.policy?.allowPasswordReset) {
        wrong.push(`${route.method} ${route.url} -> ${res.status} ${res.body}`);
      }
    }
    expect(wrong).toEqual([]);
    const events = await (await sessionAgent(t.app, resetUser)).inject({ method: 'GET', url: '/api/events' });
    expect(events.statusCode).toBe(403);
    expect(events.json().error.code).toBe('password_change_required');
  });

  it('the OpenAPI document lists every operation with an x-min-role matching its policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, { 'x-min-role'?: string }>> };
    const wrong: string[] = [];
    for (const route of apiRoutes(t)) {
      if (route.url === '/api/openapi.json') continue;
      const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const op = doc.paths[path]?.[route.method.toLowerCase()];
      const expected = route.policy?.public ? 'public' : route.policy?.minRole;
      if (!op) wrong.push(`${route.method} ${route.url}: missing from openapi.json`);
      else if (op['x-min-role'] !== expected) wrong.push(`${route.method} ${route.url}: x-min-role ${op['x-min-role']}, policy ${expected}`);
    }
    expect(wrong).toEqual([]);
  });
});
