import {
  test,
  expect,
  expectAccessible,
  isoDaysFromToday,
  pngFile,
  submitRequestViaApi,
  toastWith,
  submitNewRequest,
  screenshot,
} from './fixtures';

/**
 * guide/sunday-planning.md#sunday-templates: a coordinator makes a Sunday template and applies it
 * to a Sunday from its plan; applying again adds nothing.
 */

const shortDay = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

test('a coordinator makes a Sunday template and applies it to a Sunday once', async ({ page, signIn }) => {
  await signIn(page, 'coordinator', '/runways/templates');
  await expect(page.getByRole('heading', { name: 'Sunday templates' })).toBeVisible();
  // The demo church's templates.
  for (const name of ['Easter', 'Baptism Sunday', 'Christmas Eve']) {
    await expect(page.getByRole('list', { name: `Tasks of ${name}` })).toBeVisible();
  }
  await page.getByRole('button', { name: 'New template' }).click();
  const form = page.getByRole('form', { name: 'New template' });
  await form.getByLabel('Template name').fill('Mother’s Day');
  await form.getByLabel('Runway').selectOption({ label: 'Media' });
  await form.getByLabel('Task name').fill('Flowers photo booth sign');
  await form.getByLabel('Kind').selectOption('file');
  await form.getByLabel('Days before Sunday').fill('6');
  await form.getByLabel('Default assignee').selectOption({ index: 1 });
  await screenshot(page, 'sunday-templates-form-1280', { fullPage: true });
  await form.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByRole('list', { name: 'Tasks of Mother’s Day' }).getByText('Flowers photo booth sign')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'sunday-templates-1280', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'sunday-templates-390', { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The last Sunday of the window is open: apply the template there from the Sunday's plan.
  const res = await page.request.get('/api/runways/dashboard');
  const sundays = ((await res.json()) as { upcomingSundays: Array<{ sundayDate: string }> }).upcomingSundays;
  const sixth = sundays[sundays.length - 1].sundayDate;
  await page.goto('/runways');
  await page.getByRole('button', { name: `View Details for ${shortDay(sixth)}` }).click();
  const dialog = page.getByRole('dialog', { name: /— Sunday Service Overview$/ });
  await dialog.getByLabel('Template', { exact: true }).selectOption({ label: 'Mother’s Day (1 task)' });
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Added 1 task' })).toContainText('Flowers photo booth sign (Media)');
  await expect(dialog.getByRole('cell', { name: /^Flowers photo booth sign Due .+This Sunday only$/ })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'sunday-template-applied-1280', { fullPage: true });
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Nothing new to add' })).toContainText('applied before');
  await expect(dialog.getByRole('cell', { name: /^Flowers photo booth sign Due .+This Sunday only$/ })).toHaveCount(1);
});

/** guide/requests.md#request-templates: a requester saves a request as a template and starts the next one from it. */
test('a requester saves a request as a template, starts a new request from it and submits it', async ({ page, signIn }) => {
  const title = `Youth Night ${Date.now()}`;
  await signIn(page, 'requester', '/my-requests');
  const sourceId = await submitRequestViaApi(page, title, { banner: true });
  await page.goto(`/request/${sourceId}`);
  const drawer = page.getByRole('dialog', { name: title });
  await drawer.getByRole('button', { name: 'Save as template' }).click();
  const save = page.getByRole('dialog', { name: 'Save as template' });
  await expect(save.getByLabel('Template name')).toHaveValue(title);
  await expect(save.getByRole('checkbox')).toHaveCount(0);
  await save.getByLabel('Template name').fill(`${title} template`);
  await screenshot(page, 'save-as-template-1280');
  await save.getByRole('button', { name: 'Save template' }).click();
  await expect(toastWith(page, 'Template saved')).toBeVisible();

  await page.goto('/request/new');
  const picker = page.getByRole('combobox', { name: 'Start from a template' });
  await picker.selectOption({ label: `${title} template` });
  await picker.focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'New request' });
  await expect(form.getByLabel(/^Event title\b/)).toHaveValue(title);
  await expect(form.getByLabel(/^Event start date\b/)).toHaveValue('');
  await expect(form.getByRole('checkbox', { name: /Banner/ })).toBeChecked();
  await expectAccessible(page);
  await screenshot(page, 'new-request-from-template-1280', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'new-request-from-template-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The dates and the calendar answer are the person's to give; the rest came from the template.
  await form.getByLabel(/^Event start date\b/).fill(isoDaysFromToday(45));
  await form.getByLabel(/^Promotion start date\b/).fill(isoDaysFromToday(20));
  await form.getByRole('group', { name: 'Event Approval and Calendar' }).getByRole('radio', { name: 'Yes' }).check();
  await form.getByLabel('Upload files').setInputFiles(pngFile('flyer.png'));
  await submitNewRequest(page);
  await expect(toastWith(page, 'Request submitted!')).toBeVisible();
  await expect(page).toHaveURL(/\/request\/[0-9a-f-]{36}$/);
  expect(page.url()).not.toContain(sourceId);
  await expect(page.getByRole('dialog', { name: title })).toBeVisible();

  // The template is the requester's to manage.
  await page.goto('/request/templates');
  await expect(page.getByRole('list', { name: 'My templates' }).getByText(`${title} template`)).toBeVisible();

  // guide/requests.md#recurring-requests: repeat it every two weeks; the series is listed with its next event.
  await page.getByRole('button', { name: `Repeat ${title} template` }).click();
  const repeat = page.getByRole('form', { name: `Repeat ${title} template` });
  await repeat.getByLabel('Repeat', { exact: true }).selectOption('biweekly');
  await repeat.getByLabel('First event date').fill(isoDaysFromToday(60));
  await repeat.getByRole('checkbox', { name: 'Every event is on the church calendar' }).check();
  await repeat.getByRole('button', { name: 'Start repeating' }).click();
  await expect(toastWith(page, 'Recurring request started')).toBeVisible();
  const recurring = page.getByRole('list', { name: 'Recurring requests' });
  await expect(recurring).toContainText(`Every two weeks from ${isoDaysFromToday(60)}`);
  await expect(recurring).toContainText(`next event ${isoDaysFromToday(60)}`);
  await expectAccessible(page);
  await screenshot(page, 'request-templates-1280', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'request-templates-390', { fullPage: true });
});
