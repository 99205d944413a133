import { test, expect, itemCard, submitRequestViaApi, toastWith, screenshot } from './fixtures';

/**
 * The request's status follows the work, the archive warns about unfinished items, and an
 * archived request is read-only for everyone but admins (decision 0007).
 */
const CHANNEL = 'Sunday Slide Deck';
const READ_ONLY = 'This request is archived and read-only. Only an admin can change it.';

test('assignment moves the request to production by the system; archiving warns; only an admin still acts', async ({ signedInPage }) => {
  const title = `Status Follows ${Date.now()}`;
  const [requester, coordinator, admin] = await Promise.all([
    signedInPage('requester'),
    signedInPage('coordinator'),
    signedInPage('admin'),
  ]);
  const id = await submitRequestViaApi(requester, title);

  // The coordinator assigns the slide deck: the request leaves Submitted on its own.
  await coordinator.goto(`/request/${id}`);
  const drawer = coordinator.getByRole('dialog', { name: title });
  await expect(drawer.getByText('Submitted', { exact: true }).first()).toBeVisible();
  await drawer.getByRole('tab', { name: 'Items' }).click();
  await itemCard(coordinator, CHANNEL).getByLabel(`Assignee of ${CHANNEL}`).selectOption({ label: 'Chloe Creative' });
  await expect(toastWith(coordinator, 'Reassignment successful!')).toBeVisible();
  const header = drawer.locator('header');
  await expect(header.getByText('In Production', { exact: true })).toBeVisible();

  await drawer.getByRole('tab', { name: 'Activity' }).click();
  const entry = drawer.getByRole('list', { name: 'Activity' }).getByRole('listitem').filter({ hasText: 'Status Changed' });
  await expect(entry).toContainText('Submitted → In Production');
  await expect(entry).toContainText('Work on the items has started.');
  await expect(entry).toContainText('by System');
  await screenshot(coordinator, 'request-status-activity');

  // Archiving says that all three items are unfinished and asks to archive anyway.
  await drawer.getByRole('button', { name: 'Archive as Recurring' }).click();
  const confirm = coordinator.getByRole('alertdialog', { name: 'Archive as Recurring?' });
  await expect(confirm.getByText('3 items are not finished yet (not approved, published or complete).')).toBeVisible();
  await screenshot(coordinator, 'request-status-archive-confirm');
  await confirm.getByRole('button', { name: 'Archive Anyway' }).click();
  await expect(toastWith(coordinator, 'Archive successful!')).toBeVisible();

  // The coordinator now reads it only: no composer, upload or admin controls.
  await expect(drawer.getByText(READ_ONLY)).toBeVisible();
  await expect(drawer.getByText('View-Only', { exact: true })).toBeVisible();
  await expect(drawer.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  await expect(drawer.getByRole('region', { name: 'Admin Controls' })).toHaveCount(0);
  await screenshot(coordinator, 'request-status-archived-coordinator');

  // The server refuses too, with the same words.
  const session = await (await coordinator.request.get('/api/auth/session')).json();
  const refused = await coordinator.request.post(`/api/requests/${id}/messages`, {
    data: { body: 'Can I still write?' },
    headers: { 'x-csrf-token': session.csrfToken },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).error.message).toBe(READ_ONLY);

  // An admin still acts on it.
  await admin.goto(`/request/${id}`);
  const adminDrawer = admin.getByRole('dialog', { name: title });
  await expect(adminDrawer.getByText('This request is archived.')).toBeVisible();
  await expect(adminDrawer.getByText(READ_ONLY)).toHaveCount(0);
  await adminDrawer.getByRole('textbox', { name: 'Message' }).fill('Archived, but noted for next year.');
  await adminDrawer.getByRole('button', { name: 'Send' }).click();
  await expect(adminDrawer.getByText('Archived, but noted for next year.')).toBeVisible();

  for (const page of [requester, coordinator, admin]) await page.context().close();
});
