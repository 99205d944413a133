import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, screenshot } from './fixtures';

/**
 * On a phone (390 px) the calendar reads as an agenda, the runways dashboard's Sundays as cards
 * with View Details in sight, and the board as one column at a time with a switcher giving every
 * column's count. On a desktop (1280 px) the board's fourth column is whole and the runway status
 * bar stays under a dialog's backdrop.
 */

test.use({ locale: 'en-US' });

const shot = (page: Page, name: string) => screenshot(page, `phones-${name}`);

test('a phone reads the calendar as an agenda, the Sundays as cards and the board one column at a time', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'coordinator', '/calendar');
  const agenda = page.getByTestId('calendar-agenda');
  await expect(agenda).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  const firstDay = agenda.getByTestId('agenda-day').first();
  await expect(firstDay).toBeVisible();
  // Titles wrap rather than being cut: no chip's text overflows its box.
  const cut = await agenda
    .getByTestId('task-chip')
    .evaluateAll(
      (chips) => chips.flatMap((chip) => [...chip.querySelectorAll('span')]).filter((s) => s.scrollWidth > s.clientWidth + 1).length,
    );
  expect(cut).toBe(0);
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'calendar-390');
  await expectAccessible(page);

  await page.goto('/runways');
  const cards = page.getByTestId('upcoming-sunday-card');
  await expect(cards.first()).toBeVisible();
  const details = cards.first().getByRole('button', { name: /View Details for/ });
  await details.scrollIntoViewIfNeeded();
  await expect(details).toBeInViewport({ ratio: 1 });
  await shot(page, 'runways-390');
  await expectAccessible(page);

  await page.goto('/production');
  const switcher = page.getByLabel('Column');
  await expect(switcher).toBeVisible();
  const options = await switcher.locator('option').allTextContents();
  expect(options).toHaveLength(6);
  for (const option of options) expect(option).toMatch(/\(\d+\+?\)$/);
  await expect(page.locator('section[data-testid^="column-"]')).toHaveCount(1);
  await switcher.selectOption({ label: options[3] });
  const shown = page.locator('section[data-testid^="column-"]');
  await expect(shown).toHaveCount(1);
  await expect(shown.getByRole('heading')).toHaveText(options[3].replace(/ \(\d+\+?\)$/, ''));
  await shot(page, 'board-390');
  await expectAccessible(page);

  await page.goto('/request/new');
  const bar = page.getByTestId('completeness-bar');
  await expect(bar).toBeVisible();
  const height = (await bar.boundingBox())!.height;
  expect(height).toBeLessThanOrEqual(844 / 5);
  await shot(page, 'new-request-390');
});

test('a desktop shows the board’s fourth column whole and keeps the status bar under a dialog', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'coordinator', '/production');
  const board = page.getByTestId('board-columns');
  const fourth = board.locator('section[data-testid^="column-"]').nth(3);
  await expect(fourth).toBeVisible();
  const [boardBox, columnBox, countBox] = await Promise.all([
    board.boundingBox(),
    fourth.boundingBox(),
    fourth.getByTestId('column-count').boundingBox(),
  ]);
  expect(columnBox!.x + columnBox!.width).toBeLessThanOrEqual(boardBox!.x + boardBox!.width);
  expect(countBox!.x + countBox!.width).toBeLessThanOrEqual(boardBox!.x + boardBox!.width);
  await shot(page, 'board-1280');

  await page.goto('/calendar');
  await expect(page.getByRole('table')).toBeVisible();
  await shot(page, 'calendar-1280');

  await page.goto('/runways');
  await expect(page.getByRole('table')).toBeVisible();
  await shot(page, 'runways-1280');
  await page
    .getByRole('button', { name: /View Details for/ })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  // Whatever is at the bottom edge, beside the dialog, is the backdrop, never the status bar above it.
  const onTop = await page.evaluate(() => {
    const el = document.elementFromPoint(4, window.innerHeight - 4);
    return el?.closest('[data-testid="overall-status"]') ? 'status bar' : 'backdrop';
  });
  expect(onTop).toBe('backdrop');
  await shot(page, 'runways-dialog-1280');
});
