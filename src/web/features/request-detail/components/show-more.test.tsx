// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RequestDetail } from '@shared/api/request-detail';
import { requestKeys } from '@web/lib/request-keys';
import { requestDetail } from '@web/test/request-detail';
import { apiError, mockFetch, renderWithClient, type Call } from '@web/test/test-utils';
import { ActivityTab } from './activity-tab';
import { AssetsTab } from './assets-tab';
import { MessageTeam } from './message-team';

/** "Show more" in the drawer's lists (decision 0029): first page from the drawer, older pages appended. */
const ID = 'r1';
const at = (minute: number) => `2030-01-30T12:${String(minute).padStart(2, '0')}:00.000Z`;
const activity = (n: number) => ({
  id: `act-${n}`,
  actionType: `Entry ${n}`,
  oldValue: null,
  newValue: null,
  notes: null,
  actor: null,
  createdAt: at(59 - n),
});
const message = (n: number) => ({ id: `msg-${n}`, body: `Message ${n}`, author: null, createdAt: at(59 - n) });
const asset = (n: number) => ({
  id: `as-${n}`,
  fileName: `file-${n}.zip`,
  fileSize: 10,
  fileType: 'application/zip',
  versionNumber: 1,
  itemId: null,
  uploader: null,
  createdAt: at(59 - n),
});
const more = { hasMore: true, nextCursor: 'cursor-1' };
const none = { hasMore: false, nextCursor: null };

const detail = (over: Partial<RequestDetail> = {}) =>
  requestDetail({ id: ID, pages: { assets: none, activity: none, messages: none }, ...over });

/** Answers the page endpoints from `pages` (keyed by URL); a page may be held back to see the loading state. Answers the URLs read. */
function mockPages(pages: Record<string, unknown>, hold?: Promise<void>) {
  const api = mockFetch({
    'GET /api/requests/:id/:list': async (_body, url) => {
      if (hold) await hold;
      const body = pages[url];
      return body ? { body } : apiError(404, 'not_found', 'Not found');
    },
  });
  return api.calls;
}
const urls = (calls: Call[]) => calls.map((c) => c.url);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Show more in the drawer', () => {
  it('shows no button when the first page is everything, and reads nothing', () => {
    const calls = mockPages({});
    renderWithClient(<ActivityTab detail={detail({ activity: [activity(1)] })} />);
    expect(screen.getByText('Entry 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(urls(calls)).toEqual([]);
  });

  it('appends older activity after a loading state, and hides the button at the end', async () => {
    let release = () => {};
    const hold = new Promise<void>((resolve) => (release = resolve));
    const calls = mockPages({ [`/api/requests/${ID}/activity?cursor=cursor-1`]: { entries: [activity(3)], ...none } }, hold);
    renderWithClient(
      <ActivityTab detail={detail({ activity: [activity(1), activity(2)], pages: { ...detail().pages, activity: more } })} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    const loading = await screen.findByRole('button', { name: 'Loading...' });
    expect(loading).toBeDisabled();
    release();
    await screen.findByText('Entry 3');
    const list = screen.getByRole('list', { name: 'Activity' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.match(/Entry \d/)?.[0]),
    ).toEqual(['Entry 1', 'Entry 2', 'Entry 3']);
    expect(screen.queryByRole('button', { name: /Show more|Loading/ })).not.toBeInTheDocument();
    expect(urls(calls)).toEqual([`/api/requests/${ID}/activity?cursor=cursor-1`]);
  });

  it('reloads every opened page, in order, when the drawer is invalidated (realtime)', async () => {
    const calls = mockPages({
      [`/api/requests/${ID}/activity?cursor=cursor-1`]: { entries: [activity(3)], hasMore: true, nextCursor: 'cursor-2' },
      [`/api/requests/${ID}/activity`]: { entries: [activity(0), activity(1)], hasMore: true, nextCursor: 'cursor-1' },
    });
    const { client } = renderWithClient(
      <ActivityTab detail={detail({ activity: [activity(1), activity(2)], pages: { ...detail().pages, activity: more } })} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByText('Entry 3');
    // A new entry arrives: the first page is read again, then the older page from its cursor.
    await client.invalidateQueries({ queryKey: requestKeys.detail(ID) });
    await screen.findByText('Entry 0');
    await waitFor(() => expect(screen.queryByText('Entry 2')).not.toBeInTheDocument());
    expect(urls(calls)).toEqual([
      `/api/requests/${ID}/activity?cursor=cursor-1`,
      `/api/requests/${ID}/activity`,
      `/api/requests/${ID}/activity?cursor=cursor-1`,
    ]);
    expect(screen.getByRole('button', { name: 'Show more' })).toBeInTheDocument();
  });

  it('appends older messages in the side panel', async () => {
    mockPages({ [`/api/requests/${ID}/messages?cursor=cursor-1`]: { entries: [message(2)], ...none } });
    renderWithClient(<MessageTeam detail={detail({ messages: [message(1)], pages: { ...detail().pages, messages: more } })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByText('Message 2');
    expect(within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('appends older files in the Assets tab and says so when a page fails', async () => {
    mockPages({});
    renderWithClient(<AssetsTab detail={detail({ assets: [asset(1)], pages: { ...detail().pages, assets: more } })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't load more. Please try again.");
    mockPages({ [`/api/requests/${ID}/assets?cursor=cursor-1`]: { entries: [asset(2)], ...none } });
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByRole('link', { name: 'file-2.zip' });
    expect(screen.getByRole('link', { name: 'file-1.zip' })).toBeInTheDocument();
  });
});
