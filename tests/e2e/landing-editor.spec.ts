import { test, expect, expectAccessible, toastWith, screenshot } from './fixtures';

/** guide/administration.md#the-landing-page: the admin's 'Edit Landing Page'. */

test('an admin edits the hero heading and adds an FAQ; a signed-out visitor sees both on /', async ({ page, browser, signIn }) => {
  const stamp = Date.now();
  const heading = `Welcome, ministries ${stamp}`;
  const question = `When should I submit my request? ${stamp}`;
  await signIn(page, 'admin', '/admin/content');
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Landing Page' })).toBeVisible();
  const hero = page.getByRole('region', { name: 'Hero' });
  await expect(hero.getByLabel('Heading', { exact: true })).not.toHaveValue('');
  await expect(page.getByRole('region', { name: 'Tier A' }).getByLabel('Name', { exact: true })).toHaveValue('Major Event');
  await hero.getByLabel('Heading', { exact: true }).fill(heading);

  await page.getByRole('button', { name: 'Add FAQ' }).click();
  const questions = page.getByLabel('Question');
  const newQuestion = questions.last();
  await expect(newQuestion).toBeFocused();
  await newQuestion.fill(question);
  await page.getByLabel('Answer').last().fill('Two weeks ahead; three to four for major events.');
  // Put it first, then back down, with the buttons (the keyboard's way to reorder).
  const count = await questions.count();
  if (count > 1) {
    await page.getByRole('button', { name: `Move FAQ ${count} up` }).click();
    await expect(questions.nth(count - 2)).toHaveValue(question);
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, 'landing-editor-1280', { fullPage: true });
  await newQuestion.scrollIntoViewIfNeeded();
  await screenshot(page, 'landing-editor-faq-1280');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toastWith(page, 'Changes saved successfully!')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'landing-editor-390', { fullPage: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'landing-editor-top-390');

  // The editor reads back what was stored.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Hero' }).getByLabel('Heading', { exact: true })).toHaveValue(heading);

  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto('/');
  await expect(publicPage.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  const faq = publicPage.getByRole('button', { name: question });
  await expect(faq).toBeVisible();
  await faq.click();
  await expect(publicPage.getByText('Two weeks ahead; three to four for major events.')).toBeVisible();
  await publicPage.setViewportSize({ width: 1280, height: 900 });
  await screenshot(publicPage, 'landing-public-1280', { fullPage: true });
  await expectAccessible(publicPage);
  await visitor.close();
});

test('markup typed in the editor shows on the public page as text and never runs', async ({ page, browser, signIn }) => {
  const markup = `<img src=x onerror="window.__landingPwned=1"> ${Date.now()}`;
  await signIn(page, 'admin', '/admin/content');
  await page.getByRole('region', { name: 'Footer' }).getByLabel('Contact line').fill(markup);
  await page.getByRole('region', { name: 'How it works' }).getByLabel('Step 1 title').fill(markup);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toastWith(page, 'Changes saved successfully!')).toBeVisible();

  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto('/');
  await expect(publicPage.getByRole('contentinfo').getByText(markup)).toBeVisible();
  await expect(publicPage.getByRole('heading', { level: 3, name: markup })).toBeVisible();
  await expect(publicPage.locator('img[src="x"]')).toHaveCount(0);
  expect(await publicPage.evaluate(() => (window as unknown as { __landingPwned?: number }).__landingPwned)).toBeUndefined();
  await visitor.close();
});

test('a coordinator is kept out of the editor', async ({ page, signIn }) => {
  await signIn(page, 'coordinator', '/admin/content');
  await expect(page).not.toHaveURL(/\/admin\/content$/);
  expect((await page.request.get('/api/admin/landing')).status()).toBe(403);
});

test('a tier the admin makes in /admin/tiers gets a landing card at once, which the editor can word', async ({ page, browser, signIn }) => {
  await signIn(page, 'admin', '/admin/tiers');
  await page.getByRole('button', { name: 'Add Tier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Tier' });
  await dialog.getByLabel('Code').fill('Y1');
  await dialog.getByLabel('Name').fill('Youth Night');
  await dialog.getByLabel('Examples').fill('Student events on Friday nights');
  await dialog.getByLabel('Lead time (days)').fill('10');
  await dialog.getByLabel('Banner').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto('/');
  const card = publicPage.getByRole('article', { name: 'Youth Night' });
  await expect(card).toBeVisible();
  await expect(card.getByText('10 days')).toBeVisible();
  await expect(card.getByText('Student events on Friday nights')).toBeVisible();
  await expect(card.getByRole('listitem')).toHaveText(['Banner']);
  // The demo church's own cards are all still there, in its order, the new one last.
  await expect(
    publicPage
      .getByRole('region', { name: /Promotion tiers/ })
      .getByRole('article')
      .getByRole('heading'),
  ).toHaveText([
    'Major Event',
    'Standard Event',
    'Simple Announcement',
    'The Landing - Full Promo',
    'The Landing - Internal',
    'Youth Night',
  ]);

  await page.goto('/admin/content');
  const group = page.getByRole('region', { name: 'Youth Night' });
  await expect(group.getByLabel('Name', { exact: true })).toHaveValue('Youth Night');
  await group.getByLabel('Name', { exact: true }).fill('Friday Youth Night');
  await group.getByLabel('Features').fill('Sunday slide\nBanner in the lobby\nNo stage announcement');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toastWith(page, 'Changes saved successfully!')).toBeVisible();

  await publicPage.reload();
  const edited = publicPage.getByRole('article', { name: 'Friday Youth Night' });
  await expect(edited.getByRole('listitem')).toHaveText(['Sunday slide', 'Banner in the lobby', 'Not included: No stage announcement']);
  await edited.scrollIntoViewIfNeeded();
  await publicPage.setViewportSize({ width: 1280, height: 900 });
  await screenshot(publicPage.getByRole('region', { name: /Promotion tiers/ }), 'landing-tiers-1280');
  await publicPage.setViewportSize({ width: 390, height: 844 });
  await screenshot(edited, 'landing-new-tier-390');
  await expectAccessible(publicPage);
  await visitor.close();
  await group.scrollIntoViewIfNeeded();
  await screenshot(group, 'landing-editor-tier-1280');
});
