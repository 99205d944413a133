// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, mockFetch, renderWithClient } from '@web/test/test-utils';
import { EmailPreferencesSection } from './email-preferences-section';

configure({ asyncUtilTimeout: 5000 });

const DEFAULTS = [
  { kind: 'assignment', mode: 'digest' },
  { kind: 'proof_ready', mode: 'immediate' },
  { kind: 'proof_decision', mode: 'immediate' },
  { kind: 'mention', mode: 'immediate' },
  { kind: 'reminder', mode: 'digest' },
];

const PREFERENCES = '/api/account/email-preferences';

function setup(opts: { putStatus?: number; getStatus?: number } = {}) {
  let preferences = DEFAULTS.map((p) => ({ ...p }));
  const stored = () => ({ body: { preferences, digestTime: '07:00', timeZone: 'America/New_York' } });
  const api = mockFetch({
    [`GET ${PREFERENCES}`]: () =>
      opts.getStatus ? apiError(opts.getStatus, 'forbidden', 'You do not have permission to do that.') : stored(),
    [`PUT ${PREFERENCES}`]: (body) => {
      if (opts.putStatus) return apiError(opts.putStatus, 'validation', 'Choose Immediately, Daily digest or Off.');
      const { kind, mode } = body as { kind: string; mode: string };
      preferences = preferences.map((p) => (p.kind === kind ? { ...p, mode } : p));
      return stored();
    },
  });
  renderWithClient(<EmailPreferencesSection />, { toaster: true });
  return api;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('E-mail preferences on the account page', () => {
  it('lists the five kinds, each a labelled group of Immediately / Daily digest / Off showing the current mode', async () => {
    setup();
    const mentions = await screen.findByRole('group', { name: 'Mentions' });
    expect(screen.getByRole('heading', { name: 'E-mail preferences' })).toBeInTheDocument();
    expect(screen.getAllByRole('group').map((g) => g.querySelector('legend')!.textContent)).toEqual([
      'Assignments',
      'Proof ready for review',
      'Proof approved or changes requested',
      'Mentions',
      'Task reminders',
    ]);
    expect(within(mentions).getByRole('radio', { name: 'Immediately' })).toBeChecked();
    expect(within(screen.getByRole('group', { name: 'Assignments' })).getByRole('radio', { name: 'Daily digest' })).toBeChecked();
    expect(screen.getByText(/The daily digest goes at 7:00 AM \(America\/New_York\)/)).toBeInTheDocument();
  });

  it('shows the choice in the render of the click, before the server answers; a refusal puts the saved mode back', async () => {
    setup({ putStatus: 422 });
    const mentions = await screen.findByRole('group', { name: 'Mentions' });
    const digest = within(mentions).getByRole('radio', { name: 'Daily digest' });
    fireEvent.click(digest);
    // No waiting: a controlled radio that only followed the mutation's state went back unchecked here.
    expect(digest).toBeChecked();
    // The refusal's toast; the toaster may re-render its node, so the text is looked up afresh each try.
    await waitFor(() => expect(screen.getByText('Choose Immediately, Daily digest or Off.')).toBeInTheDocument());
    await waitFor(() => expect(within(mentions).getByRole('radio', { name: 'Immediately' })).toBeChecked());
    expect(digest).not.toBeChecked();
  });

  it('saves a change at once with a toast, sending only that kind', async () => {
    const user = userEvent.setup();
    const api = setup();
    const reminders = await screen.findByRole('group', { name: 'Task reminders' });
    await user.click(within(reminders).getByRole('radio', { name: 'Off' }));
    await screen.findByText('E-mail preference saved.');
    expect(screen.getByText('Task reminders: Off.')).toBeInTheDocument();
    await waitFor(() => expect(within(reminders).getByRole('radio', { name: 'Off' })).toBeChecked());
    expect(api.sent('PUT', PREFERENCES).map((c) => c.body)).toEqual([{ kind: 'reminder', mode: 'off' }]);
  });

  it('a refused change says so and shows the stored mode again', async () => {
    const user = userEvent.setup();
    setup({ putStatus: 400 });
    const mentions = await screen.findByRole('group', { name: 'Mentions' });
    await user.click(within(mentions).getByRole('radio', { name: 'Daily digest' }));
    await screen.findByText('Error saving changes');
    await waitFor(() => expect(within(mentions).getByRole('radio', { name: 'Immediately' })).toBeChecked());
  });

  it('says when the preferences cannot be loaded, with a retry', async () => {
    setup({ getStatus: 403 });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your e-mail preferences');
    expect(screen.getByRole('button', { name: /retry|try again/i })).toBeInTheDocument();
  });
});
