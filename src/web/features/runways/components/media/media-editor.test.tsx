// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SUNDAY_MEDIA_MESSAGES as M } from '@shared/api/sunday-media';
import { SUNDAY_MESSAGES } from '@shared/domain/planning';
import { dismissToast } from '@web/components/ui/toaster';
import { vi } from 'vitest';
import { UNSAVED_MESSAGES } from '@web/components/ui/unsaved-guard';
import { SUNDAYS_MESSAGES } from '@shared/api/sundays';
import { BLOCKED_OUT_CODE, PEOPLE_MESSAGES } from '@shared/domain/people-on-sundays';
import { apiError, mockFetch } from '@web/test/test-utils';
import { mockXhr, renderBare, renderEditor, slidesData, socialData, SUNDAY, uuid, videosData } from './media-test-utils';

const VIDEOS = `/api/sundays/${SUNDAY}/videos`;
const SLIDES = `/api/sundays/${SUNDAY}/slides`;
const SOCIAL = `/api/sundays/${SUNDAY}/social`;

afterEach(() => {
  cleanup();
  dismissToast();
  vi.unstubAllGlobals();
});

const toast = async (title: string) => within(await screen.findByTestId('toast')).findByText(title);
const stale = { status: 409, body: { error: { code: 'stale', message: SUNDAY_MESSAGES.stale } } };
const locked = { status: 422, body: { error: { code: 'sunday_locked', message: SUNDAY_MESSAGES.locked } } };
const AWAY = PEOPLE_MESSAGES.blockedOut('Casey Creative', 'Jan 6, 2030');
/** The server's refusal of someone blocked out that Sunday, unless the body says the coordinator confirmed. */
const refuseUnlessConfirmed = (saved: unknown) => (body: unknown) =>
  (body as { confirmBlockout?: boolean }).confirmBlockout ? { body: saved } : apiError(409, BLOCKED_OUT_CODE, AWAY);

describe('Sunday Videos tab', () => {
  it('lists the videos in service order with their counts, and saves an added video with the defaults', async () => {
    const api = mockFetch({ [`GET ${VIDEOS}`]: { body: videosData() }, [`PUT ${VIDEOS}`]: { body: videosData({ version: 4 }) } });
    const user = userEvent.setup();
    renderEditor('videos');
    await screen.findByRole('heading', { name: M.videosTitle });
    const list = screen.getByRole('list', { name: 'Videos in service order' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByLabelText('Video counts')).toHaveTextContent('1 ready · 1 in progress · 0 planned');

    await user.click(screen.getByRole('button', { name: 'Add Video' }));
    const titles = screen.getAllByLabelText('Title');
    await user.type(titles[2], 'Baptism story');
    await user.type(screen.getAllByLabelText('Duration (seconds)')[2], '95');
    await user.click(screen.getByRole('button', { name: 'Move Baptism story up' }));
    expect(screen.getByLabelText('Video counts')).toHaveTextContent('1 ready · 1 in progress · 1 planned');
    await user.click(screen.getByRole('button', { name: 'Save Videos' }));

    await toast(M.changesSaved);
    const [put] = api.sent('PUT', VIDEOS);
    expect(put.body).toMatchObject({ version: 3, deleted: [] });
    const sent = (put.body as { videos: Array<Record<string, unknown>> }).videos;
    expect(sent.map((v) => [v.title, v.orderInService])).toEqual([
      ['Announcements', 0],
      ['Baptism story', 1],
      ['Serve Day promo', 2],
    ]);
    expect(sent[1]).toEqual({
      title: 'Baptism story',
      type: 'announcement',
      ministryId: null,
      description: null,
      status: 'planned',
      ownerId: null,
      durationSeconds: 95,
      orderInService: 1,
    });
  });

  it('needs a title and whole seconds before it saves; deletes send the id', async () => {
    const api = mockFetch({ [`GET ${VIDEOS}`]: { body: videosData() }, [`PUT ${VIDEOS}`]: { body: videosData({ version: 4 }) } });
    const user = userEvent.setup();
    renderEditor('videos');
    await user.clear(await screen.findByDisplayValue('Announcements'));
    await user.type(screen.getAllByLabelText('Duration (seconds)')[1], '1.5');
    await user.click(screen.getByRole('button', { name: 'Save Videos' }));
    await screen.findByText(M.titleRequired);
    expect(screen.getByText('Enter whole seconds (0 or more).')).toBeInTheDocument();
    expect(api.sent('PUT', VIDEOS)).toEqual([]);

    await user.type(screen.getAllByLabelText('Title')[0], 'Welcome');
    await user.clear(screen.getAllByLabelText('Duration (seconds)')[1]);
    await user.click(screen.getByRole('button', { name: 'Delete Serve Day promo' }));
    await user.click(screen.getByRole('button', { name: 'Save Videos' }));
    await toast(M.changesSaved);
    expect(api.sent('PUT', VIDEOS)[0].body).toMatchObject({ deleted: [uuid(2)], videos: [{ id: uuid(1), title: 'Welcome' }] });
  });

  it('a stale save keeps the edits with the message, and Reload takes the server’s copy', async () => {
    let version = 3;
    const api = mockFetch({
      [`GET ${VIDEOS}`]: () => ({ body: videosData({ version }) }),
      [`PUT ${VIDEOS}`]: stale,
    });
    const user = userEvent.setup();
    renderEditor('videos');
    const title = await screen.findByDisplayValue('Announcements');
    await user.type(title, ' and welcome');
    await user.click(screen.getByRole('button', { name: 'Save Videos' }));
    await toast(M.errorSavingChanges);
    expect(screen.getByRole('alert')).toHaveTextContent(SUNDAY_MESSAGES.stale);
    expect(screen.getByDisplayValue('Announcements and welcome')).toBeInTheDocument();

    version = 5;
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await screen.findByDisplayValue('Announcements');
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
    expect(api.sent('GET', VIDEOS).length).toBeGreaterThan(1);
  });

  it('asks before giving a video to someone blocked out that Sunday; Assign anyway saves it again as confirmed', async () => {
    const api = mockFetch({
      [`GET ${VIDEOS}`]: { body: videosData() },
      [`PUT ${VIDEOS}`]: refuseUnlessConfirmed(videosData({ version: 4 })),
    });
    const user = userEvent.setup();
    renderEditor('videos');
    await screen.findByDisplayValue('Serve Day promo');
    await user.selectOptions(screen.getAllByLabelText('Owner')[1], uuid(90));
    await user.click(screen.getByRole('button', { name: 'Save Videos' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Blocked out that day' });
    expect(ask).toHaveTextContent(AWAY);
    expect(api.sent('PUT', VIDEOS)[0].body).not.toHaveProperty('confirmBlockout');
    await user.click(within(ask).getByRole('button', { name: 'Assign anyway' }));
    await toast(M.changesSaved);
    const [, again] = api.sent('PUT', VIDEOS);
    expect(again.body).toMatchObject({ version: 3, confirmBlockout: true });
    expect((again.body as { videos: Array<{ ownerId: string | null }> }).videos[1].ownerId).toBe(uuid(90));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('a locked answer turns the tab read-only with the lock notice', async () => {
    let isLocked = false;
    mockFetch({
      [`GET ${VIDEOS}`]: () => ({ body: videosData({ isLocked, canEdit: !isLocked }) }),
      [`PUT ${VIDEOS}`]: () => ((isLocked = true), locked),
    });
    const user = userEvent.setup();
    renderEditor('videos');
    await user.type(await screen.findByDisplayValue('Announcements'), '!');
    await user.click(screen.getByRole('button', { name: 'Save Videos' }));
    await toast(M.errorSavingChanges);
    await waitFor(() => expect(screen.getAllByLabelText('Title')[0]).toBeDisabled());
    expect(screen.getByText(SUNDAY_MESSAGES.lockedNotice)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Video' })).toBeDisabled();
  });
});

describe('the unsaved-changes guard', () => {
  it('closes at once when nothing changed', async () => {
    mockFetch({ [`GET ${VIDEOS}`]: { body: videosData() } });
    const user = userEvent.setup();
    const { onOpenChange } = renderEditor('videos');
    await screen.findByDisplayValue('Announcements');
    await user.click(screen.getByRole('button', { name: 'Close media editor' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByText(UNSAVED_MESSAGES.title)).not.toBeInTheDocument();
  });

  it('asks before closing with edits: Cancel stays, Discard Changes closes without saving', async () => {
    const api = mockFetch({ [`GET ${VIDEOS}`]: { body: videosData() } });
    const user = userEvent.setup();
    const { onOpenChange } = renderEditor('videos');
    await user.type(await screen.findByDisplayValue('Announcements'), '!');
    await user.keyboard('{Escape}');
    const dialog = await screen.findByRole('alertdialog', { name: UNSAVED_MESSAGES.title });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByDisplayValue('Announcements!')).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Close media editor' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard Changes' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(api.sent('PUT', VIDEOS)).toEqual([]);
  });

  it('Save & Close saves and closes; a failed save keeps the editor open', async () => {
    let fail = true;
    const api = mockFetch({
      [`GET ${VIDEOS}`]: { body: videosData() },
      [`PUT ${VIDEOS}`]: () =>
        fail ? { status: 500, body: { error: { code: 'internal', message: 'Something broke' } } } : { body: videosData({ version: 4 }) },
    });
    const user = userEvent.setup();
    const { onOpenChange } = renderEditor('videos');
    await user.type(await screen.findByDisplayValue('Announcements'), '!');
    await user.click(screen.getByRole('button', { name: 'Close media editor' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Save & Close' }));
    await toast(M.errorSavingChanges);
    expect(onOpenChange).not.toHaveBeenCalled();

    fail = false;
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Save & Close' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.sent('PUT', VIDEOS)).toHaveLength(2);
  });

  it('asks before switching tabs and before navigating away', async () => {
    mockFetch({ [`GET ${VIDEOS}`]: { body: videosData() }, [`GET ${SLIDES}`]: { body: slidesData() } });
    const user = userEvent.setup();
    const { router } = renderEditor('videos');
    await user.type(await screen.findByDisplayValue('Announcements'), '!');
    await user.click(screen.getByRole('tab', { name: M.slidesTitle }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('tab', { name: M.videosTitle })).toHaveAttribute('aria-selected', 'true');

    act(() => void router.navigate('/elsewhere'));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/runways/media');
    act(() => void router.navigate('/elsewhere'));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard Changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });

  it('holds the page while dirty (beforeunload)', async () => {
    mockFetch({ [`GET ${VIDEOS}`]: { body: videosData() } });
    const user = userEvent.setup();
    renderEditor('videos');
    const before = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(before);
    expect(before.defaultPrevented).toBe(false);
    await user.type(await screen.findByDisplayValue('Announcements'), '!');
    const during = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(during);
    expect(during.defaultPrevented).toBe(true);
  });
});

describe('Slide Deck tab', () => {
  it('shows Recurring and Weekly Slides; reorders, renames, deactivates, adds and saves both', async () => {
    const api = mockFetch({ [`GET ${SLIDES}`]: { body: slidesData() }, [`PUT ${SLIDES}`]: { body: slidesData({ version: 4 }) } });
    const user = userEvent.setup();
    renderEditor('slides');
    const recurring = await screen.findByRole('list', { name: M.recurringSlides });
    const weekly = screen.getByRole('list', { name: M.weeklySlides });
    expect(within(recurring).getAllByRole('listitem')).toHaveLength(2);
    expect(within(weekly).getAllByRole('listitem')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Move Giving down' }));
    expect(screen.getByRole('button', { name: 'Move Giving down' })).toBeDisabled();
    screen.getByRole('button', { name: 'Move Giving up' }).focus();
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('checkbox', { name: 'Active: Welcome' }));
    await user.click(screen.getByRole('button', { name: `Add slide to ${M.weeklySlides}` }));
    await user.type(within(weekly).getAllByRole('textbox')[1], 'Baptisms');
    // A weekly slide is given to someone, as a video is; a recurring one offers no owner.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Owner of Baptisms' }), 'Cam Creative');
    expect(within(recurring).queryByRole('combobox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Slides' }));
    await toast(M.slidesSaved);
    expect(api.sent('PUT', SLIDES)[0].body).toEqual({
      version: 3,
      recurring: [
        { id: uuid(12), title: 'Giving', active: true, orderIndex: 0 },
        { id: uuid(11), title: 'Welcome', active: false, orderIndex: 1 },
      ],
      weekly: [
        { id: uuid(21), title: 'Harvest dinner', active: true, orderIndex: 0, ownerId: null, isComplete: false },
        { title: 'Baptisms', active: true, orderIndex: 1, ownerId: uuid(91), isComplete: false },
      ],
      deleted: [],
    });
  });

  it('asks before giving a weekly slide to someone blocked out that Sunday; Assign anyway saves it again as confirmed', async () => {
    const api = mockFetch({
      [`GET ${SLIDES}`]: { body: slidesData() },
      [`PUT ${SLIDES}`]: refuseUnlessConfirmed(slidesData({ version: 4 })),
    });
    const user = userEvent.setup();
    renderEditor('slides');
    await screen.findByRole('list', { name: M.weeklySlides });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Owner of Harvest dinner' }), 'Cam Creative');
    await user.click(screen.getByRole('button', { name: 'Save Slides' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Blocked out that day' });
    expect(ask).toHaveTextContent(AWAY);
    expect(api.sent('PUT', SLIDES)[0].body).not.toHaveProperty('confirmBlockout');
    await user.click(within(ask).getByRole('button', { name: 'Assign anyway' }));
    await toast(M.slidesSaved);
    const [, again] = api.sent('PUT', SLIDES);
    expect(again.body).toMatchObject({ version: 3, confirmBlockout: true });
    expect((again.body as { weekly: Array<{ ownerId: string | null }> }).weekly[0].ownerId).toBe(uuid(91));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('on a locked Sunday a coordinator edits neither deck and is told the Sunday keeps its recurring slides', async () => {
    mockFetch({ [`GET ${SLIDES}`]: { body: slidesData({ isLocked: true, canEdit: false, canEditRecurring: false }) } });
    renderEditor('slides');
    const weekly = await screen.findByRole('list', { name: M.weeklySlides });
    expect(within(weekly).getByRole('textbox')).toBeDisabled();
    for (const box of within(screen.getByRole('list', { name: M.recurringSlides })).getAllByRole('textbox')) expect(box).toBeDisabled();
    expect(screen.getByRole('button', { name: `Add slide to ${M.recurringSlides}` })).toBeDisabled();
    expect(screen.getByText(SUNDAY_MESSAGES.lockedNotice)).toBeInTheDocument();
    expect(screen.getByText(M.recurringKept)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Slides' })).toBeDisabled();
  });

  it('on a locked Sunday an admin edits its recurring slides, told the change is this Sunday’s only', async () => {
    const api = mockFetch({
      [`GET ${SLIDES}`]: { body: slidesData({ isLocked: true }) },
      [`PUT ${SLIDES}`]: { body: slidesData({ isLocked: true, version: 4 }) },
    });
    const user = userEvent.setup();
    renderEditor('slides');
    expect(await screen.findByText(M.recurringKeptAdmin)).toBeInTheDocument();
    await user.type(screen.getByDisplayValue('Welcome'), ' home');
    await user.click(screen.getByRole('button', { name: 'Save Slides' }));
    await toast(M.slidesSaved);
    expect(api.sent('PUT', SLIDES)[0].body).toMatchObject({ version: 3, recurring: [{ title: 'Welcome home' }, { title: 'Giving' }] });
  });

  it('on an open Sunday says the recurring slides are shared', async () => {
    mockFetch({ [`GET ${SLIDES}`]: { body: slidesData() } });
    renderEditor('slides');
    expect(await screen.findByText(M.recurringShared)).toBeInTheDocument();
  });

  it('shows the spec’s error toast when a save fails', async () => {
    mockFetch({
      [`GET ${SLIDES}`]: { body: slidesData() },
      [`PUT ${SLIDES}`]: { status: 400, body: { error: { code: 'bad_request', message: 'No' } } },
    });
    const user = userEvent.setup();
    renderEditor('slides');
    await user.click(await screen.findByRole('button', { name: 'Delete Harvest dinner' }));
    await user.click(screen.getByRole('button', { name: 'Save Slides' }));
    await toast(M.errorSavingSlides);
  });
});

describe('Social Media Plan tab', () => {
  it('titles the week, previews each post as its platform, and saves a new post with the defaults', async () => {
    const api = mockFetch({ [`GET ${SOCIAL}`]: { body: socialData() }, [`PUT ${SOCIAL}`]: { body: socialData({ version: 4 }) } });
    const user = userEvent.setup();
    renderEditor('social');
    await screen.findByRole('heading', { name: 'Social Media Plan for week of January 6, 2030' });
    const preview = screen.getByRole('figure', { name: 'Facebook preview' });
    expect(preview).toHaveTextContent('Join us for dinner');
    expect(preview).toHaveTextContent('#harvest');
    expect(within(preview).getByRole('img')).toHaveAttribute('src', `/api/planning-files/${uuid(70)}?disposition=inline`);
    expect(screen.getByLabelText('Date and time (Eastern)')).toHaveValue('2030-01-06T12:00');

    await user.click(screen.getByRole('button', { name: 'Add Post' }));
    expect(screen.getByRole('figure', { name: 'Instagram preview' })).toBeInTheDocument();
    await user.type(screen.getAllByLabelText('Caption')[1], 'See you Sunday');
    await user.selectOptions(screen.getAllByLabelText('Platform')[1], 'TikTok');
    expect(screen.getByRole('figure', { name: 'TikTok preview' })).toHaveTextContent('See you Sunday');
    await user.click(screen.getByRole('button', { name: 'Save All' }));
    await toast(M.socialSaved);
    const body = api.sent('PUT', SOCIAL)[0].body as { version: number; posts: Array<Record<string, unknown>> };
    expect(body.version).toBe(3);
    expect(body.posts[0]).toMatchObject({ id: uuid(31), campaignTag: 'Harvest Dinner' });
    expect(body.posts[1]).toMatchObject({
      platform: 'TikTok',
      postType: 'Static Image',
      status: 'Planned',
      postDatetime: '2030-01-06T17:00:00.000Z',
      campaignTag: '',
      caption: 'See you Sunday',
      assets: [],
    });
    expect(String(body.posts[1].id)).toMatch(/^new-/);
  });

  it('asks before giving a post to someone blocked out that Sunday; Cancel keeps the edits unsaved', async () => {
    const api = mockFetch({
      [`GET ${SOCIAL}`]: { body: socialData() },
      [`PUT ${SOCIAL}`]: refuseUnlessConfirmed(socialData({ version: 4 })),
    });
    const user = userEvent.setup();
    renderEditor('social');
    await screen.findByRole('heading', { name: 'Social Media Plan for week of January 6, 2030' });
    await user.click(screen.getByRole('button', { name: 'Add Post' }));
    await user.selectOptions(screen.getAllByLabelText('Owner')[1], uuid(90));
    await user.click(screen.getByRole('button', { name: 'Save All' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Blocked out that day' });
    expect(ask).toHaveTextContent(AWAY);
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.sent('PUT', SOCIAL)).toHaveLength(1);
    expect(screen.queryByText(M.errorSavingSocial)).not.toBeInTheDocument();
    expect(screen.getAllByLabelText('Owner')[1]).toHaveValue(uuid(90));
    // Asked again on the next save, and sent as confirmed once answered.
    await user.click(screen.getByRole('button', { name: 'Save All' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Assign anyway' }));
    await toast(M.socialSaved);
    expect(api.sent('PUT', SOCIAL)[2].body).toMatchObject({ confirmBlockout: true });
  });

  it('uploads an image asset with progress and adds it to the post; a refused upload says Upload failed', async () => {
    const fileId = uuid(71);
    let refuse = false;
    const opened = mockXhr(() =>
      refuse
        ? { status: 415, body: { error: { code: 'unsupported_file', message: M.socialTypes } } }
        : {
            status: 201,
            body: { id: fileId, url: `/api/planning-files/${fileId}`, fileName: 'poster.png', fileType: 'image/png', fileSize: 10 },
          },
    );
    const api = mockFetch({
      [`GET ${SOCIAL}`]: { body: socialData({ posts: [] }) },
      [`PUT ${SOCIAL}`]: { body: socialData({ version: 4 }) },
    });
    const user = userEvent.setup();
    renderEditor('social');
    await screen.findByText(M.noPosts);
    await user.click(screen.getByRole('button', { name: 'Add Post' }));
    await user.upload(
      screen.getByLabelText('Upload image or video'),
      new File([new Uint8Array([137, 80, 78, 71])], 'poster.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('link', { name: 'Image 1' })).toHaveAttribute('href', `/api/planning-files/${fileId}`);
    expect(opened).toEqual([`/api/sundays/${SUNDAY}/files?kind=social`]);
    expect(within(screen.getByRole('figure', { name: 'Instagram preview' })).getByRole('img')).toHaveAttribute(
      'src',
      `/api/planning-files/${fileId}?disposition=inline`,
    );

    refuse = true;
    await user.upload(screen.getByLabelText('Upload image or video'), new File(['x'], 'clip.mp4', { type: 'video/mp4' }));
    await toast(M.uploadFailed);
    const huge = new File(['x'], 'huge.mov', { type: 'video/quicktime' });
    Object.defineProperty(huge, 'size', { value: 11 * 1024 * 1024 });
    await user.upload(screen.getByLabelText('Upload image or video'), huge);
    await screen.findByText(M.tooLarge('huge.mov'));
    expect(opened).toHaveLength(2);
    expect(screen.getAllByRole('link', { name: /Image|Video/ })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Save All' }));
    await toast(M.socialSaved);
    expect((api.sent('PUT', SOCIAL)[0].body as { posts: Array<{ assets: unknown }> }).posts[0].assets).toEqual([
      { url: `/api/planning-files/${fileId}`, type: 'image' },
    ]);
  });

  it('a saved post is deleted after asking, only on Save All; Cancel brings it back; a refused delete says Error deleting post', async () => {
    const api = mockFetch({ [`GET ${SOCIAL}`]: { body: socialData() }, [`PUT ${SOCIAL}`]: stale });
    const user = userEvent.setup();
    const { onOpenChange } = renderEditor('social');
    await screen.findByRole('figure', { name: 'Facebook preview' });
    await user.click(screen.getByRole('button', { name: 'Delete post 1' }));
    // Asked first: Cancel deletes nothing.
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete this post?' })).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('figure', { name: 'Facebook preview' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete post 1' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete Post' }));
    expect(screen.queryByRole('figure', { name: 'Facebook preview' })).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);

    // Closing asks; Discard Changes drops the delete, and the editor opened again shows the post.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: UNSAVED_MESSAGES.title })).getByRole('button', { name: 'Cancel' }),
    );
    expect(onOpenChange).not.toHaveBeenCalled();

    // Save All sends the delete with the version it holds; refused, it says Error deleting post.
    await user.click(screen.getByRole('button', { name: 'Save All' }));
    await toast(M.errorDeletingPost);
    expect(api.sent('PUT', SOCIAL)[0].body).toEqual({ version: 3, posts: [], deleted: [uuid(31)] });
  });

  it('Discard on the editor brings a deleted post back', async () => {
    const api = mockFetch({ [`GET ${SOCIAL}`]: { body: socialData() } });
    const user = userEvent.setup();
    const { onOpenChange } = renderEditor('social');
    await screen.findByRole('figure', { name: 'Facebook preview' });
    await user.click(screen.getByRole('button', { name: 'Delete post 1' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete Post' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: UNSAVED_MESSAGES.title })).getByRole('button', { name: 'Discard Changes' }),
    );
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('Lock Sunday locks and toasts; it is hidden once locked, and the plan is read-only for a coordinator', async () => {
    let isLocked = false;
    const api = mockFetch({
      [`GET ${SOCIAL}`]: () => ({ body: socialData({ isLocked, canEdit: !isLocked, canLock: !isLocked }) }),
      [`POST /api/sundays/${SUNDAY}/lock`]: () => ((isLocked = true), { body: { ok: true } }),
    });
    const user = userEvent.setup();
    renderEditor('social');
    await user.click(await screen.findByRole('button', { name: 'Lock Sunday' }));
    // Asked first: Cancel locks nothing.
    await user.click(within(screen.getByRole('alertdialog', { name: 'Lock this Sunday?' })).getByRole('button', { name: 'Cancel' }));
    expect(api.sent('POST', `/api/sundays/${SUNDAY}/lock`)).toHaveLength(0);
    // Not while there are unsaved edits.
    await user.type(screen.getByLabelText('Caption'), ' more');
    expect(screen.getByRole('button', { name: 'Lock Sunday' })).toBeDisabled();
    await user.type(screen.getByLabelText('Caption'), '{Backspace>5/}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Lock Sunday' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Lock Sunday' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Lock Sunday' }));
    await toast(SUNDAYS_MESSAGES.locked);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Lock Sunday' })).not.toBeInTheDocument());
    expect(screen.getByText(SUNDAY_MESSAGES.lockedNotice)).toBeInTheDocument();
    expect(screen.getByLabelText('Caption')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add Post' })).toBeDisabled();
    expect(api.sent('POST', `/api/sundays/${SUNDAY}/lock`)).toHaveLength(1);
  });

  it('says Error locking Sunday when the lock fails, and Cancel closes the editor', async () => {
    mockFetch({
      [`GET ${SOCIAL}`]: { body: socialData() },
      [`POST /api/sundays/${SUNDAY}/lock`]: {
        status: 403,
        body: { error: { code: 'forbidden', message: 'You do not have permission to do that.' } },
      },
    });
    const user = userEvent.setup();
    const { onOpenChange } = renderEditor('social');
    await user.click(await screen.findByRole('button', { name: 'Lock Sunday' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Lock Sunday' }));
    await toast(SUNDAYS_MESSAGES.lockFailed);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

describe('opening the editor', () => {
  it('starts on the tab asked for each time it opens', async () => {
    mockFetch({ [`GET ${VIDEOS}`]: { body: videosData() }, [`GET ${SOCIAL}`]: { body: socialData() } });
    const user = userEvent.setup();
    const { set } = renderBare('social', true);
    expect(await screen.findByRole('tab', { name: 'Social Media Plan' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: M.videosTitle }));
    set('social', false);
    set('videos', true);
    expect(await screen.findByRole('tab', { name: M.videosTitle })).toHaveAttribute('aria-selected', 'true');
    set('videos', false);
    set('social', true);
    expect(await screen.findByRole('tab', { name: 'Social Media Plan' })).toHaveAttribute('aria-selected', 'true');
  });
});
