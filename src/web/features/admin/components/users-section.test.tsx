// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { ADMIN_USERS_MESSAGES as M, type AdminMinistry, type AdminUser } from '@shared/api/admin-users';
import { UsersSection } from './users-section';
import { MinistriesSection } from './ministries-section';
import { apiError, mockFetch, renderWithClient, type Answer, type Handler } from '@web/test/test-utils';

configure({ asyncUtilTimeout: 5000 });

const person = (over: Partial<AdminUser>): AdminUser => ({
  id: crypto.randomUUID(),
  fullName: 'Ruth Pastor',
  email: 'ruth@example.org',
  role: 'creative',
  ministryId: null,
  ministryName: null,
  active: true,
  lastLoginAt: null,
  passwordResetRequired: true,
  isYou: false,
  canDeactivate: true,
  canDelete: true,
  canResendInvite: true,
  secondFactor: false,
  ...over,
});
const youth: AdminMinistry = { id: crypto.randomUUID(), name: 'Youth', defaultTier: 'B', active: true, requestCount: 3 };

/** The stand-in API: reads get the lists unless `handlers` answer them; `handlers` answer the writes. */
function setup(users: AdminUser[], handlers: Record<string, Handler | Answer> = {}, address = '/admin') {
  const api = mockFetch({
    'GET /api/admin/ministries': { body: { ministries: [youth] } },
    'GET /api/admin/users': { body: { users, nextCursor: null } },
    ...handlers,
  });
  renderWithClient(
    <MemoryRouter initialEntries={[address]}>
      <UsersSection />
      <MinistriesSection />
      <Address />
    </MemoryRouter>,
    { toaster: true },
  );
  return api;
}

/** The calls of `method` sent, in order, or without one every write (any call but a GET). */
const writes = (api: ReturnType<typeof mockFetch>, method?: string) =>
  api.calls.filter((c) => (method ? c.method === method : c.method !== 'GET'));

/** The address's query, on screen for the tests to read. */
function Address() {
  return <output aria-label="address">{useLocation().search}</output>;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Users on Admin settings', () => {
  it('resets the two-step verification of a person who has it, after a confirmation', async () => {
    const user = userEvent.setup();
    const withFactor = person({ fullName: 'Tom Twostep', secondFactor: true });
    const api = setup([withFactor, person({ fullName: 'Nora None' })], {
      'POST /api/admin/users/:id/reset-second-factor': { body: { ok: true } },
    });
    const posts = () => writes(api, 'POST').map((c) => c.url);
    const list = await screen.findByRole('list', { name: 'Users' });
    expect(within(list).getAllByRole('button', { name: /^Reset two-step verification of/ })).toHaveLength(1);
    await user.click(within(list).getByRole('button', { name: 'Reset two-step verification of Tom Twostep' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset two-step verification of Tom Twostep?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(posts()).toEqual([]);
    await user.click(within(list).getByRole('button', { name: 'Reset two-step verification of Tom Twostep' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset' }));
    await screen.findByText(/Two-step verification was reset\./);
    expect(posts()).toEqual([`/api/admin/users/${withFactor.id}/reset-second-factor`]);
  });

  it('lists people with role, ministry and the inviting instructions; search and role filter go to the server', async () => {
    const user = userEvent.setup();
    const api = setup([person({ ministryName: 'Youth', ministryId: youth.id })]);
    const list = await screen.findByRole('list', { name: 'Users' });
    expect(within(list).getByText('ruth@example.org')).toBeInTheDocument();
    expect(within(list).getByText('Youth')).toBeInTheDocument();
    expect(screen.getByText(M.inviting)).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'ruth');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by role' }), 'creative');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'invited');
    await waitFor(() => expect(api.calls.map((c) => c.url)).toContain('/api/admin/users?search=ruth&role=creative&status=invited'));
    const address = new URLSearchParams(screen.getByRole('status', { name: 'address' }).textContent ?? '');
    expect(Object.fromEntries(address)).toEqual({ search: 'ruth', role: 'creative', status: 'invited' });
  });

  it('reads its filters from the address, and a screen of people at a time with Load more', async () => {
    const user = userEvent.setup();
    const first = Array.from({ length: 3 }, (_, i) => person({ fullName: `Anna ${i}`, email: `anna${i}@example.org` }));
    const second = [person({ fullName: 'Zed Last', email: 'zed@example.org' })];
    const api = setup(
      [],
      {
        'GET /api/admin/users': (_body, url) =>
          url.includes('cursor=') ? { body: { users: second, nextCursor: null } } : { body: { users: first, nextCursor: 'next-page' } },
      },
      '/admin?role=approver&status=deactivated&search=an',
    );
    const list = await screen.findByRole('list', { name: 'Users' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(api.calls[0].url).toBe('/api/admin/users?search=an&role=approver&status=deactivated');
    expect(screen.getByRole('combobox', { name: 'Filter by role' })).toHaveValue('approver');
    expect(screen.getByRole('combobox', { name: 'Filter by status' })).toHaveValue('deactivated');
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('an');
    expect(screen.getByText('Showing 3 of 3+ people')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4));
    expect(within(list).getByText('zed@example.org')).toBeInTheDocument();
    expect(api.calls.map((c) => c.url)).toContain('/api/admin/users?search=an&role=approver&status=deactivated&cursor=next-page');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("invite: required fields are said inline; the server's 'Email already in use.' shows under the e-mail; success toasts 'User invited!'", async () => {
    const user = userEvent.setup();
    let taken = true;
    const api = setup([], {
      'POST /api/admin/users': () =>
        taken
          ? { status: 409, body: { error: { code: 'conflict', message: M.emailInUse, fields: { email: M.emailInUse } } } }
          : { body: { user: person({}) } },
    });
    await user.click(await screen.findByRole('button', { name: M.inviteUser }));
    const dialog = await screen.findByRole('dialog', { name: M.inviteUser });
    await user.click(within(dialog).getByRole('button', { name: M.inviteUser }));
    expect(within(dialog).getByText(M.fullNameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(M.roleRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Full name'), 'Ruth Pastor');
    await user.type(within(dialog).getByLabelText('Email'), 'ruth@example.org');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'creative');
    // The chosen role says what it may do, as the picker's description.
    expect(within(dialog).getByLabelText('Role')).toHaveAccessibleDescription(/Creates assets and completes assigned tasks\./);
    await user.selectOptions(within(dialog).getByLabelText('Ministry'), youth.id);
    await user.click(within(dialog).getByRole('button', { name: M.inviteUser }));
    await within(dialog).findByText(M.emailInUse);
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    taken = false;
    await user.click(within(dialog).getByRole('button', { name: M.inviteUser }));
    await screen.findByText(M.invited);
    expect(writes(api, 'POST').at(-1)?.body).toEqual({
      fullName: 'Ruth Pastor',
      email: 'ruth@example.org',
      role: 'creative',
      ministryId: youth.id,
    });
  });

  it("removing admin from another admin asks 'Confirm Role Change'; the last admin's refusal shows under the role", async () => {
    const user = userEvent.setup();
    const admin = person({ fullName: 'Ann Admin', role: 'admin' });
    const api = setup([admin], {
      'PUT /api/admin/users/:id': {
        status: 422,
        body: { error: { code: 'rule_broken', message: M.lastAdmin, fields: { role: M.lastAdmin } } },
      },
    });
    const puts = () => writes(api, 'PUT').map((c) => c.body);
    await user.click(await screen.findByRole('button', { name: 'Edit Ann Admin' }));
    const dialog = await screen.findByRole('dialog', { name: M.editUser });
    expect(within(dialog).getByLabelText('Email')).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'coordinator');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(within(dialog).getByRole('heading', { name: M.confirmRoleChangeTitle })).toBeInTheDocument();
    expect(within(dialog).getByText(M.confirmRoleChange)).toBeInTheDocument();
    expect(puts()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await within(dialog).findByText(M.lastAdmin);
    expect(puts()).toEqual([{ fullName: 'Ann Admin', role: 'coordinator', ministryId: null }]);
  });

  it("delete asks first and toasts 'User Deleted'; a refusal toasts 'Failed to delete user profile: ...'", async () => {
    const user = userEvent.setup();
    let refuse = true;
    setup([person({ fullName: 'Old Invite' })], {
      'DELETE /api/admin/users/:id': () => (refuse ? apiError(422, 'rule_broken', M.hasHistory) : { body: { ok: true } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Old Invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Old Invite?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText(`${M.deleteFailed}${M.hasHistory}`);
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText(M.deleted);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("reset password and resend invite toast; a failed reset says 'Failed to reset password: ...'; your own row cannot be deactivated", async () => {
    const user = userEvent.setup();
    setup([person({ fullName: 'Me Myself', isYou: true, canDeactivate: false, canDelete: false }), person({ fullName: 'Bob' })], {
      'POST /api/admin/users/:id/reset-password': apiError(500, 'internal', 'Boom'),
      'POST /api/admin/users/:id/resend-invite': { body: { user: person({}) } },
    });
    expect(await screen.findByRole('switch', { name: /Me Myself/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Delete Me Myself' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend invite to Bob' }));
    await screen.findByText(M.inviteResent);
    await user.click(screen.getByRole('button', { name: 'Reset password of Bob' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reset Password' }));
    await screen.findByText(`${M.resetFailed}Boom`);
  });

  it('asks before deactivating someone or resetting their password; Cancel sends nothing', async () => {
    const user = userEvent.setup();
    const done = { body: { user: person({ fullName: 'Bob', active: false }) } };
    const api = setup([person({ fullName: 'Bob' })], {
      'PUT /api/admin/users/:id/active': done,
      'POST /api/admin/users/:id/reset-password': done,
    });
    const sent = () => writes(api).map((c) => `${c.method} ${c.url}`);
    const toggle = await screen.findByRole('switch', { name: /Bob/ });
    await user.click(toggle);
    let dialog = screen.getByRole('alertdialog', { name: 'Deactivate Bob?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent()).toEqual([]);
    expect(toggle).toBeChecked();
    await user.click(toggle);
    dialog = screen.getByRole('alertdialog', { name: 'Deactivate Bob?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(sent()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Reset password of Bob' }));
    dialog = screen.getByRole('alertdialog', { name: 'Reset the password of Bob?' });
    await user.keyboard('{Escape}');
    expect(sent()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Reset password of Bob' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(sent().at(-1)).toMatch(/\/reset-password$/));
    expect(sent()).toHaveLength(2);
  });

  it("a failed read says 'Could not fetch settings data: ...'", async () => {
    setup([], { 'GET /api/admin/users': apiError(500, 'internal', 'Down') });
    await screen.findByText(`${M.fetchFailed}Down`);
  });
});

describe('Ministries on Admin settings', () => {
  it("adds a ministry with tier C by default; a name is required; a failed save toasts 'Failed to save ministry.'", async () => {
    const user = userEvent.setup();
    let fail = true;
    const api = setup([], {
      'POST /api/admin/ministries': () =>
        fail
          ? { status: 409, body: { error: { code: 'conflict', message: M.ministryNameTaken, fields: { name: M.ministryNameTaken } } } }
          : { body: { ministry: { ...youth, id: crypto.randomUUID(), name: 'Choir', defaultTier: 'C' } } },
    });
    await user.click(await screen.findByRole('button', { name: 'Add Ministry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Ministry' });
    expect(within(dialog).getByLabelText('Default tier')).toHaveValue('C');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(M.ministryNameRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), 'Choir');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText(M.ministrySaveFailed);
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent('POST', '/api/admin/ministries').at(-1)?.body).toEqual({ name: 'Choir', defaultTier: 'C' });
  });

  it("the archive toggle sends the change; a refusal toasts 'Failed to update ministry status.'", async () => {
    const user = userEvent.setup();
    setup([], { 'PUT /api/admin/ministries/:id/active': apiError(500, 'internal', 'Down') });
    const toggle = await screen.findByRole('switch', { name: /Youth/ });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    // Archiving is asked first.
    await user.click(within(screen.getByRole('alertdialog', { name: 'Archive Youth?' })).getByRole('button', { name: 'Archive' }));
    await screen.findByText(M.ministryStatusFailed);
    await waitFor(() => expect(toggle).toBeChecked());
  });
});
