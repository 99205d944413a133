// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { dismissToast, Toaster } from '@web/components/ui/toaster';
import { Component as ChangePasswordPage } from './change-password-page';

// The machine is shared: give slow renders time before a find* query gives up.
configure({ asyncUtilTimeout: 5000 });

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderPage(path = '/change-password') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['session'], {
    user: { id: 'u1', fullName: 'Nathan', email: 'n@example.org', role: 'requester', ministryId: null, passwordResetRequired: true },
    csrfToken: 'tok',
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/change-password" element={<ChangePasswordPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

async function submit(password: string, confirm: string) {
  const user = userEvent.setup();
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
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    await submit('short', 'short');
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(within(toast).getByText('Password too short')).toBeInTheDocument();
    expect(within(toast).getByText('Password must be at least 8 characters.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a confirmation that differs, as a toast and under the field', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    await submit('long-enough-1', 'long-enough-2');
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(screen.getByLabelText('Confirm New Password')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signed in: shows "Updating...", then the success toast, then reloads the app', async () => {
    let answer: (r: Response) => void = () => {};
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderPage();
    await submit('long-enough-1', 'long-enough-1');
    expect(await screen.findByRole('button', { name: 'Updating...' })).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/password', expect.objectContaining({ method: 'POST' }));
    answer(json({ message: 'ok' }));
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Success!')).toBeInTheDocument();
    expect(within(toast).getByText('Your password has been updated. You will be redirected.')).toBeInTheDocument();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'), { timeout: 3000 });
  });

  it('shows the service message in a destructive "Error" toast on failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ error: { code: 'bad_request', message: 'Password is too common.' } }, 400)),
    );
    renderPage();
    await submit('long-enough-1', 'long-enough-1');
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    expect(within(toast).getByText('Password is too common.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set New Password' })).toBeEnabled();
  });

  it('with a reset token: uses the token, then goes to /login with the success toast', async () => {
    const fetchMock = vi.fn(async () => json({ message: 'ok' }));
    vi.stubGlobal('fetch', fetchMock);
    renderPage('/change-password?token=abcdefghijklmnop');
    await submit('long-enough-1', 'long-enough-1');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login'));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/password-reset',
      expect.objectContaining({ body: JSON.stringify({ token: 'abcdefghijklmnop', password: 'long-enough-1' }) }),
    );
    expect(within(screen.getByTestId('toast')).getByText('Success!')).toBeInTheDocument();
  });
});
