import { expect, expectAccessible, test, toastWith, screenshot } from './fixtures';

/** The nudge settings on Admin > Church settings, as an admin changes them (guide/notifications-and-email.md#nudges). */

test('an admin sets when stalled work nudges, is told of a number out of range, and finds the change kept', async ({ page, signIn }) => {
  await signIn(page, 'admin', '/admin/church');
  const nudges = page.getByRole('group', { name: 'Nudges' });
  await expect(nudges).toBeVisible();
  const proof = nudges.getByLabel('Remind the approver of a waiting proof after (days)');
  const escalate = nudges.getByLabel('Then remind the coordinator after a further (days)');
  const stuck = nudges.getByLabel('Remind the assignee of work stuck in a stage after (days)');
  await expect(proof).toHaveValue('2');
  await expect(escalate).toHaveValue('2');
  await expect(stuck).toHaveValue('5');

  await stuck.fill('0');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(nudges.getByText('A number of days from 1 to 60.')).toBeVisible();
  await expect(stuck).toHaveAttribute('aria-invalid', 'true');

  await stuck.fill('7');
  await escalate.fill('3');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(toastWith(page, 'Church settings saved.')).toBeVisible();
  await page.reload();
  await expect(nudges.getByLabel('Remind the assignee of work stuck in a stage after (days)')).toHaveValue('7');
  await expect(nudges.getByLabel('Then remind the coordinator after a further (days)')).toHaveValue('3');
  await expectAccessible(page);

  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await nudges.scrollIntoViewIfNeeded();
    await screenshot(page, `nudges-${width}`);
  }
});
