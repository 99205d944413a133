import { test as base, expect, type Page, type APIRequestContext } from '@playwright/test';
import fs from 'node:fs';
import { createRequire } from 'node:module';

export const DEMO_PASSWORD = 'Lampstand-demo-1';
export type DemoRole = 'admin' | 'coordinator' | 'approver' | 'creative' | 'requester' | 'viewer' | 'newhire';
export const emailOf = (role: DemoRole) => `${role}@example.org`;

/** Signs in through the real form, as a person would. */
export async function login(page: Page, role: DemoRole, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(emailOf(role));
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Calls the API as the page's signed-in user (cookie + CSRF token from the session). */
export async function apiAs(request: APIRequestContext) {
  const session = await (await request.get('/api/auth/session')).json();
  return {
    user: session.user as { id: string; role: string },
    post: (url: string, data: unknown) =>
      request.post(url, { data, headers: { 'x-csrf-token': session.csrfToken } }),
  };
}

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe in the page and fails on serious or critical violations. */
export async function expectAccessible(page: Page) {
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    // @ts-expect-error axe is injected above
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v: { impact: string }) => v.impact === 'serious' || v.impact === 'critical')
      .map((v: { id: string; nodes: Array<{ target: string[] }> }) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  expect(violations, violations.join('\n')).toEqual([]);
}

export const test = base;
export { expect };
