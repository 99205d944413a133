// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
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
