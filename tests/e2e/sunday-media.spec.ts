import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { upcomingSundays } from '../../src/shared/domain/dates';
import { test, expect, expectAccessible, pngFile, toastWith, screenshot } from './fixtures';

/**
 * The media runway's editor (guide/sunday-planning.md#a-runway-view): a coordinator opens the Media runway, picks
 * the fourth upcoming Sunday's card, adds a video and a social post with an uploaded image, saves
 * both, reloads, and finds them again. The data is this run's own (unique titles).
 */
const CHURCH_ZONE = 'America/New_York';

function fourthSunday() {
  const date = upcomingSundays(CHURCH_ZONE, 6)[3];
  const [y, m, d] = date.split('-').map(Number);
  return { date, label: format(new TZDate(y, m - 1, d, 12, CHURCH_ZONE), 'EEEE, MMMM d') };
}

test('a coordinator plans a Sunday video and a social post with an image on the Media runway', async ({ page, signIn }) => {
  const sunday = fourthSunday();
  const run = Date.now().toString(36);
  const videoTitle = `Baptism story ${run}`;
  const caption = `See you this Sunday ${run}`;

  await signIn(page, 'coordinator', '/runways/media');
  const card = page.getByRole('button', { name: `Open Media for ${sunday.label}` });
  await card.click();
  const editor = page.getByRole('dialog', { name: /Media for Sunday/ });
  await expect(editor).toBeVisible();

  // Sunday Videos: add one, save.
  await expect(editor.getByRole('heading', { name: 'Sunday Videos' })).toBeVisible();
  await editor.getByRole('button', { name: 'Add Video' }).click();
  const videos = editor.getByRole('list', { name: 'Videos in service order' });
  const newVideo = videos.getByRole('listitem').last();
  await newVideo.getByLabel('Title').fill(videoTitle);
  await newVideo.getByLabel('Duration (seconds)').fill('75');
  await editor.getByRole('button', { name: 'Save Videos' }).click();
  await expect(toastWith(page, 'Changes saved successfully!')).toBeVisible();

  // Social Media Plan: add a post, upload an image, save all.
  await editor.getByRole('tab', { name: 'Social Media Plan' }).click();
  await expect(editor.getByRole('heading', { name: /^Social Media Plan for week of / })).toBeVisible();
  await editor.getByRole('button', { name: 'Add Post' }).click();
  const post = editor.getByRole('list', { name: 'Posts' }).getByRole('listitem').filter({ hasText: 'Not saved' }).last();
  await post.getByLabel('Caption').fill(caption);
  await post.getByLabel('Hashtags').fill('#sunday');
  await post.getByLabel('Upload image or video').setInputFiles(pngFile('sunday-post.png'));
  await expect(post.getByRole('link', { name: 'Image 1' })).toBeVisible();
  await expect(post.getByRole('figure', { name: 'Instagram preview' }).getByRole('img')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, 'sunday-media-social-1280');
  await editor.getByRole('button', { name: 'Save All' }).click();
  await expect(toastWith(page, 'Social media plan saved!')).toBeVisible();
  await expectAccessible(page);

  // Reload: both are still there.
  await page.reload();
  await page.getByRole('button', { name: `Open Media for ${sunday.label}` }).click();
  const reopened = page.getByRole('dialog', { name: /Media for Sunday/ });
  const titles = reopened.getByRole('list', { name: 'Videos in service order' }).getByLabel('Title');
  await expect.poll(() => titles.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toContain(videoTitle);
  await screenshot(page, 'sunday-media-videos-1280');
  await reopened.getByRole('tab', { name: 'Social Media Plan' }).click();
  const saved = reopened
    .getByRole('list', { name: 'Posts' })
    .getByRole('listitem')
    .filter({ has: page.getByText(caption, { exact: true }) });
  await expect(saved).toHaveCount(1);
  await expect(saved.getByRole('link', { name: 'Image 1' })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'sunday-media-social-390');
  await reopened.getByRole('tab', { name: 'Slide Deck' }).click();
  await expect(reopened.getByRole('heading', { name: 'Recurring Slides' })).toBeVisible();
  await screenshot(page, 'sunday-media-slides-390');
  await expectAccessible(page);
});
