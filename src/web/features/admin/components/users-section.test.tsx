// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { ADMIN_USERS_MESSAGES as M, type AdminMinistry, type AdminUser } from '@shared/api/admin-users';
import { Toaster } from '@web/components/ui/toaster';
import { UsersSection } from './users-section';
import { MinistriesSection } from './ministries-section';
import { renderWithClient } from '@web/test/test-utils';

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

type Answer = { status?: number; body: unknown };
/** A fetch stub: `route(method, url, body)` answers writes; reads get the lists. */
function setup(
  users: AdminUser[],
  route: (method: string, url: string, body: unknown) => Answer | undefined = () => undefined,
  address = '/admin',
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const json = ({ status = 200, body }: Answer) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const answer = route(method, url, init?.body ? JSON.parse(String(init.body)) : undefined);
    if (answer) return json(answer);
    if (url.startsWith('/api/admin/ministries')) return json({ body: { ministries: [youth] } });
    if (url.startsWith('/api/admin/users')) return json({ body: { users, nextCursor: null } });
    return json({ status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } });
  });
  vi.stubGlobal('fetch', fetchMock);
  renderWithClient(
    <>
      <MemoryRouter initialEntries={[address]}>
        <UsersSection />
        <MinistriesSection />
        <Address />
      </MemoryRouter>
      <Toaster />
    </>,
  );
  return fetchMock;
}

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
    const posts: string[] = [];
    setup([withFactor, person({ fullName: 'Nora None' })], (method, url) => {
      if (method !== 'POST') return undefined;
      posts.push(url);
      return { body: { ok: true } };
    });
    const list = await screen.findByRole('list', { name: 'Users' });
    expect(within(list).getAllByRole('button', { name: /^Reset two-step verification of/ })).toHaveLength(1);
    await user.click(within(list).getByRole('button', { name: 'Reset two-step verification of Tom Twostep' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset two-step verification of Tom Twostep?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(posts).toEqual([]);
    await user.click(within(list).getByRole('button', { name: 'Reset two-step verification of Tom Twostep' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset' }));
    await screen.findByText(/Two-step verification was reset\./);
    expect(posts).toEqual([`/api/admin/users/${withFactor.id}/reset-second-factor`]);
  });

  it('lists people with role, ministry and the inviting instructions; search and role filter go to the server', async () => {
    const user = userEvent.setup();
    const fetchMock = setup([person({ ministryName: 'Youth', ministryId: youth.id })]);
    const list = await screen.findByRole('list', { name: 'Users' });
    expect(within(list).getByText('ruth@example.org')).toBeInTheDocument();
    expect(within(list).getByText('Youth')).toBeInTheDocument();
    expect(screen.getByText(M.inviting)).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'ruth');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by role' }), 'creative');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'invited');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/admin/users?search=ruth&role=creative&status=invited')).toBe(true),
    );
    const address = new URLSearchParams(screen.getByRole('status', { name: 'address' }).textContent ?? '');
    expect(Object.fromEntries(address)).toEqual({ search: 'ruth', role: 'creative', status: 'invited' });
  });

  it('reads its filters from the address, and a screen of people at a time with Load more', async () => {
    const user = userEvent.setup();
    const first = Array.from({ length: 3 }, (_, i) => person({ fullName: `Anna ${i}`, email: `anna${i}@example.org` }));
    const second = [person({ fullName: 'Zed Last', email: 'zed@example.org' })];
    const fetchMock = setup(
      [],
      (method, url) => {
        if (method !== 'GET' || !url.startsWith('/api/admin/users')) return undefined;
        return url.includes('cursor=')
          ? { body: { users: second, nextCursor: null } }
          : { body: { users: first, nextCursor: 'next-page' } };
      },
      '/admin?role=approver&status=deactivated&search=an',
    );
    const list = await screen.findByRole('list', { name: 'Users' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/admin/users?search=an&role=approver&status=deactivated');
    expect(screen.getByRole('combobox', { name: 'Filter by role' })).toHaveValue('approver');
    expect(screen.getByRole('combobox', { name: 'Filter by status' })).toHaveValue('deactivated');
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('an');
    expect(screen.getByText('Showing 3 of 3+ people')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4));
    expect(within(list).getByText('zed@example.org')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain(
      '/api/admin/users?search=an&role=approver&status=deactivated&cursor=next-page',
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("invite: required fields are said inline; the server's 'Email already in use.' shows under the e-mail; success toasts 'User invited!'", async () => {
    const user = userEvent.setup();
    let taken = true;
    const fetchMock = setup([], (method, url) => {
      if (method !== 'POST' || url !== '/api/admin/users') return undefined;
      if (taken) return { status: 409, body: { error: { code: 'conflict', message: M.emailInUse, fields: { email: M.emailInUse } } } };
      return { body: { user: person({}) } };
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
    const post = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').at(-1)!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      fullName: 'Ruth Pastor',
      email: 'ruth@example.org',
      role: 'creative',
      ministryId: youth.id,
    });
  });

  it("removing admin from another admin asks 'Confirm Role Change'; the last admin's refusal shows under the role", async () => {
    const user = userEvent.setup();
    const admin = person({ fullName: 'Ann Admin', role: 'admin' });
    const puts: unknown[] = [];
    setup([admin], (method, _url, body) => {
      if (method !== 'PUT') return undefined;
      puts.push(body);
      return { status: 422, body: { error: { code: 'rule_broken', message: M.lastAdmin, fields: { role: M.lastAdmin } } } };
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Ann Admin' }));
    const dialog = await screen.findByRole('dialog', { name: M.editUser });
    expect(within(dialog).getByLabelText('Email')).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'coordinator');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(within(dialog).getByRole('heading', { name: M.confirmRoleChangeTitle })).toBeInTheDocument();
    expect(within(dialog).getByText(M.confirmRoleChange)).toBeInTheDocument();
    expect(puts).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await within(dialog).findByText(M.lastAdmin);
    expect(puts).toEqual([{ fullName: 'Ann Admin', role: 'coordinator', ministryId: null }]);
  });

  it("delete asks first and toasts 'User Deleted'; a refusal toasts 'Failed to delete user profile: ...'", async () => {
    const user = userEvent.setup();
    let refuse = true;
    setup([person({ fullName: 'Old Invite' })], (method) => {
      if (method !== 'DELETE') return undefined;
      if (refuse) return { status: 422, body: { error: { code: 'rule_broken', message: M.hasHistory } } };
      return { body: { ok: true } };
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
    setup(
      [person({ fullName: 'Me Myself', isYou: true, canDeactivate: false, canDelete: false }), person({ fullName: 'Bob' })],
      (method, url) => {
        if (url.endsWith('/reset-password')) return { status: 500, body: { error: { code: 'internal', message: 'Boom' } } };
        if (url.endsWith('/resend-invite')) return { body: { user: person({}) } };
        return undefined;
      },
    );
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
    const sent: string[] = [];
    setup([person({ fullName: 'Bob' })], (method, url) => {
      if (method === 'GET') return undefined;
      sent.push(`${method} ${url}`);
      return { body: { user: person({ fullName: 'Bob', active: false }) } };
    });
    const toggle = await screen.findByRole('switch', { name: /Bob/ });
    await user.click(toggle);
    let dialog = screen.getByRole('alertdialog', { name: 'Deactivate Bob?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent).toEqual([]);
    expect(toggle).toBeChecked();
    await user.click(toggle);
    dialog = screen.getByRole('alertdialog', { name: 'Deactivate Bob?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(sent).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Reset password of Bob' }));
    dialog = screen.getByRole('alertdialog', { name: 'Reset the password of Bob?' });
    await user.keyboard('{Escape}');
    expect(sent).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Reset password of Bob' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(sent.at(-1)).toMatch(/\/reset-password$/));
    expect(sent).toHaveLength(2);
  });

  it("a failed read says 'Could not fetch settings data: ...'", async () => {
    setup([], (_m, url) =>
      url.startsWith('/api/admin/users') ? { status: 500, body: { error: { code: 'internal', message: 'Down' } } } : undefined,
    );
    await screen.findByText(`${M.fetchFailed}Down`);
  });
});

describe('Ministries on Admin settings', () => {
  it("adds a ministry with tier C by default; a name is required; a failed save toasts 'Failed to save ministry.'", async () => {
    const user = userEvent.setup();
    let fail = true;
    const posts: unknown[] = [];
    setup([], (method, url, body) => {
      if (method !== 'POST' || url !== '/api/admin/ministries') return undefined;
      posts.push(body);
      if (fail)
        return { status: 409, body: { error: { code: 'conflict', message: M.ministryNameTaken, fields: { name: M.ministryNameTaken } } } };
      return { body: { ministry: { ...youth, id: crypto.randomUUID(), name: 'Choir', defaultTier: 'C' } } };
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
    expect(posts.at(-1)).toEqual({ name: 'Choir', defaultTier: 'C' });
  });

  it("the archive toggle sends the change; a refusal toasts 'Failed to update ministry status.'", async () => {
    const user = userEvent.setup();
    setup([], (method) => (method === 'PUT' ? { status: 500, body: { error: { code: 'internal', message: 'Down' } } } : undefined));
    const toggle = await screen.findByRole('switch', { name: /Youth/ });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    // Archiving is asked first.
    await user.click(within(screen.getByRole('alertdialog', { name: 'Archive Youth?' })).getByRole('button', { name: 'Archive' }));
    await screen.findByText(M.ministryStatusFailed);
    await waitFor(() => expect(toggle).toBeChecked());
  });
});
