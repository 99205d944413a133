import { test, expect, expectAccessible } from './fixtures';

/**
 * guide/sunday-planning.md#sunday-templates: a coordinator makes a Sunday template and applies it
 * to a Sunday from its plan; applying again adds nothing.
 */

const shortDay = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

test('a coordinator makes a Sunday template and applies it to a Sunday once', async ({ page, signIn }) => {
  await signIn(page, 'coordinator', '/runways/templates');
  await expect(page.getByRole('heading', { name: 'Sunday templates' })).toBeVisible();
  // The demo church's templates.
  for (const name of ['Easter', 'Baptism Sunday', 'Christmas Eve']) {
    await expect(page.getByRole('list', { name: `Tasks of ${name}` })).toBeVisible();
  }
  await page.getByRole('button', { name: 'New template' }).click();
  const form = page.getByRole('form', { name: 'New template' });
  await form.getByLabel('Template name').fill('Mother’s Day');
  await form.getByLabel('Runway').selectOption({ label: 'Media' });
  await form.getByLabel('Task name').fill('Flowers photo booth sign');
  await form.getByLabel('Kind').selectOption('file');
  await form.getByLabel('Days before Sunday').fill('6');
  await form.getByLabel('Default assignee').selectOption({ index: 1 });
  await page.screenshot({ path: '/tmp/sunday-templates-form-1280.png', fullPage: true });
  await form.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByRole('list', { name: 'Tasks of Mother’s Day' }).getByText('Flowers photo booth sign')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/sunday-templates-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/sunday-templates-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The last Sunday of the window is open: apply the template there from the Sunday's plan.
  const res = await page.request.get('/api/runways/dashboard');
  const sundays = ((await res.json()) as { upcomingSundays: Array<{ sundayDate: string }> }).upcomingSundays;
  const sixth = sundays[sundays.length - 1].sundayDate;
  await page.goto('/runways');
  await page.getByRole('button', { name: `View Details for ${shortDay(sixth)}` }).click();
  const dialog = page.getByRole('dialog', { name: /— Sunday Service Overview$/ });
  await dialog.getByLabel('Template', { exact: true }).selectOption({ label: 'Mother’s Day (1 task)' });
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Added 1 task' })).toContainText('Flowers photo booth sign (Media)');
  await expect(dialog.getByRole('cell', { name: /^Flowers photo booth sign Due .+This Sunday only$/ })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/sunday-template-applied-1280.png', fullPage: true });
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Nothing new to add' })).toContainText('applied before');
  await expect(dialog.getByRole('cell', { name: /^Flowers photo booth sign Due .+This Sunday only$/ })).toHaveCount(1);
});
