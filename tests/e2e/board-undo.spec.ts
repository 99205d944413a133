import { test, expect, apiAs, submitRequestViaApi, toastWith, screenshot } from './fixtures';

test('a coordinator bulk-moves cards and takes the move back with Undo; each card is back in its exact status', async ({
  page,
  signIn,
}) => {
  const title = `Board Undo Night ${Date.now()}`;
  await signIn(page, 'coordinator');
  await submitRequestViaApi(page, title);
  // One card sits in Submitted as 'Not Started', not the column's first status.
  const api = await apiAs(page.request);
  const statuses = async () => {
    const board = (await (await page.request.get(`/api/board?search=${encodeURIComponent(title)}`)).json()) as {
      items: Array<{ id: string; status: string }>;
    };
    return Object.fromEntries(board.items.map((i) => [i.id, i.status]));
  };
  const [notStarted] = Object.keys(await statuses());
  expect((await api.post(`/api/items/${notStarted}/status`, { status: 'not_started' })).ok()).toBeTruthy();
  const before = await statuses();
  expect(Object.values(before).sort()).toEqual(['not_started', 'submitted', 'submitted']);

  await page.goto('/production');
  await page.getByPlaceholder('Search by event title...').fill(title);
  const submitted = page.getByRole('region', { name: 'Submitted' });
  const proof = page.getByRole('region', { name: 'Ready for Proof' });
  await expect(submitted.getByTestId('board-card')).toHaveCount(3);

  await submitted.getByRole('checkbox', { name: 'Select all tasks in Submitted' }).check();
  const bar = page.getByRole('region', { name: 'Selected tasks' });
  await bar.getByRole('button', { name: 'Move to...' }).click();
  await page.getByRole('menuitem', { name: 'Ready for Proof' }).click();
  const toast = toastWith(page, 'Success');
  await expect(toast).toContainText('Moved 3 items to Ready for Proof');
  await expect(proof.getByTestId('board-card')).toHaveCount(3);
  const undo = toast.getByRole('button', { name: 'Undo' });
  await expect(undo).toBeVisible();
  await screenshot(page, 'undo-toast-1280');

  await undo.click();
  await expect(toastWith(page, 'Move undone')).toContainText('3 items back where they were.');
  await expect(submitted.getByTestId('board-card')).toHaveCount(3);
  await expect(proof.getByText('No tasks in this stage yet.')).toBeVisible();

  await page.reload();
  await page.getByPlaceholder('Search by event title...').fill(title);
  await expect(submitted.getByTestId('board-card')).toHaveCount(3);
  await expect(proof.getByTestId('board-card')).toHaveCount(0);
  expect(await statuses()).toEqual(before);
});

test('the undo toast and a confirm dialog on a phone', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const title = `Board Undo Phone ${Date.now()}`;
  await signIn(page, 'admin');
  await submitRequestViaApi(page, title);
  await page.goto('/production');
  await page.getByPlaceholder('Search by event title...').fill(title);
  const submitted = page.getByRole('region', { name: 'Submitted' });
  await expect(submitted.getByTestId('board-card')).toHaveCount(3);
  await submitted.getByRole('checkbox', { name: 'Select all tasks in Submitted' }).check();
  await page.getByRole('region', { name: 'Selected tasks' }).getByRole('button', { name: 'Move to...' }).click();
  await page.getByRole('menuitem', { name: 'In Progress' }).click();
  await expect(toastWith(page, 'Success').getByRole('button', { name: 'Undo' })).toBeVisible();
  await screenshot(page, 'undo-toast-390');

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.goto('/admin/settings');
    const reset = page.getByRole('button', { name: /^Reset password of / }).first();
    await reset.click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Reset the password of');
    await screenshot(page, `confirm-dialog-${width}`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(reset).toBeFocused();
  }
});
