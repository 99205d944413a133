// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { CurrentUser } from '@shared/api/auth';
import type { Role } from '@shared/domain/roles';
import { AppHeader } from './app-header';
import { mockFetch, renderWithClient, stubResizeObserver, testQueryClient } from '@web/test/test-utils';

// The machine is shared: give slow renders time before a find* query gives up.
configure({ asyncUtilTimeout: 5000 });

beforeAll(stubResizeObserver);

const userWith = (role: Role, over: Partial<CurrentUser> = {}): CurrentUser => ({
  id: 'u1',
  fullName: 'Grace Admin',
  email: 'grace@example.org',
  role,
  ministryId: null,
  passwordResetRequired: false,
  ...over,
});

function mockApi() {
  return mockFetch({
    'GET /api/notifications/unread-count': { body: { count: 0 } },
    'GET /api/notifications': { body: { items: [], nextCursor: null } },
    'POST /api/auth/sign-out': { status: 204 },
  });
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderHeader(user: CurrentUser, path = '/my-requests') {
  const client = testQueryClient({ session: { user, csrfToken: 'x' } });
  // A data router, so a test can also navigate the way the back button or a redirect does.
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <AppHeader user={user} />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  const utils = renderWithClient(<RouterProvider router={router} />, { client });
  return { ...utils, client, router };
}

const GROUPS = ['My Work', 'Workflow', 'Planning', 'Management'];
const MENUS: Record<string, { groups: string[]; archive: boolean; admin: boolean }> = {
  viewer: { groups: ['My Work', 'Planning'], archive: false, admin: false },
  requester: { groups: ['My Work', 'Planning'], archive: true, admin: false },
  creative: { groups: ['My Work', 'Workflow', 'Planning'], archive: true, admin: false },
  approver: { groups: ['My Work', 'Workflow', 'Planning'], archive: true, admin: false },
  coordinator: { groups: ['My Work', 'Workflow', 'Planning', 'Management'], archive: true, admin: false },
  admin: { groups: ['My Work', 'Workflow', 'Planning', 'Management'], archive: true, admin: true },
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AppHeader', () => {
  it.each(Object.entries(MENUS))('shows the %s menu: groups without visible items are hidden, Admin apart', (role, menu) => {
    mockApi();
    renderHeader(userWith(role as Role));
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const group of GROUPS) {
      const trigger = within(nav).queryByRole('button', { name: group });
      if (menu.groups.includes(group)) expect(trigger).toBeInTheDocument();
      else expect(trigger).not.toBeInTheDocument();
    }
    expect(!!within(nav).queryByRole('link', { name: 'Archive' })).toBe(menu.archive);
    expect(!!within(nav).queryByRole('link', { name: 'Admin' })).toBe(menu.admin);
  });

  it('shows the product name, the user and a logo link home by role', () => {
    mockApi();
    renderHeader(userWith('creative'));
    expect(screen.getByRole('link', { name: 'Lampstand home' })).toHaveAttribute('href', '/my-tasks');
    expect(screen.getByText('Lampstand')).toBeInTheDocument();
    expect(screen.getByText('Grace Admin')).toBeInTheDocument();
    cleanup();
    renderHeader(userWith('requester'));
    expect(screen.getByRole('link', { name: 'Lampstand home' })).toHaveAttribute('href', '/my-requests');
  });

  it("links the person's name to their account page, except while the password change confines them", async () => {
    mockApi();
    const { router } = renderHeader(userWith('coordinator'));
    const account = screen.getByRole('link', { name: 'Account: Grace Admin Coordinator' });
    expect(account).toHaveAttribute('href', '/account');
    await userEvent.setup().click(account);
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    cleanup();
    renderHeader(userWith('coordinator', { passwordResetRequired: true }), '/change-password');
    expect(screen.getByText('Grace Admin')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Account/ })).not.toBeInTheDocument();
  });

  it("shows only the items of a group the role may see (a viewer's My Work has no My Tasks)", async () => {
    mockApi();
    renderHeader(userWith('viewer'));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'My Work' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'My Requests' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'My Tasks' })).not.toBeInTheDocument();
  });

  it('highlights the active group and marks the active item with aria-current', async () => {
    mockApi();
    renderHeader(userWith('admin'), '/intake');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('button', { name: 'Workflow' })).toHaveAttribute('data-active', 'true');
    expect(within(nav).getByRole('button', { name: 'Planning' })).toHaveAttribute('data-active', 'false');
    const user = userEvent.setup();
    await user.click(within(nav).getByRole('button', { name: 'Workflow' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Intake' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('menuitem', { name: 'Approvals' })).not.toHaveAttribute('aria-current');
  });

  it('marks a standalone item active', () => {
    mockApi();
    renderHeader(userWith('admin'), '/admin/settings');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Admin' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Archive' })).not.toHaveAttribute('aria-current');
  });

  it('toggles the full-screen mobile menu with groups, More and Sign Out', async () => {
    mockApi();
    renderHeader(userWith('admin'));
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const dialog = await screen.findByRole('dialog');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAttribute('aria-label', 'Close menu');
    for (const group of GROUPS) expect(within(dialog).getByRole('heading', { name: group })).toBeInTheDocument();
    const more = within(dialog).getByRole('region', { name: 'More' });
    expect(within(more).getByRole('link', { name: 'Archive' })).toBeInTheDocument();
    expect(within(more).getByRole('link', { name: 'Admin' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('link', { name: 'Calendar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('where')).toHaveTextContent('/calendar');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the mobile menu on a navigation that does not come from it (the back button)', async () => {
    mockApi();
    const { router } = renderHeader(userWith('admin'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open menu' }));
    await screen.findByRole('dialog');
    await act(() => router.navigate('/calendar'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('where')).toHaveTextContent('/calendar');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('has no More section for a viewer, who sees neither Archive nor Admin', async () => {
    mockApi();
    renderHeader(userWith('viewer'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('region', { name: 'More' })).not.toBeInTheDocument();
  });

  it('shows only the name and Sign Out while the password must be changed', () => {
    mockApi();
    renderHeader(userWith('admin', { passwordResetRequired: true }), '/change-password');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it('signs out: calls the API, clears the cache, marks the session signed out and goes to /login', async () => {
    const api = mockApi();
    const { client } = renderHeader(userWith('requester'));
    client.setQueryData(['requests', 'mine'], { rows: [] });
    await userEvent.setup().click(screen.getAllByRole('button', { name: 'Sign Out' })[0]);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login'));
    expect(api.sent('POST', '/api/auth/sign-out')).toHaveLength(1);
    expect(client.getQueryData(['session'])).toEqual({ user: null, csrfToken: null, signedOut: true });
    expect(client.getQueryData(['requests', 'mine'])).toBeUndefined();
  });
});
