import { randomBytes } from 'node:crypto';
import { expect, expectAccessible, isoDaysFromToday, test, toastWith, screenshot } from './fixtures';

/** Future Planning Notes (/runways/planning, guide/sunday-planning.md#future-notes; guide/sunday-planning.md#future-notes Move to Runway Now; decision 0018). */

test('a coordinator adds a planned note and moves it to the runway; it shows On Runway', async ({ page, signIn }) => {
  const title = `Harvest Sunday ${randomBytes(3).toString('hex')}`;
  await signIn(page, 'coordinator', '/runways/planning');
  await expect(page.getByRole('heading', { name: 'Future Planning Notes' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Runways' }).getByRole('link', { name: 'All Runways' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'notes-coordinator-1280', { fullPage: true });

  await page.getByRole('button', { name: 'Add Note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Note' });
  await dialog.getByRole('button', { name: 'Save Note' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Category').selectOption('social');
  await dialog.getByLabel('Status').selectOption('planned');
  // Within the six-week window (and clear of this week's Thursday-noon lock).
  await dialog.getByLabel('Target Date').fill(isoDaysFromToday(17));
  await dialog.getByLabel('Ministry').selectOption({ label: 'Youth' });
  await dialog.getByLabel('Description').fill('A carousel of the harvest photos');
  await expectAccessible(page);
  await screenshot(page, 'notes-dialog-1280');
  await dialog.getByRole('button', { name: 'Save Note' }).click();
  await expect(toastWith(page, 'Note saved successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByLabel('Search notes').fill(title);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Planned')).toBeVisible();
  await expect(row.getByText('Youth')).toBeVisible();
  await row.getByRole('button', { name: 'Move to Runway Now' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Move to Runway Now' });
  await expect(confirm).toContainText('Media');
  await confirm.getByRole('button', { name: 'Move to Runway' }).click();
  await expect(toastWith(page, 'Success!')).toBeVisible();
  await expect(row.getByText('On Runway')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Move to Runway Now' })).toHaveCount(0);

  // The On Runway chip finds it; deleting asks first.
  await page.getByRole('group', { name: 'Filter by status' }).getByRole('button', { name: 'On Runway' }).click();
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Delete ${title}` }).click();
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText('Are you sure you want to delete this note?');
  await ask.getByRole('button', { name: 'Delete' }).click();
  await expect(toastWith(page, 'Note deleted successfully')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('No notes match your search.')).toBeVisible();
});

test("a creative reaches /runways/planning from the menu's Runways item and sees only the Planning tab", async ({ page, signIn }) => {
  await signIn(page, 'creative', '/production');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Planning' }).click();
  await page.getByRole('menuitem', { name: 'Runways' }).click();
  await expect(page).toHaveURL(/\/runways\/planning$/);
  await expect(page.getByRole('heading', { name: 'Future Planning Notes' })).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'Runways' });
  await expect(tabs.getByRole('link', { name: 'Planning' })).toBeVisible();
  await expect(tabs.getByRole('link', { name: 'All Runways' })).toHaveCount(0);
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Move to Runway Now' })).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'notes-creative-1280', { fullPage: true });

  // The dashboard's Add Note link opens the dialog.
  await page.goto('/runways/planning?new=1');
  await expect(page.getByRole('dialog', { name: 'Add Note' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/runways\/planning$/);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: 'Future Planning Notes' })).toBeVisible();
  // On a phone each note is a card with its actions in reach; the table is not shown.
  const cards = page.getByRole('list', { name: 'Future notes' });
  await expect(
    cards
      .getByRole('listitem')
      .first()
      .getByRole('button', { name: /^Edit / }),
  ).toBeVisible();
  await expect(page.getByRole('table')).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await screenshot(page, 'notes-creative-390', { fullPage: true });
  await page.getByRole('button', { name: 'Add Note' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Note' })).toBeVisible();
  await screenshot(page, 'notes-dialog-390');
});

test('an admin turns the Sunday auto-lock off and on in Admin settings', async ({ page, signIn }) => {
  await signIn(page, 'admin', '/admin/settings');
  const toggle = page.getByRole('switch', { name: "Lock each Sunday's plan by itself before the Sunday (church time)" });
  await expect(toggle).toBeChecked();
  await toggle.click();
  // Turning the lock off is confirmed first.
  const confirm = page.getByRole('alertdialog', { name: 'Turn the Sunday auto-lock off?' });
  await confirm.getByRole('button', { name: 'Turn Off' }).click();
  await expect(toastWith(page, 'Changes saved successfully!')).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await page.reload();
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expectAccessible(page);
  await page.getByRole('heading', { name: 'Sunday auto-lock' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'notes-admin-setting-1280');
});
