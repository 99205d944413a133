import { test, expect, expectAccessible, submitRequestViaApi, toastWith, screenshot } from './fixtures';

/** guide/reports.md#the-cms-queue (CMS queue) and guide/sunday-planning.md#the-runways-dashboard (Accountability & Gaps). */

interface BoardCard {
  id: string;
  channel: string;
  eventTitle: string;
}

test('a coordinator marks an approved web item published from the CMS queue and it leaves', async ({ page, signIn }) => {
  const title = `CMS Queue Night ${Date.now()}`;
  await signIn(page, 'coordinator');
  await submitRequestViaApi(page, title);

  // The website page is approved through the board's API, as a coordinator's drop on Approved does.
  const session = await (await page.request.get('/api/auth/session')).json();
  const board = (await (await page.request.get(`/api/board?search=${encodeURIComponent(title)}`)).json()) as { items: BoardCard[] };
  const web = board.items.find((c) => c.channel === 'website_event_page');
  expect(web, 'the request has a website event page').toBeTruthy();
  const moved = await page.request.post('/api/board/move', {
    data: { itemIds: [web!.id], stage: 'approved' },
    headers: { 'x-csrf-token': session.csrfToken },
  });
  expect(moved.ok(), await moved.text()).toBeTruthy();

  // The old address leads here too.
  await page.goto('/admin/cms-queue');
  await expect(page).toHaveURL(/\/cms-queue$/);
  await expect(page.getByRole('heading', { name: 'CMS Queue' })).toBeVisible();
  const button = page.getByRole('button', { name: `Mark Published: Website Event Page for ${title}` });
  const more = page.getByRole('button', { name: 'Load more' });
  // Oldest due first: a newer item may sit on a later page.
  while (!(await button.isVisible()) && (await more.isVisible())) {
    await more.click();
    await expect(more.or(button)).toBeVisible();
  }
  await expect(button).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, 'cms-queue-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'cms-queue-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectAccessible(page);

  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Mark Published' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Live URL').fill('http://not-secure.example.org');
  await dialog.getByRole('button', { name: 'Mark Published' }).click();
  await expect(dialog.getByText('Enter the live URL, starting with https://')).toBeVisible();
  await dialog.getByLabel('Live URL').fill('https://example.org/events/cms-queue-night');
  await screenshot(page, 'cms-queue-dialog');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Mark Published' }).click();
  await expect(toastWith(page, 'Marked as published')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(button).toHaveCount(0);

  // The request's activity records it, with the live URL.
  await page.goto(
    `/request/${(await (await page.request.get(`/api/board?search=${encodeURIComponent(title)}`)).json()).items[0].requestId}`,
  );
  const drawer = page.getByRole('dialog', { name: title });
  await drawer.getByRole('tab', { name: 'Activity' }).click();
  await expect(drawer.getByRole('list', { name: 'Activity' })).toContainText('https://example.org/events/cms-queue-night');
});

test('Accountability shows the server’s numbers, workload and Assign Now to intake', async ({ page, signIn }) => {
  await signIn(page, 'coordinator', '/intake');
  const numbers = await (await page.request.get('/api/accountability')).json();
  // In the menu under Management, and by the old address.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Management' }).click();
  await expect(page.getByRole('menuitem', { name: 'CMS Queue' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Accountability' }).click();
  await expect(page).toHaveURL(/\/accountability$/);
  await page.goto('/admin/accountability');
  await expect(page).toHaveURL(/\/accountability$/);
  await expect(page.getByRole('heading', { name: 'Accountability & Gaps' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Team Workload' })).toBeVisible();
  await expect(page.getByRole('meter').first()).toBeVisible();
  // The demo church has requests nobody coordinates, waiting for days.
  expect(numbers.unassignedRequests.count).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { name: 'Critical Alerts' })).toBeVisible();
  const tile = page.locator('dt', { hasText: 'Unassigned Requests (over 48 hours)' }).locator('..');
  await expect(tile.locator('dd')).toHaveText(String(numbers.unassignedRequests.count));
  const overdue = page.locator('dt', { hasText: 'Overdue Items' }).locator('..');
  await expect(overdue.locator('dd')).toHaveText(String(numbers.overdueItems.count));
  await screenshot(page, 'accountability-1280', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'accountability-390', { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Assign Now' }).first().click();
  await expect(page).toHaveURL(/\/intake$/);
});

test('an approver is kept out of both screens', async ({ page, signIn }) => {
  await signIn(page, 'approver');
  expect((await page.request.get('/api/cms-queue')).status()).toBe(403);
  expect((await page.request.get('/api/accountability')).status()).toBe(403);
  await page.goto('/cms-queue');
  await expect(page).not.toHaveURL(/\/cms-queue$/);
});
