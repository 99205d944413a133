import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, toastWith, screenshot } from './fixtures';

/**
 * Sunday work reaches the people doing it (decision 0058): a coordinator gives a creative a Sunday
 * video; the creative's bell rings, the notification opens the Sunday on that video, My Tasks lists
 * it with its due date, and the creative marks it ready from there.
 */
const bellOf = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
const shortDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

test('a creative assigned a Sunday video is told, finds it in My Tasks and completes it', async ({ page, signIn, signedInPage }) => {
  await signIn(page, 'creative', '/production');
  const me = ((await (await page.request.get('/api/auth/session')).json()) as { user: { id: string } }).user;
  await expect(bellOf(page)).toBeVisible();

  // The coordinator plans a video three Sundays ahead (never one the Thursday lock has closed) and gives it to the creative.
  const coordinator = await signedInPage('coordinator');
  const session = (await (await coordinator.request.get('/api/auth/session')).json()) as { csrfToken: string };
  const dashboard = (await (await coordinator.request.get('/api/runways/dashboard')).json()) as {
    upcomingSundays: Array<{ sundayDate: string }>;
  };
  const date = dashboard.upcomingSundays[3].sundayDate;
  const title = `Baptism story ${Date.now()}`;
  const current = (await (await coordinator.request.get(`/api/sundays/${date}/videos`)).json()) as {
    version: number;
    videos: Array<{ id: string; title: string; ownerId: string | null }>;
  };
  const saved = await coordinator.request.put(`/api/sundays/${date}/videos`, {
    data: { version: current.version, videos: [...current.videos, { title, ownerId: me.id }], deleted: [] },
    headers: { 'x-csrf-token': session.csrfToken },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();
  const video = ((await saved.json()) as { videos: Array<{ id: string; title: string }> }).videos.find((v) => v.title === title)!;
  await coordinator.context().close();

  // The bell rings live; its entry opens the Sunday focused on the video.
  const bell = bellOf(page);
  await bell.click();
  const entry = page
    .getByRole('dialog')
    .getByRole('button', { name: /You were assigned Sunday work \(unread\)/ })
    .filter({ hasText: title });
  await expect(entry).toBeVisible({ timeout: 30_000 });
  await entry.click();
  await expect(page).toHaveURL(new RegExp(`/sundays/${date}\\?focus=video:${video.id}$`));
  const row = page.locator(`#work-video-${video.id}`);
  await expect(row).toBeFocused();
  await expect(row.getByRole('button', { name: `Mark ready: ${title}` })).toBeVisible();
  await screenshot(page, 'sunday-work-sunday-1280', { fullPage: true });
  await expectAccessible(page);

  // The task calendar shows it on its due day, linking to the same place.
  await page.goto(`/calendar?month=${date.slice(0, 7)}`);
  const onCalendar = page.locator(`td[data-date="${date}"]`).getByRole('link', { name: `Sunday video: ${title}` });
  await expect(onCalendar).toHaveAttribute('href', `/sundays/${date}?focus=video:${video.id}`);
  await screenshot(page, 'sunday-work-calendar-1280', { fullPage: true });

  // My Tasks lists it with its Sunday as the due date, and finishes it.
  await page.goto('/my-tasks');
  const section = page.getByRole('region', { name: 'Sunday work' });
  const item = section.getByRole('listitem').filter({ hasText: title });
  await expect(item).toBeVisible();
  await expect(item).toContainText(`Due ${shortDate(date)}`);
  await expect(item.getByRole('link', { name: title })).toHaveAttribute('href', `/sundays/${date}?focus=video:${video.id}`);
  await screenshot(page, 'sunday-work-my-tasks-1280', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'sunday-work-my-tasks-390', { fullPage: true });
  await item.getByRole('button', { name: `Mark ready: ${title}` }).click();
  await expect(toastWith(page, 'Marked complete.')).toBeVisible();
  await expect(section.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
  await expectAccessible(page);

  // The Sunday now shows the video ready, with nothing left to do.
  await page.goto(`/sundays/${date}?focus=video:${video.id}`);
  await expect(page.locator(`#work-video-${video.id}`)).toContainText('ready');
  await expect(page.locator(`#work-video-${video.id}`).getByRole('button')).toHaveCount(0);
  await screenshot(page, 'sunday-work-sunday-390', { fullPage: true });
});
