// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BackupsSetting } from '@shared/api/backups';
import { apiError, mockFetch, renderWithClient } from '@web/test/test-utils';
import { BackupsSection } from './backups-section';

configure({ asyncUtilTimeout: 5000 });

const URL = '/api/admin/backups';
const NAME = 'lampstand-backup-20300101T120000000Z.tar.gz';

function setup(opts: { putStatus?: number; backups?: BackupsSetting['backups'] } = {}) {
  let stored = { enabled: true, keep: 7, chosen: false, updatedByName: null as string | null };
  const answer = () => ({
    body: {
      ...stored,
      database: 'pglite',
      directory: '/srv/lampstand/data/backups',
      directoryConfigured: false,
      updatedAt: stored.chosen ? '2030-01-02T10:00:00.000Z' : null,
      backups: opts.backups ?? [{ name: NAME, size: 5 * 1024 * 1024, createdAt: '2030-01-01T12:00:00.000Z' }],
    } satisfies BackupsSetting,
  });
  const api = mockFetch({
    [`GET ${URL}`]: answer,
    [`PUT ${URL}/settings`]: (body) => {
      if (opts.putStatus) return apiError(opts.putStatus, 'forbidden', 'You do not have permission to do that.');
      stored = { ...(body as { enabled: boolean; keep: number }), chosen: true, updatedByName: 'Ada Admin' };
      return answer();
    },
  });
  renderWithClient(<BackupsSection />, { toaster: true });
  return api;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Backups on Admin Settings', () => {
  it('shows the labelled switch and count, where backups go, and each archive with its size and a named download link', async () => {
    setup();
    const toggle = await screen.findByRole('switch', { name: 'Back up the whole church every day' });
    expect(toggle).toBeChecked();
    expect(screen.getByRole('spinbutton', { name: 'Backups to keep' })).toHaveValue(7);
    expect(screen.getByText(/Backups go to \/srv\/lampstand\/data\/backups on the server/)).toBeInTheDocument();
    expect(screen.getByText(/On by default on the embedded database/)).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getByText(NAME)).toBeInTheDocument();
    expect(within(table).getByText('5.0 MB')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: `Download ${NAME}` })).toHaveAttribute('href', `${URL}/${NAME}/download`);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('saves a change by keyboard alone and says so', async () => {
    const user = userEvent.setup();
    const api = setup();
    const toggle = await screen.findByRole('switch', { name: 'Back up the whole church every day' });
    toggle.focus();
    await user.keyboard(' ');
    expect(toggle).not.toBeChecked();
    await user.tab();
    expect(screen.getByRole('spinbutton', { name: 'Backups to keep' })).toHaveFocus();
    await user.keyboard('{Control>}a{/Control}14');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await screen.findByText('Backup settings saved.');
    expect(api.sent('PUT', `${URL}/settings`).map((c) => c.body)).toEqual([{ enabled: false, keep: 14 }]);
    await screen.findByText(/by Ada Admin/);
  });

  it('a count out of range is named and not sent; a refused save says so and keeps the stored values', async () => {
    const user = userEvent.setup();
    const api = setup({ putStatus: 403 });
    const keep = await screen.findByRole('spinbutton', { name: 'Backups to keep' });
    await user.clear(keep);
    await user.type(keep, '0');
    expect(keep).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Keep between 1 and 365 backups.');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(keep);
    await user.type(keep, '3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Error saving backup settings');
    expect(api.sent('PUT', `${URL}/settings`)).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Back up the whole church every day' })).toBeChecked());
  });

  it('with no archive yet, says so', async () => {
    setup({ backups: [] });
    expect(await screen.findByText('No backups yet.')).toBeInTheDocument();
  });

  it('Back up now is disabled while the backup runs, then lists the new archive and says so', async () => {
    const user = userEvent.setup();
    const NEW = 'lampstand-backup-20300102T090000000Z.tar.gz';
    const setting = (backups: BackupsSetting['backups']): BackupsSetting => ({
      enabled: true,
      keep: 7,
      chosen: false,
      database: 'pglite',
      directory: '/srv/lampstand/data/backups',
      directoryConfigured: false,
      updatedAt: null,
      updatedByName: null,
      backups,
    });
    const old = { name: NAME, size: 1024, createdAt: '2030-01-01T12:00:00.000Z' };
    let finish: () => void = () => {};
    const posts: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const json = (body: unknown) =>
          new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
        if (init.method === 'POST') {
          posts.push(String(input));
          await new Promise<void>((resolve) => (finish = resolve));
          return json(setting([{ name: NEW, size: 2048, createdAt: '2030-01-02T09:00:00.000Z' }, old]));
        }
        return json(setting([old]));
      }),
    );
    renderWithClient(<BackupsSection />, { toaster: true });
    await user.click(await screen.findByRole('button', { name: 'Back up now' }));
    const running = await screen.findByRole('button', { name: 'Backing up...' });
    expect(running).toBeDisabled();
    expect(posts).toEqual([URL]);
    finish();
    expect(await screen.findByText('Backup made.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Back up now' })).toBeEnabled();
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('link')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual([`Download ${NEW}`, `Download ${NAME}`]);
  });
});
