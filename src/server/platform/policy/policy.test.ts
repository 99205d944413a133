import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../../shared/domain/roles';
import { BACKENDS, createTestApp, type TestApp } from '../../test/harness';
import type { RoutePolicy } from './policy';

/**
 * ARCHITECTURE.md#contracts: every API route declares its policy, and the OpenAPI document shows it. Whether the
 * server enforces the right access is the matrix's job (access-matrix.test.ts), which compares the
 * answers with an access table written from the spec rather than with these declarations.
 */
type Route = { method: string; url: string; policy: RoutePolicy | undefined };

const apiRoutes = (t: TestApp): Route[] => t.app.routeRegistry.filter((r) => r.url.startsWith('/api'));

describe.each(BACKENDS)('route policies on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
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

  it('the OpenAPI document lists every operation with an x-min-role matching its policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, { 'x-min-role'?: string; 'x-rule'?: string }>> };
    const wrong: string[] = [];
    for (const route of apiRoutes(t)) {
      if (route.url === '/api/openapi.json') continue;
      const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const op = doc.paths[path]?.[route.method.toLowerCase()];
      const expected = route.policy?.public ? 'public' : route.policy?.minRole;
      if (!op) wrong.push(`${route.method} ${route.url}: missing from openapi.json`);
      else if (op['x-min-role'] !== expected)
        wrong.push(`${route.method} ${route.url}: x-min-role ${op['x-min-role']}, policy ${expected}`);
      else if (op['x-rule'] !== route.policy?.rule?.name)
        wrong.push(`${route.method} ${route.url}: x-rule ${op['x-rule']}, policy ${route.policy?.rule?.name}`);
    }
    expect(wrong).toEqual([]);
  });
});
