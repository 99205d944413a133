import { test, expect, apiAs, expectAccessible, screenshot } from './fixtures';
import type { Page } from '@playwright/test';

/**
 * The Activity screen (/notifications, guide/sunday-planning.md#the-runways-dashboard, #the-lock-rule, guide/notifications-and-email.md#the-notifications-screen): coordinators and
 * admins read the Master Activity Feed of everyone's notifications and messages, live and paged;
 * everyone else reads My Notifications and marks them all read.
 */

interface Row {
  id: string;
  eventTitle: string;
}

/** Posts a message as the page's user on the first of their requests that takes one; answers which. */
async function postOnOwnRequest(page: Page, body: string): Promise<Row> {
  const api = await apiAs(page.request);
  const mine = (await (await page.request.get('/api/requests/mine?section=mine')).json()) as { rows: Row[] };
  for (const row of mine.rows) {
    const res = await api.post(`/api/requests/${row.id}/messages`, { body });
    if (res.status() === 201) return row;
  }
  throw new Error('no request of this user takes a message');
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, `activity-${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a coordinator sees the master feed live, with a new message and its notification, and loads the next page', async ({
  page,
  signIn,
  signedInPage,
}) => {
  // Writing 201 messages through the API takes a while on a shared machine.
  test.setTimeout(300_000);
  await signIn(page, 'coordinator', '/notifications');
  await expect(page.getByRole('heading', { name: 'Master Activity Feed' })).toBeVisible();
  const feed = page.getByRole('list', { name: 'Activity' });
  await expect(feed.or(page.getByText('No activity yet.'))).toBeVisible();

  // The requester writes on one of their requests in another browser: the feed shows it live.
  const requester = await signedInPage('requester');
  const text = `Can we add the kids' choir? ${Date.now()}`;
  const request = await postOnOwnRequest(requester, text);
  const messages = feed.getByRole('listitem').filter({ has: page.locator('[data-kind="message"]') });
  const message = messages.filter({ hasText: text });
  await expect(message).toBeVisible({ timeout: 30_000 });
  await expect(message).toContainText('From');
  await expect(message.getByRole('link', { name: request.eventTitle })).toHaveAttribute('href', `/request/${request.id}`);
  // Its notification to the request's team is in the feed too.
  await expect(
    feed
      .getByRole('listitem')
      .filter({ hasText: `New message on ${request.eventTitle}` })
      .filter({ hasText: text.slice(0, 20) })
      .first(),
  ).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'master');

  // More than 200 messages: the first page holds the latest 200, the rest come with Load more.
  // The first 200 are written while the coordinator is on another screen: an open feed refetches
  // its 200 rows on every one of them, which on a busy machine falls behind the writes by many
  // seconds. Back on the feed, the last one arrives live, on top of a full first page.
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Master Activity Feed' })).toBeHidden();
  const api = await apiAs(requester.request);
  for (let i = 0; i < 200; i++) {
    const res = await api.post(`/api/requests/${request.id}/messages`, { body: `Bulk ${i}` });
    expect(res.status()).toBe(201);
  }
  await page.goto('/notifications');
  await expect(messages.filter({ hasText: 'Bulk 199' })).toBeVisible();
  expect((await api.post(`/api/requests/${request.id}/messages`, { body: 'Bulk 200' })).status()).toBe(201);
  await requester.context().close();
  await expect(messages.filter({ hasText: 'Bulk 200' })).toBeVisible({ timeout: 30_000 });
  const loadMore = page.getByRole('button', { name: 'Load more' });
  await expect(loadMore).toBeVisible();
  // The message posted first is now older than the 200 after it: a later page brings it, once.
  for (let pages = 0; (await message.count()) === 0 && pages < 10; pages++) {
    const before = await feed.getByRole('listitem').count();
    await loadMore.click();
    await expect.poll(() => feed.getByRole('listitem').count()).toBeGreaterThan(before);
  }
  await expect(message).toHaveCount(1);
  await expect(messages.filter({ has: page.getByText('Bulk 0', { exact: true }) })).toHaveCount(1);
});

test('a requester sees My Notifications and marks them all read', async ({ page, signIn, signedInPage }) => {
  // An admin's message on the requester's request leaves the requester a notification.
  await signIn(page, 'requester');
  const mine = (await (await page.request.get('/api/requests/mine?section=mine')).json()) as { rows: Row[] };
  const admin = await signedInPage('admin');
  const api = await apiAs(admin.request);
  const text = `Please send the final logo ${Date.now()}`;
  let posted = false;
  for (const row of mine.rows) {
    if ((await api.post(`/api/requests/${row.id}/messages`, { body: text })).status() === 201) {
      posted = true;
      break;
    }
  }
  expect(posted).toBe(true);
  await admin.context().close();

  // The requester may not read the master feed.
  expect((await page.request.get('/api/notifications/feed')).status()).toBe(403);

  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: 'My Notifications' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Notifications' });
  await expect(
    list
      .getByRole('button', { name: /\(unread\)/ })
      .filter({ hasText: text })
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('main').getByText(/^\d+ unread$/)).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'mine');

  await page.getByRole('button', { name: 'Mark All as Read' }).click();
  await expect(page.getByText('You are all caught up.')).toBeVisible();
  await expect(list.getByRole('button', { name: /\(unread\)/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark All as Read' })).toBeDisabled();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Notifications' })).toBeVisible();
});
