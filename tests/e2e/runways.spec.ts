import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, pngFile, toastWith, screenshot } from './fixtures';

/** guide/sunday-planning.md#the-runways-dashboard, #the-sunday-plan-dialog: the runways dashboard, a runway view, the Sunday plan dialogs, Lock Sunday. */

interface Upcoming {
  sundayDate: string;
}
async function upcoming(page: Page): Promise<string[]> {
  const res = await page.request.get('/api/runways/dashboard');
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { upcomingSundays: Upcoming[] }).upcomingSundays.map((s) => s.sundayDate);
}
/** 'Sunday, December 27' as the runway cards name a date (built in UTC: the date is a calendar date). */
const longDay = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
const shortDay = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

test('the dashboard shows runways, upcoming Sundays and future notes', async ({ page, signIn, signedInPage }) => {
  await signIn(page, 'admin', '/runways');
  await expect(page.getByRole('heading', { name: 'Communication Runways' })).toBeVisible();
  await expect(page.getByText('6-week overview of all communication channels')).toBeVisible();
  await expect(page.getByRole('link', { name: /System Health \d+%/ })).toHaveAttribute('href', '/admin/system-health');
  await expect(page.getByRole('link', { name: 'Add Request' })).toHaveAttribute('href', '/request/new');
  await expect(page.getByRole('link', { name: 'View Calendar' })).toHaveAttribute('href', '/calendar');
  await expect(page.getByRole('button', { name: 'Refresh runways' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Global Readiness' })).toBeVisible();
  const runways = page.getByRole('list', { name: 'Runways' });
  for (const name of ['Message', 'Generosity', 'Logistics', 'Media', 'Announcements', 'Event Promotions']) {
    await expect(runways.getByRole('link', { name: new RegExp(name) }).first()).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Upcoming Sundays' })).toBeVisible();
  for (const h of ['Date', 'Series', 'Videos', 'Slides', 'Social', 'Status']) {
    await expect(page.getByRole('columnheader', { name: h, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: /^View Details for / })).toHaveCount(6);
  await expect(page.getByRole('heading', { name: 'Future Notes (Beyond 6 Weeks)' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Show All Notes' })).toHaveAttribute('href', '/runways/planning');
  await expect(page.getByText('Overall Runway Status')).toBeVisible();
  await screenshot(page, 'runways-dashboard-1280', { fullPage: true });
  await expectAccessible(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'runways-dashboard-390', { fullPage: true });

  // A coordinator gets no System Health button (admins only).
  const coordinator = await signedInPage('coordinator');
  await coordinator.goto('/runways');
  await expect(coordinator.getByRole('heading', { name: 'Communication Runways' })).toBeVisible();
  await expect(coordinator.getByRole('link', { name: 'Add Request' })).toBeVisible();
  await expect(coordinator.getByRole('link', { name: /System Health/ })).toHaveCount(0);
  await coordinator.context().close();
});

test('a coordinator plans a Sunday, saves, locks it; then changes are refused', async ({ page, signIn, signedInPage }) => {
  await signIn(page, 'coordinator');
  const sixth = (await upcoming(page))[5];
  await page.goto('/runways');
  await page.getByRole('button', { name: `View Details for ${shortDay(sixth)}` }).click();
  const dialog = page.getByRole('dialog', { name: /— Sunday Service Overview$/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: /^Plan for .+ — Sunday Service Overview$/ })).toBeVisible();
  for (const h of ['Status', 'Task', 'Details / Link', 'Assigned To', 'Done']) {
    await expect(dialog.getByRole('columnheader', { name: h }).first()).toBeVisible();
  }
  // 'script' tasks get a multi-line field, file tasks an upload.
  await expect(dialog.getByRole('textbox', { name: 'Giving moment script details' })).toHaveJSProperty('tagName', 'TEXTAREA');
  await expect(dialog.getByRole('button', { name: 'Upload file for Giving slide' })).toBeVisible();

  // Nothing changed yet: the save rule's message.
  await dialog.getByRole('button', { name: 'Save All Changes' }).click();
  await expect(toastWith(page, 'No changes to save.')).toBeVisible();

  const runOfShow = dialog.getByRole('row').filter({ hasText: 'Run of show' });
  await dialog.getByRole('combobox', { name: 'Run of show assigned to' }).selectOption({ label: 'Chloe Creative' });
  await expect(runOfShow.getByText('In Progress')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Stage plot details or link' }).fill('Drum riser moves stage left');
  await expect(dialog.getByRole('row').filter({ hasText: 'Stage plot' }).getByText('Needs Assignee')).toBeVisible();
  // A file task uploads for real (checked by content) and links the file through the authorized route.
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Upload file for Giving slide' }).click();
  await (await chooser).setFiles(pngFile('giving-slide.png'));
  const fileLink = dialog.getByRole('link', { name: 'giving-slide.png' });
  await expect(fileLink).toHaveAttribute('href', /^\/api\/planning-files\/[0-9a-f-]{36}$/);
  const served = await page.request.get((await fileLink.getAttribute('href'))!);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/png');
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, 'runways-plan-dialog-1280');
  await dialog.getByRole('button', { name: 'Save All Changes' }).click();
  await expect(toastWith(page, 'Changes saved successfully!')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'runways-plan-dialog-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectAccessible(page);

  // Lock Sunday asks first, then locks.
  await dialog.getByRole('button', { name: 'Lock Sunday' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Lock Sunday' });
  await confirm.getByRole('button', { name: 'Lock Sunday' }).click();
  await expect(toastWith(page, 'Sunday Locked!')).toBeVisible();
  await expect(dialog.getByText('No further changes can be made by non-admins.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Lock Sunday' })).toHaveCount(0);
  await expect(dialog.getByRole('textbox', { name: 'Stage plot details or link' })).toBeDisabled();
  await expect(dialog.getByRole('textbox', { name: 'Stage plot details or link' })).toHaveValue('Drum riser moves stage left');
  await screenshot(page, 'runways-plan-dialog-locked');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // The coordinator's own API call is now refused by the lock; a creative's by rank.
  const session = await (await page.request.get('/api/auth/session')).json();
  const body = { version: 99, items: [{ taskName: 'Run of show', isComplete: true }] };
  const refused = await page.request.put(`/api/sundays/${sixth}/runways/logistics/items`, {
    data: body,
    headers: { 'x-csrf-token': session.csrfToken },
  });
  expect(refused.status()).toBe(422);
  expect((await refused.json()).error.code).toBe('sunday_locked');

  const creative = await signedInPage('creative');
  const creativeSession = await (await creative.request.get('/api/auth/session')).json();
  const denied = await creative.request.put(`/api/sundays/${sixth}/runways/logistics/items`, {
    data: body,
    headers: { 'x-csrf-token': creativeSession.csrfToken },
  });
  expect(denied.status()).toBe(403);
  await creative.context().close();
});

test('a runway view opens its editor; the unsaved-changes guard asks before closing', async ({ page, signIn }) => {
  await signIn(page, 'coordinator');
  const fifth = (await upcoming(page))[4];
  // In-app navigation, so that Back below stays inside the app (the router's blocker sees it).
  await page.goto('/runways');
  await page.getByRole('navigation', { name: 'Runways' }).getByRole('link', { name: 'Generosity' }).click();
  await expect(page.getByRole('heading', { name: 'Generosity', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Open Generosity for / })).toHaveCount(6);
  await page.getByRole('button', { name: 'About this view' }).focus();
  await expect(page.getByRole('tooltip')).toHaveText('Shows the next 6 Sundays in Eastern Time.');
  await screenshot(page, 'runways-view-1280', { fullPage: true });
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'runways-view-390', { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  const openCard = () => page.getByRole('button', { name: `Open Generosity for ${longDay(fifth)}` }).click();
  await openCard();
  const dialog = page.getByRole('dialog', { name: /^Sunday Plan for / });
  await expect(dialog.getByRole('button', { name: 'Message Details' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Generosity' })).toHaveAttribute('aria-expanded', 'true');
  const script = dialog.getByRole('textbox', { name: 'Giving moment script details' });
  const note = `Tell the well story ${Date.now()}`;
  await script.fill(note);
  await screenshot(page, 'runways-details-dialog-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'runways-details-dialog-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Cancel keeps editing.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const guard = page.getByRole('alertdialog', { name: 'You have unsaved changes!' });
  await expect(guard).toBeVisible();
  await screenshot(page, 'runways-unsaved-guard');
  await expectAccessible(page);
  await guard.getByRole('button', { name: 'Cancel' }).click();
  await expect(guard).toBeHidden();
  await expect(script).toHaveValue(note);

  // Leaving the page through the router (here the browser's Back) asks too.
  await page.evaluate(() => history.back());
  await expect(guard).toBeVisible();
  await guard.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/runways\/generosity$/);
  // Until the guard has gone, it is the top layer and would take the Escape below itself.
  await expect(guard).toBeHidden();

  // Discard Changes closes and forgets.
  await page.keyboard.press('Escape');
  await guard.getByRole('button', { name: 'Discard Changes' }).click();
  await expect(dialog).toBeHidden();
  await openCard();
  await expect(script).toHaveValue('');

  // Save & Close saves, then closes.
  await script.fill(note);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await guard.getByRole('button', { name: 'Save & Close' }).click();
  await expect(toastWith(page, 'Sunday Plan Saved!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await openCard();
  await expect(script).toHaveValue(note);

  // Message Details: the check mark shows once series, title, pastor and scripture are filled.
  await dialog.getByRole('button', { name: 'Message Details' }).click();
  await expect(dialog.getByRole('img', { name: 'Message details complete' })).toHaveCount(0);
  await dialog.getByLabel('Series', { exact: true }).selectOption({ index: 1 });
  await dialog.getByLabel('Sermon title', { exact: true }).fill('Deep roots');
  await dialog.getByLabel('Teaching pastor', { exact: true }).selectOption({ index: 1 });
  await dialog.getByLabel('Scripture reference', { exact: true }).fill('Colossians 2:6-7');
  await expect(dialog.getByRole('img', { name: 'Message details complete' })).toBeVisible();
  await screenshot(page, 'runways-message-details-1280');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save All' }).click();
  await expect(toastWith(page, 'Sunday Plan Saved!')).toBeVisible();
});
