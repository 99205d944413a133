import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { upcomingSundays } from '../../src/shared/domain/dates';
import { sundayTitle } from '../../src/shared/domain/sunday-work';
import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, toastWith, screenshot } from './fixtures';

const CHURCH_ZONE = 'America/New_York';

type SignedInPage = (role: 'creative' | 'coordinator' | 'admin') => Promise<Page>;

/** The creative takes assignment e-mails at once (the default waits for the digest); answers their id. */
async function creativeTakesMailAtOnce(signedInPage: SignedInPage): Promise<{ user: { id: string } }> {
  const creative = await signedInPage('creative');
  const me = (await (await creative.request.get('/api/auth/session')).json()) as { user: { id: string }; csrfToken: string };
  const chose = await creative.request.put('/api/account/email-preferences', {
    data: { kind: 'assignment', mode: 'immediate' },
    headers: { 'x-csrf-token': me.csrfToken },
  });
  expect(chose.ok(), await chose.text()).toBeTruthy();
  await creative.context().close();
  return me;
}

/** The creative's assignment e-mail about `about`, read from the outbox as an admin sees it. */
async function assignmentMail(signedInPage: SignedInPage, about: string) {
  const admin = await signedInPage('admin');
  const outbox = (await (await admin.request.get('/api/admin/outbox?recipient=creative@example.org')).json()) as {
    items: Array<{ subject: string; actionUrl: string | null; body: string }>;
  };
  await admin.context().close();
  return outbox.items.find((m) => m.subject.startsWith('You were assigned Sunday work') && m.body.includes(about))!;
}

/**
 * People on Sundays: a coordinator gives a creative a Sunday task; the creative declines it from
 * the assignment e-mail's link (read from the outbox), on the page the link opens, signed out; the
 * coordinator sees the decline on the schedule and fills the task from its suggestions.
 */
test('a volunteer declines from the e-mail link and the coordinator fills the slot from the schedule', async ({
  browser,
  signedInPage,
}) => {
  const me = await creativeTakesMailAtOnce(signedInPage);

  // The coordinator gives the creative a task three Sundays ahead (never one the Thursday lock has closed).
  const coordinator = await signedInPage('coordinator');
  const session = (await (await coordinator.request.get('/api/auth/session')).json()) as { csrfToken: string };
  const dashboard = (await (await coordinator.request.get('/api/runways/dashboard')).json()) as {
    upcomingSundays: Array<{ sundayDate: string }>;
  };
  const date = dashboard.upcomingSundays[2].sundayDate;
  const { items: runways } = (await (await coordinator.request.get('/api/runways')).json()) as { items: Array<{ code: string }> };
  const code = runways[0].code;
  const plan = (await (await coordinator.request.get(`/api/sundays/${date}`)).json()) as {
    groups: Array<{ runway: { code: string }; version: number }>;
  };
  const taskName = `Greeter team ${Date.now()}`;
  const saved = await coordinator.request.put(`/api/sundays/${date}/runways/${code}/items`, {
    data: { version: plan.groups.find((g) => g.runway.code === code)!.version, items: [{ taskName, assignedToId: me.user.id }] },
    headers: { 'x-csrf-token': session.csrfToken },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();

  // The link, read from the outbox as an admin sees it.
  const mail = await assignmentMail(signedInPage, taskName);
  expect(mail.actionUrl).toContain('/respond?token=');

  // The creative opens it signed out: the page shows the work and asks; opening it answered nothing.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(new URL(mail.actionUrl!).pathname + new URL(mail.actionUrl!).search);
  await expect(page.getByRole('heading', { name: 'Your assignment' })).toBeVisible();
  await expect(page.getByText(taskName)).toBeVisible();
  await expect(page.getByText('Pending')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'people-respond-1280', { fullPage: true });
  await page.getByLabel('If you decline, why? (optional)').fill('Away that weekend');
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('status')).toHaveText('Thanks: you declined, and the coordinators were told.');
  await context.close();

  // The coordinator's schedule shows the decline in the open row; a suggestion fills it in one press.
  await coordinator.goto('/runways/schedule');
  const fill = coordinator.getByRole('button', { name: new RegExp(`^Fill ${taskName} .* Declined ?: Away that weekend$`) });
  await expect(fill).toBeVisible();
  await screenshot(coordinator, 'people-schedule-1280', { fullPage: true });
  await fill.click();
  const region = coordinator.getByRole('region', { name: new RegExp(`Fill ${taskName}`) });
  const suggestion = region.getByRole('list', { name: 'Suggested replacements' }).getByRole('button').first();
  await expect(suggestion).toBeVisible();
  await expectAccessible(coordinator);
  await suggestion.click();
  await expect(toastWith(coordinator, 'Assigned')).toBeVisible();
  await expect(fill).toBeHidden();
  await coordinator.setViewportSize({ width: 390, height: 844 });
  // On a phone the schedule scrolls inside its card; the page itself does not scroll sideways.
  expect(await coordinator.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(coordinator, 'people-schedule-390', { fullPage: true });
});

/**
 * The same for a Sunday video: its owner declines from the e-mail's link; the coordinator sees the
 * decline on the schedule, opens the Media runway's editor, where the video's card shows the
 * decline with the suggested replacements, picks one and saves; the new owner starts at Pending.
 */
test("a video's owner declines from the e-mail link and the coordinator picks a suggested replacement in the media editor", async ({
  browser,
  signedInPage,
}) => {
  const me = await creativeTakesMailAtOnce(signedInPage);

  const coordinator = await signedInPage('coordinator');
  const session = (await (await coordinator.request.get('/api/auth/session')).json()) as { csrfToken: string };
  const [, , , date] = upcomingSundays(CHURCH_ZONE, 6);
  const title = `Testimony ${Date.now().toString(36)}`;
  const videos = (await (await coordinator.request.get(`/api/sundays/${date}/videos`)).json()) as {
    version: number;
    videos: Array<{ id: string; title: string; ownerId: string | null; orderInService: number }>;
  };
  const saved = await coordinator.request.put(`/api/sundays/${date}/videos`, {
    data: {
      version: videos.version,
      videos: [
        ...videos.videos.map((v) => ({ id: v.id, title: v.title, ownerId: v.ownerId, orderInService: v.orderInService })),
        { title, ownerId: me.user.id, orderInService: videos.videos.length },
      ],
    },
    headers: { 'x-csrf-token': session.csrfToken },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();

  const mail = await assignmentMail(signedInPage, title);
  expect(mail.actionUrl).toContain('/respond?token=video.');

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(new URL(mail.actionUrl!).pathname + new URL(mail.actionUrl!).search);
  await expect(page.getByText(`Sunday video "${title}"`)).toBeVisible();
  await expect(page.getByText(sundayTitle(date))).toBeVisible();
  await page.getByLabel('If you decline, why? (optional)').fill('Filming elsewhere');
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('status')).toHaveText('Thanks: you declined, and the coordinators were told.');
  await context.close();

  // The schedule heads the Sunday with the declined video, as a slot to fill.
  await coordinator.goto('/runways/schedule');
  await expect(
    coordinator.getByRole('button', { name: new RegExp(`^Fill Sunday video: ${title} .* Declined ?: Filming elsewhere$`) }),
  ).toBeVisible();

  // The media editor: the card shows the decline and the replacements; one goes into the picker.
  await coordinator.goto('/runways/media');
  const [y, m, d] = date.split('-').map(Number);
  await coordinator
    .getByRole('button', { name: `Open Media for ${format(new TZDate(y, m - 1, d, 12, CHURCH_ZONE), 'EEEE, MMMM d')}` })
    .click();
  const editor = coordinator.getByRole('dialog', { name: /Media for Sunday/ });
  // Ours is the last video in service order; its card shows the decline with its reason.
  const card = editor.getByRole('list', { name: 'Videos in service order' }).getByRole('listitem').last();
  await expect(card.getByLabel('Title')).toHaveValue(title);
  await expect(card.locator('[data-response="declined"]')).toHaveAttribute('title', 'Filming elsewhere');
  // The picker marks the person who declined that Sunday's work.
  await expect(card.getByLabel('Owner').locator('option:checked')).toHaveText(/\(declined\)/);
  const suggestion = card.getByRole('button', { name: /^Choose .* instead$/ }).first();
  await expect(suggestion).toBeVisible();
  await coordinator.setViewportSize({ width: 1280, height: 900 });
  await card.scrollIntoViewIfNeeded();
  await screenshot(coordinator, 'people-media-decline-1280');
  await expectAccessible(coordinator);
  const chosen = (await suggestion.getAttribute('aria-label'))!.replace(/^Choose (.*) instead$/, '$1');
  await suggestion.click();
  await editor.getByRole('button', { name: 'Save Videos' }).click();
  await expect(toastWith(coordinator, 'Changes saved successfully!')).toBeVisible();
  // Saved: the new owner starts over at Pending.
  await expect(card.getByLabel('Title')).toHaveValue(title);
  await expect(card.locator('[data-response="pending"]')).toBeVisible();
  await expect(card.getByRole('button', { name: /^Choose .* instead$/ })).toHaveCount(0);
  await expect(card.getByLabel('Owner').locator('option:checked')).toHaveText(new RegExp(`^${chosen}`));
  await coordinator.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await screenshot(coordinator, 'people-media-decline-390');
});

/**
 * An open video filled from the schedule: the creative is blocked out that Sunday, so the save is
 * refused and the coordinator is asked; Assign anyway gives it to them, and the matrix shows it in
 * their row.
 */
test('an open video is filled from the schedule, asked first because its person is blocked out', async ({ signedInPage }) => {
  const [, , , , , date] = upcomingSundays(CHURCH_ZONE, 6);
  const creative = await signedInPage('creative');
  const me = (await (await creative.request.get('/api/auth/session')).json()) as { user: { id: string }; csrfToken: string };
  const blockout = await creative.request.post('/api/account/blockouts', {
    data: { startsOn: date, reason: 'Family wedding' },
    headers: { 'x-csrf-token': me.csrfToken },
  });
  expect(blockout.ok(), await blockout.text()).toBeTruthy();

  const coordinator = await signedInPage('coordinator');
  const session = (await (await coordinator.request.get('/api/auth/session')).json()) as { csrfToken: string };
  const title = `Walk-in loop ${Date.now().toString(36)}`;
  const videos = (await (await coordinator.request.get(`/api/sundays/${date}/videos`)).json()) as { version: number };
  const saved = await coordinator.request.put(`/api/sundays/${date}/videos`, {
    data: { version: videos.version, videos: [{ title, status: 'ready', orderInService: 99 }] },
    headers: { 'x-csrf-token': session.csrfToken },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();

  await coordinator.setViewportSize({ width: 1280, height: 900 });
  await coordinator.goto('/runways/schedule');
  const fill = coordinator.getByRole('button', { name: new RegExp(`^Fill Sunday video: ${title} .* open$`) });
  await fill.click();
  const region = coordinator.getByRole('region', { name: new RegExp(`Fill Sunday video: ${title}`) });
  await expect(region.getByRole('link', { name: 'Open it on its Sunday' })).toBeVisible();
  const picker = region.getByLabel('Or choose anyone');
  await expect(picker.locator(`option[value="${me.user.id}"]`)).toHaveText(/\(blocked out\)/);
  await picker.selectOption(me.user.id);
  await screenshot(coordinator, 'schedule-fill-video-1280');
  await expectAccessible(coordinator);
  await region.getByRole('button', { name: 'Assign', exact: true }).click();
  const ask = coordinator.getByRole('alertdialog', { name: 'Blocked out that day' });
  await expect(ask).toContainText('is blocked out on');
  await ask.getByRole('button', { name: 'Assign anyway' }).click();
  await expect(toastWith(coordinator, 'Assigned')).toBeVisible();
  await expect(fill).toBeHidden();
  // The matrix, read again, has the video in the creative's row.
  const table = coordinator.getByRole('table', { name: 'Tasks of each person on each Sunday' });
  await expect(table.getByText(title)).toBeVisible();
  await coordinator.setViewportSize({ width: 390, height: 844 });
  expect(await coordinator.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(coordinator, 'schedule-fill-video-390', { fullPage: true });

  // The blockout goes, so other flows may give the creative that Sunday.
  const mine = (await blockout.json()) as { items: Array<{ id: string; startsOn: string }> };
  for (const b of mine.items.filter((x) => x.startsOn === date)) {
    await creative.request.delete(`/api/account/blockouts/${b.id}`, { headers: { 'x-csrf-token': me.csrfToken } });
  }
});
