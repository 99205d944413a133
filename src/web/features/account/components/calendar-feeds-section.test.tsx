// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FEEDS_MESSAGES as M, type Feed, type FeedKind, type FeedsResponse } from '@shared/api/feeds';
import { apiError, mockFetch, renderWithClient } from '@web/test/test-utils';
import { CalendarFeedsSection } from './calendar-feeds-section';

const WORSHIP = '11111111-0000-4000-8000-000000000001';
const YOUTH = '11111111-0000-4000-8000-000000000002';

interface Options {
  canHaveTeamFeed?: boolean;
  feeds?: Feed[];
  failList?: boolean;
}

/** A small stand-in for the feeds API: it keeps the feeds, makes a new token per POST and records every call. */
function setup({ canHaveTeamFeed = false, feeds = [], failList = false }: Options = {}) {
  const state = new Map<FeedKind, Feed>(feeds.map((f) => [f.kind, f]));
  let tokens = 0;
  const list = (): FeedsResponse => ({
    feeds: [...state.values()],
    canHaveTeamFeed,
    ministries: canHaveTeamFeed
      ? [
          { id: WORSHIP, name: 'Worship' },
          { id: YOUTH, name: 'Youth' },
        ]
      : [],
  });
  const create = (kind: FeedKind, body: { ministryId?: string | null }): Feed => ({
    kind,
    createdAt: '2030-12-01T15:00:00.000Z',
    lastUsedAt: null,
    ministryId: kind === 'team' ? (body.ministryId ?? state.get(kind)?.ministryId ?? null) : null,
  });
  const api = mockFetch({
    'GET /api/account/feeds': () => (failList ? apiError(500, 'internal', 'Something went wrong.') : { body: list() }),
    'POST /api/account/feeds/:kind': (body, _url, params) => {
      const feed = create(params.kind as FeedKind, body as { ministryId?: string | null });
      state.set(feed.kind, feed);
      return { body: { feed, url: `http://localhost:3000/feeds/token-${++tokens}.ics` } };
    },
    'PATCH /api/account/feeds/:kind': (body, _url, params) => {
      const feed = { ...state.get(params.kind as FeedKind)!, ministryId: (body as { ministryId: string | null }).ministryId };
      state.set(feed.kind, feed);
      return { body: { feed } };
    },
    'DELETE /api/account/feeds/:kind': (_body, _url, params) => {
      state.delete(params.kind as FeedKind);
      return { status: 204 };
    },
  });
  const user = userEvent.setup();
  renderWithClient(<CalendarFeedsSection />, { toaster: true });
  const mutations = () => api.calls.filter((c) => c.method !== 'GET');
  return { user, mutations };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const existing = (kind: FeedKind, over: Partial<Feed> = {}): Feed => ({
  kind,
  createdAt: '2030-11-01T15:00:00.000Z',
  lastUsedAt: '2030-11-20T09:30:00.000Z',
  ministryId: null,
  ...over,
});

describe('Calendar feeds section', () => {
  it('makes the personal link, shows it once in a read-only field and copies it', async () => {
    const { user, mutations } = setup();
    await screen.findByText(M.none);
    expect(screen.getByRole('heading', { name: M.title })).toBeInTheDocument();
    expect(screen.getByText(M.personalExplain)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: M.teamTitle })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: M.create }));
    const field = await screen.findByLabelText(M.urlLabel);
    expect(field).toHaveValue('http://localhost:3000/feeds/token-1.ics');
    expect(field).toHaveAttribute('readonly');
    expect(field).toHaveAccessibleDescription(M.shownOnce);
    expect(mutations()).toEqual([{ method: 'POST', url: '/api/account/feeds/personal', body: {} }]);
    await screen.findByText(M.created);

    await user.click(screen.getByRole('button', { name: M.copy }));
    await screen.findByText(M.copied);
    expect(await navigator.clipboard.readText()).toBe('http://localhost:3000/feeds/token-1.ics');
    // The feed is listed now: its buttons are Regenerate and Revoke.
    await screen.findByRole('button', { name: M.regenerate });
  });

  it('says so when the clipboard refuses, and selects the link to copy by hand', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: M.create }));
    const field = (await screen.findByLabelText(M.urlLabel)) as HTMLInputElement;
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(screen.getByRole('button', { name: M.copy }));
    await screen.findByText(M.copyFailed);
    expect(field.selectionStart).toBe(0);
    expect(field.selectionEnd).toBe(field.value.length);
  });

  it('an existing feed shows when it was made and last used, never a link; revoking asks first', async () => {
    const { user, mutations } = setup({ feeds: [existing('personal')] });
    await screen.findByText(M.hidden);
    expect(screen.getByText(/^Created .*· Last used /)).toBeInTheDocument();
    expect(screen.queryByLabelText(M.urlLabel)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: M.revoke }));
    let dialog = await screen.findByRole('alertdialog', { name: M.revokeConfirmTitle });
    expect(within(dialog).getByText(M.revokeConfirm)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(mutations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: M.revoke }));
    dialog = await screen.findByRole('alertdialog', { name: M.revokeConfirmTitle });
    await user.click(within(dialog).getByRole('button', { name: M.revoke }));
    await screen.findByText(M.revoked);
    expect(mutations()).toEqual([{ method: 'DELETE', url: '/api/account/feeds/personal', body: undefined }]);
    await screen.findByText(M.none);
  });

  it('regenerating asks first, then shows the new link', async () => {
    const { user, mutations } = setup({ feeds: [existing('personal')] });
    await user.click(await screen.findByRole('button', { name: M.regenerate }));
    const dialog = await screen.findByRole('alertdialog', { name: M.regenerateConfirmTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByLabelText(M.urlLabel)).toHaveValue('http://localhost:3000/feeds/token-1.ics');
    expect(mutations()).toEqual([{ method: 'POST', url: '/api/account/feeds/personal', body: {} }]);
  });

  it('a coordinator also gets the team feed: the ministry picked goes with its creation, and later changes are saved on the feed', async () => {
    const { user, mutations } = setup({ canHaveTeamFeed: true });
    await screen.findByRole('heading', { name: M.teamTitle });
    const team = screen.getByRole('region', { name: M.teamTitle });
    const select = within(team).getByLabelText(M.ministryLabel);
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([M.allMinistries, 'Worship', 'Youth']);

    await user.selectOptions(select, 'Youth');
    expect(mutations()).toEqual([]);
    await user.click(within(team).getByRole('button', { name: M.create }));
    expect(await within(team).findByLabelText(M.urlLabel)).toHaveValue('http://localhost:3000/feeds/token-1.ics');
    expect(mutations()).toEqual([{ method: 'POST', url: '/api/account/feeds/team', body: { ministryId: YOUTH } }]);

    await within(team).findByRole('button', { name: M.regenerate });
    await user.selectOptions(within(team).getByLabelText(M.ministryLabel), M.allMinistries);
    await screen.findByText(M.filterSaved);
    expect(mutations()[1]).toEqual({ method: 'PATCH', url: '/api/account/feeds/team', body: { ministryId: null } });
    await waitFor(() => expect(within(team).getByLabelText(M.ministryLabel)).toHaveValue(''));
  });

  it('says when the feeds cannot be loaded, with a retry', async () => {
    setup({ failList: true });
    await screen.findByText(M.loadFailed);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
