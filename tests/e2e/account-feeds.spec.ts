import ICAL from 'ical.js';
import { test, expect, expectAccessible, toastWith, screenshot } from './fixtures';

/** "Calendar feeds" (decision 0033): a person copies their feed URL from /account and subscribes to it. */

/** The events of an iCalendar text, as a calendar app reads them. */
function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((v) => ({
    uid: new ICAL.Event(v).uid,
    // The link to the app is the notes' last line.
    url: (new ICAL.Event(v).description ?? '').split('\n').at(-1) ?? null,
  }));
}

test('a coordinator copies their feed URL, subscribes to it, narrows the team feed and revokes the link', async ({
  page,
  context,
  baseURL,
  signIn,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await signIn(page, 'coordinator', '/account');

  const feeds = page.getByRole('region', { name: 'Calendar feeds' });
  await expect(feeds.getByRole('heading', { name: 'Calendar feeds' })).toBeVisible();
  const personal = feeds.getByRole('region', { name: 'My calendar' });
  await expect(personal.getByText('No link yet.')).toBeVisible();
  await personal.getByRole('button', { name: 'Create link' }).click();

  const field = personal.getByLabel('Subscription link');
  await expect(field).toHaveValue(/\/feeds\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(field).toHaveAttribute('readonly', '');
  await expectAccessible(page);
  await screenshot(page, 'account-feeds', { fullPage: true });

  // Copy: the clipboard holds exactly the link shown.
  await personal.getByRole('button', { name: 'Copy' }).click();
  await expect(toastWith(page, 'Copied')).toBeVisible();
  const url = await field.inputValue();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  // What a calendar app gets (the feed reads no session: the token is the key). The link names the
  // configured origin; the test server listens on 127.0.0.1, so the path is fetched there.
  const path = new URL(url).pathname;
  const anonymous = await page.request.get(path);
  expect(anonymous.status()).toBe(200);
  expect(anonymous.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const text = await anonymous.text();
  expect(text.startsWith('BEGIN:VCALENDAR')).toBe(true);
  const events = eventsOf(text);
  expect(events.length).toBeGreaterThan(0);
  for (const e of events) expect(e.url).toMatch(/\/request\/[0-9a-f-]{36}$/);

  // The team feed, narrowed to one ministry before it is made: it carries the Sundays and their lock times.
  const team = feeds.getByRole('region', { name: 'Team calendar' });
  const ministry = team.getByLabel('Ministry');
  const firstMinistry = (await ministry.locator('option').nth(1).textContent())!;
  await ministry.selectOption({ label: firstMinistry });
  await team.getByRole('button', { name: 'Create link' }).click();
  const teamUrl = await team.getByLabel('Subscription link').inputValue();
  expect(teamUrl).not.toBe(url);
  const teamEvents = eventsOf(await (await page.request.get(new URL(teamUrl).pathname)).text());
  expect(teamEvents.filter((e) => /^sunday-\d{4}-\d{2}-\d{2}-lock@lampstand$/.test(e.uid))).toHaveLength(6);
  await expect(ministry).toHaveValue(/[0-9a-f-]{36}/);

  // Revoke asks first; then the link is dead.
  await personal.getByRole('button', { name: 'Revoke' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Revoke this link?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(toastWith(page, 'Link revoked')).toBeVisible();
  await expect(personal.getByText('No link yet.')).toBeVisible();
  expect((await page.request.get(path)).status()).toBe(404);

  // After a reload the team link is no longer shown, only when it was made and last used.
  await page.reload();
  await expect(team.getByText(/^Created .* · Last used /)).toBeVisible();
  await expect(team.getByLabel('Subscription link')).toHaveCount(0);
});
