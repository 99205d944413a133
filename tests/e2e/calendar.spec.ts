import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, isoDaysFromToday, submitRequestViaApi, screenshot } from './fixtures';

/** guide/tasks-and-calendar.md#the-task-calendar, guide/roles-and-access.md#what-a-viewer-sees: the Task Calendar. */

/** 'December 2026' for a yyyy-MM-dd date. */
const monthLabelOf = (isoDate: string) =>
  new Date(`${isoDate}T12:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

const monthHeading = (page: Page) => page.locator('#calendar-month');
const grid = (page: Page) => page.getByRole('table');
const dayCell = (page: Page, date: string) => page.locator(`[data-testid="calendar-day"][data-date="${date}"]`);

/** Clicks Next month until the grid shows the date (at most three months ahead). */
async function showDate(page: Page, date: string) {
  for (let i = 0; i < 3 && (await dayCell(page, date).count()) === 0; i++) {
    const before = await monthHeading(page).textContent();
    await page.getByRole('button', { name: 'Next month' }).click();
    await expect(monthHeading(page)).not.toHaveText(before ?? '');
    await expect(grid(page)).not.toHaveAttribute('aria-busy', 'true');
  }
  await expect(dayCell(page, date)).toBeVisible();
}

test('a viewer opens the calendar from the menu, moves between months and sees only what is shared with them', async ({ page, signIn }) => {
  await signIn(page, 'viewer', '/my-requests');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Planning' }).click();
  await page.getByRole('menuitem', { name: 'Calendar' }).click();
  await expect(page).toHaveURL(/\/calendar$/);

  await expect(page.getByRole('heading', { level: 1, name: 'Task Calendar' })).toBeVisible();
  await expect(page.getByText('View task due dates across all requests.')).toBeVisible();
  await expect(page.getByLabel('Ministry')).toHaveValue('');
  await expect(page.getByLabel('Ministry').locator('option:checked')).toHaveText('All Ministries');
  await expect(grid(page).getByRole('columnheader')).toHaveText(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
  const cells = await page.getByTestId('calendar-day').count();
  expect([28, 35, 42]).toContain(cells);
  const today = page.locator('[data-testid="calendar-day"][aria-current="date"]');
  await expect(today).toHaveCount(1);
  const todayDate = (await today.getAttribute('data-date'))!;
  const thisMonth = monthLabelOf(todayDate);
  await expect(monthHeading(page)).toHaveText(thisMonth);
  await expect(grid(page)).toHaveAccessibleName(thisMonth);
  await expectAccessible(page);

  // Next month and back; the month lives in the URL.
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(monthHeading(page)).not.toHaveText(thisMonth);
  await expect(page).toHaveURL(/\/calendar\?month=\d{4}-\d{2}$/);
  await expect(grid(page)).not.toHaveAccessibleName(thisMonth);
  // Today is marked wherever the grid shows it: in a month's last days, among next month's first row.
  const nextMonthDates = await page.getByTestId('calendar-day').evaluateAll((els) => els.map((el) => el.getAttribute('data-date')));
  await expect(page.locator('[data-testid="calendar-day"][aria-current="date"]')).toHaveCount(nextMonthDates.includes(todayDate) ? 1 : 0);
  await expect(page.locator('[data-testid="calendar-day"][aria-current="date"]:not([data-outside])')).toHaveCount(0);
  await page.getByRole('button', { name: 'Previous month' }).click();
  await expect(monthHeading(page)).toHaveText(thisMonth);

  // Marriage Retreat, shared with the viewer, has its tasks due 35 to 39 days from now; nothing else shows.
  const due = isoDaysFromToday(37);
  await showDate(page, due);
  const chips = page.getByTestId('task-chip');
  await expect(chips.first()).toBeVisible();
  const titles = await chips.evaluateAll((els) => els.map((el) => el.querySelector('span')?.textContent ?? ''));
  expect(titles.length).toBeGreaterThan(0);
  expect(new Set(titles)).toEqual(new Set(['Marriage Retreat']));
  await expect(chips.first()).toHaveAccessibleName(/^Marriage Retreat, .+, Submitted$/);
  await page.reload();
  await expect(page.getByTestId('task-chip').first()).toBeVisible();
  await screenshot(page, 'calendar-viewer');

  await page.getByRole('button', { name: 'Today' }).click();
  await expect(monthHeading(page)).toHaveText(thisMonth);
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page.locator('[data-testid="calendar-day"][aria-current="date"]')).toHaveAttribute('data-date', todayDate);
});

/** A yyyy-MM-dd date `n` days later. */
const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

test('a coordinator sees the seeded tasks, opens a busy day and goes from a chip to the request drawer', async ({ page, signIn }) => {
  await signIn(page, 'coordinator');
  // Two tier C requests promoted over three Sundays from a Sunday: their slide deck, event page and
  // story all first run on that Sunday and take 14 days, so all six tasks are due 14 days before it.
  const stamp = Date.now();
  const titles = [`Calendar Night A ${stamp}`, `Calendar Night B ${stamp}`];
  const soonest = isoDaysFromToday(15);
  const sunday = addDays(soonest, (7 - new Date(`${soonest}T00:00:00Z`).getUTCDay()) % 7);
  const dates = { promotionStartDate: sunday, eventStartDate: addDays(sunday, 14) };
  const ids = [await submitRequestViaApi(page, titles[0], {}, dates), await submitRequestViaApi(page, titles[1], {}, dates)];
  const due = addDays(sunday, -14);

  await page.goto('/calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Task Calendar' })).toBeVisible();
  // The demo church has tasks due around today.
  await expect.poll(() => page.getByTestId('task-chip').count()).toBeGreaterThan(5);
  await screenshot(page, 'calendar-coordinator');

  await showDate(page, due);
  const cell = dayCell(page, due);
  await expect(cell.getByTestId('task-chip')).toHaveCount(4);
  const more = cell.getByRole('button', { name: /^\+\d+ more tasks due / });
  await expect(more).toHaveText(/^\+([2-9]|\d{2,}) more$/);
  await screenshot(page, 'calendar-1280');
  await screenshot(page, 'calendar-1280-full', { fullPage: true });

  await more.click();
  const dialog = page.getByRole('dialog', { name: /^Tasks due / });
  await expect(dialog).toBeVisible();
  for (const title of titles) await expect(dialog.getByRole('link', { name: new RegExp(`^${title}, `) })).toHaveCount(3);
  await expectAccessible(page);
  await screenshot(page, 'calendar-day-dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(more).toBeFocused();

  // The ministry filter narrows the grid: both requests are Youth's.
  await page.getByLabel('Ministry').selectOption({ label: 'Worship' });
  await expect(page).toHaveURL(/ministry=[0-9a-f-]{36}/);
  await expect(cell.getByRole('link', { name: new RegExp(`^${titles[0]}, `) })).toHaveCount(0);
  await page.getByLabel('Ministry').selectOption({ label: 'Youth' });
  await expect(cell.getByRole('button', { name: /^\+\d+ more tasks due / })).toBeVisible();
  await page.getByLabel('Ministry').selectOption({ label: 'All Ministries' });

  // A chip opens the request drawer; closing it comes back to the same month.
  const calendarUrl = page.url();
  await more.click();
  await dialog.getByRole('link', { name: new RegExp(`^${titles[1]}, Sunday Slide Deck, `) }).click();
  await expect(page).toHaveURL(new RegExp(`/request/${ids[1]}$`));
  const drawer = page.getByRole('dialog', { name: titles[1] });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(calendarUrl);
  await expect(dayCell(page, due)).toBeVisible();
});
