// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { dismissToast } from '@web/components/ui/toaster';
import { Component as ChangePasswordPage } from './change-password-page';
import { twoFactorQuery } from '@web/features/account';
import { apiError, mockFetch, renderWithClient, testQueryClient, type Answer } from '@web/test/test-utils';

// The machine is shared: give slow renders time before a find* query gives up.
configure({ asyncUtilTimeout: 5000 });

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderPage(path = '/change-password', passwordResetRequired = true) {
  const client = testQueryClient({
    session: {
      user: { id: 'u1', fullName: 'Nathan', email: 'n@example.org', role: 'requester', ministryId: null, passwordResetRequired },
      csrfToken: 'tok',
    },
  });
  return renderWithClient(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/change-password" element={<ChangePasswordPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
    { client, toaster: true },
  );
}

async function submit(password: string, confirm: string, current?: string) {
  const user = userEvent.setup();
  if (current !== undefined) await user.type(screen.getByLabelText(/^(Temporary|Current) Password$/), current);
  await user.type(screen.getByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm New Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Set New Password' }));
}

afterEach(() => {
  cleanup();
  dismissToast();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Change-password screen', () => {
  it('refuses a password under 8 characters with the spec toast', async () => {
    const api = mockFetch({});
    renderPage();
    await submit('short', 'short');
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(within(toast).getByText('Password too short')).toBeInTheDocument();
    expect(within(toast).getByText('Password must be at least 8 characters.')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('refuses a confirmation that differs, as a toast and under the field', async () => {
    const api = mockFetch({});
    renderPage();
    await submit('long-enough-1', 'long-enough-2');
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(screen.getByLabelText('Confirm New Password')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toEqual([]);
  });

  it('signed in: shows "Updating...", then the success toast, then reloads the app', async () => {
    let answer: (a: Answer) => void = () => {};
    const api = mockFetch({ 'POST /api/auth/password': () => new Promise<Answer>((resolve) => (answer = resolve)) });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderPage();
    // A forced change: the temporary password is the current one.
    expect(screen.getByLabelText('Temporary Password')).toHaveAttribute('autocomplete', 'current-password');
    await submit('long-enough-1', 'long-enough-1', 'temporary-1');
    expect(await screen.findByRole('button', { name: 'Updating...' })).toBeDisabled();
    expect(api.sent('POST', '/api/auth/password').map((c) => c.body)).toEqual([
      { password: 'long-enough-1', currentPassword: 'temporary-1' },
    ]);
    answer({ body: { message: 'ok' } });
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Success!')).toBeInTheDocument();
    expect(within(toast).getByText('Your password has been updated. You will be redirected.')).toBeInTheDocument();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'), { timeout: 3000 });
  });

  it('shows the service message in a destructive "Error" toast on failure', async () => {
    mockFetch({ 'POST /api/auth/password': apiError(400, 'bad_request', 'Password is too common.') });
    renderPage();
    await submit('long-enough-1', 'long-enough-1');
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    expect(within(toast).getByText('Password is too common.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set New Password' })).toBeEnabled();
  });

  it('with a reset token: uses the token, then goes to /login with the success toast', async () => {
    const api = mockFetch({ 'POST /api/auth/password-reset': { body: { message: 'ok' } } });
    renderPage('/change-password?token=abcdefghijklmnop');
    await submit('long-enough-1', 'long-enough-1');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login'));
    expect(api.sent('POST', '/api/auth/password-reset').map((c) => c.body)).toEqual([
      { token: 'abcdefghijklmnop', password: 'long-enough-1' },
    ]);
    expect(within(screen.getByTestId('toast')).getByText('Success!')).toBeInTheDocument();
  });

  it('a wrong current password is said under its field, and nothing typed is lost', async () => {
    mockFetch({
      'POST /api/auth/password': {
        status: 400,
        body: {
          error: {
            code: 'wrong_password',
            message: 'Your current password is not right.',
            fields: { currentPassword: 'Your current password is not right.' },
          },
        },
      },
    });
    renderPage();
    await submit('long-enough-1', 'long-enough-1', 'not-it');
    const current = screen.getByLabelText('Temporary Password');
    await waitFor(() => expect(current).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByRole('alert')).toHaveTextContent('Your current password is not right.');
    expect(current).toHaveAccessibleDescription('Your current password is not right.');
    expect(current).toHaveValue('not-it');
    expect(screen.getByLabelText('New Password')).toHaveValue('long-enough-1');
    expect(screen.getByLabelText('Confirm New Password')).toHaveValue('long-enough-1');
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  it('with two-step verification on, a code from the app can stand in for the current password', async () => {
    const api = mockFetch({
      'GET /api/account/two-factor': { body: { enabled: true, enabledAt: null, recoveryCodesLeft: 10, required: false } },
      'POST /api/auth/password': { body: { message: 'ok' } },
    });
    vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
    renderPage('/change-password', false);
    const user = userEvent.setup();
    expect(screen.getByLabelText('Current Password')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Use a code from your authenticator app instead' }));
    await user.type(screen.getByLabelText('Code from your authenticator app'), '12345');
    await submit('long-enough-1', 'long-enough-1');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the 6-digit code from your authenticator app.');
    await user.type(screen.getByLabelText('Code from your authenticator app'), '6');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    await waitFor(() =>
      expect(api.sent('POST', '/api/auth/password').map((c) => c.body)).toEqual([{ password: 'long-enough-1', code: '123456' }]),
    );
  });

  it('offers no code to someone without two-step verification', async () => {
    mockFetch({ 'GET /api/account/two-factor': { body: { enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false } } });
    const { client } = renderPage('/change-password', false);
    // The two-step status has arrived, not merely been asked for.
    await waitFor(() => expect(client.getQueryState(twoFactorQuery.queryKey)?.status).toBe('success'));
    expect(screen.getByLabelText('Current Password')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /authenticator app/ })).not.toBeInTheDocument();
  });
});
