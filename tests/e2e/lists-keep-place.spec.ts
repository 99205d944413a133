import { test, expect, expectAccessible, screenshot } from './fixtures';

/** Lists keep their place: filters in the address, and closing a request returns to the row that opened it. */

test('a coordinator filters Intake, opens and closes a request, and finds the same filters, scroll and focus', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await signIn(page, 'coordinator', '/intake');
  await page.getByLabel('Search').fill('e');
  await expect(page).toHaveURL(/\/intake\?search=e$/);
  const views = page.getByRole('link', { name: /^View / });
  await expect(views.first()).toBeVisible();
  const count = await views.count();
  expect(count).toBeGreaterThan(3);
  const last = views.nth(count - 1);
  const name = (await last.getAttribute('aria-label')) ?? '';
  await last.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  await last.click();

  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('tab', { name: 'Overview' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();

  await expect(page).toHaveURL(/\/intake\?search=e$/);
  await expect(page.getByLabel('Search')).toHaveValue('e');
  await expect(page.getByRole('link', { name })).toBeFocused();
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(50);

  // Back and forward walk through the filters; a link shares them.
  await page.getByLabel('Status').selectOption({ index: 1 });
  await expect(page).toHaveURL(/status=/);
  await page.goBack();
  await expect(page).toHaveURL(/\/intake\?search=e$/);
  await expect(page.getByLabel('Status')).toHaveValue('');
  await screenshot(page, 'daily-intake-1280');
  await expectAccessible(page);
});

test('a board card opens the Items tab on its item, and closing keeps the board search', async ({ page, signIn }) => {
  await signIn(page, 'coordinator', '/intake');
  await page.goto('/production?search=a');
  const card = page.getByTestId('board-card').first().getByRole('link');
  await expect(card).toBeVisible();
  const href = (await card.getAttribute('href')) ?? '';
  expect(href).toMatch(/\?tab=items&item=/);
  await card.click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('tab', { name: 'Items' })).toHaveAttribute('aria-selected', 'true');
  await expect(drawer.locator('li[aria-current="true"]')).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/production\?search=a$/);
  await expect(page.getByLabel('Search by event title')).toHaveValue('a');
  await expect(page.locator(`a[href="${href}"]`)).toBeFocused();
});

test("an approver's My Tasks keeps 'Assigned to me' and the search in the address", async ({ page, signIn }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'approver', '/my-tasks');
  // The box follows the address, which the click changes a moment later: wait for both.
  await page.getByRole('checkbox', { name: 'Assigned to me' }).click();
  await expect(page).toHaveURL(/assignee=me/);
  await expect(page.getByRole('checkbox', { name: 'Assigned to me' })).toBeChecked();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Assigned to me' })).toBeChecked();
  await screenshot(page, 'daily-mytasks-390', { fullPage: true });
  await expectAccessible(page);
});
