// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { dismissToast } from '@web/components/ui/toaster';
import { Component as LoginPage } from './login-page';
import { signInOptionsQuery } from '../api/sign-in-options';
import { apiError, mockFetch, renderWithClient, testQueryClient } from '@web/test/test-utils';

// The machine is shared: give slow renders time before a find* query gives up.
configure({ asyncUtilTimeout: 5000 });

const refused = apiError(401, 'unauthorized', 'Invalid login credentials');

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderLogin(prepare: (client: QueryClient) => void = () => {}, entry = '/login') {
  const client = testQueryClient();
  prepare(client);
  return renderWithClient(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
    { client, toaster: true },
  );
}

async function fillAndSubmit(email = 'ruth@example.org', password = 'secret-pass') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

afterEach(() => {
  cleanup();
  dismissToast();
  vi.unstubAllGlobals();
});

describe('Sign-in screen', () => {
  it('has required, labelled Email (type email) and Password fields and the spec texts', () => {
    mockFetch({});
    renderLogin();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByText('Need access? Contact an administrator to be added')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Home/ })).toHaveAttribute('href', '/');
  });

  it('shows "Signing In..." while busy', async () => {
    // The sign-in never answers.
    mockFetch({ 'POST /api/auth/sign-in': () => new Promise(() => {}) });
    renderLogin();
    await fillAndSubmit();
    expect(await screen.findByRole('button', { name: 'Signing In...' })).toBeDisabled();
  });

  it("shows the service's message in red under the form and re-enables the button", async () => {
    mockFetch({ 'POST /api/auth/sign-in': refused });
    renderLogin();
    await fillAndSubmit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid login credentials');
    // red-700: red-600 on the red-50 panel falls short of 4.5:1 (axe, tests/e2e/sso.spec.ts).
    expect(alert.className).toContain('text-red-700');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('stores the session and goes where the sign-in screen sends the role', async () => {
    const user = { id: 'u1', fullName: 'Ann', email: 'a@example.org', role: 'approver', ministryId: null, passwordResetRequired: false };
    mockFetch({ 'POST /api/auth/sign-in': { body: { user, csrfToken: 'tok' } } });
    const { client } = renderLogin();
    await fillAndSubmit();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/admin/intake'));
    expect(client.getQueryData(['session'])).toEqual({ user, csrfToken: 'tok' });
  });

  it('asks for an e-mail before sending a reset link', async () => {
    const api = mockFetch({});
    renderLogin();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Forgot Password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your email address to reset your password.');
    expect(api.sent('POST', '/api/auth/forgot-password')).toEqual([]);
  });

  it('sends the reset link and confirms with a toast', async () => {
    const api = mockFetch({ 'POST /api/auth/forgot-password': { body: { message: 'Password reset link sent to your email.' } } });
    renderLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ruth@example.org');
    await user.click(screen.getByRole('button', { name: 'Forgot Password' }));
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Password reset link sent to your email.')).toBeInTheDocument();
    expect(api.sent('POST', '/api/auth/forgot-password').map((c) => c.body)).toEqual([{ email: 'ruth@example.org' }]);
  });

  it('says why the last session ended, until the person tries again', async () => {
    mockFetch({ 'POST /api/auth/sign-in': refused });
    renderLogin((client) =>
      client.setQueryData(['session'], { user: null, csrfToken: null, notice: 'Your account has been deactivated.' }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Your account has been deactivated.');
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login credentials');
  });

  it('says the profile could not be fetched when the session check failed', () => {
    mockFetch({});
    renderLogin((client) => {
      client
        .getQueryCache()
        .build(client, { queryKey: ['session'] })
        .setState({ status: 'error', error: new Error('boom') });
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Could not fetch user profile. Please contact an administrator.');
  });

  describe('single sign-on (decision 0036)', () => {
    /** The server's answers: the sign-in options, and nothing else expected. */
    const serve = (options: unknown) => mockFetch({ 'GET /api/auth/sign-in-options': { body: options } });

    it("shows 'Sign in with {label}' beside the password form, a link to the start of the sign-on", async () => {
      serve({ password: true, sso: { label: 'Google' } });
      renderLogin();
      const button = await screen.findByRole('link', { name: 'Sign in with Google' });
      expect(button).toHaveAttribute('href', '/api/auth/oidc/start');
      expect(screen.getByLabelText('Email')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    });

    it('shows only the button when password sign-in is off', async () => {
      serve({ password: false, sso: { label: 'Microsoft' } });
      renderLogin();
      await screen.findByRole('link', { name: 'Sign in with Microsoft' });
      expect(screen.queryByLabelText('Email')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Forgot Password' })).toBeNull();
    });

    it('shows no button without single sign-on', async () => {
      const api = serve({ password: true, sso: null });
      const { client } = renderLogin();
      await waitFor(() => expect(api.sent('GET', '/api/auth/sign-in-options')).toHaveLength(1));
      // The options have arrived, not merely been asked for.
      await waitFor(() => expect(client.getQueryState(signInOptionsQuery.queryKey)?.status).toBe('success'));
      expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull();
      expect(screen.getByLabelText('Email')).toBeInTheDocument();
    });

    it.each([
      ['unknown', 'Need access? Contact an administrator to be added'],
      ['deactivated', 'Your account has been deactivated.'],
      ['failed', 'Sign-in failed. Please try again.'],
      ['unavailable', 'Single sign-on is not available right now. Please try again later.'],
    ])('says why a sign-on came back refused (?sso=%s)', async (code, text) => {
      serve({ password: true, sso: { label: 'Google' } });
      renderLogin(undefined, `/login?sso=${code}`);
      expect(screen.getByRole('alert')).toHaveTextContent(text);
    });

    it('ignores a code it does not know', () => {
      serve({ password: true, sso: null });
      renderLogin(undefined, '/login?sso=<script>');
      expect(screen.queryByRole('alert')).toBeNull();
    });
  });
});
