import { test, expect, fillNewRequest, itemCard, pngFile, toastWith, submitNewRequest } from './fixtures';
import type { Page } from '@playwright/test';

/**
 * guide/requests.md#the-new-request-form's implied flow with three people signed in at once: submit, intake and
 * coordinator assignment, assignment to a creative, proof, change request, second proof, approval,
 * archive. Every browser sees the others' changes live: no page is ever reloaded.
 */

const LIVE = { timeout: 30_000 };
const CHANNEL = 'Sunday Slide Deck';
const MARK = 'e2eNoReload';
const READ_ONLY = 'This request is archived and read-only. Only an admin can change it.';

/** A marker on window: it survives in-app navigation and disappears on any full page load. */
const setMarker = (page: Page) => page.evaluate((key) => ((window as unknown as Record<string, boolean>)[key] = true), MARK);
const hasMarker = (page: Page) => page.evaluate((key) => (window as unknown as Record<string, boolean>)[key] === true, MARK);

/** The creative uploads a proof on the item through the file chooser, as a person would. */
async function uploadProof(page: Page, fileName: string, version: number) {
  const card = itemCard(page, CHANNEL);
  const chooser = page.waitForEvent('filechooser');
  await card.getByRole('button', { name: `Upload proof for ${CHANNEL}` }).click();
  await (await chooser).setFiles(pngFile(fileName));
  await expect(toastWith(page, 'Upload successful!').filter({ hasText: `version ${version}` })).toBeVisible();
  await expect(card).toContainText(`Proof v${version}`);
  await card.getByRole('button', { name: 'Mark Ready for Proof' }).click();
  await expect(card.getByText('Proof Ready', { exact: true })).toBeVisible();
}

test('request to archive: requester, coordinator and creative work one request live', async ({ signedInPage }) => {
  test.setTimeout(300_000);
  const title = `Youth Worship Night ${Date.now()}`;
  const [requester, coordinator, creative] = await Promise.all([
    signedInPage('requester'),
    signedInPage('coordinator'),
    signedInPage('creative'),
  ]);
  await coordinator.goto('/intake');
  await expect(coordinator.getByRole('heading', { name: 'Intake Queue' })).toBeVisible();
  await creative.goto('/my-tasks');
  await expect(creative.getByRole('heading', { name: 'Active Tasks' })).toBeVisible();
  await Promise.all([setMarker(coordinator), setMarker(creative)]);

  // 1. The requester submits through the form and keeps the drawer open on the Items tab.
  await requester.goto('/request/new');
  await setMarker(requester);
  await fillNewRequest(requester, title);
  await submitNewRequest(requester);
  await expect(toastWith(requester, 'Request submitted!')).toBeVisible();
  const requesterDrawer = requester.getByRole('dialog', { name: title });
  await requesterDrawer.getByRole('tab', { name: 'Items' }).click();
  await expect(itemCard(requester, CHANNEL).getByText('Submitted', { exact: true })).toBeVisible();

  // 2. The coordinator sees it arrive on /intake, opens it, takes it and moves it to production.
  await coordinator.getByRole('link', { name: `View ${title}` }).click(LIVE);
  const coordinatorDrawer = coordinator.getByRole('dialog', { name: title });
  const controls = coordinatorDrawer.getByRole('region', { name: 'Admin Controls' });
  await controls.getByLabel('Coordinator', { exact: true }).selectOption({ label: 'Caleb Coordinator' });
  await expect(toastWith(coordinator, 'Coordinator update successful!')).toBeVisible();
  await expect(controls.getByLabel('Status', { exact: true })).toBeEnabled();
  await controls.getByLabel('Status', { exact: true }).selectOption('in_production');
  await expect(toastWith(coordinator, 'Status update successful!')).toBeVisible();
  await expect(coordinatorDrawer.getByText('In Production', { exact: true }).first()).toBeVisible();
  await expect(requesterDrawer.getByText('In Production', { exact: true }).first()).toBeVisible(LIVE);

  // 3. ... and assigns the slide deck to the creative.
  await coordinatorDrawer.getByRole('tab', { name: 'Items' }).click();
  await itemCard(coordinator, CHANNEL).getByLabel(`Assignee of ${CHANNEL}`).selectOption({ label: 'Chloe Creative' });
  await expect(toastWith(coordinator, 'Reassignment successful!')).toBeVisible();

  // 4. The task appears on the creative's /my-tasks without a reload; she opens it and sends a proof.
  const task = creative.getByRole('link', { name: `Details of ${title}, ${CHANNEL}` });
  await expect(task).toBeVisible(LIVE);
  await task.click();
  const creativeDrawer = creative.getByRole('dialog', { name: title });
  await creativeDrawer.getByRole('tab', { name: 'Items' }).click();
  await uploadProof(creative, 'slide-v1.png', 1);

  // 5. The requester's open drawer shows the proof ready, and the request in review (the status
  // follows the work, decision 0007); she asks for changes.
  const requesterCard = itemCard(requester, CHANNEL);
  await expect(requesterCard.getByText('Proof Ready', { exact: true })).toBeVisible(LIVE);
  await expect(requesterDrawer.getByText('In Review', { exact: true }).first()).toBeVisible(LIVE);
  await requesterCard.getByRole('button', { name: 'Request Changes' }).click();
  const feedback = requester.getByRole('dialog', { name: 'Request Changes' });
  await feedback.getByLabel('Feedback').fill('Please use the youth logo and a larger date.');
  await feedback.getByRole('button', { name: 'Request Changes' }).click();
  await expect(toastWith(requester, 'Change request successful!')).toBeVisible();
  await expect(requesterCard.getByText('Changes Requested', { exact: true })).toBeVisible();
  await expect(requesterDrawer.getByText('Revisions Needed', { exact: true }).first()).toBeVisible();

  // 6. The creative sees the change request live, uploads version 2 and marks it ready again.
  const creativeCard = itemCard(creative, CHANNEL);
  await expect(creativeCard.getByText('Changes Requested', { exact: true })).toBeVisible(LIVE);
  await uploadProof(creative, 'slide-v2.png', 2);

  // 7. The requester approves the second proof.
  await expect(requesterCard.getByText('Proof Ready', { exact: true })).toBeVisible(LIVE);
  await expect(requesterCard).toContainText('Proof v2');
  await requesterCard.getByRole('button', { name: 'Approve Proof' }).click();
  await expect(toastWith(requester, 'Proof approval successful!')).toBeVisible();
  await expect(requesterCard.getByText('Approved', { exact: true })).toBeVisible();
  await expect(creativeCard.getByText('Approved', { exact: true })).toBeVisible(LIVE);
  await expect(itemCard(coordinator, CHANNEL).getByText('Approved', { exact: true })).toBeVisible(LIVE);
  // The other two channels are still open, so the request is back in production.
  await expect(requesterDrawer.getByText('In Production', { exact: true }).first()).toBeVisible();

  // 8. The coordinator archives it as a one-time event, warned that two items are unfinished; it
  // leaves the lists, joins the archive and is read-only for everyone but admins.
  await controls.getByRole('button', { name: 'Archive as One-Time' }).click();
  const confirm = coordinator.getByRole('alertdialog', { name: 'Archive as One-Time?' });
  await expect(confirm.getByText('2 items are not finished yet (not approved, published or complete).')).toBeVisible();
  await confirm.getByRole('button', { name: 'Archive Anyway' }).click();
  await expect(toastWith(coordinator, 'Archive successful!')).toBeVisible();
  await expect(coordinatorDrawer.getByText(READ_ONLY)).toBeVisible();
  await expect(controls).toHaveCount(0);
  await expect(requesterDrawer.getByText('Archived Onetime', { exact: true }).first()).toBeVisible(LIVE);
  await expect(requesterDrawer.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  for (const page of [requester, coordinator, creative]) expect(await hasMarker(page)).toBe(true);

  await coordinator.goto('/archive');
  await coordinator.getByRole('tab', { name: 'One-Time Events' }).click();
  await expect(coordinator.getByRole('link', { name: `View ${title}` })).toBeVisible();
  await coordinator.getByRole('tab', { name: 'Recurring Events' }).click();
  await expect(coordinator.getByRole('link', { name: `View ${title}` })).toHaveCount(0);

  for (const page of [requester, coordinator, creative]) await page.context().close();
});
