import { test, expect, expectAccessible, submitRequestViaApi, toastWith, screenshot } from './fixtures';

/** guide/production-board.md#cards, #moving-a-card: the Production Board. */

test("a creative's Production Board shows every column and grips only on their own cards", async ({ page, signIn }) => {
  await signIn(page, 'creative', '/production');
  await expect(page.getByRole('heading', { name: 'Production Board' })).toBeVisible();
  for (const title of ['Submitted', 'In Progress', 'Ready for Proof', 'Approved', 'Published', 'Finished']) {
    await expect(page.getByRole('region', { name: title })).toBeVisible();
  }
  // Creatives move only their own cards and never bulk-assign.
  await expect(page.getByTestId('board-card').first()).toBeVisible();
  const grips = await page.getByRole('button', { name: /^Drag / }).count();
  expect(grips).toBeGreaterThan(0);
  expect(grips).toBeLessThan(await page.getByTestId('board-card').count());
  await screenshot(page, 'board-creative');
  await expectAccessible(page);
});

test('a coordinator moves a card with the keyboard and the move persists', async ({ page, signIn }) => {
  const title = `Board Keyboard Night ${Date.now()}`;
  await signIn(page, 'coordinator');
  await submitRequestViaApi(page, title);

  await page.goto('/production');
  await expect(page.getByRole('heading', { name: 'Production Board' })).toBeVisible();
  const search = page.getByPlaceholder('Search by event title...');
  await search.fill(title);
  const submitted = page.getByRole('region', { name: 'Submitted' });
  const inProgress = page.getByRole('region', { name: 'In Progress' });
  const card = (column: typeof submitted) =>
    column.getByTestId('board-card').filter({ hasText: 'Sunday Slide Deck' }).filter({ hasText: title });
  await expect(card(submitted)).toBeVisible();
  await expect(submitted.getByTestId('column-count')).toHaveText('3 tasks');
  await expect(inProgress.getByText('No tasks in this stage yet.')).toBeVisible();
  await screenshot(page, 'board-search');

  // Keyboard drag: 25 px a press; one column (320 px) and the gap (16 px) away takes 14 presses.
  const grip = page.getByRole('button', { name: `Drag ${title}, Sunday Slide Deck` });
  await grip.focus();
  await page.keyboard.press('Space');
  // The card is picked up before the arrows are pressed: on a busy machine an arrow pressed before
  // the drag had started was lost, and the card stopped short of the column.
  await expect(grip).toHaveAttribute('aria-pressed', 'true');
  for (let i = 0; i < 14; i++) await page.keyboard.press('ArrowRight');
  await expect(inProgress).toHaveClass(/border-brand-600/);
  await screenshot(page, 'board-dragging');
  await page.keyboard.press('Space');

  await expect(toastWith(page, 'Task moved')).toBeVisible();
  await expect(card(inProgress)).toBeVisible();
  await expect(inProgress.getByTestId('column-count')).toHaveText('1 task');
  await expect(submitted.getByTestId('column-count')).toHaveText('2 tasks');

  await page.reload();
  await page.getByPlaceholder('Search by event title...').fill(title);
  await expect(card(inProgress)).toBeVisible();
  await expect(card(submitted)).toHaveCount(0);

  // The card opens the request drawer, and its activity records the move.
  await card(inProgress).getByRole('link').click();
  // A card opens its request on the Items tab, on its item.
  await expect(page).toHaveURL(/\/request\/[0-9a-f-]{36}\?tab=items&item=[0-9a-f-]{36}$/);
  const drawer = page.getByRole('dialog', { name: title });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('tab', { name: 'Activity' }).click();
  await expect(drawer.getByRole('list', { name: 'Activity' })).toContainText('Submitted → In Progress');
});

test('a coordinator bulk-moves a selection, a creative’s open board follows live, and the board is accessible', async ({
  page,
  signIn,
  signedInPage,
}) => {
  const title = `Board Bulk Night ${Date.now()}`;
  await signIn(page, 'coordinator');
  await submitRequestViaApi(page, title);

  // A creative watches the same cards on their own board and never reloads.
  const creative = await signedInPage('creative');
  await creative.goto('/production');
  await creative.getByPlaceholder('Search by event title...').fill(title);
  await expect(creative.getByRole('region', { name: 'Submitted' }).getByTestId('board-card')).toHaveCount(3);
  await page.goto('/production');
  await page.getByPlaceholder('Search by event title...').fill(title);
  const submitted = page.getByRole('region', { name: 'Submitted' });
  await expect(submitted.getByTestId('board-card')).toHaveCount(3);

  await submitted.getByRole('checkbox', { name: 'Select all tasks in Submitted' }).check();
  const bar = page.getByRole('region', { name: 'Selected tasks' });
  await expect(bar).toContainText('3 items selected');
  await expect(bar.getByRole('button', { name: 'Assign to...' })).toBeVisible();
  await expectAccessible(page);
  await bar.getByRole('button', { name: 'Move to...' }).click();
  await page.getByRole('menuitem', { name: 'Ready for Proof' }).click();
  const toast = toastWith(page, 'Success');
  await expect(toast).toContainText('Moved 3 items to Ready for Proof');
  await expect(page.getByRole('region', { name: 'Ready for Proof' }).getByTestId('board-card')).toHaveCount(3);
  await expect(bar).toBeHidden();
  await expect(creative.getByRole('region', { name: 'Ready for Proof' }).getByTestId('board-card')).toHaveCount(3);
  await expect(creative.getByRole('region', { name: 'Submitted' }).getByText('No tasks in this stage yet.')).toBeVisible();
  await creative.context().close();

  // The whole board at the design size, with the search cleared.
  await page.getByPlaceholder('Search by event title...').fill('');
  await expect.poll(() => page.getByTestId('board-card').count()).toBeGreaterThan(10);
  await screenshot(page, 'board-1280');
  await screenshot(page, 'board-1280-full', { fullPage: true });
});
