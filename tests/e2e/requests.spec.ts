import {
  test,
  expect,
  apiAs,
  expectAccessible,
  pngFile,
  fillNewRequest,
  itemCard,
  pendingItemFor,
  submitRequestViaApi,
  toastWith,
  type SignedInRole,
  submitNewRequest,
} from './fixtures';
import { DETAIL_PAGE_SIZE } from '../../src/shared/api/request-detail';

/** guide/requests.md#my-requests: the new-request form, the approval queue, duplication from the archive, and the list screens. */

test('a requester submits the form and a coordinator sitting on /intake sees it arrive live', async ({ page, signIn, signedInPage }) => {
  const title = `Youth Game Night ${Date.now()}`;

  // The coordinator opens the intake queue before anything is submitted, and never reloads.
  const coordinator = await signedInPage('coordinator');
  await coordinator.goto('/intake');
  await expect(coordinator.getByRole('heading', { name: 'Intake Queue' })).toBeVisible();
  await expect(coordinator.getByRole('table')).toBeVisible();
  await coordinator.evaluate(() => ((window as unknown as { e2eMarker: string }).e2eMarker = 'still-here'));

  await signIn(page, 'requester', '/my-requests');
  await page.getByRole('link', { name: 'New Request' }).click();
  await expect(page).toHaveURL(/\/request\/new$/);
  const bar = page.getByRole('progressbar', { name: 'Content completeness' });
  await expect(bar).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByTestId('submit-reason')).toHaveText('Content must be at least 60% complete.');

  await fillNewRequest(page, title);
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(60);
  await expect(page.getByTestId('submit-reason')).toHaveText('Ready to submit (60% needed).');
  await submitNewRequest(page);

  await expect(toastWith(page, 'Request submitted!')).toBeVisible();
  await expect(page).toHaveURL(/\/request\/[0-9a-f-]{36}$/);
  const drawer = page.getByRole('dialog', { name: title });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('tab', { name: 'Items' }).click();
  for (const channel of ['Sunday Slide Deck', 'Website Event Page', 'Instagram Story']) {
    await expect(itemCard(page, channel)).toBeVisible();
  }

  const row = coordinator.getByRole('row').filter({ hasText: title });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText('Youth');
  await expect(row).toContainText('Submitted');
  expect(await coordinator.evaluate(() => (window as unknown as { e2eMarker?: string }).e2eMarker)).toBe('still-here');
  await coordinator.context().close();
});

test('a requester leaving a half-filled form is asked first, and finds the draft offered back with its time', async ({ page, signIn }) => {
  const title = `Draft Night ${Date.now()}`;
  await signIn(page, 'requester', '/my-requests');
  await page.getByRole('link', { name: 'New Request' }).click();
  const form = page.getByRole('form', { name: 'New request' });
  await form.getByLabel(/^Event title\b/).fill(title);
  await form.getByLabel('Upload files').setInputFiles(pngFile('flyer.png'));
  await expect(form.getByRole('list', { name: 'Selected files' })).toContainText('flyer.png');
  // Kept as the person types (about a second after the last change), under their own key.
  await expect
    .poll(() => page.evaluate(() => Object.entries(localStorage).find(([k]) => k.startsWith('lampstand:draft:'))?.[1] ?? ''))
    .toContain('"fileCount":1');

  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  const ask = page.getByRole('alertdialog', { name: 'You have unsaved changes!' });
  await expect(ask).toContainText('the files you picked are not kept');
  // And on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/request\/new$/);
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Leave' }).click();
  await expect(page).not.toHaveURL(/\/request\/new$/);

  await page.goto('/request/new');
  const offer = page.getByRole('region', { name: 'Saved draft' });
  await expect(offer).toContainText('You have an unsaved draft. Would you like to restore it?');
  await expect(offer).toContainText(/Restore your draft from \w{3} \d{1,2} at \d{1,2}:\d{2} [AP]M\?/);
  await expect(offer).toContainText('The file you picked is not kept in a draft');
  // And on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await offer.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByRole('form', { name: 'New request' }).getByLabel(/^Event title\b/)).toHaveValue(title);
  await expect(toastWith(page, 'Draft Restored')).toBeVisible();
});

test("an approver rejects the pending banner with 'Other' and the requester reads the reason", async ({ page, signIn, signedInPage }) => {
  const reason = `The banner printer is booked that month (${Date.now()})`;
  const requester = await signedInPage('requester');
  await signIn(page, 'approver', '/my-tasks');
  const item = await pendingItemFor(page, requester, { eventTitle: 'Easter Family Picnic', channel: 'banner' });
  const itemName = `${item.channelLabel} for ${item.eventTitle}`;
  await page.goto('/approvals');
  await expect(page.getByRole('heading', { name: 'Approval Queue' })).toBeVisible();
  await page.getByRole('button', { name: `Reject ${itemName}` }).click();

  const dialog = page.getByRole('dialog', { name: 'Reject Additional Item' });
  await expect(dialog).toContainText(itemName);
  await dialog.getByRole('radio', { name: 'Other' }).check();
  const text = dialog.getByLabel('Please describe the reason');
  const rejectButton = dialog.getByRole('button', { name: 'Reject Item' });

  // Blank, then only spaces: the rejection is refused and the dialog stays open.
  await rejectButton.click();
  await expect(dialog.getByText('Please describe the reason for rejecting.')).toBeVisible();
  await text.fill('    ');
  await rejectButton.click();
  await expect(dialog.getByText('Please describe the reason for rejecting.')).toBeVisible();
  await expect(dialog).toBeVisible();

  await text.fill(reason);
  await rejectButton.click();
  await expect(toastWith(page, 'Item rejected')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: `Reject ${itemName}` })).toHaveCount(0);

  await requester.goto('/my-requests');
  await requester.getByRole('link', { name: `Details of ${item.eventTitle}` }).click();
  const drawer = requester.getByRole('dialog', { name: item.eventTitle });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('tab', { name: 'Items' }).click();
  const card = itemCard(requester, item.channelLabel);
  await expect(card).toContainText('Additional request: Rejected');
  await expect(card).toContainText(`Rejection reason: ${reason}`);
  await requester.context().close();
});

test('a requester duplicates an archived recurring event into a new request', async ({ page, signIn }) => {
  // 'Summer Block Party' is archived as recurring and was requested by requester@ (seed-demo.ts).
  await signIn(page, 'requester', '/my-requests');
  await page.goto('/archive');
  await expect(page.getByRole('heading', { name: 'Archive' })).toBeVisible();
  await page.getByRole('tab', { name: 'Recurring Events' }).click();
  await page.getByRole('link', { name: 'Duplicate Summer Block Party' }).click();

  await expect(page).toHaveURL(/\/request\/new\?duplicate=[0-9a-f-]{36}$/);
  const banner = page.getByRole('region', { name: 'Duplicating Request' });
  await expect(banner).toContainText('Duplicating Request');
  await expect(banner).toContainText('Summer Block Party');
  await expect(toastWith(page, 'Request Loaded for Duplication')).toContainText(
    'Review and update all fields, especially dates, before submitting.',
  );
  const form = page.getByRole('form', { name: 'New request' });
  await expect(form.getByLabel(/^Event title\b/)).toHaveValue('Summer Block Party');
  await expect(form.getByLabel(/^Short description\b/)).toHaveValue(/Summer Block Party/);
  for (const date of ['Promotion start date', 'Event start date', 'Event end date']) {
    await expect(form.getByLabel(new RegExp(`^${date}\\b`))).toHaveValue('');
  }
});

const SCREENS: Array<{ path: string; role: SignedInRole; heading: string; ready?: string }> = [
  { path: '/my-requests', role: 'requester', heading: 'Requests', ready: 'Easter Family Picnic' },
  { path: '/intake', role: 'coordinator', heading: 'Intake Queue', ready: 'Missions Sunday Lunch' },
  // The queue's rows depend on what other flows decided, so only its loaded state is awaited.
  { path: '/approvals', role: 'approver', heading: 'Approval Queue' },
  { path: '/request/new', role: 'requester', heading: 'New Request', ready: 'Content completeness' },
  { path: '/archive', role: 'requester', heading: 'Archive', ready: 'Summer Block Party' },
  { path: '/event-promotions', role: 'requester', heading: 'Event Promotions', ready: 'Marriage Retreat' },
  { path: '/my-tasks', role: 'creative', heading: 'My Tasks', ready: 'Youth Winter Camp' },
];

test('the request screens pass axe for the roles that use them', async ({ signedInPage }) => {
  const pages = new Map<SignedInRole, Awaited<ReturnType<typeof signedInPage>>>();
  for (const screen of SCREENS) {
    const page = pages.get(screen.role) ?? (await signedInPage(screen.role));
    pages.set(screen.role, page);
    await page.goto(screen.path);
    await expect(page.getByRole('heading', { level: 1, name: screen.heading, exact: true })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
    if (screen.ready) await expect(page.getByText(screen.ready).first()).toBeVisible();
    await expectAccessible(page);
  }
  for (const page of pages.values()) await page.context().close();
});

test("the drawer shows the newest page of messages and brings older ones on 'Show more'", async ({ page, signIn }) => {
  await signIn(page, 'requester');
  const requestId = await submitRequestViaApi(page, `Show more check ${Date.now()}`);
  const api = await apiAs(page.request);
  const total = DETAIL_PAGE_SIZE + 2;
  for (let i = 0; i < total; i++) {
    const res = await api.post(`/api/requests/${requestId}/messages`, { body: `Note ${i}` });
    expect(res.status()).toBe(201);
  }
  await page.goto(`/request/${requestId}`);
  const team = page.getByRole('region', { name: 'Message Team' });
  const messages = team.getByRole('list', { name: 'Messages' }).getByRole('listitem');
  await expect(team.getByText(`Note ${total - 1}`, { exact: true })).toBeVisible();
  await expect(messages).toHaveCount(DETAIL_PAGE_SIZE);
  await expect(team.getByText('Note 0', { exact: true })).toHaveCount(0);
  await team.getByRole('button', { name: 'Show more' }).click();
  await expect(team.getByText('Note 0', { exact: true })).toBeVisible();
  await expect(messages).toHaveCount(total);
  await expect(team.getByRole('button', { name: 'Show more' })).toHaveCount(0);
});
