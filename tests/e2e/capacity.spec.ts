import { test, expect, expectAccessible, isoDaysFromToday, submitRequestViaApi, toastWith, screenshot } from './fixtures';

/** guide/requests.md#what-a-late-request-can-still-get and guide/requests.md#channel-capacity (decision 0067). */

/** 'Mar 4, 2030' as the app writes a date. */
const written = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y, m - 1, d).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
};

test('a requester filling a late request sees which channels remain, and submits what can still be made', async ({ page, signIn }) => {
  const title = `Late Harvest Night ${Date.now()}`;
  await signIn(page, 'requester');
  await page.goto('/request/new');
  const form = page.getByRole('form', { name: 'New request' });
  await form.getByLabel(/^Event title\b/).fill(title);
  const ministry = form.getByLabel(/^Ministry\b/);
  await expect(ministry.getByRole('option', { name: 'Youth' })).toBeAttached();
  await ministry.selectOption({ label: 'Youth' });
  // Two weeks' notice (the church's minimum) and the event six days later: tier A's 28-day channels are too late.
  await form.getByLabel(/^Event start date\b/).fill(isoDaysFromToday(20));
  await form.getByLabel(/^Promotion start date\b/).fill(isoDaysFromToday(14));
  await form.getByLabel(/^Short description\b/).fill('An evening of stories for the whole church.');
  await form.getByLabel(/^Communication tier\b/).selectOption('A');
  await form.getByRole('group', { name: 'Event Approval and Calendar' }).getByRole('radio', { name: 'Yes' }).check();

  const channels = page.getByRole('list', { name: 'Channels and their weeks' });
  const row = (label: string) =>
    channels
      .getByRole('listitem')
      .filter({ has: page.getByText(label, { exact: true }) })
      .first();
  await expect(row('Sunday Slide Deck')).toContainText('Ready in time');
  await expect(row('Sunday Stage Announcement')).toContainText('Not possible');
  await expect(row('Sunday Stage Announcement')).toContainText('Too late: it needs 28 days of production before its last run.');
  await expect(page.getByRole('status').filter({ hasText: 'cannot be made in time' })).toBeVisible();
  await expectAccessible(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole('heading', { name: 'What can still be made' }).scrollIntoViewIfNeeded();
    await screenshot(page, `availability-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Submit Request' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Submit anyway?' });
  await expect(confirm).toContainText('Sunday Stage Announcement cannot be made in time and will not be created.');
  await confirm.getByRole('button', { name: 'Submit anyway' }).click();
  await expect(toastWith(page, 'Request submitted!')).toBeVisible();
  const drawer = page.getByRole('dialog', { name: title });
  await expect(drawer.getByRole('list', { name: 'Channels not made' })).toContainText(
    'Sunday Stage Announcement: Too late: it needs 28 days of production before its last run.',
  );
  await drawer.getByRole('tab', { name: 'Items' }).click();
  const items = drawer.getByRole('list', { name: 'Items' });
  await expect(items.getByRole('heading', { name: 'Sunday Slide Deck', exact: true })).toBeVisible();
  await expect(items.getByRole('heading', { name: 'Sunday Stage Announcement', exact: true })).toHaveCount(0);
});

test('the coordinator sees a week over capacity in the channel view and opens the requests that book it', async ({ page, signIn }) => {
  const stamp = Date.now();
  await signIn(page, 'coordinator');
  // Two requests ask for the stage announcement (one a Sunday) on the Sunday before their event.
  const titles = [`Capacity Gala ${stamp}`, `Capacity Concert ${stamp}`];
  for (const title of titles) await submitRequestViaApi(page, title, { stage_announcement: true });
  const event = isoDaysFromToday(45);
  const eventDay = new Date(`${event}T00:00:00Z`).getUTCDay();
  const sunday = new Date(Date.parse(`${event}T00:00:00Z`) - eventDay * 86_400_000).toISOString().slice(0, 10);
  const monday = new Date(Date.parse(`${sunday}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);

  await page.goto('/capacity');
  await expect(page.getByRole('heading', { name: 'Channel Capacity' })).toBeVisible();
  const grid = page.getByRole('table', { name: 'Bookings by channel and week' });
  const cell = grid.getByRole('button', {
    name: new RegExp(`^Sunday Stage Announcement, week of ${written(monday)}: \\d+ / 1 Over$`),
  });
  await expect(cell).toBeVisible();
  await expect(cell).toContainText('Over');
  await expectAccessible(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(cell).toBeAttached();
    await screenshot(page, `capacity-${width}`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await cell.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Sunday Stage Announcement, week of ${written(monday)}` });
  for (const title of titles) await expect(dialog.getByRole('link', { name: title })).toBeVisible();
  await dialog.getByRole('link', { name: titles[0] }).click();
  await expect(page.getByRole('dialog', { name: titles[0] })).toBeVisible();
});
