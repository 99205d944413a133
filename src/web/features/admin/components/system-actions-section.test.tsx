// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SystemActionsSection } from './system-actions-section';
import { apiError, mockFetch, renderWithClient } from '@web/test/test-utils';

configure({ asyncUtilTimeout: 5000 });

const refused = apiError(500, 'internal', 'Something went wrong.');

function setup(fail = false) {
  const answer = (body: unknown) => (fail ? refused : { body });
  const api = mockFetch({
    'POST /api/admin/system-actions/clean-mondays': answer({ removed: 2, message: 'Removed 2 invalid Monday records.' }),
    'POST /api/admin/system-actions/sync-sundays': answer({
      plansCreated: 18,
      itemsCreated: 30,
      lockedSkipped: [],
      message: 'Created 18 Sunday plans and 30 plan items.',
    }),
    'POST /api/tasks/reminders': answer({ notified: 3, byType: {} }),
  });
  renderWithClient(<SystemActionsSection />, { toaster: true });
  const posted = () => api.calls.filter((c) => c.method === 'POST').map((c) => c.url);
  return { posted };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('System actions on Admin settings', () => {
  it('cleaning invalid Monday records asks first (…This action cannot be undone.), then says how many were removed', async () => {
    const user = userEvent.setup();
    const { posted } = setup();
    expect(screen.getByRole('region', { name: 'System Actions' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clean Invalid Monday Records' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Clean Invalid Monday Records' });
    expect(within(dialog).getByText(/This action cannot be undone\.$/)).toBeInTheDocument();
    expect(posted()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(posted()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Clean Invalid Monday Records' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await screen.findByText('Success!');
    expect(screen.getByText('Removed 2 invalid Monday records.')).toBeInTheDocument();
    expect(posted()).toEqual(['/api/admin/system-actions/clean-mondays']);
  });

  it('Sync to Sundays says how many plans and items it created', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(screen.getByRole('button', { name: 'Sync to Sundays' }));
    await screen.findByText('Created 18 Sunday plans and 30 plan items.');
    expect(screen.getByText('Success!')).toBeInTheDocument();
  });

  it("Send All Task Reminders answers 'Reminders Sent!'", async () => {
    const user = userEvent.setup();
    const { posted } = setup();
    await user.click(screen.getByRole('button', { name: 'Send All Task Reminders' }));
    // Asked first: Cancel sends nothing.
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Send all task reminders now?' })).getByRole('button', { name: 'Cancel' }),
    );
    expect(posted()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Send All Task Reminders' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Send Reminders' }));
    await screen.findByText('Reminders Sent!');
    expect(posted()).toEqual(['/api/tasks/reminders']);
  });

  it("a failed cleanup says 'Error running cleanup'", async () => {
    const user = userEvent.setup();
    setup(true);
    await user.click(screen.getByRole('button', { name: 'Clean Invalid Monday Records' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await screen.findByText('Error running cleanup');
  });
});
