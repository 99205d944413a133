// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { Component as AccountPage } from './account-page';

function renderPage(user: unknown) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['session'], { user, csrfToken: 'tok' });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/account']}>
        <AccountPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

const RUTH = {
  id: 'u1',
  fullName: 'Ruth Requester',
  email: 'ruth@example.org',
  role: 'requester',
  ministryId: null,
  passwordResetRequired: false,
};

describe('Account page', () => {
  it("shows the person's name, e-mail and role, and links to the password change", () => {
    renderPage({
      id: 'u1',
      fullName: 'Ruth Requester',
      email: 'ruth@example.org',
      role: 'requester',
      ministryId: null,
      passwordResetRequired: false,
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    expect(screen.getByText('Ruth Requester')).toBeInTheDocument();
    expect(screen.getByText('ruth@example.org')).toBeInTheDocument();
    expect(screen.getByText('Requester')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change Password' })).toHaveAttribute('href', '/change-password');
  });
});

describe('Account page: the name', () => {
  it('edits the name in place; an empty name is refused before sending; the saved name replaces the old one', async () => {
    const user = userEvent.setup();
    const puts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const json = (data: unknown) =>
          new Response(JSON.stringify(data), { status: 200, headers: { 'content-type': 'application/json' } });
        if (String(input) === '/api/account/name') {
          const body = JSON.parse(String(init!.body)) as { fullName: string };
          puts.push(body);
          return json({ user: { ...RUTH, fullName: body.fullName }, csrfToken: 'tok' });
        }
        if (String(input) === '/api/account/sessions') return json({ sessions: [] });
        if (String(input) === '/api/account/feeds') return json({ feeds: [] });
        if (String(input) === '/api/account/email-preferences') return new Response(null, { status: 503 });
        return json({ enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false });
      }),
    );
    renderPage(RUTH);
    await user.click(screen.getByRole('button', { name: 'Edit name' }));
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).toHaveValue('Ruth Requester');
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Full name is required.');
    expect(puts).toEqual([]);
    await user.type(input, 'Ruth Renamed');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Ruth Renamed')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
    expect(puts).toEqual([{ fullName: 'Ruth Renamed' }]);
    vi.unstubAllGlobals();
  });
});
