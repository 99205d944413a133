// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountSession } from '@shared/api/two-factor';
import { apiError, mockFetch, renderWithClient, type Answer } from '@web/test/test-utils';
import { SessionsSection } from './sessions-section';

configure({ asyncUtilTimeout: 5000 });

const session = (id: string, userAgent: string | null, ip: string, current = false): AccountSession => ({
  id: id.padEnd(32, '0'),
  userAgent,
  ip,
  createdAt: '2026-11-20T15:00:00.000Z',
  lastSeenAt: '2026-11-24T09:30:00.000Z',
  current,
});

/** The sessions API over a list; with `fail`, every change is refused. */
function setup(initial: AccountSession[], fail = false) {
  let sessions = initial;
  const change = (apply: () => void): Answer => {
    if (fail) return apiError(500, 'internal', 'Something went wrong.');
    apply();
    return { body: { ok: true } };
  };
  const api = mockFetch({
    'GET /api/account/sessions': () => ({ body: { sessions } }),
    'DELETE /api/account/sessions/:id': (_body, _url, { id }) => change(() => (sessions = sessions.filter((s) => s.id !== id))),
    'POST /api/account/sessions/end-others': () => change(() => (sessions = sessions.filter((s) => s.current))),
  });
  renderWithClient(<SessionsSection />, { toaster: true });
  return api;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('Sessions on the account page', () => {
  it('lists each device with its address, marks this one, and ends another', async () => {
    const user = userEvent.setup();
    const api = setup([session('a1', LAPTOP, '10.0.0.1', true), session('b2', PHONE, '10.0.0.2'), session('c3', null, '10.0.0.3')]);
    const list = await screen.findByRole('list', { name: 'Sessions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Chrome on Windows');
    expect(rows[0]).toHaveTextContent('This device');
    expect(rows[0]).toHaveTextContent('10.0.0.1');
    expect(within(rows[0]).queryByRole('button')).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Safari on iPhone');
    expect(rows[1]).toHaveTextContent(/Last used/);
    expect(rows[2]).toHaveTextContent('Unknown device');

    await user.click(within(rows[1]).getByRole('button', { name: /^End session: Safari on iPhone/ }));
    // Asked first: Cancel ends nothing.
    await user.click(within(screen.getByRole('alertdialog', { name: 'End this session?' })).getByRole('button', { name: 'Cancel' }));
    expect(api.sent('DELETE', `/api/account/sessions/${'b2'.padEnd(32, '0')}`)).toHaveLength(0);
    await user.click(within(rows[1]).getByRole('button', { name: /^End session: Safari on iPhone/ }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'End session' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(api.sent('DELETE', `/api/account/sessions/${'b2'.padEnd(32, '0')}`)).toHaveLength(1);
    await screen.findByText('Session ended.');
  });

  it('signs out all other sessions after a confirmation, and not without it', async () => {
    const user = userEvent.setup();
    const api = setup([session('a1', LAPTOP, '10.0.0.1', true), session('b2', PHONE, '10.0.0.2'), session('c3', PHONE, '10.0.0.3')]);
    await user.click(await screen.findByRole('button', { name: 'Sign out all other sessions' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out all other sessions?' });
    expect(dialog).toHaveTextContent('2 other sessions will be signed out. This device stays signed in.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sign out others' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Sessions' })).getAllByRole('listitem')).toHaveLength(1));
    expect(api.sent('POST', '/api/account/sessions/end-others')).toHaveLength(1);
    // Nothing left to sign out: the button goes.
    expect(screen.queryByRole('button', { name: 'Sign out all other sessions' })).not.toBeInTheDocument();
  });

  it('says so when ending a session fails', async () => {
    const user = userEvent.setup();
    setup([session('a1', LAPTOP, '10.0.0.1', true), session('b2', PHONE, '10.0.0.2')], true);
    await user.click(await screen.findByRole('button', { name: /^End session/ }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'End session' }));
    expect((await screen.findAllByText(/Could not end the session/)).length).toBeGreaterThan(0);
    // The failure stays in the dialog until it is closed.
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(within(screen.getByRole('list', { name: 'Sessions' })).getAllByRole('listitem')).toHaveLength(2);
  });
});
