import { test, expect, pendingItemFor, toastWith } from './fixtures';
import type { Page } from '@playwright/test';

/**
 * guide/notifications-and-email.md#the-bell with guide/notifications-and-email.md#the-bell's events: the bell counts a new notification live, and opens its
 * request, which marks every notification about that request read.
 */

const bellName = (count: number) => (count > 0 ? `Notifications ${count > 99 ? '99+' : count} unread` : 'Notifications');
const bellOf = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

test('the bell counts a new notification live, lists it, and opening it marks it read', async ({ page, signIn, signedInPage }) => {
  // The approver's browser; the seeded 'mass_email' of 'Missions Sunday Lunch' waits for a decision.
  const approver = await signedInPage('approver');
  await signIn(page, 'requester', '/my-requests');
  const item = await pendingItemFor(approver, page, { eventTitle: 'Missions Sunday Lunch', channel: 'mass_email' });
  const before = ((await (await page.request.get('/api/notifications/unread-count')).json()) as { count: number }).count;
  // Opening a request marks a requester's notifications about it read (guide/notifications-and-email.md#the-bell): count those.
  const unread = (await (await page.request.get('/api/notifications?unreadOnly=true&limit=50')).json()) as {
    items: Array<{ requestId: string | null }>;
  };
  const aboutIt = unread.items.filter((n) => n.requestId === item.requestId).length;
  const bell = bellOf(page);
  await expect(bell).toHaveAccessibleName(bellName(before));
  await page.evaluate(() => ((window as unknown as { e2eMarker: string }).e2eMarker = 'still-here'));

  // The approver approves it in the approval queue.
  await approver.goto('/approvals');
  await approver
    .getByRole('button', { name: `Approve ${item.channelLabel} for ${item.eventTitle}` })
    .first()
    .click();
  await expect(toastWith(approver, 'Item approved')).toBeVisible();
  await approver.context().close();

  await expect(bell).toHaveAccessibleName(bellName(before + 1), { timeout: 30_000 });
  await expect(page.getByTestId('bell-badge')).toHaveText(String(before + 1));
  expect(await page.evaluate(() => (window as unknown as { e2eMarker?: string }).e2eMarker)).toBe('still-here');

  await bell.click();
  const entry = page
    .getByRole('dialog')
    .getByRole('button', { name: /Additional item approved \(unread\)/ })
    .filter({ hasText: `${item.channelLabel} for ${item.eventTitle} was approved.` });
  await expect(entry).toBeVisible();
  await entry.click();

  await expect(page).toHaveURL(new RegExp(`/request/${item.requestId}$`));
  const drawer = page.getByRole('dialog', { name: item.eventTitle });
  await expect(drawer).toBeVisible();
  // The drawer is modal (the header is hidden from assistive tech); closing it goes back to the list.
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/my-requests$/);
  await expect(bell).toHaveAccessibleName(bellName(before - aboutIt));
  const { items } = (await (await page.request.get('/api/notifications?limit=5')).json()) as {
    items: Array<{ title: string; body: string; read: boolean; requestId: string | null }>;
  };
  const opened = items.find((n) => n.title === 'Additional item approved' && n.requestId === item.requestId);
  expect(opened?.read).toBe(true);
  expect(items.filter((n) => n.requestId === item.requestId).every((n) => n.read)).toBe(true);
});
