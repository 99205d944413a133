import { test, expect, expectAccessible, isoDaysFromToday, toastWith, screenshot } from './fixtures';

/** guide/sunday-planning.md#sermon-series: sermon series and their Weekly Breakdown. */

/** The Sunday on or before a yyyy-MM-dd date, and n weeks from it. */
function sundayOnOrBefore(iso: string, weeks = 0): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - date.getUTCDay() + weeks * 7);
  return date.toISOString().slice(0, 10);
}

test('a coordinator creates a series spanning Sundays, edits a week, saves and sees its Upcoming card', async ({ page, signIn }) => {
  const title = `Psalms of Ascent ${Date.now()}`;
  // Sundays from two weeks on, past any Sunday already locked (only an admin changes a locked
  // Sunday's week, decision 0053), with a week's margin for the church's time zone.
  const start = sundayOnOrBefore(isoDaysFromToday(14), 1);
  const end = sundayOnOrBefore(isoDaysFromToday(14), 3);
  await signIn(page, 'coordinator', '/series');
  await expect(page.getByRole('heading', { name: 'Sermon Series' })).toBeVisible();
  await page.getByRole('link', { name: 'New Series' }).click();
  await expect(page).toHaveURL(/\/series\/new$/);
  await expect(page.getByText('Set both the start and end Sundays to plan the weeks.')).toBeVisible();

  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Tagline').fill('Songs for the road up to Jerusalem');
  await page.getByLabel('Start Sunday').fill(start);
  await page.getByLabel('End Sunday').fill(end);
  const weeks = page
    .getByRole('list')
    .filter({ has: page.getByLabel('Week title (Week 1)') })
    .getByRole('listitem');
  const count = (Date.parse(end) - Date.parse(start)) / (7 * 86_400_000) + 1;
  await expect(weeks).toHaveCount(count);
  await expect(page.getByLabel('Week title (Week 2)')).toHaveValue('Week 2');
  await page.getByLabel('Week title (Week 2)').fill('A Song of Ascents');
  await page.getByLabel('Scripture (Week 2)').fill('Psalm 121');
  await page.getByLabel('Theme colour', { exact: true }).fill('#0f766e');
  await page.getByLabel('Owner').selectOption({ label: 'Caleb Coordinator' });
  await screenshot(page, 'series-form-1280', { fullPage: true });
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Save Series' }).click();
  await expect(toastWith(page, 'Series saved successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/series$/);
  const card = page.getByRole('link').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Songs for the road up to Jerusalem');
  await expect(card).toContainText('Upcoming');
  await expect(card).toContainText(`${count} weeks`);
  await expect(card).toHaveCSS('border-left-color', 'rgb(15, 118, 110)');
  await screenshot(page, 'series-list-1280', { fullPage: true });
  await expectAccessible(page);

  // The saved week reads back, and the list and form fit a phone.
  await card.click();
  await expect(page.getByLabel('Scripture (Week 2)')).toHaveValue('Psalm 121');
  await expect(page.getByLabel('Week title (Week 2)')).toHaveValue('A Song of Ascents');
  await expect(page.getByLabel('Week title (Week 3)')).toHaveValue('Week 3');
  // Editing the saved series: another week's scripture, saved and read back.
  await page.getByLabel('Scripture (Week 3)').fill('Psalm 122');
  await page.getByRole('button', { name: 'Save Series' }).click();
  await expect(toastWith(page, 'Series saved successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/series$/);
  await page.getByRole('link').filter({ hasText: title }).click();
  await expect(page.getByLabel('Scripture (Week 3)')).toHaveValue('Psalm 122');
  await expect(page.getByLabel('Scripture (Week 2)')).toHaveValue('Psalm 121');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'series-form-390', { fullPage: true });
  await expectAccessible(page);
  await page.goto('/series');
  await expect(page.getByRole('link').filter({ hasText: title })).toBeVisible();
  await screenshot(page, 'series-list-390', { fullPage: true });
});

test('a creative may not open the series screens', async ({ page, signIn }) => {
  await signIn(page, 'creative', '/series');
  await expect(page.getByRole('heading', { name: 'Sermon Series' })).toHaveCount(0);
  await expect(page).not.toHaveURL(/\/series$/);
});

test("a series over the last two Sundays of the runway shows in the dashboard's Upcoming Sundays table", async ({ page, signIn }) => {
  const title = `Benediction ${Date.now()}`;
  await signIn(page, 'coordinator');
  const res = await page.request.get('/api/runways/dashboard');
  expect(res.ok()).toBeTruthy();
  const sundays = ((await res.json()) as { upcomingSundays: Array<{ sundayDate: string }> }).upcomingSundays.map((s) => s.sundayDate);
  const [fifth, sixth] = sundays.slice(4, 6);

  await page.goto('/series/new');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Start Sunday').fill(fifth);
  await page.getByLabel('End Sunday').fill(sixth);
  await expect(page.getByLabel('Week title (Week 2)')).toHaveValue('Week 2');
  await page.getByRole('button', { name: 'Save Series' }).click();
  await expect(toastWith(page, 'Series saved successfully!')).toBeVisible();

  await page.goto('/runways');
  const table = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Series', exact: true }) });
  for (const date of [fifth, sixth]) {
    const label = new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
    await expect(table.getByRole('row').filter({ has: page.getByRole('button', { name: `View Details for ${label}` }) })).toContainText(
      title,
    );
  }
});
