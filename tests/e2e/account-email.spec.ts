import { expect, expectAccessible, test, toastWith, screenshot } from './fixtures';

/**
 * E-mail preferences on /account: a person sees every kind of e-mail with its mode
 * (the defaults), changes one to the daily digest, and the choice is saved and still there after
 * a reload; the admin's digest time shows on Admin settings.
 */
test('a person changes an e-mail preference to the daily digest, and it is kept', async ({ page, signIn }) => {
  await signIn(page, 'creative', '/account');
  const section = page.getByRole('region', { name: 'E-mail preferences' });
  const mentions = section.getByRole('group', { name: 'Mentions' });
  await expect(mentions.getByRole('radio', { name: 'Immediately' })).toBeChecked();
  await expect(section.getByRole('group', { name: 'Assignments' }).getByRole('radio', { name: 'Daily digest' })).toBeChecked();
  await expectAccessible(page);

  // check() reads the state right after the click: the section shows the choice in the click's own
  // render, before the server answers (it once came a render later and failed on a busy machine).
  await mentions.getByRole('radio', { name: 'Daily digest' }).check();
  await expect(toastWith(page, 'E-mail preference saved.')).toBeVisible();
  await expect(mentions.getByRole('radio', { name: 'Daily digest' })).toBeChecked();
  await screenshot(page, 'account-email-1280', { fullPage: true });

  // Keyboard: arrow keys move within the group and save the new choice.
  const proofs = section.getByRole('group', { name: 'Proof ready for review' });
  await proofs.getByRole('radio', { name: 'Immediately' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(proofs.getByRole('radio', { name: 'Daily digest' })).toBeChecked();
  await expect(toastWith(page, 'Proof ready for review: Daily digest.')).toBeVisible();

  // The link in every e-mail opens this section.
  await page.goto('/account#email-preferences');
  await expect(section.getByRole('group', { name: 'Mentions' }).getByRole('radio', { name: 'Daily digest' })).toBeChecked();
  await expect(section.getByRole('group', { name: 'Proof ready for review' }).getByRole('radio', { name: 'Daily digest' })).toBeChecked();
  await expect(section.getByRole('group', { name: 'Task reminders' }).getByRole('radio', { name: 'Daily digest' })).toBeChecked();
});

test('an admin sees and changes the time the daily digest goes', async ({ page, signIn }) => {
  await signIn(page, 'admin', '/admin/settings');
  const time = page.getByLabel('Send the daily digest at');
  await expect(time).toHaveValue('07:00');
  await time.fill('06:30');
  await page.locator('form').filter({ has: time }).getByRole('button', { name: 'Save' }).click();
  await expect(toastWith(page, 'Changes saved successfully!')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Send the daily digest at')).toHaveValue('06:30');
  await expectAccessible(page);
});
