import { test, expect, expectAccessible, toastWith } from './fixtures';

/**
 * People on Sundays: a coordinator gives a creative a Sunday task; the creative declines it from
 * the assignment e-mail's link (read from the outbox), on the page the link opens, signed out; the
 * coordinator sees the decline on the schedule and fills the task from its suggestions.
 */
test('a volunteer declines from the e-mail link and the coordinator fills the slot from the schedule', async ({
  browser,
  signedInPage,
}) => {
  const creative = await signedInPage('creative');
  const me = (await (await creative.request.get('/api/auth/session')).json()) as { user: { id: string }; csrfToken: string };
  // The creative takes assignment e-mails at once (the default waits for the digest).
  const chose = await creative.request.put('/api/account/email-preferences', {
    data: { kind: 'assignment', mode: 'immediate' },
    headers: { 'x-csrf-token': me.csrfToken },
  });
  expect(chose.ok(), await chose.text()).toBeTruthy();
  await creative.context().close();

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
  const admin = await signedInPage('admin');
  const outbox = (await (await admin.request.get('/api/admin/outbox?recipient=creative@example.org')).json()) as {
    items: Array<{ subject: string; actionUrl: string | null; body: string }>;
  };
  const mail = outbox.items.find((m) => m.subject.startsWith('You were assigned Sunday work') && m.body.includes(taskName))!;
  expect(mail.actionUrl).toContain('/respond?token=');
  await admin.context().close();

  // The creative opens it signed out: the page shows the work and asks; opening it answered nothing.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(new URL(mail.actionUrl!).pathname + new URL(mail.actionUrl!).search);
  await expect(page.getByRole('heading', { name: 'Your assignment' })).toBeVisible();
  await expect(page.getByText(taskName)).toBeVisible();
  await expect(page.getByText('Pending')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/people-respond-1280.png', fullPage: true });
  await page.getByLabel('If you decline, why? (optional)').fill('Away that weekend');
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('status')).toHaveText('Thanks: you declined, and the coordinators were told.');
  await context.close();

  // The coordinator's schedule shows the decline in the open row; a suggestion fills it in one press.
  await coordinator.goto('/runways/schedule');
  const fill = coordinator.getByRole('button', { name: new RegExp(`^Fill ${taskName} .* Declined ?: Away that weekend$`) });
  await expect(fill).toBeVisible();
  await coordinator.screenshot({ path: '/tmp/people-schedule-1280.png', fullPage: true });
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
  await coordinator.screenshot({ path: '/tmp/people-schedule-390.png', fullPage: true });
});
