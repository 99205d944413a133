// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider, useLocation, useNavigate } from 'react-router';
import { drawerPath } from '@shared/domain/drawer-path';
import { notificationTarget } from '@web/features/notifications/hooks/use-open-notification';
import { useReturnPoint } from './return-point';
import { useListParams, useSearchText } from './use-list-params';

afterEach(cleanup);

function Layout() {
  useReturnPoint();
  return <Outlet />;
}

function List() {
  const [params, set] = useListParams({ status: '', search: '' });
  const [text, setText] = useSearchText(params.search, (search) => set({ search }, { replace: true }), 10);
  const location = useLocation();
  return (
    <main>
      <p data-testid="address">{location.pathname + location.search}</p>
      <label>
        Status
        <select value={params.status} onChange={(e) => set({ status: e.target.value })}>
          <option value="">All</option>
          <option value="draft">Draft</option>
          <option value="approved">Approved</option>
        </select>
      </label>
      <label>
        Search
        <input type="search" value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <ul>
        {['a', 'b', 'c'].map((id) => (
          <li key={id}>
            <Link to={`/request/${id}`}>Open {id}</Link>
          </li>
        ))}
      </ul>
    </main>
  );
}

function Drawer() {
  const navigate = useNavigate();
  return (
    <div role="dialog" aria-label="Request">
      <button onClick={() => void navigate(-1)}>Close</button>
    </div>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/list', element: <List /> },
          { path: '/request/:id', element: <Drawer /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('lists keep their place', () => {
  it('reads the filters from the address, and each choice is a step back and forward walk through', async () => {
    const router = renderAt('/list?status=draft&search=easter');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('draft');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('easter');
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'approved' } });
    expect(screen.getByTestId('address')).toHaveTextContent('/list?status=approved&search=easter');
    // A value back at its default leaves the address.
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: '' } });
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/list\?search=easter$/);
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('approved'));
  });

  it('writes the search once typing pauses, replacing its entry, and shows the text of the address after back', async () => {
    const router = renderAt('/list');
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'draft' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'harv' } });
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('/list?status=draft&search=harv'));
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/list$/));
    // The box follows the address in an effect after the render that shows the new address.
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue(''));
  });

  it('closing a request comes back to the same filters with focus on the link that opened it', async () => {
    renderAt('/list?status=draft');
    fireEvent.click(screen.getByRole('link', { name: 'Open b' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Open b' })).toHaveFocus());
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('draft');
  });

  it('puts focus back only on the way back from a drawer, not on a later visit', async () => {
    const router = renderAt('/list');
    fireEvent.click(screen.getByRole('link', { name: 'Open a' }));
    await screen.findByRole('button', { name: 'Close' });
    await router.navigate('/list');
    await screen.findByRole('link', { name: 'Open a' });
    await new Promise((r) => requestAnimationFrame(r));
    expect(screen.getByRole('link', { name: 'Open a' })).not.toHaveFocus();
  });
});

describe('links about one item', () => {
  it('open the drawer on the Items tab with the item', () => {
    expect(drawerPath('r1', 'i1')).toBe('/request/r1?tab=items&item=i1');
    expect(drawerPath('r1')).toBe('/request/r1');
  });

  it('a notification goes to its own in-app link, else its request, else the list', () => {
    expect(notificationTarget({ requestId: 'r1', link: '/request/r1?tab=items&item=i1' })).toBe('/request/r1?tab=items&item=i1');
    expect(notificationTarget({ requestId: 'r1', link: null })).toBe('/request/r1');
    expect(notificationTarget({ requestId: 'r1', link: '//evil.example/x' })).toBe('/request/r1');
    expect(notificationTarget({ requestId: null, link: null })).toBe('/notifications');
  });
});
