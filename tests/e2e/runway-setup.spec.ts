import { test, expect, expectAccessible, screenshot, takingScreenshots } from './fixtures';

/**
 * Runways as data (decision 0055) on a church started without the demo (SEED_DEMO=0) whose first
 * admin was made by create-admin: nothing is planned until the admin sets up a runway and its
 * recurring tasks, which then reach the Sunday plans at once.
 */
test.use({ flowServerEnv: { SEED_DEMO: '0' } });

test('an admin of an empty church creates a runway with two recurring tasks and the Sunday plan shows them', async ({
  page,
  firstAdmin,
}) => {
  expect(firstAdmin).not.toBeNull();
  await page.goto('/login');
  await page.getByLabel('Email').fill(firstAdmin!.email);
  await page.getByLabel('Password').fill(firstAdmin!.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/change-password$/);
  // A forced change proves the temporary password first.
  await page.getByLabel('Temporary Password').fill(firstAdmin!.password);
  await page.getByLabel('New Password', { exact: true }).fill('First-admin-pass-1');
  await page.getByLabel('Confirm New Password').fill('First-admin-pass-1');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page).not.toHaveURL(/\/change-password$/, { timeout: 30_000 });

  // Nothing set up: every Sunday reads Not planned, never 100%.
  await page.goto('/runways');
  const upcoming = page.getByRole('table').filter({ has: page.getByRole('button', { name: 'View Details' }) });
  await expect(upcoming.getByText('Not planned').first()).toBeVisible();
  await expect(upcoming.getByText('100%')).toHaveCount(0);

  await page.getByRole('link', { name: 'Manage runways' }).click();
  await expect(page).toHaveURL(/\/runways\/manage$/);
  await expect(page.getByRole('heading', { name: 'No runways yet' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add the standard runways' })).toBeVisible();
  await screenshot(page, 'runway-setup-manage-empty-1280', { fullPage: true });

  // An empty name is refused on the spot, and nothing is sent.
  await page.getByRole('button', { name: 'Add runway' }).click();
  await expect(page.getByText('Give the runway a name.')).toBeVisible();
  await page.getByLabel('Runway name').fill('Kids');
  await page.getByRole('button', { name: 'Add runway' }).click();
  await expect(page.getByRole('heading', { name: /^Kids/ })).toBeVisible();

  await page.getByText('Add a recurring task to Kids').click();
  const form = page.locator('details', { hasText: 'Add a recurring task to Kids' });
  await form.getByLabel('Task name').fill('Check-in sheet');
  await form.getByLabel('Kind').selectOption('file');
  await form.getByLabel('Days before Sunday').fill('-2');
  await form.getByRole('button', { name: 'Add task' }).click();
  await expect(form.getByText('Days before cannot be negative.')).toBeVisible();
  await form.getByLabel('Days before Sunday').fill('3');
  await form.getByRole('button', { name: 'Add task' }).click();
  const tasks = page.getByRole('list', { name: 'Kids recurring tasks' });
  await expect(tasks.getByText('Check-in sheet')).toBeVisible();
  // The form empties itself for the next task.
  await expect(form.getByLabel('Task name')).toHaveValue('');
  await form.getByLabel('Task name').fill('Snack list');
  await form.getByLabel('Days before Sunday').fill('1');
  await form.getByRole('button', { name: 'Add task' }).click();
  await expect(tasks.getByText('Snack list')).toBeVisible();
  await expect(tasks.getByText('File · due 3 days before · nobody by default')).toBeVisible();
  await expectAccessible(page);
  if (takingScreenshots) {
    await screenshot(page, 'runway-setup-manage-1280', { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'runway-setup-manage-390', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  // The Sunday plan of the Sunday after next shows both tasks, the file task with its upload. Not
  // the next Sunday: from its lock instant (Thursday noon) on, the lock job locks it as soon as it
  // has a plan, and a locked Sunday takes no task added after that.
  await page.goto('/runways');
  await page.getByRole('button', { name: 'View Details' }).nth(1).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: /Kids/ })).toBeVisible();
  const table = dialog.getByRole('table', { name: 'Kids tasks' });
  await expect(table.getByText('Check-in sheet')).toBeVisible();
  await expect(table.getByText('Snack list')).toBeVisible();
  await expect(table.getByRole('button', { name: 'Upload file for Check-in sheet' })).toBeVisible();
  await expect(dialog.getByText('Readiness 0%')).toBeVisible();
  await screenshot(page, 'runway-setup-sunday-plan-1280');
});
