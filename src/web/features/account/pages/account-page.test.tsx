// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { mockFetch, renderWithClient, testQueryClient } from '@web/test/test-utils';
import { Component as AccountPage } from './account-page';

function renderPage(user: unknown) {
  const client = testQueryClient();
  client.setQueryData(['session'], { user, csrfToken: 'tok' });
  renderWithClient(
    <MemoryRouter initialEntries={['/account']}>
      <AccountPage />
    </MemoryRouter>,
    { client },
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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
    renderPage(RUTH);
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
    const api = mockFetch({
      'PUT /api/account/name': (body) => ({
        body: { user: { ...RUTH, fullName: (body as { fullName: string }).fullName }, csrfToken: 'tok' },
      }),
      'GET /api/account/sessions': { body: { sessions: [] } },
      'GET /api/account/feeds': { body: { feeds: [] } },
      'GET /api/account/email-preferences': { status: 503 },
      'GET /api/account/two-factor': { body: { enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false } },
    });
    renderPage(RUTH);
    await user.click(screen.getByRole('button', { name: 'Edit name' }));
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).toHaveValue('Ruth Requester');
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Full name is required.');
    expect(api.sent('PUT', '/api/account/name')).toEqual([]);
    await user.type(input, 'Ruth Renamed');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Ruth Renamed');
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
    expect(api.sent('PUT', '/api/account/name').map((c) => c.body)).toEqual([{ fullName: 'Ruth Renamed' }]);
  });
});
