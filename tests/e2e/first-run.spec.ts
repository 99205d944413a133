import type { Browser, Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  isoDaysFromToday,
  pngFile,
  test,
  toastWith,
  submitNewRequest,
  screenshot,
  takingScreenshots,
} from './fixtures';

/**
 * A real church from nothing (SEED_DEMO=0, first admin from create-admin): the admin follows the
 * setup checklist through church details, a tier, a channel, a runway with two recurring tasks, a
 * ministry and two invitations whose temporary passwords are revealed once from the outbox. The
 * requester then submits a request with the new tier, and the coordinator finds the runway's
 * recurring tasks in the next Sunday's plan.
 */
test.use({ flowServerEnv: { SEED_DEMO: '0' } });

const SLOW = { timeout: 30_000 };

async function signInAndChangePassword(page: Page, email: string, temporary: string, next: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(temporary);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/change-password$/, SLOW);
  // A forced change asks for the temporary password: fill waits for the field, which shows once the
  // page has read the session (checking at once could find it not there yet and leave it empty).
  await page.getByLabel('Temporary Password').fill(temporary);
  await page.getByLabel('New Password', { exact: true }).fill(next);
  await page.getByLabel('Confirm New Password').fill(next);
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page).not.toHaveURL(/\/(change-password|login)$/, SLOW);
}

/** The checklist, then the named step's link: the way an admin moves through the setup. */
async function openStep(page: Page, title: string, action: string) {
  await page.goto('/admin/setup');
  const step = page
    .getByRole('list', { name: 'Setup steps' })
    .getByRole('listitem')
    .filter({
      has: page.getByRole('heading', { name: new RegExp(`^${title}`) }),
    });
  await step.getByRole('link', { name: action }).click();
}

async function stepStatus(page: Page, title: string) {
  await page.goto('/admin/setup');
  return page.getByRole('heading', { name: new RegExp(`^${title}`) });
}

/** Invites a person and reads the temporary password, revealed once, from the invitation in the outbox. */
async function invite(page: Page, person: { name: string; email: string; role: string; ministry?: string }) {
  await page.goto('/admin/settings');
  const users = page.getByRole('region', { name: 'User Management' });
  await users.getByRole('button', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite User' });
  await dialog.getByLabel('Full name').fill(person.name);
  await dialog.getByLabel('Email').fill(person.email);
  await dialog.getByLabel('Role').selectOption(person.role);
  if (person.ministry) {
    const ministry = dialog.getByLabel('Ministry');
    await expect(ministry.getByRole('option', { name: person.ministry })).toBeAttached();
    await ministry.selectOption({ label: person.ministry });
  }
  await dialog.getByRole('button', { name: 'Invite User' }).click();
  await expect(toastWith(page, 'User invited!')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.reload();
  const mail = page
    .getByRole('listitem')
    .filter({ hasText: person.email })
    .filter({ has: page.getByRole('button', { name: 'Your Lampstand account' }) });
  await mail.getByRole('button', { name: 'Your Lampstand account' }).click();
  await mail.getByRole('button', { name: 'Show password once' }).click();
  await page.getByRole('alertdialog', { name: 'Show the temporary password?' }).getByRole('button', { name: 'Show password' }).click();
  const shown = page.getByRole('alertdialog', { name: `Temporary password for ${person.email}` });
  const password = (await shown.locator('p.font-mono').innerText()).replace('Temporary password:', '').trim();
  expect(password.length).toBeGreaterThanOrEqual(12);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(mail.getByText(/it cannot be shown again/)).toBeVisible();
  return password;
}

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  return context.newPage();
}

test('a church starts from nothing: the first admin follows the setup checklist, a requester asks, a coordinator sees the Sunday', async ({
  page,
  browser,
  firstAdmin,
}) => {
  test.setTimeout(240_000);
  expect(firstAdmin).not.toBeNull();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAndChangePassword(page, firstAdmin!.email, firstAdmin!.password, 'First-admin-pass-1');

  // An empty My Tasks points the admin to the checklist, which has everything still to do.
  await page.goto('/my-tasks');
  await page.getByRole('link', { name: 'Open the setup checklist' }).click();
  await expect(page).toHaveURL(/\/admin\/setup$/);
  await expect(page.getByRole('heading', { name: 'Set up your church' })).toBeVisible();
  await expect(page.getByText(/of 8 steps still to do\./)).toBeVisible();
  await expectAccessible(page);
  if (takingScreenshots) {
    await screenshot(page, 'first-run-checklist-start-1280', { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'first-run-checklist-start-390', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  // Church details.
  await openStep(page, 'Church name, time zone and contact e-mail', 'Edit church details');
  await expect(page.getByRole('heading', { name: 'Church Settings' })).toBeVisible();
  await page.getByLabel('Church name').fill('Grace Chapel');
  await page.getByLabel('Contact e-mail').fill('office@grace.example');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(await stepStatus(page, 'Church name, time zone and contact e-mail')).toContainText('(Done)');

  // A tier of the church's own, then a channel; tiers and channels are a review step, marked done.
  await page.goto('/admin/channels');
  await page.getByRole('button', { name: 'Add Channel' }).click();
  const channelDialog = page.getByRole('dialog', { name: 'Add Channel' });
  await channelDialog.getByLabel('Code').fill('bulletin_insert');
  await channelDialog.getByLabel('Name').fill('Bulletin Insert');
  await channelDialog.getByRole('button', { name: 'Save' }).click();
  await expect(channelDialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Channels' }).getByText('Bulletin Insert')).toBeVisible();

  await openStep(page, 'Tiers and channels', 'Review tiers and channels');
  await expect(page).toHaveURL(/\/admin\/tiers$/);
  await page.getByRole('button', { name: 'Add Tier' }).click();
  const tierDialog = page.getByRole('dialog', { name: 'Add Tier' });
  await tierDialog.getByLabel('Code').fill('E');
  await tierDialog.getByLabel('Name').fill('Small Group Event');
  await tierDialog.getByLabel('Lead time (days)').fill('14');
  await tierDialog.getByLabel('Bulletin Insert').check();
  await tierDialog.getByRole('button', { name: 'Save' }).click();
  await expect(tierDialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Tiers' }).getByText('Small Group Event')).toBeVisible();
  await page.goto('/admin/setup');
  const tiersStep = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Tiers and channels/ }) });
  await tiersStep.getByRole('button', { name: 'Mark done' }).click();
  await expect(tiersStep.getByRole('heading')).toContainText('(Done)');

  // A runway with two recurring tasks.
  await openStep(page, 'Runways and their recurring tasks', 'Set up runways');
  await expect(page).toHaveURL(/\/runways\/manage$/);
  await page.getByLabel('Runway name').fill('Kids');
  await page.getByRole('button', { name: 'Add runway' }).click();
  await expect(page.getByRole('heading', { name: /^Kids/ })).toBeVisible();
  await page.getByText('Add a recurring task to Kids').click();
  const taskForm = page.locator('details', { hasText: 'Add a recurring task to Kids' });
  const recurring = page.getByRole('list', { name: 'Kids recurring tasks' });
  for (const [name, days] of [
    ['Check-in sheet', '3'],
    ['Snack list', '1'],
  ]) {
    await taskForm.getByLabel('Task name').fill(name);
    await taskForm.getByLabel('Days before Sunday').fill(days);
    await taskForm.getByRole('button', { name: 'Add task' }).click();
    await expect(recurring.getByText(name)).toBeVisible();
  }
  await expect(await stepStatus(page, 'Runways and their recurring tasks')).toContainText('(Done)');

  // A ministry.
  await openStep(page, 'Ministries', 'Add ministries');
  const ministries = page.getByRole('region', { name: 'Ministry Management' });
  await ministries.getByRole('button', { name: 'Add Ministry' }).click();
  const ministryDialog = page.getByRole('dialog', { name: 'Add Ministry' });
  await ministryDialog.getByLabel('Name').fill('Children');
  await ministryDialog.getByRole('button', { name: 'Save' }).click();
  await expect(ministryDialog).toBeHidden();
  await expect(ministries.getByRole('listitem').filter({ hasText: 'Children' })).toBeVisible();
  await expect(await stepStatus(page, 'Ministries')).toContainText('(Done)');

  // The team: a requester and a coordinator, their passwords read once from the outbox.
  const requester = { name: 'Rita Requester', email: 'rita@grace.example', role: 'requester', ministry: 'Children' };
  const coordinator = { name: 'Cole Coordinator', email: 'cole@grace.example', role: 'coordinator' };
  const requesterPassword = await invite(page, requester);
  const coordinatorPassword = await invite(page, coordinator);
  await expect(await stepStatus(page, 'Invite the team')).toContainText('(Done)');
  await expectAccessible(page);
  if (takingScreenshots) {
    await screenshot(page, 'first-run-checklist-after-1280', { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'first-run-checklist-after-390', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  // The requester signs in, changes the password and asks with the new tier.
  const asker = await newPage(browser);
  await signInAndChangePassword(asker, requester.email, requesterPassword, 'Rita-new-pass-1');
  await asker.goto('/request/new');
  const form = asker.getByRole('form', { name: 'New request' });
  await form.getByLabel(/^Event title\b/).fill('Family Picnic');
  const ministry = form.getByLabel(/^Ministry\b/);
  await expect(ministry.getByRole('option', { name: 'Children' })).toBeAttached();
  await ministry.selectOption({ label: 'Children' });
  await form.getByLabel(/^Event start date\b/).fill(isoDaysFromToday(45));
  await form.getByLabel(/^Promotion start date\b/).fill(isoDaysFromToday(20));
  await form.getByLabel(/^Short description\b/).fill('A picnic on the lawn for every family of the church.');
  const tier = form.getByLabel(/^Communication tier\b/);
  await expect(tier.locator('option[value="E"]')).toBeAttached();
  await tier.selectOption('E');
  const calendar = form.getByRole('group', { name: 'Event Approval and Calendar' });
  if (await calendar.count()) await calendar.getByRole('radio', { name: 'Yes' }).check();
  await form.getByLabel('Upload files').setInputFiles(pngFile('picnic.png'));
  await submitNewRequest(asker);
  await expect(toastWith(asker, 'Request submitted!')).toBeVisible(SLOW);
  const drawer = asker.getByRole('dialog', { name: 'Family Picnic' });
  await drawer.getByRole('tab', { name: 'Items' }).click();
  // Tier E includes one channel, the church's own, named as configured: one item, submitted.
  const items = drawer.getByRole('list', { name: 'Items' }).getByRole('listitem');
  await expect(items.getByRole('heading', { name: 'Bulletin Insert', exact: true })).toBeVisible();
  await expect(items.getByText('Submitted', { exact: true })).toBeVisible();
  await expect(items).toHaveCount(1);

  // The coordinator signs in and finds the runway's recurring tasks in the plan of the Sunday after
  // next (from the next Sunday's lock instant on, the lock job locks it once it has a plan, and a
  // locked Sunday takes no task added after that).
  const planner = await newPage(browser);
  await signInAndChangePassword(planner, coordinator.email, coordinatorPassword, 'Cole-new-pass-1');
  await planner.goto('/runways');
  await planner.getByRole('button', { name: 'View Details' }).nth(1).click();
  const plan = planner.getByRole('dialog');
  const table = plan.getByRole('table', { name: 'Kids tasks' });
  await expect(table.getByText('Check-in sheet')).toBeVisible();
  await expect(table.getByText('Snack list')).toBeVisible();
});
